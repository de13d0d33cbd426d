"""Persistence: the only package that imports lancedb."""

from backend.store.lance_store import LanceStore, retry_on_conflict
from backend.store.search import ChunkSearch, SearchMode, reciprocal_rank_fusion

__all__ = ["ChunkSearch", "LanceStore", "SearchMode", "reciprocal_rank_fusion", "retry_on_conflict"]
