"""Search over chunks: vector (cosine), full-text (LanceDB native BM25), or both fused into one relevance.

A candidate's relevance is ``lexical_weight`` x its BM25 score over the query's best BM25 score plus the rest x its
cosine similarity to the query: a number in [0, 1] for any query, so one floor (``min_relevance``) can say which
results are relevant. Results under the floor are still returned, after the relevant ones and marked not relevant:
a floor high enough to say "nothing here is relevant" would also drop relevant passages that rank below the first
ten (bench/fusion.py), and a search is never empty while its scope holds a passage.

Tenant and context filters are pre-filters (backed by bitmap indexes), so another tenant's chunks are
never candidates. Hits are checked against the committed document revisions before they are returned.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal

import numpy as np
from lancedb.query import FullTextOperator, MultiMatchQuery

from backend.config import SearchSettings
from backend.models import SearchHit
from backend.store.lance_store import LanceStore
from backend.store.schema import CHUNKS, where
from backend.text import terms
from backend.timing import in_context, timed

SearchMode = Literal["hybrid", "vector", "fulltext"]
QueryVector = np.ndarray | Callable[[], np.ndarray]
_COLUMNS = ["id", "document_id", "revision", "context_id", "ordinal", "text", "name", "source", "type"]


def relevance(found: Candidates, lexical_weight: float, query: str = "") -> dict[str, float]:
    """Each candidate's relevance in [0, 1]: ``lexical_weight`` x its BM25 score over the best BM25 score of the
    query, scaled by the share of the query's terms it holds (``query`` given), plus ``1 - lexical_weight`` x its
    cosine similarity (0 for what the other list did not find).

    The share keeps the best BM25 match from a full lexical score it did not earn: for "parental leave policy" a
    travel memo that says only "policy" is the best BM25 match of a corpus with no parental leave in it, and over
    the best it scored 1 (relevance 0.39, over the floor, with 0.19 of cosine similarity).
    """
    best = max((r["_score"] for r in found.fulltext), default=0.0) or 1.0
    asked = set(terms(query))

    def held(chunk_id: str) -> float:
        if not asked:
            return 1.0
        row = found.rows[chunk_id]
        return len(asked & set(terms(f"{row['name']} {row['text']}"))) / len(asked)

    lexical = {r["id"]: r["_score"] / best * held(r["id"]) for r in found.fulltext}
    return {
        chunk_id: lexical_weight * lexical.get(chunk_id, 0.0)
        + (1.0 - lexical_weight) * max(0.0, found.similarity.get(chunk_id, 0.0))
        for chunk_id in found.rows
    }


def _plain(text: str) -> str:
    """Lower-case words only: "Travel Policy (2026).pdf" and "travel policy 2026 pdf" are the same name."""
    return " ".join(re.findall(r"\w+", text.lower()))


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
        self._lexical_weight = settings.lexical_weight
        self._min_relevance = settings.min_relevance
        self._candidates = settings.candidates
        # Of ~sqrt(rows) IVF partitions (indexes.py): 40 of 316 at 100k chunks gave recall@10 0.99.
        self._min_nprobes = settings.min_nprobes
        self._title_boost = settings.title_boost  # BM25 weight of a chunk's title path beside its text
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="fulltext-search")

    def search(
        self,
        *,
        tenant: str,
        query_text: str,
        query_vector: QueryVector | None,
        context_id: str | None = None,
        document_id: str | None = None,
        mode: SearchMode = "hybrid",
        limit: int = 10,
        per_document: bool = True,
        term_share: bool = True,
    ) -> list[SearchHit]:
        """The best ``limit`` passages, best first; one per document unless ``per_document`` is False; ``term_share``
        False ranks by BM25 over the best alone (see :func:`relevance`).

        Each is marked relevant when it reaches ``min_relevance`` (or is a passage of the document the query names).
        ``query_vector`` may be a function that computes it: it is then called while the full-text query runs, so
        embedding the query and BM25 overlap.
        """
        scope = where(tenant=tenant, context_id=context_id, document_id=document_id)
        found = self.candidates(query_text, query_vector, scope, mode)
        weight = {"hybrid": self._lexical_weight, "fulltext": 1.0, "vector": 0.0}[mode]
        with timed("relevance"):
            scores, rows = relevance(found, weight, query_text if term_share else ""), found.rows
        # A query that is exactly a document's name asks for that document: its passages go first.
        wanted = _plain(query_text)
        named = {chunk_id for chunk_id, row in rows.items() if _plain(row["name"]) == wanted}
        ranked = sorted(scores, key=lambda chunk_id: (chunk_id not in named, -scores[chunk_id]))
        documents = list(dict.fromkeys(rows[c]["document_id"] for c in ranked))  # in rank order
        live: dict[str, str] = {}
        checked: set[str] = set()
        hits: list[SearchHit] = []
        seen: set[str] = set()
        for chunk_id in ranked:
            row = rows[chunk_id]
            if row["document_id"] not in checked:
                # Check the next few documents in rank order at once: usually one lookup covers every hit,
                # and a short lookup is cheaper than one for all the candidates.
                batch = [d for d in documents if d not in checked][: limit + 5]
                with timed("revisions"):
                    live |= self._store.documents.live_revisions(batch)
                checked.update(batch)
            if live.get(row["document_id"]) != row["revision"]:
                continue  # a version being written or replaced: not committed, not visible
            if per_document and row["document_id"] in seen:
                continue
            seen.add(row["document_id"])
            relevant = scores[chunk_id] >= self._min_relevance or chunk_id in named
            hits.append(self._hit(row, scores[chunk_id], found.similarity.get(chunk_id), relevant))
            if len(hits) == limit:
                break
        return hits

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

    @staticmethod
    def _hit(row: dict, score: float, similarity: float | None, relevant: bool) -> SearchHit:
        return SearchHit(
            document_id=row["document_id"],
            context_id=row["context_id"] or None,
            name=row["name"],
            source=row["source"],
            type=row["type"],
            text=row["text"],
            ordinal=row["ordinal"],
            score=score,
            similarity=None if similarity is None else round(similarity, 4),
            relevant=relevant,
        )
