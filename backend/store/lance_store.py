"""The LanceDB store: opens the database and its tables (migrating older ones), and gathers the table classes —
keys, contexts, documents and chunks (``documents.py``), typed tables, grids, jobs, the question log — with the
store-wide duties: indexes, optimisation, re-indexing for another embedder.

This package is the only importer of lancedb.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import timedelta
from typing import Any, TypeVar

import lancedb

from backend.errors import EmbedderMismatch
from backend.models import Context
from backend.store.documents import DocumentTable
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
    table_schemas,
    upsert_rows,
    where,
    within,
)
from backend.store.tables import DataTables
from backend.store.versioned_cache import VersionedCache

T = TypeVar("T")
VECTOR_INDEX_ROWS = "vector_index_trained_rows"  # meta: the rows the vector index was last trained on


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
        self._contexts: VersionedCache[Context] = VersionedCache()  # get_context's lookups
        # documents and their chunks (store/documents.py)
        self.documents = DocumentTable(self._tables, self.data_tables, self.originals, self.ensure_indexes)
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
        """The tenant's context (None for an unknown id or another tenant's). Every ingest into a context and every
        question scoped to one looks it up, so lookups are cached per version of the contexts table (0.6 ms
        against 2.6 for a query: bench/api_ingest.py's one-per-request posts, 2026-11-26)."""
        version = self._tables[CONTEXTS].version
        context = self._contexts.lookup(version, [context_id], self._load_contexts).get(context_id)
        return context if context is not None and context.tenant == tenant else None

    def _load_contexts(self, ids: list[str]) -> dict[str, Context]:
        rows = self._rows(CONTEXTS, within("id", ids))
        return {row["id"]: Context(**row) for row in rows}

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

    def repair(self, grace_s: float = 600.0) -> int:
        """Drop chunks and tables of no committed document version (see ``DocumentTable.drop_orphans``)."""
        return self.documents.drop_orphans(grace_s)

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
        # Recorded under this key since indexes are sized by partition size; the older "vector_index_rows" was an
        # index sized by count, which upkeep rebuilds once (indexes.py says why).
        trained = self.meta().get(VECTOR_INDEX_ROWS) if retrain_growth else None
        built = ensure_indexes(
            self._tables[CHUNKS],
            self._tables[DOCUMENTS],
            self.ann_index_min_rows,
            trained_rows=int(trained) if trained else None,
            retrain_growth=retrain_growth,
        )
        if built is not None:
            self.set_meta(**{VECTOR_INDEX_ROWS: str(built)})

    def optimize(self) -> None:
        """Bring indexes up to date, compact files and fold new rows into every index; safe while serving.

        This is also where a vector index is retrained once the table has grown 4x since it was trained, or its
        new rows sit in more than ``MAX_VECTOR_INDEX_PARTS`` delta parts (a minute's work at a million chunks: a
        maintenance job, not an ingest request).
        """
        self.ensure_indexes(retrain_growth=4.0)
        optimize_tables(self._tables.values(), self.keep_versions_s)

    def reset_chunks(self, embedder_name: str, dimension: int) -> None:
        """Drop and recreate the chunks table for another embedder (``answerbase reindex``)."""
        self._db.drop_table(CHUNKS)
        self._tables[CHUNKS] = self._db.create_table(CHUNKS, schema=table_schemas(dimension)[CHUNKS])
        self.set_meta(embedder=embedder_name, dimension=str(dimension), schema_version=SCHEMA_VERSION)
