"""The ``Embedder`` protocol, a query cache shared by all embedders, and the registry by provider name."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from threading import Lock
from typing import Protocol

import numpy as np

from backend.config import EmbedderSettings


class Embedder(Protocol):
    """Turns passages and queries into unit-length float32 vectors of a fixed dimension."""

    name: str
    dimension: int

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


class QueryCache:
    """A thread-safe LRU of query vectors, so a repeated query costs no model call."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = Lock()

    def get_or_compute(self, text: str, compute: Callable[[str], np.ndarray]) -> np.ndarray:
        with self._lock:
            if text in self._items:
                self._items.move_to_end(text)
                return self._items[text]
        vector = compute(text)
        with self._lock:
            self._items[text] = vector
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return vector


def build_embedder(settings: EmbedderSettings) -> Embedder:
    """The embedder named by ``settings.provider`` (imports only the adapter in use)."""
    if settings.provider == "local":
        from backend.embed.local import LocalEmbedder

        return LocalEmbedder(settings)
    if settings.provider == "openai":
        from backend.embed.openai_compatible import OpenAICompatibleEmbedder

        return OpenAICompatibleEmbedder(settings)
    raise ValueError(f"unknown embedder provider {settings.provider!r}")
