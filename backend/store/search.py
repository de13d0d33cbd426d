"""Search candidates over chunks: the vector list (cosine) and the full-text list (LanceDB native BM25), fetched once
each and side by side; and which of them belong to committed document revisions. How they are fused into one
relevance and ranked is the retriever's (``backend/retrieval.py``).

Tenant and context filters are pre-filters (backed by bitmap indexes), so another tenant's chunks are
never candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal

import numpy as np
from lancedb.query import FullTextOperator, MultiMatchQuery

from backend.config import SearchSettings
from backend.store.lance_store import LanceStore
from backend.store.schema import CHUNKS
from backend.timing import in_context, timed

SearchMode = Literal["hybrid", "vector", "fulltext"]
QueryVector = np.ndarray | Callable[[], np.ndarray]
_COLUMNS = ["id", "document_id", "revision", "context_id", "ordinal", "text", "name", "source", "type"]


@dataclass(frozen=True)
class Candidates:
    """A query's candidates before fusion: each list's rows in its own order, and every candidate's cosine."""

    fulltext: list[dict]  # BM25 order, each with its ``_score``
    vector: list[dict]  # nearest first, each with its cosine ``_distance``
    similarity: dict[str, float]  # chunk id → cosine similarity to the query (every candidate, when embedded)
    rows: dict[str, dict]  # chunk id → row


class ChunkSearch:
    """Ranks a tenant's chunks for a query."""

    def __init__(self, store: LanceStore, settings: SearchSettings) -> None:
        self._store = store
        self._candidates = settings.candidates
        # Of ~sqrt(rows) IVF partitions (indexes.py): 40 of 316 at 100k chunks gave recall@10 0.99.
        self._min_nprobes = settings.min_nprobes
        self._title_boost = settings.title_boost  # BM25 weight of a chunk's title path beside its text
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="fulltext-search")

    def committed(self, ranked: list[str], rows: dict[str, dict], lookahead: int) -> Iterator[str]:
        """The chunk ids of ``ranked`` whose document revision is committed, in order: a version being written or
        replaced is not visible. Documents are checked ``lookahead`` at a time in rank order: usually one lookup covers
        every hit, and a short lookup is cheaper than one for all the candidates."""
        documents = list(dict.fromkeys(rows[c]["document_id"] for c in ranked))
        live: dict[str, str] = {}
        checked: set[str] = set()
        for chunk_id in ranked:
            row = rows[chunk_id]
            if row["document_id"] not in checked:
                batch = [d for d in documents if d not in checked][:lookahead]
                with timed("revisions"):
                    live |= self._store.documents.live_revisions(batch)
                checked.update(batch)
            if live.get(row["document_id"]) == row["revision"]:
                yield chunk_id

    def candidates(
        self, query_text: str, query_vector: QueryVector | None, filter_: str, mode: SearchMode = "hybrid"
    ) -> Candidates:
        """Each list's candidates for a query within ``filter_`` (``schema.where``), before fusion: the same
        ``candidates`` depth at any limit."""
        # The same depth at any limit: the first k results of a larger limit are the results for k.
        depth = self._candidates
        use_fulltext = mode in ("fulltext", "hybrid") and bool(query_text.strip())
        # LanceDB runs queries in native code without the GIL, so this thread is free meanwhile.
        fulltext_found = (
            self._pool.submit(in_context(self._fulltext), query_text, filter_, depth, query_vector is not None)
            if use_fulltext
            else None
        )
        vector_rows: list[dict] = []
        vector: np.ndarray | None = None
        if mode in ("vector", "hybrid") and query_vector is not None:
            vector = query_vector() if callable(query_vector) else query_vector
            with timed("vector"):
                vector_rows = self._vector(vector, filter_, depth)
        with timed("fulltext-wait"):  # what the full-text query adds after the vector side is done
            fulltext_rows = fulltext_found.result() if fulltext_found is not None else []
        similarity = {r["id"]: 1.0 - r["_distance"] for r in vector_rows}
        if vector is not None:  # full-text matches beyond the vector list: the same cosine, from their vectors
            similarity |= {
                r["id"]: float(np.dot(r["vector"], vector)) for r in fulltext_rows if r["id"] not in similarity
            }
        return Candidates(fulltext_rows, vector_rows, similarity, {r["id"]: r for r in (*fulltext_rows, *vector_rows)})

    def _vector(self, vector: np.ndarray, filter_: str, depth: int) -> list[dict]:
        query = (
            self._store.table(CHUNKS)
            .search(vector, vector_column_name="vector")
            .distance_type("cosine")
            .where(filter_, prefilter=True)
            .select([*_COLUMNS, "_distance"])
            .limit(depth)
            # With an IVF index, probe at least this many partitions, and more (up to all) until ``depth``
            # chunks pass the filter: a small context has few chunks in any one partition. Without an
            # index the search is exact and these are no-ops.
            .minimum_nprobes(self._min_nprobes)
            .maximum_nprobes(0)
        )
        return query.to_list()

    def _fulltext(self, text: str, filter_: str, depth: int, with_vectors: bool) -> list[dict]:
        with timed("fulltext"):
            return self._fulltext_rows(text, filter_, depth, with_vectors)

    def _fulltext_rows(self, text: str, filter_: str, depth: int, with_vectors: bool) -> list[dict]:
        query = (
            self._store.table(CHUNKS)
            .search(
                MultiMatchQuery(text, ["text", "title"], boosts=[1.0, self._title_boost], operator=FullTextOperator.OR),
                query_type="fts",
            )
            .where(filter_, prefilter=True)
            .select([*_COLUMNS, "_score", *(["vector"] if with_vectors else [])])
            .limit(depth)
        )
        return query.to_list()
