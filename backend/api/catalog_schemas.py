"""Request and response bodies of the /v1 API for contexts and documents."""

from __future__ import annotations

from pathlib import PurePath

from pydantic import BaseModel, Field

from backend.api.presenting import source_url
from backend.api.schemas import StrictBody
from backend.models import (
    DOCUMENT_SUFFIXES,
    MAX_DESCRIPTION_CHARS,
    MAX_NAME_CHARS,
    MAX_URL_CHARS,
    Context,
    Document,
    TableSummary,
)


class ContextIn(StrictBody):
    """A new context: a named group of documents."""

    name: str = Field(..., min_length=1, max_length=MAX_NAME_CHARS, pattern=r"\S")
    description: str = Field("", max_length=MAX_DESCRIPTION_CHARS)


class ContextOut(BaseModel):
    """A context."""

    id: str
    name: str
    description: str
    created_at: str

    @classmethod
    def of(cls, context: Context) -> ContextOut:
        return cls(id=context.id, name=context.name, description=context.description, created_at=context.created_at)


class DocumentOut(BaseModel):
    """A stored document (its text is at its `source` link)."""

    id: str
    context_id: str | None
    name: str
    source: str
    type: str
    format: str = Field(
        ...,
        description="What the document was made from, for people: its file's format (`pdf`, `docx`, `csv`, `xlsx`, "
        "`md`, ...), `web` for a fetched page, `text` for pasted text, `file` when its name says no format.",
    )
    created_at: str
    updated_at: str
    chunks: int
    tables: list[TableOut] = Field(
        default_factory=list,
        description="The tables the document holds (CSV, sheets, tables in HTML/Markdown/DOCX), answered by computing.",
    )


class TableOut(BaseModel):
    """A table of a document."""

    name: str = Field(..., description="The document's name, then the sheet or table label.")
    rows: int
    columns: list[str]


class TextDocumentIn(StrictBody):
    """Pasted text to ingest."""

    text: str = Field(..., min_length=1, max_length=5_000_000)
    name: str = Field(..., min_length=1, max_length=MAX_NAME_CHARS)
    source: str | None = Field(None, max_length=MAX_URL_CHARS, description="A URL to report back in search results.")


class UrlDocumentIn(StrictBody):
    """A web page to fetch and ingest."""

    url: str = Field(..., min_length=1, max_length=MAX_URL_CHARS)


def document_out(document: Document, base_url: str, tables: list[TableSummary] | None = None) -> DocumentOut:
    """The API's view of a document, with its source link under ``base_url`` (web pages keep their URL) and the
    tables it holds."""
    return DocumentOut(
        id=document.id,
        context_id=document.context_id,
        name=document.name,
        source=source_url(base_url, document.id, document.source),
        type=document.type,
        format=document_format(document),
        created_at=document.created_at,
        updated_at=document.updated_at,
        chunks=document.chunks,
        tables=[TableOut(name=t.name, rows=t.rows, columns=t.columns) for t in tables or []],
    )


def document_format(document: Document) -> str:
    """A document's format as people name it: its file's extension when that is a format Answerbase reads, "web"
    or "text" for a fetched page or pasted text, else "file" (an upload known only by its content type)."""
    if document.type == "web":
        return "web"
    if document.type == "text-snippet":
        return "text"
    suffix = PurePath(document.name).suffix.lower()
    return suffix.removeprefix(".") if suffix in DOCUMENT_SUFFIXES else "file"
