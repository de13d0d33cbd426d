"""An embedder that loads in a background thread, so a process can serve what needs no vectors at once.

The console's embedded API uses it: contexts, documents and keys answer while the model loads (a few seconds
of torch import, weights and ONNX export); a search, question or upload waits for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future

import numpy as np

from backend.embed.base import Embedder


class BackgroundEmbedder:
    """Starts ``load()`` in a daemon thread; ``name`` and ``dimension`` are known up front, calls wait for it."""

    def __init__(self, load: Callable[[], Embedder], name: str, dimension: int) -> None:
        self.name, self.dimension = name, dimension
        self._loaded: Future[Embedder] = Future()
        threading.Thread(target=self._load, args=(load,), name="embedder-load", daemon=True).start()

    def _load(self, load: Callable[[], Embedder]) -> None:
        try:
            embedder = load()
            if (embedder.name, embedder.dimension) != (self.name, self.dimension):
                raise RuntimeError(
                    f"the embedder loaded as {embedder.name!r} (dimension {embedder.dimension}), "
                    f"not {self.name!r} (dimension {self.dimension}) as announced"
                )
            self._loaded.set_result(embedder)
        except BaseException as exc:  # re-raised in every caller: a broken model must not fail silently
            self._loaded.set_exception(exc)

    @property
    def ready(self) -> bool:
        """Whether the model has finished loading (successfully or not)."""
        return self._loaded.done()

    def wait(self, timeout: float | None = None) -> Embedder:
        """The loaded embedder, waiting up to ``timeout`` seconds; re-raises the loader's error."""
        return self._loaded.result(timeout)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self.wait().embed_documents(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self.wait().embed_query(text)
