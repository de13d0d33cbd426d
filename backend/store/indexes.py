"""Index upkeep for the LanceDB tables, and the retry that every write goes through."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any, TypeVar

from lancedb.index import FTS, Bitmap, BTree, IvfHnswSq

T = TypeVar("T")
REINDEX_AFTER_ROWS = 20_000  # unindexed rows tolerated before the indexes are updated
# Full-text for BM25; bitmaps for the tenant/context pre-filters; a B-tree for deletes by document.
_CHUNK_INDEXES = {"text": FTS, "tenant": Bitmap, "context_id": Bitmap, "document_id": BTree}


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


def ensure_indexes(chunks: Any, documents: Any, ann_index_min_rows: int) -> None:
    """Keep the chunk and document indexes fit for the tables' sizes.

    Full-text and scalar indexes are created once there are rows (they need data); an ANN vector
    index once brute force stops paying (``ann_index_min_rows``); and when many rows were added since
    the last index update, ``optimize`` folds them in (new rows are searchable before that, but slower).
    """
    indexes = chunks.list_indices()
    have = {tuple(index.columns) for index in indexes}
    rows = chunks.count_rows()
    if rows > 0:
        for column, config in _CHUNK_INDEXES.items():
            if (column,) not in have:
                retry_on_conflict(lambda c=column, k=config: chunks.create_index(c, config=k(), replace=True))
    if not documents.list_indices() and documents.count_rows() > 0:
        # Every search checks its hits' documents by id; without an index that is a table scan.
        retry_on_conflict(lambda: documents.create_index("id", config=BTree(), replace=True))
    if ("vector",) not in have and rows >= ann_index_min_rows:
        partitions = max(1, rows // 4096)
        retry_on_conflict(lambda: chunks.create_index(
            "vector", config=IvfHnswSq(distance_type="cosine", num_partitions=partitions), replace=True))
    elif max((getattr(index, "num_unindexed_rows", 0) or 0 for index in indexes), default=0) > REINDEX_AFTER_ROWS:
        retry_on_conflict(lambda: chunks.optimize())


def optimize_tables(tables: Iterable[Any]) -> None:
    """Compact files, fold new rows into every index, and drop versions older than an hour."""
    for table in tables:
        retry_on_conflict(lambda t=table: t.optimize(cleanup_older_than=timedelta(hours=1)))
