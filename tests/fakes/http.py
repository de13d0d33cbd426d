"""What the local test servers share: writing a response to a client that may already have given up."""

from __future__ import annotations

from http.server import BaseHTTPRequestHandler


def send(handler: BaseHTTPRequestHandler, status: int, content_type: str, body: bytes,
         headers: dict[str, str] | None = None) -> None:
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
