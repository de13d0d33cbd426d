"""Index upkeep for the LanceDB tables, and the retry that every write goes through."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from datetime import timedelta
from functools import partial
from typing import Any, TypeVar

from lancedb.index import FTS, Bitmap, BTree, IvfFlat

T = TypeVar("T")
REINDEX_AFTER_ROWS = 20_000  # unindexed rows tolerated before the indexes are updated
# Full-text for BM25 (the passage and its title path); bitmaps for the tenant/context pre-filters; a B-tree for
# deletes by document.
_CHUNK_INDEXES = {"text": FTS, "title": FTS, "tenant": Bitmap, "context_id": Bitmap, "document_id": BTree}
# IVF_FLAT keeps full vectors, so distances are exact and need no re-ranking pass. Measured at 100k chunks
# (bench/search_latency.py's store): ~8 ms per query with recall@10 0.99, where IVF_HNSW_SQ needed a
# refine pass (+6 ms) to reach 0.98 and slowed down twice as much under a context pre-filter.
# The index is sized by ``target_partition_size``, not ``num_partitions``: LanceDB 0.40's optimize() (upkeep's)
# re-partitions an index built with a partition count into a few large partitions, even with no new rows, and
# then most of the table is scanned. On that store (2026-11-26, 200 typed-QA and SciFact queries, 40 probes, ids
# only): built by count, 6.7 ms fresh and 12.2 ms after one optimize; built by size, 6.8 ms after it, having kept
# its ~316 partitions (SciFact claims: recall@10 0.982 against exact search; every sampled row found in 2 probes).
VECTOR_INDEX_TYPE = "IvfFlat"
# Built by size, optimize() adds new rows as a delta part beside the index instead of merging them, and each part
# costs a query ~0.4 ms (same store, SciFact claims, 1,000 rows added per optimize: 4.9 ms with 1 part, 6.3-7.9 ms
# with 3-4, 10.7 ms with 13). Upkeep retrains the index past this many parts (4.5 s at 100k chunks, and upkeep runs
# at most once a minute while rows arrive).
MAX_VECTOR_INDEX_PARTS = 4


def retry_on_conflict(write: Callable[[], T], attempts: int = 8) -> T:
    """Run ``write``, retrying when another writer committed first (LanceDB's optimistic concurrency)."""
    for attempt in range(attempts):
        try:
            return write()
        except Exception as exc:  # lancedb raises plain RuntimeError/OSError for commit conflicts
            if "conflict" not in str(exc).lower() or attempt == attempts - 1:
                raise
            time.sleep(0.05 * (2**attempt))
    raise AssertionError("unreachable")


def ensure_indexes(
    chunks: Any,
    documents: Any,
    ann_index_min_rows: int,
    *,
    trained_rows: int | None = None,
    retrain_growth: float | None = None,
) -> int | None:
    """Keep the chunk and document indexes fit for the tables' sizes.

    Full-text and scalar indexes are created once there are rows (they need data); an ANN vector
    index once brute force stops paying (``ann_index_min_rows``); and when many rows were added since
    the last index update, ``optimize`` folds them in (new rows are searchable before that, but slower).
    With ``retrain_growth`` (upkeep, not ingest), the vector index is rebuilt when it has outgrown its partitions:
    it was trained on ``trained_rows`` (None: by an older version, which sized it by count) and the table has grown
    that many times over, or it is split in more than ``MAX_VECTOR_INDEX_PARTS`` parts.
    Returns the row count a vector index was just built for, else None.
    """
    indexes = chunks.list_indices()
    have = {tuple(index.columns) for index in indexes}
    rows = chunks.count_rows()
    if rows > 0:
        for column, config in _CHUNK_INDEXES.items():
            if (column,) not in have:
                retry_on_conflict(partial(chunks.create_index, column, config=config(), replace=True))
    if not documents.list_indices() and documents.count_rows() > 0:
        # Every search checks its hits' documents by id; without an index that is a table scan.
        retry_on_conflict(lambda: documents.create_index("id", config=BTree(), replace=True))
    vector_index = next((index for index in indexes if tuple(index.columns) == ("vector",)), None)
    # Build the ANN index once it pays; rebuild one of another type (stores made by older versions).
    outgrown = retrain_growth is not None and (
        trained_rows is None
        or rows >= retrain_growth * trained_rows
        or (vector_index is not None and _parts(chunks, vector_index.name) > MAX_VECTOR_INDEX_PARTS)
    )
    if rows >= ann_index_min_rows and (
        vector_index is None or vector_index.index_type != VECTOR_INDEX_TYPE or outgrown
    ):
        # ~sqrt(rows) partitions of ~sqrt(rows) vectors each: a query scans search.py's probes x that.
        size = max(1, round(math.sqrt(rows)))
        retry_on_conflict(
            lambda: chunks.create_index(
                "vector", config=IvfFlat(distance_type="cosine", target_partition_size=size), replace=True
            )
        )
        return rows
    if max((getattr(index, "num_unindexed_rows", 0) or 0 for index in indexes), default=0) > REINDEX_AFTER_ROWS:
        retry_on_conflict(lambda: chunks.optimize())
    return None


def _parts(table: Any, index_name: str) -> int:
    """How many parts (the index and its deltas) an index is split in."""
    stats = table.index_stats(index_name)
    return (stats.num_indices or 1) if stats is not None else 1


def optimize_tables(tables: Iterable[Any], keep_versions_s: float) -> None:
    """Compact files, fold new rows into every index, and drop versions older than ``keep_versions_s``."""
    for table in tables:
        retry_on_conflict(partial(table.optimize, cleanup_older_than=timedelta(seconds=keep_versions_s)))
