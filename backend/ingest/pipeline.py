"""The ingest pipeline: sources (files, text, URLs) → text → chunks → vectors → the store.

Batches of documents are embedded together (the model is fastest on full batches) and written in a
few commits. Re-ingesting a source replaces the earlier version under the same document id; content
that has not changed is not embedded again.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace

import numpy as np

from backend.config import IngestSettings
from backend.embed import Embedder
from backend.errors import EmptyDocument, NotFound, ValidationFailed
from backend.ingest.chunking import chunk_text, estimate_tokens
from backend.ingest.loaders import load
from backend.ingest.web import fetch
from backend.ingest.writer import GroupWriter
from backend.models import Chunk, Document, DocumentVersion, TableData, utc_now
from backend.store import LanceStore
from backend.store.documents import document_of
from backend.tables.infer import infer, to_bytes
from backend.tables.read import RawTable, markdown_tables
from backend.timing import in_context, timed

# Embedding this many chunks per model call keeps the model busy without holding much in memory.
EMBED_BATCH_CHUNKS = 256
MAX_TITLE_CHARS = 200  # a title path is context for a passage, not a passage


def title_path(name: str, headings: tuple[str, ...]) -> str:
    """ "handbook.md › Leave › Parental leave": a chunk's document name and the headings above it, kept short."""
    path = " › ".join([name, *headings])
    return path if len(path) <= MAX_TITLE_CHARS else path[: MAX_TITLE_CHARS - 1].rstrip() + "…"


@dataclass(frozen=True)
class Source:
    """One thing to ingest, already turned into text."""

    tenant: str
    context_id: str | None
    name: str
    text: str
    type: str  # "web", "document" or "text-snippet"
    source_key: str
    source: str = ""  # a URL reported in results ("" → the API's /content link)
    tables: tuple[RawTable, ...] = ()  # the tables in it, stored typed beside its chunks


def typed_tables(name: str, tables: Iterable[RawTable]) -> list[TableData]:
    """A source's tables, typed and serialised for the store, named after their document."""
    stored = []
    for raw in tables:
        table = infer(raw, f"{name} › {raw.label}" if raw.label else name)
        if not table.columns or not table.row_count:
            continue
        columns, data = to_bytes(table)
        stored.append(TableData(table.name, columns, table.row_count, data))
    return stored


ProgressCallback = Callable[[int, int], None]  # (documents done, chunks done)
CommittedCallback = Callable[[list[Document]], None]  # documents whose write has landed, in source order


