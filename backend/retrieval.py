"""Retrieval: a query's text and vector → ranked passages of one tenant (and optionally one context).

The store fetches candidates (``store/search.py``: the vector list and the BM25 list, once each); the retriever fuses
them into one relevance and ranks them. A candidate's relevance is ``lexical_weight`` x its BM25 score over the
query's best BM25 score (scaled by the share of the query's terms it holds) plus the rest x its cosine similarity to
the query: a number in [0, 1] for any query, so one floor (``min_relevance``) can say which results are relevant.
Results under the floor are still returned, after the relevant ones and marked not relevant: a floor high enough to
say "nothing here is relevant" would also drop relevant passages that rank below the first ten (bench/fusion.py),
and a search is never empty while its scope holds a passage. Hits are only of committed document revisions.
"""

from __future__ import annotations

import re

import numpy as np

from backend.config import SearchSettings
from backend.embed import Embedder
from backend.errors import NotFound
from backend.models import SearchHit
from backend.store import Candidates, ChunkSearch, LanceStore, SearchMode
from backend.store.schema import where
from backend.store.search import QueryVector
from backend.text import held_terms, terms
from backend.timing import timed


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
        return len(held_terms(asked, f"{row['name']} {row['text']}")) / len(asked)

    lexical = {r["id"]: r["_score"] / best * held(r["id"]) for r in found.fulltext}
    return {
        chunk_id: lexical_weight * lexical.get(chunk_id, 0.0)
        + (1.0 - lexical_weight) * max(0.0, found.similarity.get(chunk_id, 0.0))
        for chunk_id in found.rows
    }


def _plain(text: str) -> str:
    """Lower-case words only: "Travel Policy (2026).pdf" and "travel policy 2026 pdf" are the same name."""
    return " ".join(re.findall(r"\w+", text.lower()))


class Retriever:
    """Embeds the query (cached), fetches the store's candidates and ranks them in the configured mode."""

    def __init__(self, store: LanceStore, embedder: Embedder, settings: SearchSettings) -> None:
        self._store = store
        self._embedder = embedder
        self._settings = settings
        self._search = ChunkSearch(store, settings)

    def search(
        self,
        tenant: str,
        query: str,
        *,
        context_id: str | None = None,
        document_id: str | None = None,
        limit: int = 10,
        per_document: bool = True,
        mode: SearchMode | None = None,
        term_share: bool = True,
    ) -> list[SearchHit]:
        """The best passages for ``query``, best first; :class:`NotFound` for a context the tenant lacks.

        ``document_id`` keeps the search inside one document (an extraction grid's cell reads only its own).
        ``term_share`` False ranks as before the query's terms scaled BM25 (:func:`relevance`).

        The context is looked up only when nothing was found: a hit scoped to it proves it exists, and
        skipping the lookup keeps a query off the hot path.
        """
        mode = mode or self._settings.mode

        def vector() -> np.ndarray:  # passed as a function: the store embeds the query while its full-text query runs
            with timed("embed"):
                return self._embedder.embed_query(query)

        hits = self.ranked(
            tenant,
            query,
            vector if mode != "fulltext" else None,
            context_id=context_id,
            document_id=document_id,
            mode=mode,
            limit=limit,
            per_document=per_document,
            term_share=term_share,
        )
        if context_id is not None and not hits and self._store.get_context(tenant, context_id) is None:
            raise NotFound(f"No context with id {context_id!r}.")
        return hits

    def ranked(
        self,
        tenant: str,
        query: str,
        query_vector: QueryVector | None,
        *,
        context_id: str | None = None,
        document_id: str | None = None,
        mode: SearchMode = "hybrid",
        limit: int = 10,
        per_document: bool = True,
        term_share: bool = True,
    ) -> list[SearchHit]:
        """The best ``limit`` passages for a query and its vector (or a function computing it), best first; one per
        document unless ``per_document`` is False. Each is marked relevant when it reaches ``min_relevance`` (or is
        a passage of the document the query names)."""
        scope = where(tenant=tenant, context_id=context_id, document_id=document_id)
        found = self._search.candidates(query, query_vector, scope, mode)
        weight = {"hybrid": self._settings.lexical_weight, "fulltext": 1.0, "vector": 0.0}[mode]
        with timed("relevance"):
            scores, rows = relevance(found, weight, query if term_share else ""), found.rows
        # A query that is exactly a document's name asks for that document: its passages go first.
        wanted = _plain(query)
        named = {chunk_id for chunk_id, row in rows.items() if _plain(row["name"]) == wanted}
        ranked = sorted(scores, key=lambda chunk_id: (chunk_id not in named, -scores[chunk_id]))
        hits: list[SearchHit] = []
        seen: set[str] = set()
        for chunk_id in self._search.committed(ranked, rows, lookahead=limit + 5):
            row = rows[chunk_id]
            if per_document and row["document_id"] in seen:
                continue
            seen.add(row["document_id"])
            relevant = scores[chunk_id] >= self._settings.min_relevance or chunk_id in named
            hits.append(_hit(row, scores[chunk_id], found.similarity.get(chunk_id), relevant))
            if len(hits) == limit:
                break
        return hits


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
