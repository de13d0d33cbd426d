"""The LanceDB store: keys, contexts, documents and their chunks, and hybrid search over the chunks.

This package is the only importer of lancedb. Writes follow one rule so a crash never exposes a
half-indexed document: a document's chunks are added in one commit *before* its row is written, and
searches keep only chunks whose revision matches a committed document row (see ``search.py``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import lancedb

from backend.errors import EmbedderMismatch
from backend.models import Context, Document, DocumentVersion, utc_now
from backend.store.grids import GridTable
from backend.store.indexes import ensure_indexes, optimize_tables, retry_on_conflict
from backend.store.jobs import JobTable
from backend.store.keys import KeyTable
from backend.store.originals import OriginalTable
from backend.store.questions import QuestionTable
from backend.store.schema import (
    CHUNKS,
    CONTEXTS,
    DATA_TABLES,
    DOCUMENTS,
    GRID_CELLS,
    GRIDS,
    JOBS,
    KEYS,
    META,
    ORIGINALS,
    QUESTIONS,
    SCHEMA_VERSION,
    open_tables,
    read_rows,
    sql,
    table_schemas,
    upsert_rows,
    where,
)
from backend.store.tables import DataTables
from backend.store.versioned_cache import VersionedCache

T = TypeVar("T")
DOCUMENT_FIELDS = [f for f in Document.__dataclass_fields__ if f != "chunks"] + ["chunks"]
_LIST_COLUMNS = [*DOCUMENT_FIELDS]


def _none_if_empty(value: str | None) -> str | None:
    return value or None


class LanceStore:
    """All persistent state of Answerbase, in one LanceDB database."""

    def __init__(
        self,
        uri: str,
        *,
        dimension: int | None,
        embedder_name: str | None,
        storage_options: dict[str, str] | None = None,
        read_consistency_interval_s: float | None = 0.0,
        check_embedder: bool = True,
        ann_index_min_rows: int = 20_000,
        keep_versions_s: float = 60.0,
    ) -> None:
        """Open (creating as needed) the database at ``uri``.

        ``dimension=None`` opens it for keys and contexts only (no embedder needed: the CLI's fast path);
        the chunks table is then used only if it already exists.
        """
        interval = None if read_consistency_interval_s is None else timedelta(seconds=read_consistency_interval_s)
        self.uri = uri
        self.ann_index_min_rows = ann_index_min_rows
        self.keep_versions_s = keep_versions_s
        # Per-request lookups, cached per table version (see versioned_cache.py).
        self._revisions: VersionedCache[str] = VersionedCache()
        self._db = lancedb.connect(uri, read_consistency_interval=interval, storage_options=storage_options or None)
        schemas = table_schemas(dimension or 1)
        if dimension is None:
            schemas.pop(CHUNKS)
        self._tables = open_tables(self._db, schemas)
        if dimension is None and CHUNKS in set(self._db.list_tables().tables):
            self._tables[CHUNKS] = self._db.open_table(CHUNKS)
        self.keys = KeyTable(self._tables[KEYS])  # API keys (store/keys.py)
        self.questions = QuestionTable(self._tables[QUESTIONS])  # the question log (store/questions.py)
        self.grids = GridTable(self._tables[GRIDS], self._tables[GRID_CELLS])  # extraction grids (store/grids.py)
        self.originals = OriginalTable(self._tables[ORIGINALS])  # uploaded files (store/originals.py)
        self.jobs = JobTable(self._tables[JOBS])  # background jobs (store/jobs.py)
        self.data_tables = DataTables(self._tables[DATA_TABLES])  # documents' typed tables (store/tables.py)
        if check_embedder and dimension is not None and embedder_name is not None:
            self._check_embedder(embedder_name, dimension)

    # -- setup ---------------------------------------------------------------------------------------

    def _check_embedder(self, embedder_name: str, dimension: int) -> None:
        meta = self.meta()
        recorded = meta.get("embedder")
        if recorded is None:
            self.set_meta(embedder=embedder_name, dimension=str(dimension), schema_version=SCHEMA_VERSION)
        elif meta.get("schema_version") != SCHEMA_VERSION and (recorded, meta.get("dimension")) == (
            embedder_name,
            str(dimension),
        ):
            self.set_meta(schema_version=SCHEMA_VERSION)  # the tables were migrated when opened
            self.ensure_indexes()  # a migrated column may need its index (chunks.title's full-text index)
        elif recorded != embedder_name or meta.get("dimension") != str(dimension):
            raise EmbedderMismatch(
                f"The database at {self.uri} was indexed with embedder {recorded!r} "
                f"(dimension {meta.get('dimension')}), but {embedder_name!r} (dimension {dimension}) is "
                "configured. Run `answerbase reindex` to re-embed every document with the configured one."
            )

    def meta(self) -> dict[str, str]:
        """The key/value facts recorded about this database (embedder, dimension, schema version)."""
        return {row["key"]: row["value"] for row in self._rows(META)}

    def set_meta(self, **values: str) -> None:
        """Record facts about the database (upserted by key)."""
        rows = [{"key": k, "value": v} for k, v in values.items()]
        self._upsert(META, "key", rows)

    # -- generic helpers -----------------------------------------------------------------------------

    def table(self, name: str) -> Any:
        """The LanceDB table ``name`` (for the search module and maintenance)."""
        return self._tables[name]

    def has_table(self, name: str) -> bool:
        """Whether this store opened table ``name`` (the keys-only CLI store has no chunks)."""
        return name in self._tables

    def _rows(self, name: str, filter_: str | None = None, columns: list[str] | None = None) -> list[dict]:
        return read_rows(self._tables[name], filter_, columns)

    def _upsert(self, name: str, on: str, rows: list[dict]) -> None:
        upsert_rows(self._tables[name], on, rows)

    def _delete(self, name: str, filter_: str) -> None:
        if name not in self._tables:
            return  # opened without chunks (keys/contexts only) and none were ever stored
        retry_on_conflict(lambda: self._tables[name].delete(filter_))

    # -- contexts ------------------------------------------------------------------------------------

    def insert_context(self, context: Context) -> None:
        self._upsert(CONTEXTS, "id", [asdict(context)])

    def get_context(self, tenant: str, context_id: str) -> Context | None:
        rows = self._rows(CONTEXTS, where(id=context_id, tenant=tenant))
        return Context(**rows[0]) if rows else None

    def list_contexts(self, tenant: str | None) -> list[Context]:
        rows = self._rows(CONTEXTS, where(tenant=tenant) or None)
        return sorted((Context(**row) for row in rows), key=lambda c: c.created_at)

    def delete_context(self, tenant: str, context_id: str) -> None:
        """Delete a context with its grids, documents and chunks (chunks first: rows never point at nothing)."""
        self.grids.delete_context(tenant, context_id)
        self.originals.delete(tenant, context_id=context_id)
        self.data_tables.delete(tenant, context_id=context_id)
        self._delete(CHUNKS, where(tenant=tenant, context_id=context_id))
        self._delete(DOCUMENTS, where(tenant=tenant, context_id=context_id))
        self._delete(CONTEXTS, where(tenant=tenant, id=context_id))

    # -- documents and chunks ------------------------------------------------------------------------

    def find_documents_by_source_keys(
        self, tenant: str, context_id: str | None, source_keys: Sequence[str]
    ) -> dict[str, Document]:
        """``{source_key: document}`` for the keys that already have a document (one query for many)."""
        found: dict[str, Document] = {}
        keys = sorted(set(source_keys))
        for start in range(0, len(keys), 500):
            filter_ = (
                where(tenant=tenant, context_id=context_id or "")
                + " AND source_key IN ("
                + ", ".join(sql(k) for k in keys[start : start + 500])
                + ")"
            )
            for row in self._rows(DOCUMENTS, filter_, [*_LIST_COLUMNS, "source_key"]):
                found[row["source_key"]] = self.document_of(row)
        return found

    def get_document(self, tenant: str, document_id: str) -> Document | None:
        rows = self._rows(DOCUMENTS, where(tenant=tenant, id=document_id), _LIST_COLUMNS)
        return self.document_of(rows[0]) if rows else None

    def get_document_content(self, tenant: str, document_id: str) -> str | None:
        rows = self._rows(DOCUMENTS, where(tenant=tenant, id=document_id), ["content"])
        return rows[0]["content"] if rows else None

    def get_source_key(self, tenant: str, document_id: str) -> str | None:
        rows = self._rows(DOCUMENTS, where(tenant=tenant, id=document_id), ["source_key"])
        return rows[0]["source_key"] if rows else None

    def list_documents(
        self, tenant: str, context_id: str | None = None, *, any_context: bool = False
    ) -> list[Document]:
        """Documents of a tenant: of one context, of none (``context_id=None``), or all (``any_context``)."""
        filter_ = where(tenant=tenant) if any_context else where(tenant=tenant, context_id=context_id or "")
        rows = self._rows(DOCUMENTS, filter_, _LIST_COLUMNS)
        return sorted((self.document_of(row) for row in rows), key=lambda d: d.created_at)

    def put_documents(self, versions: Sequence[DocumentVersion]) -> None:
        """Store document versions: all chunks in one commit, their tables in another, then the rows, then drop
        replaced chunks and tables.

        Until the rows commit, the new chunks and tables carry a revision no document has, so readers ignore them.
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
        self.data_tables.add(versions, now)
        rows = [
            asdict(v.document)
            | {"context_id": v.document.context_id or "", "source_key": v.source_key, "content": v.content}
            for v in versions
        ]
        if rows:
            self._upsert(DOCUMENTS, "id", rows)
        replaced = [
            f"(document_id = {sql(v.document.id)} AND revision != {sql(v.document.content_hash)})"
            for v in versions
            if v.replaces
        ]
        for start in range(0, len(replaced), 200):
            self._delete(CHUNKS, " OR ".join(replaced[start : start + 200]))
        self.data_tables.drop_replaced(versions)
        self.ensure_indexes()

    def touch_document(self, document: Document) -> None:
        """Update a document's row without re-chunking (same content, new name or time)."""
        self._upsert(
            DOCUMENTS,
            "id",
            [{**self._full_row(document.tenant, document.id), "name": document.name, "updated_at": utc_now()}],
        )

    def _full_row(self, tenant: str, document_id: str) -> dict:
        return self._rows(DOCUMENTS, where(tenant=tenant, id=document_id))[0]

    def delete_document(self, tenant: str, document_id: str) -> None:
        """Delete a document's original and row, then its chunks (a crash in between leaves orphans that
        repair() drops)."""
        self.originals.delete(tenant, document_id=document_id)
        self._delete(DOCUMENTS, where(tenant=tenant, id=document_id))
        self.data_tables.delete(tenant, document_id=document_id)
        self._delete(CHUNKS, where(tenant=tenant, document_id=document_id))

    def live_revisions(self, document_ids: Iterable[str]) -> dict[str, str]:
        """``{document_id: content_hash}`` of the committed documents among ``document_ids``."""
        return self._revisions.lookup(self._tables[DOCUMENTS].version, document_ids, self._load_revisions)

    def _load_revisions(self, ids: list[str]) -> dict[str, str]:
        rows = self._rows(DOCUMENTS, "id IN (" + ", ".join(sql(i) for i in ids) + ")", ["id", "content_hash"])
        return {row["id"]: row["content_hash"] for row in rows}

    def repair(self, grace_s: float = 600.0) -> int:
        """Delete chunks and tables of no committed document version, older than ``grace_s``; returns how many.

        Such chunks are left by a crash between a document's chunk commit and its row commit. Search never
        shows them; this only reclaims space. The grace period spares another process's write in flight
        (its chunks are committed a moment before its row); use 0 when no other process writes.
        """
        live = {(r["id"], r["content_hash"]) for r in self._rows(DOCUMENTS, None, ["id", "content_hash"])}
        cutoff = (datetime.now(UTC) - timedelta(seconds=grace_s)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        stale = [
            r["id"]
            for r in self._rows(CHUNKS, None, ["id", "document_id", "revision", "created_at"])
            if (r["document_id"], r["revision"]) not in live and (r["created_at"] or "") <= cutoff
        ]
        for start in range(0, len(stale), 500):
            self._delete(CHUNKS, "id IN (" + ", ".join(sql(i) for i in stale[start : start + 500]) + ")")
        return len(stale) + self.data_tables.stale(live, cutoff)

    def counts(self, tenant: str | None = None) -> dict[str, int]:
        """How many contexts, documents and chunks (of ``tenant`` when given)."""
        filter_ = where(tenant=tenant) or None
        return {
            name: self._tables[name].count_rows(filter_) if name in self._tables else 0
            for name in (CONTEXTS, DOCUMENTS, CHUNKS)
        }

    # -- indexes and maintenance ---------------------------------------------------------------------

    def ensure_indexes(self, *, retrain_growth: float | None = None) -> None:
        """Keep the indexes fit for the tables' sizes (see ``indexes.ensure_indexes``)."""
        trained = self.meta().get("vector_index_rows") if retrain_growth else None
        built = ensure_indexes(
            self._tables[CHUNKS],
            self._tables[DOCUMENTS],
            self.ann_index_min_rows,
            trained_rows=int(trained) if trained else None,
            retrain_growth=retrain_growth,
        )
        if built is not None:
            self.set_meta(vector_index_rows=str(built))

    def optimize(self) -> None:
        """Bring indexes up to date, compact files and fold new rows into every index; safe while serving.

        This is also where a vector index is re-partitioned once the table has grown 4x since it was
        trained (a minute's work at a million chunks: a maintenance job, not an ingest request).
        """
        self.ensure_indexes(retrain_growth=4.0)
        optimize_tables(self._tables.values(), self.keep_versions_s)

    def reset_chunks(self, embedder_name: str, dimension: int) -> None:
        """Drop and recreate the chunks table for another embedder (``answerbase reindex``)."""
        self._db.drop_table(CHUNKS)
        self._tables[CHUNKS] = self._db.create_table(CHUNKS, schema=table_schemas(dimension)[CHUNKS])
        self.set_meta(embedder=embedder_name, dimension=str(dimension), schema_version=SCHEMA_VERSION)

    def document_rows(self) -> list[dict]:
        """Every document row of every tenant, with its content (for re-indexing)."""
        return self._rows(DOCUMENTS)

    @staticmethod
    def document_of(row: dict) -> Document:
        """A stored document row as a :class:`Document`."""
        return Document(**{f: row[f] for f in DOCUMENT_FIELDS} | {"context_id": _none_if_empty(row["context_id"])})
