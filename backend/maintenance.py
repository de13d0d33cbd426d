"""Maintenance that rebuilds data: re-embedding every document after the embedder changed."""

from __future__ import annotations

from backend.config import Settings
from backend.embed import build_embedder
from backend.ingest.chunking import chunk_text
from backend.models import Document, DocumentVersion
from backend.store import LanceStore

_BATCH = 64


def reindex(settings: Settings) -> int:
    """Drop every chunk and embed all documents again with the configured embedder; returns the count."""
    embedder = build_embedder(settings.embedder)
    store = LanceStore(
        settings.store_uri, dimension=embedder.dimension, embedder_name=embedder.name,
        storage_options=settings.store.storage_options,
        read_consistency_interval_s=settings.store.read_consistency_interval_s, check_embedder=False,
    )
    store.reset_chunks(embedder.name, embedder.dimension)
    rows = store.document_rows()
    for start in range(0, len(rows), _BATCH):
        versions = []
        for row in rows[start:start + _BATCH]:
            texts = [c.text for c in chunk_text(row["content"], budget=settings.ingest.chunk_tokens,
                                                overlap=settings.ingest.overlap_tokens)]
            document = LanceStore.document_of(row)
            versions.append(DocumentVersion(document=Document(**{**document.__dict__, "chunks": len(texts)}),
                                            source_key=row["source_key"], content=row["content"], texts=texts,
                                            vectors=embedder.embed_documents(texts), replaces=False))
        store.put_documents(versions)
    return len(rows)
