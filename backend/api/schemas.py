"""Request and response bodies of the /v1 API (what /openapi.json documents)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from backend.models import Context, Document, SearchHit

MAX_QUESTION_CHARS = 4000
PAGE_CONTENT_CHARS = 1000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class TypedQuestion(_Strict):
    """A question to answer as a typed value: ``{"content"}``, or ``{"query", "context_id"}``."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, json_schema_extra={
        "anyOf": [{"required": ["content"]}, {"required": ["query"]}]})

    content: str | None = Field(None, min_length=1, max_length=MAX_QUESTION_CHARS, pattern=r"\S",
                                description="The question (no context).")
    query: str | None = Field(None, min_length=1, max_length=MAX_QUESTION_CHARS, pattern=r"\S",
                              description="The question (with context_id).")
    context_id: str | None = Field(None, description="Answer only from this context's documents.")
    include_sources: bool = Field(False, description="Add the evidence as `sources` to the response.")

    @model_validator(mode="after")
    def _has_question(self) -> TypedQuestion:
        if not self.question:
            field = "query" if self.context_id else "content"
            raise ValueError(f"{field}: a non-empty question is required")
        return self

    @property
    def question(self) -> str:
        """With a context, ``query`` wins over ``content``; without, ``content`` wins."""
        first, second = (self.query, self.content) if self.context_id else (self.content, self.query)
        return first or second or ""


class SearchRequest(_Strict):
    query: str = Field(..., min_length=1, max_length=MAX_QUESTION_CHARS, pattern=r"\S")
    context_id: str | None = None
    limit: int = Field(10, ge=1, le=50)


class DocumentMetadata(BaseModel):
    name: str
    source: str = Field(..., description="A URL: the page for web documents, else this API's /content link.")
    type: str = Field(..., description="`web`, `document` or `text-snippet`.")
    document_id: str
    context_id: str | None
    score: float


class SearchResult(BaseModel):
    """One document found by search, its best passage as ``page_content``."""

    metadata: DocumentMetadata
    page_content: str
    type: Literal["Document"] = "Document"


class TypedAnswer(BaseModel):
    data: Any = Field(..., description="The answer, exactly of the requested JSON type.")
    sources: list[SearchResult] | None = Field(None, description="The evidence, when include_sources is true.")


class ContextIn(_Strict):
    name: str = Field(..., min_length=1, max_length=200, pattern=r"\S")
    description: str = Field("", max_length=2000)


class ContextOut(BaseModel):
    id: str
    name: str
    description: str
    created_at: str

    @classmethod
    def of(cls, context: Context) -> ContextOut:
        return cls(id=context.id, name=context.name, description=context.description,
                   created_at=context.created_at)


class DocumentOut(BaseModel):
    id: str
    context_id: str | None
    name: str
    source: str
    type: str
    created_at: str
    updated_at: str
    chunks: int


class TextDocumentIn(_Strict):
    """Pasted text to ingest."""

    text: str = Field(..., min_length=1, max_length=5_000_000)
    name: str = Field(..., min_length=1, max_length=200)
    source: str | None = Field(None, max_length=2000, description="A URL to report back in search results.")


class UrlDocumentIn(_Strict):
    """A web page to fetch and ingest."""

    url: str = Field(..., min_length=1, max_length=2000)


class StatusOut(BaseModel):
    engine: str
    embedder: str
    search_mode: str
    tenant: str
    counts: dict[str, int]


class ErrorBody(BaseModel):
    code: str = Field(..., description="invalid_request, unauthorized, not_found, payload_too_large, "
                      "unsupported_media_type, rate_limited, no_answer, upstream_error, unavailable, internal_error")
    message: str
    status: int


class ErrorEnvelope(BaseModel):
    """Every failure of the API has this shape."""

    error: ErrorBody


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    # The media type is explicit: routes answering text/plain (a document's content) still fail in JSON.
    status: {"model": ErrorEnvelope, "description": description,
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}}}
    for status, description in {
        400: "Body is not valid JSON", 401: "Missing, malformed, unknown or revoked API key",
        404: "Unknown route, type, context or document (or another tenant's)", 405: "Method not allowed",
        413: "Body or upload too large", 415: "Unsupported upload type",
        422: "Invalid field, or `no_answer` when no answer of the type was found", 429: "Rate limited",
        500: "Unexpected error", 502: "Upstream model or page failed", 503: "Temporarily unavailable",
        504: "Upstream model or page timed out",
    }.items()
}


def cut(text: str, limit: int = PAGE_CONTENT_CHARS) -> str:
    """``text`` at most ``limit`` characters, cut at a word boundary and marked with ``...``."""
    if len(text) <= limit:
        return text
    head = text[: limit - 3].rsplit(" ", 1)[0]
    return head.rstrip() + "..."


def source_url(base_url: str, document_id: str, source: str) -> str:
    """The URL reported for a document: its own source, or this API's /content link."""
    return source or f"{base_url.rstrip('/')}/v1/documents/{document_id}/content"


def search_result(hit: SearchHit, base_url: str) -> SearchResult:
    metadata = DocumentMetadata(name=hit.name, source=source_url(base_url, hit.document_id, hit.source),
                                type=hit.type, document_id=hit.document_id, context_id=hit.context_id,
                                score=round(hit.score, 6))
    return SearchResult(metadata=metadata, page_content=cut(hit.text))


def document_out(document: Document, base_url: str) -> DocumentOut:
    return DocumentOut(id=document.id, context_id=document.context_id, name=document.name,
                       source=source_url(base_url, document.id, document.source), type=document.type,
                       created_at=document.created_at, updated_at=document.updated_at, chunks=document.chunks)
