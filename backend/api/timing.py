"""``Server-Timing`` on every API response: where the server spent a request's time (``backend.timing`` steps, and
``app``, the whole of it), so a caller or a benchmark can tell the server's time from the network's."""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from backend import timing


class ServerTimingMiddleware:
    """Opens a timing record for each HTTP request and reports it in the response's ``Server-Timing`` header."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        with timing.record() as spans:

            async def send_with_timing(message: Message) -> None:
                if message["type"] == "http.response.start":
                    spans["app"] = (time.perf_counter() - started) * 1000
                    headers = list(message.get("headers", []))
                    headers.append((b"server-timing", timing.server_timing(spans).encode("latin-1")))
                    message = {**message, "headers": headers}
                await send(message)

            await self.app(scope, receive, send_with_timing)
