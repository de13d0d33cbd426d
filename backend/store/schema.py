"""Table names, Arrow schemas (created or migrated on open) and SQL-literal quoting for the LanceDB store."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from typing import Any

import pyarrow as pa

from backend.store.indexes import retry_on_conflict

SCHEMA_VERSION = "3"  # 2: chunks.created_at (orphan collection waits out in-flight writes); 3: chunks.title

# Columns added after a table was first created, with the SQL expression that fills existing rows.
# chunks.title starts as the document's name; `answerbase reindex` adds the heading paths (and their embedding).
MIGRATIONS: dict[str, dict[str, str]] = {"chunks": {"created_at": "'1970-01-01T00:00:00.000000Z'", "title": "name"}}

META, KEYS, CONTEXTS, DOCUMENTS, CHUNKS = "meta", "api_keys", "contexts", "documents", "chunks"
QUESTIONS = "questions"  # the question log (new tables need no migration: they are created on open)
GRIDS, GRID_CELLS = "grids", "grid_cells"  # extraction grids and their answered cells
ORIGINALS = "originals"  # uploaded files as they came
JOBS = "jobs"  # background tasks (batch ingests) and their per-item results
LEASES = "leases"  # who holds a store-wide duty (upkeep); see store/upkeep.py
DATA_TABLES = "data_tables"  # documents' typed tables (CSV, sheets, HTML/Markdown/DOCX tables); store/tables.py

# Rows a table is created with, in the same commit as the table. A lease row must exist before anyone claims
# it: claims are conditional updates, which LanceDB serialises, while two concurrent inserts of one key both
# land (tests/unit/test_upkeep.py::test_racing_processes_claim_the_lease_once).
SEED_ROWS: dict[str, list[dict[str, str]]] = {LEASES: [{"key": "upkeep", "value": ""}]}

_TEXT = pa.string()


def table_schemas(dimension: int) -> dict[str, pa.Schema]:
    """The schema of every table, given the embedder's vector size."""
    return {
        META: pa.schema([("key", _TEXT), ("value", _TEXT)]),
        LEASES: pa.schema([("key", _TEXT), ("value", _TEXT)]),
        KEYS: pa.schema(
            [
                ("id", _TEXT),
                ("tenant", _TEXT),
                ("name", _TEXT),
                ("prefix", _TEXT),
                ("sha256", _TEXT),
                ("created_at", _TEXT),
                ("last_used_at", _TEXT),
                ("revoked_at", _TEXT),
            ]
        ),
        CONTEXTS: pa.schema(
            [("id", _TEXT), ("tenant", _TEXT), ("name", _TEXT), ("description", _TEXT), ("created_at", _TEXT)]
        ),
        DOCUMENTS: pa.schema(
            [
                ("id", _TEXT),
                ("tenant", _TEXT),
                ("context_id", _TEXT),
                ("name", _TEXT),
                ("source", _TEXT),
                ("source_key", _TEXT),
                ("type", _TEXT),
                ("content_hash", _TEXT),
                ("chunks", pa.int32()),
                ("content", _TEXT),
                ("created_at", _TEXT),
                ("updated_at", _TEXT),
            ]
        ),
        CHUNKS: pa.schema(
            [
                ("id", _TEXT),
                ("document_id", _TEXT),
                ("revision", _TEXT),
                ("tenant", _TEXT),
                ("context_id", _TEXT),
                ("ordinal", pa.int32()),
                ("text", _TEXT),
                ("vector", pa.list_(pa.float32(), dimension)),
                ("name", _TEXT),
                ("source", _TEXT),
                ("type", _TEXT),
                ("created_at", _TEXT),
                ("title", _TEXT),
            ]
        ),
        QUESTIONS: pa.schema(
            [
                ("id", _TEXT),
                ("tenant", _TEXT),
                ("asked_at", _TEXT),
                ("type", _TEXT),
                ("question", _TEXT),
                ("context_id", _TEXT),
                ("answer", _TEXT),
                ("declined", pa.bool_()),
                ("reason", _TEXT),
                ("confidence", pa.float64()),
                ("latency_ms", pa.float64()),
            ]
        ),
        ORIGINALS: pa.schema(
            [
                ("document_id", _TEXT),
                ("tenant", _TEXT),
                ("context_id", _TEXT),
                ("filename", _TEXT),
                ("media_type", _TEXT),
                ("data", pa.large_binary()),
                ("stored_at", _TEXT),
            ]
        ),
        JOBS: pa.schema(
            [
                ("id", _TEXT),
                ("tenant", _TEXT),
                ("kind", _TEXT),
                ("context_id", _TEXT),
                ("status", _TEXT),
                ("items", _TEXT),  # JSON list of per-item results
                ("created_at", _TEXT),
                ("updated_at", _TEXT),
                ("heartbeat_at", _TEXT),
                ("finished_at", _TEXT),
            ]
        ),
        GRIDS: pa.schema(
            [
                ("id", _TEXT),
                ("tenant", _TEXT),
                ("context_id", _TEXT),
                ("name", _TEXT),
                ("columns", _TEXT),  # JSON: [{"name", "type", "question"}]
                ("document_ids", _TEXT),  # JSON list, or "" for every document of the context
                ("status", _TEXT),
                ("done", pa.int32()),
                ("total", pa.int32()),
                ("error", _TEXT),
                ("created_at", _TEXT),
                ("updated_at", _TEXT),
                ("heartbeat_at", _TEXT),
            ]
        ),
        DATA_TABLES: pa.schema(
            [
                ("id", _TEXT),
                ("tenant", _TEXT),
                ("context_id", _TEXT),
                ("document_id", _TEXT),
                ("revision", _TEXT),  # the document's content hash: read only while it is the committed one
                ("ordinal", pa.int32()),
                ("name", _TEXT),
                ("columns", _TEXT),  # JSON: [{"name", "kind", "numeric", "percent"}]
                ("row_count", pa.int64()),
                ("data", pa.large_binary()),  # Parquet
                ("created_at", _TEXT),
            ]
        ),
        GRID_CELLS: pa.schema(
            [
                ("id", _TEXT),  # grid id, document id and column name, hashed: one row per cell
                ("grid_id", _TEXT),
                ("tenant", _TEXT),
                ("document_id", _TEXT),
                ("column_name", _TEXT),
                ("data", _TEXT),  # the value as JSON ("null" when declined)
                ("confidence", pa.float64()),
                ("declined", pa.bool_()),
                ("reason", _TEXT),
                ("passage", _TEXT),
                ("span_start", pa.int32()),
                ("span_end", pa.int32()),
                ("edited", pa.bool_()),
                ("updated_at", _TEXT),
            ]
        ),
    }


