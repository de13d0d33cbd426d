"""The error taxonomy: one class per kind of failure, each with its HTTP status and envelope code.

Code anywhere in the backend raises these; ``backend.api.errors`` maps them to the one JSON envelope
``{"error": {"code", "message", "status"}}`` and the CLI prints their message.
"""

from __future__ import annotations

from typing import Any


class AnswerbaseError(Exception):
    """Base of every expected failure. ``message`` is safe to show to the caller; ``details`` are more fields of the
    envelope's ``error`` object, for a caller that acts on them (a decline's suggested reading)."""

    status: int = 500
    code: str = "internal_error"

    def __init__(
        self, message: str, *, headers: dict[str, str] | None = None, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers or {}
        self.details = details or {}


class InvalidRequest(AnswerbaseError):
    """The request is malformed (not JSON, wrong shape)."""

    status, code = 400, "invalid_request"


class ValidationFailed(AnswerbaseError):
    """The request is well-formed but a field's value is not acceptable."""

    status, code = 422, "invalid_request"


class Unauthorized(AnswerbaseError):
    """Missing, malformed, unknown or revoked API key."""

    status, code = 401, "unauthorized"

    def __init__(self, message: str = "A valid API key is required (Authorization: Bearer <key>).") -> None:
        super().__init__(message, headers={"WWW-Authenticate": "Bearer"})


class NotFound(AnswerbaseError):
    """The resource does not exist, or belongs to another tenant (never said which)."""

    status, code = 404, "not_found"


class PayloadTooLarge(AnswerbaseError):
    """The body or upload is over its limit."""

    status, code = 413, "payload_too_large"


class UnsupportedMediaType(AnswerbaseError):
    """An upload of a format no loader reads."""

    status, code = 415, "unsupported_media_type"


class RateLimited(AnswerbaseError):
    """Too many requests for this key; retry after ``retry_after`` seconds."""

    status, code = 429, "rate_limited"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message, headers={"Retry-After": str(max(1, retry_after))})


class NoAnswer(AnswerbaseError):
    """The engine found no answer of the requested type; it never invents one. A table reading too weak to trust
    comes back as a ``suggestion`` the caller may accept (``{"reading", "table", "confidence", "min_confidence",
    "unexplained"}``: ask again with that ``min_confidence``); a computed value of another type as ``answer_type``,
    the type to ask for instead ("float" for an average asked as an integer)."""

    status, code = 422, "no_answer"

    def __init__(
        self, message: str, *, suggestion: dict[str, Any] | None = None, answer_type: str | None = None
    ) -> None:
        details: dict[str, Any] = {"suggestion": suggestion} if suggestion else {}
        if answer_type:
            details["answer_type"] = answer_type
        super().__init__(message, details=details or None)


class EmptyDocument(AnswerbaseError):
    """An ingested input has no text to index."""

    status, code = 422, "invalid_request"


class UnreadableDocument(AnswerbaseError):
    """An uploaded file is damaged, is not what its name says, or unpacks to too much."""

    status, code = 422, "invalid_request"


class UpstreamError(AnswerbaseError):
    """A model or fetched page failed or answered something unusable."""

    status, code = 502, "upstream_error"


class UpstreamTimeout(AnswerbaseError):
    """A model or fetched page did not answer in time."""

    status, code = 504, "upstream_error"


class Unavailable(AnswerbaseError):
    """A dependency is temporarily unable to serve (e.g. the model is rate limited upstream)."""

    status, code = 503, "unavailable"

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        super().__init__(message, headers={"Retry-After": str(retry_after)} if retry_after else None)


class EmbedderMismatch(AnswerbaseError):
    """The database was indexed with another embedder than the one configured."""

    status, code = 503, "unavailable"


class ModelMissing(AnswerbaseError):
    """The local engine's model file is missing, incomplete or not the published file (the message says which
    command fixes it)."""

    status, code = 503, "unavailable"


class ModelLoading(Unavailable):
    """The local model is still loading after the time a question may wait for it."""
