"""An ASGI middleware that refuses request bodies over their limit with 413, before the app reads them.

Multipart uploads get ``max_upload_mb``; every other body gets ``max_body_bytes``. Bodies without a
Content-Length are counted as they stream in.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimitMiddleware:
    """Enforces body-size limits for every HTTP request."""

    def __init__(self, app: ASGIApp, *, max_body_bytes: int, max_upload_bytes: int) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_upload_bytes = max_upload_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode().lower(): v.decode() for k, v in scope.get("headers", [])}
        # A batch of JSON documents is an upload too: a thousand texts are more than a question's body.
        is_upload = headers.get("content-type", "").startswith("multipart/form-data") or scope["path"].endswith(
            "/batch"
        )
        limit = self.max_upload_bytes if is_upload else self.max_body_bytes
        declared = headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > limit:
            await self._reject(send, limit, is_upload)
            return
        if declared is not None:
            await self.app(scope, receive, send)
            return
        # No declared length: buffer up to the limit, then replay the body to the app.
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > limit:
                await self._reject(send, limit, is_upload)
                return
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    @staticmethod
    async def _reject(send: Send, limit: int, is_upload: bool) -> None:
        what = "Uploads" if is_upload else "Request bodies"
        body = json.dumps(
            {"error": {"code": "payload_too_large", "status": 413, "message": f"{what} are limited to {limit} bytes."}}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
