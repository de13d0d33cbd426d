"""An embedder backed by any OpenAI-compatible ``/v1/embeddings`` server.

Spoken with plain httpx (the openai SDK stays confined to the LLM client, per the design).
"""

from __future__ import annotations

from collections.abc import Sequence

import httpx
import numpy as np

from backend.config import EmbedderSettings
from backend.embed.base import QueryCache
from backend.errors import UpstreamError


class OpenAICompatibleEmbedder:
    """Embeddings from a remote server; vectors are normalised to unit length here."""

    def __init__(self, settings: EmbedderSettings) -> None:
        if not settings.base_url:
            raise ValueError("ANSWERBASE_EMBEDDER__BASE_URL is required for the openai embedder")
        headers = {"Authorization": f"Bearer {settings.api_key}"} if settings.api_key else {}
        self._client = httpx.Client(base_url=settings.base_url.rstrip("/"), headers=headers, timeout=60)
        self._model = settings.model
        self._batch_size = settings.batch_size
        self._cache = QueryCache(settings.query_cache_size)
        self.name = f"openai:{settings.model}"
        self.dimension = settings.dimension or len(self._request(["dimension probe"])[0])

    def _request(self, texts: list[str]) -> list[list[float]]:
        try:
            response = self._client.post("/embeddings", json={"model": self._model, "input": texts})
            response.raise_for_status()
            data = sorted(response.json()["data"], key=lambda item: item["index"])
            return [item["embedding"] for item in data]
        except (httpx.HTTPError, KeyError, ValueError) as exc:
            raise UpstreamError(f"The embedding server failed: {type(exc).__name__}") from exc

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        rows: list[list[float]] = []
        for start in range(0, len(texts), self._batch_size):
            rows.extend(self._request(list(texts[start : start + self._batch_size])))
        vectors = np.asarray(rows, dtype=np.float32).reshape(len(rows), -1)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)

    def embed_query(self, text: str) -> np.ndarray:
        return self._cache.get_or_compute(text, lambda t: self.embed_documents([t])[0])
