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
# But LanceDB 0.40's optimize() (upkeep's, and the one right after a rebuild here) re-partitions the index into a
# few large partitions, even with no new rows: on that store, SciFact claims took 5.5 ms at recall@10 0.990 with a
# fresh 316-partition index and 40 probes, and 10.7-12.2 ms (recall 1.0, most partitions scanned) after any optimize
# (2026-11-26). Keeping them (pylance 13.0.0's optimize_indices for every other index, and a rebuild when the
# unindexed rows grow) was tried and left out: with the columns a search selects, the query fell only 14.8 -> 13.3
# ms, because fetching 50 candidates' columns costs as much as the scan; it pays with a search that fetches ids first.
VECTOR_INDEX_TYPE = "IvfFlat"


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
    With ``retrain_growth``, a vector index trained on ``trained_rows`` is rebuilt once the table has grown
    that many times over (its partitions, sized for the smaller table, would make every query scan more).
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
    outgrown = bool(retrain_growth and trained_rows and rows >= retrain_growth * trained_rows)
    if rows >= ann_index_min_rows and (
        vector_index is None or vector_index.index_type != VECTOR_INDEX_TYPE or outgrown
    ):
        # ~sqrt(rows) partitions of ~sqrt(rows) vectors each: a query scans search.py's probes x that.
        partitions = max(1, round(math.sqrt(rows)))
        retry_on_conflict(
            lambda: chunks.create_index(
                "vector", config=IvfFlat(distance_type="cosine", num_partitions=partitions), replace=True
            )
        )
        return rows
    if max((getattr(index, "num_unindexed_rows", 0) or 0 for index in indexes), default=0) > REINDEX_AFTER_ROWS:
        retry_on_conflict(lambda: chunks.optimize())
    return None


def optimize_tables(tables: Iterable[Any], keep_versions_s: float) -> None:
    """Compact files, fold new rows into every index, and drop versions older than ``keep_versions_s``."""
    for table in tables:
        retry_on_conflict(partial(table.optimize, cleanup_older_than=timedelta(seconds=keep_versions_s)))
