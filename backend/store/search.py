"""Search over chunks: vector (cosine), full-text (LanceDB native BM25), or both fused by weighted RRF.

Tenant and context filters are pre-filters (backed by bitmap indexes), so another tenant's chunks are
never candidates. Hits are checked against the committed document revisions before they are returned.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Literal

import numpy as np
from lancedb.query import MatchQuery

from backend.models import SearchHit
from backend.store.lance_store import LanceStore
from backend.store.schema import CHUNKS, where

SearchMode = Literal["hybrid", "vector", "fulltext"]
_NPROBES = 20
_REFINE_FACTOR = 5
_COLUMNS = ["id", "document_id", "revision", "context_id", "ordinal", "text", "name", "source", "type"]


def reciprocal_rank_fusion(
    ranked_lists: Sequence[tuple[Sequence[Hashable], float]], k: int = 60
) -> dict[Hashable, float]:
    """Fuse ranked lists of ids: each id scores ``sum(weight / (k + rank))`` over the lists it is in."""
    scores: dict[Hashable, float] = {}
    for ids, weight in ranked_lists:
        for rank, item in enumerate(ids, start=1):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    return scores


class ChunkSearch:
    """Ranks a tenant's chunks for a query."""

    def __init__(self, store: LanceStore, *, rrf_k: int = 60, fulltext_weight: float = 1.5,
                 candidates: int = 50) -> None:
        self._store = store
        self._rrf_k = rrf_k
        self._fulltext_weight = fulltext_weight
        self._candidates = candidates
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="vector-search")

    def search(
        self, *, tenant: str, query_text: str, query_vector: np.ndarray | None, context_id: str | None = None,
        mode: SearchMode = "hybrid", limit: int = 10, per_document: bool = True,
    ) -> list[SearchHit]:
        """The best ``limit`` passages, best first; one per document unless ``per_document`` is False."""
        filter_ = where(tenant=tenant, context_id=context_id)
        # Several passages of one document can crowd the top; look deeper when collapsing by document.
        depth = max(self._candidates, limit * (4 if per_document else 1))
        rows: dict[str, dict] = {}
        lists: list[tuple[list[str], float]] = []
        use_vector = mode in ("vector", "hybrid") and query_vector is not None
        # The two queries are independent and run in LanceDB's native code: overlap them.
        vector_found = self._pool.submit(self._vector, query_vector, filter_, depth) if use_vector else None
        if mode in ("fulltext", "hybrid"):
            found = self._fulltext(query_text, filter_, depth)
            rows.update((r["id"], r) for r in found)
            lists.append(([r["id"] for r in found], self._fulltext_weight if mode == "hybrid" else 1.0))
        if vector_found is not None:
            found = vector_found.result()
            rows.update((r["id"], r) for r in found)
            lists.append(([r["id"] for r in found], 1.0))
        scores = reciprocal_rank_fusion(lists, self._rrf_k)
        ranked = sorted(scores, key=lambda chunk_id: scores[chunk_id], reverse=True)
        live = self._store.live_revisions(rows[c]["document_id"] for c in ranked)
        hits: list[SearchHit] = []
        seen: set[str] = set()
        for chunk_id in ranked:
            row = rows[chunk_id]
            if live.get(row["document_id"]) != row["revision"]:
                continue  # a version being written or replaced: not committed, not visible
            if per_document and row["document_id"] in seen:
                continue
            seen.add(row["document_id"])
            hits.append(self._hit(row, scores[chunk_id]))
            if len(hits) == limit:
                break
        return hits

    def _vector(self, vector: np.ndarray, filter_: str, depth: int) -> list[dict]:
        query = (
            self._store.table(CHUNKS).search(vector, vector_column_name="vector").distance_type("cosine")
            .where(filter_, prefilter=True).select([*_COLUMNS, "_distance"]).limit(depth)
            # With an ANN index (quantised vectors), re-rank the candidates on full vectors so near-ties
            # resolve correctly; without one the search is exact and these are no-ops.
            .nprobes(_NPROBES).refine_factor(_REFINE_FACTOR)
        )
        return query.to_list()

    def _fulltext(self, text: str, filter_: str, depth: int) -> list[dict]:
        if not text.strip():
            return []
        query = (
            self._store.table(CHUNKS).search(MatchQuery(text, "text"), query_type="fts")
            .where(filter_, prefilter=True).select([*_COLUMNS, "_score"]).limit(depth)
        )
        return query.to_list()

    @staticmethod
    def _hit(row: dict, score: float) -> SearchHit:
        extra = {k: float(row[k]) for k in ("_distance", "_score") if row.get(k) is not None}
        return SearchHit(
            document_id=row["document_id"], context_id=row["context_id"] or None, name=row["name"],
            source=row["source"], type=row["type"], text=row["text"], ordinal=row["ordinal"], score=score,
            extra=extra,
        )
