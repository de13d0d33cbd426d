"""Domain records shared by the store, the services and the API (plain data, no behaviour)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

# Input bounds, in characters, defined once: the API's schemas, the services' own checks and the console's fields
# all use these.
MAX_QUESTION_CHARS = 4000  # a question, a search query, a grid column's question
MAX_NAME_CHARS = 200  # a context's or a document's name
MAX_DESCRIPTION_CHARS = 2000  # a context's description
MAX_URL_CHARS = 2000  # a URL to ingest, or a document's reported source
MAX_COLUMN_NAME_CHARS = 100  # a grid's or a grid column's name
MAX_GRID_COLUMNS = 30
# The files a document can be made from (backend/ingest/loaders.py has a loader for each), and the archives of them
# that an upload unpacks; the console's uploader takes exactly these.
DOCUMENT_SUFFIXES = (".csv", ".docx", ".htm", ".html", ".json", ".markdown", ".md", ".pdf", ".tsv", ".txt", ".xlsx")
ARCHIVE_SUFFIXES = (".zip",)

# How a declined table reading's message tells a program to accept it (the console offers a button instead)
ACCEPT_READING_HINT = "To accept this reading, ask again with"


def utc_now() -> str:
    """The current time as an ISO 8601 UTC string (how every timestamp is stored)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def seconds_since(moment: str) -> float:
    """Seconds since a timestamp written by :func:`utc_now` (infinite for an empty one: never)."""
    if not moment:
        return float("inf")
    then = datetime.strptime(moment, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return (datetime.now(UTC) - then).total_seconds()


@dataclass(frozen=True)
class ApiKey:
    """An API key as stored: only the SHA-256 of its secret, never the secret."""

    id: str
    tenant: str
    name: str
    prefix: str
    sha256: str
    created_at: str
    last_used_at: str | None = None
    revoked_at: str | None = None


@dataclass(frozen=True)
class Context:
    """A named group of documents belonging to one tenant."""

    id: str
    tenant: str
    name: str
    description: str
    created_at: str


@dataclass(frozen=True)
class Document:
    """An ingested document; its text is split into chunks in the store."""

    id: str
    tenant: str
    context_id: str | None
    name: str
    source: str  # the original URL for web pages, "" for uploads without one
    type: str  # "web", "document" or "text-snippet"
    content_hash: str
    chunks: int
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class Chunk:
    """One indexed passage of a document, ready to embed, with the heading path above it."""

    ordinal: int
    text: str
    headings: tuple[str, ...] = ()


@dataclass(frozen=True)
class DocumentVersion:
    """A document ready to store: its row, its full text, and its chunks with their vectors."""

    document: Document
    source_key: str  # identifies "the same source" for replacement: URL, file name or snippet name
    content: str
    texts: list[str]
    vectors: Any  # numpy array (len(texts), dimension)
    replaces: bool  # its row is stored already (an earlier version: its row is replaced, its other chunks go)
    titles: list[str] = field(default_factory=list)  # per chunk "name › heading › …" (default: the name)
    tables: list[TableData] = field(default_factory=list)  # the typed tables the document holds


@dataclass(frozen=True)
class TableSummary:
    """What a document's table holds, for listings: its name, how many rows, its column names."""

    name: str
    rows: int
    columns: list[str]


@dataclass(frozen=True)
class TableData:
    """A typed table as stored beside its document's chunks (``backend/tables/infer.py`` writes and reads it)."""

    name: str  # the document's name, then the table's label: "report.xlsx › Q1"
    columns: str  # JSON: each column's name, kind and views
    row_count: int
    data: bytes  # Parquet


@dataclass
class SearchHit:
    """A passage found by search, with its document's metadata and relevance."""

    document_id: str
    context_id: str | None
    name: str
    source: str
    type: str
    text: str
    ordinal: int
    score: float  # relevance in [0, 1] (backend/retrieval.py)
    # Cosine similarity of the passage and the query under the embedder (None in full-text mode).
    similarity: float | None = None
    relevant: bool = True  # whether ``score`` reaches the relevance floor (SearchSettings.min_relevance)


@dataclass(frozen=True)
class LoggedQuestion:
    """One typed question as the question log keeps it: the answer as JSON text, or the decline's reason."""

    id: str
    tenant: str
    asked_at: str
    type: str
    question: str
    context_id: str | None
    answer: str | None  # the value as JSON; None when declined
    declined: bool
    reason: str
    confidence: float | None
    latency_ms: float


@dataclass(frozen=True)
class GridColumn:
    """One column of an extraction grid: the typed question asked of every document."""

    name: str
    type: str  # an AnswerType value
    question: str


@dataclass(frozen=True)
class Grid:
    """An extraction grid: typed questions asked of every document of a context, run as a background job.

    ``document_ids`` None means every document the context holds when the grid runs. ``status`` is ``queued``,
    ``running``, ``done`` or ``failed``; ``done``/``total`` count cells; ``heartbeat_at`` is refreshed while a
    process runs it (a running grid whose heartbeat stopped was interrupted).
    """

    id: str
    tenant: str
    context_id: str
    name: str
    columns: tuple[GridColumn, ...]
    document_ids: tuple[str, ...] | None
    status: str
    done: int
    total: int
    error: str
    created_at: str
    updated_at: str
    heartbeat_at: str


@dataclass(frozen=True)
class GridCell:
    """One answered cell: the value (None when declined) with its confidence, or the reason there is none; the
    passage it was read from and where in it; ``edited`` when a person set the value by hand."""

    grid_id: str
    document_id: str
    column: str
    data: object
    confidence: float | None
    declined: bool
    reason: str
    passage: str
    span: tuple[int, int] | None
    edited: bool
    updated_at: str


@dataclass(frozen=True)
class Job:
    """A background task with per-item results (a batch ingest): persisted, so its state outlives its process.

    ``status`` is ``queued``, ``running``, ``done`` or ``interrupted`` (its process stopped before the end; the
    items still ``pending`` did not finish). Each item is ``{"index", "name", "status", "document_id"?,
    "error"?: {"code", "message"}}``.
    """

    id: str
    tenant: str
    kind: str
    context_id: str | None
    status: str
    items: tuple[dict, ...]
    created_at: str
    updated_at: str
    heartbeat_at: str
    finished_at: str
