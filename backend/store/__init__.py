"""Persistence: the only package that imports lancedb."""

from backend.store.lance_store import LanceStore, retry_on_conflict
from backend.store.search import Candidates, ChunkSearch, SearchMode

__all__ = ["Candidates", "ChunkSearch", "LanceStore", "SearchMode", "retry_on_conflict"]
