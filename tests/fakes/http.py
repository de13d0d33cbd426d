"""What the local test servers share: running on 127.0.0.1 in a thread, and writing a response to a client
that may already have given up."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that keeps the test output free of access logs."""

    def log_message(self, *args: object) -> None:
        pass


class BackgroundServer:
    """An HTTP server on a free 127.0.0.1 port, serving from a thread inside ``with``."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> Self:
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def send(
    handler: BaseHTTPRequestHandler, status: int, content_type: str, body: bytes, headers: dict[str, str] | None = None
) -> None:
    """Send ``body``; a client that hung up (timeout tests) is not an error of the server."""
    try:
        handler.send_response(status)
        handler.send_header("content-type", content_type)
        handler.send_header("content-length", str(len(body)))
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(body)
    except (BrokenPipeError, ConnectionResetError):
        pass
