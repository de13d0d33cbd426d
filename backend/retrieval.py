"""Retrieval: a query's text and vector → ranked passages of one tenant (and optionally one context)."""

from __future__ import annotations

import numpy as np

from backend.config import SearchSettings
from backend.embed import Embedder
from backend.errors import NotFound
from backend.models import SearchHit
from backend.store import ChunkSearch, LanceStore, SearchMode
from backend.timing import timed


class Retriever:
    """Embeds the query (cached) and runs the store's search in the configured mode."""

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
        ``term_share`` False ranks as before the query's terms scaled BM25 (``store.search.relevance``).

        The context is looked up only when nothing was found: a hit scoped to it proves it exists, and
        skipping the lookup keeps a query off the hot path.
        """
        mode = mode or self._settings.mode

        def vector() -> np.ndarray:  # passed as a function: the store embeds the query while its full-text query runs
            with timed("embed"):
                return self._embedder.embed_query(query)

        hits = self._search.search(
            tenant=tenant,
            query_text=query,
            query_vector=vector if mode != "fulltext" else None,
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
