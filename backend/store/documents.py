"""Documents and their chunks: the rows a tenant's documents are, the passages they are cut into, and the one rule
that keeps them consistent.

A document's chunks (and its tables, ``tables.py``) are added in one commit *before* its row is written, and readers
keep only chunks whose revision matches a committed row (``search.py``), so a crash never exposes a half-indexed
document; what such a crash leaves behind is dropped by :meth:`DocumentTable.drop_orphans`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from typing import Any

from backend.models import Document, DocumentVersion, utc_now
from backend.store.indexes import retry_on_conflict
from backend.store.originals import OriginalTable
from backend.store.schema import (
    CHUNKS,
    DOCUMENTS,
    other_revisions,
    read_rows,
    upsert_rows,
    where,
    within_batches,
)
from backend.store.tables import DataTables
from backend.store.versioned_cache import VersionedCache

DOCUMENT_FIELDS = [f for f in Document.__dataclass_fields__ if f != "chunks"] + ["chunks"]


def document_of(row: dict) -> Document:
    """A stored document row as a :class:`Document`."""
    return Document(**{f: row[f] for f in DOCUMENT_FIELDS} | {"context_id": row["context_id"] or None})


class DocumentTable:
    """The ``documents`` and ``chunks`` tables, written and read together."""

    def __init__(
        self,
        tables: dict[str, Any],
        data_tables: DataTables,
        originals: OriginalTable,
        after_write: Callable[[], None],
    ) -> None:
        """``tables`` is the store's live mapping of table names (``reset_chunks`` replaces the chunks table in it);
        ``after_write`` keeps the indexes fit after documents are written."""
        self._tables = tables
        self._data_tables = data_tables
        self._originals = originals
        self._after_write = after_write
        # Per-request lookups, cached per table version (see versioned_cache.py).
        self._revisions: VersionedCache[str] = VersionedCache()

    def _read(self, name: str, filter_: str | None = None, columns: list[str] | None = None) -> list[dict]:
        return read_rows(self._tables[name], filter_, columns)

    def _delete(self, name: str, filter_: str) -> None:
        if name not in self._tables:
            return  # opened without chunks (keys/contexts only) and none were ever stored
        retry_on_conflict(lambda: self._tables[name].delete(filter_))

    def find_by_source_keys(
        self, tenant: str, context_id: str | None, source_keys: Sequence[str]
    ) -> dict[str, Document]:
        """``{source_key: document}`` for the keys that already have a document (one query for many)."""
        found: dict[str, Document] = {}
        keys = sorted(set(source_keys))
        scope = where(tenant=tenant, context_id=context_id or "")
        for batch in within_batches("source_key", keys):
            for row in self._read(DOCUMENTS, f"{scope} AND {batch}", [*DOCUMENT_FIELDS, "source_key"]):
                found[row["source_key"]] = document_of(row)
        return found

    def get(self, tenant: str, document_id: str) -> Document | None:
        rows = self._read(DOCUMENTS, where(tenant=tenant, id=document_id), DOCUMENT_FIELDS)
        return document_of(rows[0]) if rows else None

    def content(self, tenant: str, document_id: str) -> str | None:
        rows = self._read(DOCUMENTS, where(tenant=tenant, id=document_id), ["content"])
        return rows[0]["content"] if rows else None

    def source_key(self, tenant: str, document_id: str) -> str | None:
        rows = self._read(DOCUMENTS, where(tenant=tenant, id=document_id), ["source_key"])
        return rows[0]["source_key"] if rows else None

    def listed(self, tenant: str, context_id: str | None = None, *, any_context: bool = False) -> list[Document]:
        """Documents of a tenant: of one context, of none (``context_id=None``), or all (``any_context``)."""
        filter_ = where(tenant=tenant) if any_context else where(tenant=tenant, context_id=context_id or "")
        rows = self._read(DOCUMENTS, filter_, DOCUMENT_FIELDS)
        return sorted((document_of(row) for row in rows), key=lambda d: d.created_at)

    def put(self, versions: Sequence[DocumentVersion]) -> None:
        """Store document versions: all chunks in one commit, their tables in another, then the rows, then drop
        replaced chunks and tables.

        Until the rows commit, the new chunks and tables carry a revision no document has, so readers ignore them.
        The rows of new documents are appended; only a batch that replaces a stored row needs a merge, which costs
        11 ms where an append costs 4 (a single-document put on a 1,000-document store, measured 2026-11-26 for
        bench/api_ingest.py's one-per-request rate).
        """
        now = utc_now()
        chunk_rows = [
            {
                "id": str(uuid.uuid4()),
                "document_id": v.document.id,
                "revision": v.document.content_hash,
                "tenant": v.document.tenant,
                "context_id": v.document.context_id or "",
                "ordinal": i,
                "text": text,
                "vector": v.vectors[i],
                "name": v.document.name,
                "source": v.document.source,
                "type": v.document.type,
                "created_at": now,
                "title": v.titles[i] if v.titles else v.document.name,
            }
            for v in versions
            for i, text in enumerate(v.texts)
        ]
        if chunk_rows:
            retry_on_conflict(lambda: self._tables[CHUNKS].add(chunk_rows))
        self._data_tables.add(versions, now)
        rows = [
            asdict(v.document)
            | {"context_id": v.document.context_id or "", "source_key": v.source_key, "content": v.content}
            for v in versions
        ]
        if any(v.replaces for v in versions):
            upsert_rows(self._tables[DOCUMENTS], "id", rows)
        elif rows:
            retry_on_conflict(lambda: self._tables[DOCUMENTS].add(rows))
        for filter_ in other_revisions([(v.document.id, v.document.content_hash) for v in versions if v.replaces]):
            self._delete(CHUNKS, filter_)
        self._data_tables.drop_replaced(versions)
        self._after_write()

    def touch(self, document: Document) -> None:
        """Update a document's row without re-chunking (same content, new name or time)."""
        row = self._read(DOCUMENTS, where(tenant=document.tenant, id=document.id))[0]
        upsert_rows(self._tables[DOCUMENTS], "id", [{**row, "name": document.name, "updated_at": utc_now()}])

    def delete(self, tenant: str, document_id: str) -> None:
        """Delete a document's original and row, then its chunks (a crash in between leaves orphans that
        repair() drops)."""
        self._originals.delete(tenant, document_id=document_id)
        self._delete(DOCUMENTS, where(tenant=tenant, id=document_id))
        self._data_tables.delete(tenant, document_id=document_id)
        self._delete(CHUNKS, where(tenant=tenant, document_id=document_id))

    def live_revisions(self, document_ids: Iterable[str]) -> dict[str, str]:
        """``{document_id: content_hash}`` of the committed documents among ``document_ids``."""
        return self._revisions.lookup(
            self._tables[DOCUMENTS].version, document_ids, self._load_revisions, self._all_revisions
        )

    def _load_revisions(self, ids: list[str]) -> dict[str, str]:
        revisions: dict[str, str] = {}
        for filter_ in within_batches("id", ids):
            for row in self._read(DOCUMENTS, filter_, ["id", "content_hash"]):
                revisions[row["id"]] = row["content_hash"]
        return revisions

    def _all_revisions(self, at_most: int) -> dict[str, str] | None:
        if self._tables[DOCUMENTS].count_rows() > at_most:
            return None
        return {row["id"]: row["content_hash"] for row in self._read(DOCUMENTS, None, ["id", "content_hash"])}

    def drop_orphans(self, grace_s: float = 600.0) -> int:
        """Delete chunks and tables of no committed document version, older than ``grace_s``; returns how many.

        Such chunks are left by a crash between a document's chunk commit and its row commit. Search never
        shows them; this only reclaims space. The grace period spares another process's write in flight
        (its chunks are committed a moment before its row); use 0 when no other process writes.
        """
        live = {(r["id"], r["content_hash"]) for r in self._read(DOCUMENTS, None, ["id", "content_hash"])}
        cutoff = (datetime.now(UTC) - timedelta(seconds=grace_s)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        stale = [
            r["id"]
            for r in self._read(CHUNKS, None, ["id", "document_id", "revision", "created_at"])
            if (r["document_id"], r["revision"]) not in live and (r["created_at"] or "") <= cutoff
        ]
        for filter_ in within_batches("id", stale):
            self._delete(CHUNKS, filter_)
        return len(stale) + self._data_tables.stale(live, cutoff)

    def rows(self) -> list[dict]:
        """Every document row of every tenant, with its content (for re-indexing)."""
        return self._read(DOCUMENTS)
