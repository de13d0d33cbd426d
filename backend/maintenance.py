"""Maintenance that rebuilds data: re-embedding every document after the embedder or the indexing changed."""

from __future__ import annotations

from backend.config import Settings
from backend.embed import build_embedder
from backend.ingest import Ingestor
from backend.services import open_store

_BATCH = 64


def reindex(settings: Settings) -> int:
    """Drop every chunk and index all documents again (chunks, title paths, vectors) with the configured embedder;
    returns the number of documents."""
    embedder = build_embedder(settings.embedder)
    store = open_store(settings, embedder, check_embedder=False)
    store.reset_chunks(embedder.name, embedder.dimension)
    ingestor = Ingestor(store, embedder, settings.ingest)
    rows = store.documents.rows()
    for start in range(0, len(rows), _BATCH):
        ingestor.rebuild(rows[start : start + _BATCH])
    store.ensure_indexes()
    return len(rows)
