"""The one error envelope, ``{"error": {"code", "message", "status"}}``, for every failure of the API.

All exception handlers live here; nothing else builds error responses.
"""

from __future__ import annotations

import logging
import re
from typing import Any, cast

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from backend.errors import AnswerbaseError

log = logging.getLogger("answerbase.api")

_HTTP_CODES = {
    400: "invalid_request",
    401: "unauthorized",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    429: "rate_limited",
    503: "unavailable",
}


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None, details: dict[str, Any] | None = None
) -> JSONResponse:
    """The envelope as a response (``details``: more fields of its ``error``, e.g. a decline's ``suggestion``)."""
    body = {"error": {"code": code, "message": message, "status": status, **(details or {})}}
    return JSONResponse(body, status_code=status, headers=headers)


def _field(loc: tuple) -> str:
    """The field a validation error is about: its location ("body", "query", ...) dropped, the rest dotted."""
    parts = [str(p) for p in (loc[1:] if loc and loc[0] in ("body", "query", "path", "header") else loc)]
    return ".".join(parts) or "body"


def _message(error: dict) -> str:
    """Pydantic's message in our words: "must not be empty" rather than "String should have at least 1 character"."""
    if error.get("type") == "string_too_short" and (error.get("ctx") or {}).get("min_length") == 1:
        return "must not be empty"
    return str(error.get("msg", "invalid")).removeprefix("Value error, ")


# Each handler is registered for one exception class (install_error_handlers), so it narrows ``exc`` to it.


async def _answerbase_error(_: Request, exc: Exception) -> JSONResponse:
    exc = cast(AnswerbaseError, exc)
    return error_response(exc.status, exc.code, exc.message, exc.headers, exc.details)


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    errors = cast(RequestValidationError, exc).errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(400, "invalid_request", "The request body is not valid JSON.")
    messages = []
    for error in errors[:5]:
        message, field = _message(error), _field(tuple(error.get("loc", ())))
        # A model-level check names its own field ("query: a non-empty question is required").
        messages.append(message if field == "body" and re.match(r"^\w+: ", message) else f"{field}: {message}")
    return error_response(422, "invalid_request", "; ".join(messages))


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    exc = cast(StarletteHTTPException, exc)
    code = _HTTP_CODES.get(exc.status_code, "invalid_request" if exc.status_code < 500 else "internal_error")
    message = exc.detail if isinstance(exc.detail, str) else "Request failed."
    if exc.status_code == 404 and message == "Not Found":
        message = "No such route. The API lives under /v1; see /docs."
    return error_response(exc.status_code, code, message, getattr(exc, "headers", None))


async def _unexpected_error(_: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error: %s", type(exc).__name__)  # the traceback goes to the log, never the client
    return error_response(500, "internal_error", "The server hit an unexpected error; it has been logged.")


def install_error_handlers(app: FastAPI) -> None:
    """Route every kind of failure to the envelope."""
    app.add_exception_handler(AnswerbaseError, _answerbase_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected_error)