class Ingestor:
    """Turns sources into stored, searchable documents."""

    def __init__(self, store: LanceStore, embedder: Embedder, settings: IngestSettings) -> None:
        self._store = store
        self._embedder = embedder
        self._settings = settings
        self._writer = GroupWriter(store)

    # -- sources ---------------------------------------------------------------------------------------

    def file_source(
        self, tenant: str, context_id: str | None, filename: str, data: bytes, content_type: str | None = None
    ) -> Source:
        """A source from an uploaded file (the file name only, never used as a path)."""
        name = filename.replace("\\", "/").rsplit("/", 1)[-1].strip() or "upload"
        loaded = load(data, name, content_type)
        return Source(tenant, context_id, name, loaded.text, "document", f"file:{name}", tables=tuple(loaded.tables))

    @staticmethod
    def text_source(tenant: str, context_id: str | None, text: str, name: str, source: str | None = None) -> Source:
        """A source from pasted text."""
        if not text.strip():
            raise EmptyDocument("text: the text is empty.")
        if not name.strip():
            raise ValidationFailed("name: a name is required for pasted text.")
        return Source(
            tenant,
            context_id,
            name.strip(),
            text,
            "text-snippet",
            f"text:{source or name.strip()}",
            source or "",
            tuple(markdown_tables(text)),
        )

    def url_source(self, tenant: str, context_id: str | None, url: str) -> Source:
        """A source from a web page, fetched now."""
        page = fetch(url, self._settings)
        path_name = page.url.rstrip("/").rsplit("/", 1)[-1] or "page"
        loaded = load(page.content, path_name if "." in path_name else "page.html", page.content_type)
        name = loaded.title or page.url
        return Source(tenant, context_id, name, loaded.text, "web", f"url:{url}", url, tuple(loaded.tables))

    # -- ingestion -------------------------------------------------------------------------------------

    def ingest(self, source: Source) -> Document:
        """Store one source; returns its document (searchable when this returns)."""
        return self.ingest_many([source])[0]

    def ingest_many(
        self,
        sources: Iterable[Source],
        progress: ProgressCallback | None = None,
        committed: CommittedCallback | None = None,
    ) -> list[Document]:
        """Store many sources, embedding their chunks in large batches; returns their documents in order.

        Batch N is written on a second thread while batch N+1 is embedded, so the store's work hides behind
        the model's. Writes stay in order, one at a time. ``progress`` hears of each batch when it is handed to
        the writer; ``committed`` gets each batch's documents once their write has landed (what a job may
        report as done).
        """
        stored: list[Document] = []
        written: dict[tuple[str, str | None, str], Document] = {}  # this call's documents, for repeats
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="ingest-writer") as writer:
            pending: Future | None = None
            landed: list[Document] = []  # the documents of the write in flight
            for batch in self._batches(sources):
                with timed("existing"):
                    existing = self._existing(batch) | {
                        k: d for k, d in written.items() if k[2] in {s.source_key for s in batch}
                    }
                with timed("chunk"):
                    prepared = [self._prepare(s, existing.get(self._key(s))) for s in batch]
                versions = self._embed(prepared)
                if pending is not None:
                    pending.result()  # the previous write must land before the next starts
                    if committed:
                        committed(landed)
                pending = writer.submit(in_context(self._write), versions)
                landed = [v.document for v in versions]
                for source, version in zip(batch, versions, strict=True):
                    written[self._key(source)] = version.document
                stored.extend(v.document for v in versions)
                if progress:
                    progress(len(batch), sum(len(v.texts) for v in versions))
            if pending is not None:
                pending.result()
                if committed:
                    committed(landed)
        return stored

    @staticmethod
    def _key(source: Source) -> tuple[str, str | None, str]:
        return source.tenant, source.context_id, source.source_key

    def _embed(self, versions: list[DocumentVersion]) -> list[DocumentVersion]:
        """The versions with vectors for their chunks, embedded in one model call (each chunk under its title path,
        so "Refunds" under "Billing › Policies" is found by a question about billing policies)."""
        texts = [
            f"{title}\n{text}"
            for v in versions
            for text, title in zip(v.texts, v.titles or [v.document.name] * len(v.texts), strict=True)
        ]
        with timed("embed"):
            vectors = self._embedder.embed_documents(texts) if texts else np.zeros((0, self._embedder.dimension))
        offset, ready = 0, []
        for version in versions:
            if version.texts:
                version = replace(version, vectors=vectors[offset : offset + len(version.texts)])
                offset += len(version.texts)
            ready.append(version)
        return ready

    def _write(self, versions: list[DocumentVersion]) -> None:
        with timed("write"):
            self._writer.write(versions)  # grouped with concurrent requests' documents into one round of commits

    def refresh(self, tenant: str, document_id: str) -> Document:
        """Fetch a web document again and re-index it when its text changed."""
        document = self._store.documents.get(tenant, document_id)
        if document is None:
            raise NotFound(f"No document with id {document_id!r}.")
        if document.type != "web":
            raise ValidationFailed("document_id: only web documents can be refreshed.")
        source_key = self._store.documents.source_key(tenant, document_id) or f"url:{document.source}"
        return self.ingest(self.url_source(tenant, document.context_id, source_key.removeprefix("url:")))

    def _batches(self, sources: Iterable[Source]) -> Iterator[list[Source]]:
        """Sources in groups of about ``EMBED_BATCH_CHUNKS`` chunks (estimated from their words: counting them
        exactly would chunk every text twice). A group of fewer, larger model calls is embedded faster: the encoder
        sorts a call's texts by length, so a larger call pads less."""
        batch: list[Source] = []
        keys: set[tuple[str, str | None, str]] = set()
        chunks = 0
        for source in sources:
            key = (source.tenant, source.context_id, source.source_key)
            if key in keys:  # the same source twice: store the first before preparing the second
                yield batch
                batch, keys, chunks = [], set(), 0
            batch.append(source)
            keys.add(key)
            chunks += estimate_tokens(source.text) // self._settings.chunk_tokens + 1
            if chunks >= EMBED_BATCH_CHUNKS:
                yield batch
                batch, keys, chunks = [], set(), 0
        if batch:
            yield batch

    def _existing(self, batch: list[Source]) -> dict[tuple[str, str | None, str], Document]:
        """The stored documents of a batch's sources, one query per (tenant, context) rather than per source."""
        groups: dict[tuple[str, str | None], list[str]] = {}
        for source in batch:
            groups.setdefault((source.tenant, source.context_id), []).append(source.source_key)
        return {
            (tenant, context_id, key): document
            for (tenant, context_id), keys in groups.items()
            for key, document in self._store.documents.find_by_source_keys(tenant, context_id, keys).items()
        }

    def _prepare(self, source: Source, existing: Document | None) -> DocumentVersion:
        """The version to store; ``texts == []`` marks unchanged content (no re-embedding)."""
        digest = hashlib.sha256(
            f"{self._settings.chunk_tokens}/{self._settings.overlap_tokens}\n{source.text}".encode()
        )
        for table in source.tables:  # a big table's text shows its first rows only: its cells count in full
            digest.update(table.label.encode())
            for row in table.rows:
                digest.update("\x1f".join(row).encode() + b"\x1e")
        content_hash = digest.hexdigest()
        now = utc_now()
        chunks = self._chunks(source.text)
        if not chunks:
            raise EmptyDocument(f"{source.name!r} contains no text to index.")
        document = Document(
            id=existing.id if existing else str(uuid.uuid4()),
            tenant=source.tenant,
            context_id=source.context_id,
            name=source.name,
            source=source.source,
            type=source.type,
            content_hash=content_hash,
            chunks=len(chunks),
            created_at=existing.created_at if existing else now,
            updated_at=now,
        )
        unchanged = existing is not None and existing.content_hash == content_hash
        return DocumentVersion(
            document=document,
            source_key=source.source_key,
            content=source.text,
            texts=[] if unchanged else [c.text for c in chunks],
            vectors=None,
            replaces=existing is not None,
            titles=[] if unchanged else [title_path(source.name, c.headings) for c in chunks],
            tables=[] if unchanged else typed_tables(source.name, source.tables),
        )

    def _chunks(self, text: str) -> list[Chunk]:
        return chunk_text(text, budget=self._settings.chunk_tokens, overlap=self._settings.overlap_tokens)

    def rebuild(self, rows: list[dict]) -> int:
        """Chunk and embed stored documents again, as stored rows (``answerbase reindex`` after the embedder or
        the indexing changed); returns how many chunks were written."""
        versions = []
        for row in rows:
            document = document_of(row)
            chunks = self._chunks(row["content"])
            versions.append(
                DocumentVersion(
                    document=replace(document, chunks=len(chunks)),
                    source_key=row["source_key"],
                    content=row["content"],
                    texts=[c.text for c in chunks],
                    vectors=None,
                    replaces=True,  # its row is stored: rewritten with the new chunk count
                    titles=[title_path(document.name, c.headings) for c in chunks],
                )
            )
        self._write(self._embed(versions))
        return sum(len(v.texts) for v in versions)
