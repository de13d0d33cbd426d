"""The ``Embedder`` protocol, a query cache shared by all embedders, and the registry by provider name."""

from __future__ import annotations

import importlib
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


# provider name → "module:class", imported only when chosen (torch is slow to load and not always needed)
EMBEDDERS = {
    "local": "backend.embed.local:LocalEmbedder",
    "openai": "backend.embed.openai_compatible:OpenAICompatibleEmbedder",
}


def build_embedder(settings: EmbedderSettings) -> Embedder:
    """The embedder registered under ``settings.provider``."""
    if settings.provider not in EMBEDDERS:
        raise ValueError(f"unknown embedder provider {settings.provider!r}; known: {', '.join(EMBEDDERS)}")
    module_name, class_name = EMBEDDERS[settings.provider].split(":")
    return getattr(importlib.import_module(module_name), class_name)(settings)