def open_tables(db: Any, schemas: dict[str, pa.Schema]) -> dict[str, Any]:
    """Every table of ``schemas`` in ``db``: created when missing, migrated when older (see MIGRATIONS)."""
    existing = set(db.list_tables().tables)
    tables = {}
    for name, schema in schemas.items():
        if name in existing:
            tables[name] = _migrate(db.open_table(name), name)
        else:
            tables[name] = retry_on_conflict(
                partial(db.create_table, name, data=SEED_ROWS.get(name), schema=schema, exist_ok=True)
            )
    return tables


def _migrate(table: Any, name: str) -> Any:
    """Add the columns a newer schema has to a table created by an older version."""
    have = set(table.schema.names)
    missing = {column: fill for column, fill in MIGRATIONS.get(name, {}).items() if column not in have}
    if missing:
        retry_on_conflict(lambda: table.add_columns(missing))
    return table


def sql(value: str) -> str:
    """``value`` as a SQL string literal (single quotes doubled), for LanceDB filters."""
    return "'" + str(value).replace("'", "''") + "'"


def within(column: str, values: Iterable[str]) -> str:
    """``column IN ('a', 'b', …)``: a filter term for rows whose ``column`` is one of ``values``."""
    return f"{column} IN ({', '.join(sql(v) for v in values)})"


# Values per filter when a read or delete names many rows (an orphan sweep can name thousands): one filter per batch
# keeps each filter a size LanceDB parses quickly. A revision term is longer than an id, so fewer go in one filter.
IDS_PER_FILTER = 500
REVISIONS_PER_FILTER = 200


def within_batches(column: str, values: Sequence[str]) -> Iterator[str]:
    """``within(column, …)`` over ``values``, IDS_PER_FILTER at a time: one filter term per batch."""
    for start in range(0, len(values), IDS_PER_FILTER):
        yield within(column, values[start : start + IDS_PER_FILTER])


def other_revisions(versions: Sequence[tuple[str, str]]) -> Iterator[str]:
    """Filters for the rows of these documents at any revision but the one given (``(document id, revision)``
    pairs), REVISIONS_PER_FILTER documents a filter: what a new version of each document replaces."""
    terms = [f"(document_id = {sql(document)} AND revision != {sql(revision)})" for document, revision in versions]
    for start in range(0, len(terms), REVISIONS_PER_FILTER):
        yield " OR ".join(terms[start : start + REVISIONS_PER_FILTER])


def where(**equals: str | None) -> str:
    """A conjunction of ``column = 'value'`` terms, skipping columns whose value is None."""
    return " AND ".join(f"{column} = {sql(value)}" for column, value in equals.items() if value is not None)


def read_rows(table: Any, filter_: str | None = None, columns: list[str] | None = None) -> list[dict]:
    """Every row of ``table`` matching ``filter_`` (all columns unless ``columns``)."""
    query = table.search()
    if filter_:
        query = query.where(filter_)
    if columns:
        query = query.select(columns)
    return query.limit(None).to_list()


def upsert_rows(table: Any, on: str, rows: list[dict]) -> None:
    """Insert ``rows``, replacing those with the same ``on`` key (retried on commit conflicts)."""
    retry_on_conflict(
        lambda: table.merge_insert(on).when_matched_update_all().when_not_matched_insert_all().execute(rows)
    )
