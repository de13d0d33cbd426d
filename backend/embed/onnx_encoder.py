"""Run a sentence-transformers mean-pooling model through ONNX Runtime instead of torch.

Same vectors (max difference ~1e-7 measured on MiniLM), less overhead per call: one query embeds in
~3.4 ms instead of ~8 ms, and batches of chunks go ~1.6x faster on this CPU (bench/search_latency.py and
bench/ingest.py). The graph is exported from the loaded torch model in memory at start-up (~1 s), so no
model file is written and nothing is fetched.

Two sessions run the same graph: a wide one with a thread per core, for a call made while no other is embedding,
and a narrow one with one thread, for calls made meanwhile (each concurrent call gets a core, rather than all of them
sharing and oversubscribing the wide one's threads). On this 2-core machine (bench/api_ingest.py, 2026-11-26) the
wide session embeds chunks at 1.6x the narrow one's rate (42.5 vs 26.0 chunks/s) and a query in 2.8 instead of 3.6 ms.
"""

from __future__ import annotations

import io
import threading
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def supports(model: Any) -> bool:
    """Whether ``model`` is the shape this encoder reproduces: transformer, mean pooling, normalisation."""
    names = [type(module).__name__ for module in model]
    if names != ["Transformer", "Pooling", "Normalize"]:
        return False
    return model[1].get_config_dict().get("pooling_mode") == "mean"


class OnnxEncoder:
    """Normalised mean-pooled embeddings of texts, computed by ONNX Runtime; thread-safe."""

    def __init__(self, model: Any, threads: int) -> None:
        """``threads``: of the wide session (1: one session only)."""
        import torch

        self._tokenizer = model.tokenizer
        self._max_length = int(model.max_seq_length)
        transformer = model[0].auto_model.eval()

        class _Hidden(torch.nn.Module):  # keyword arguments, one tensor out: what the exporter traces well
            def __init__(self) -> None:
                super().__init__()
                self.transformer = transformer  # a submodule, so its weights export as parameters

            def forward(self, input_ids, attention_mask, token_type_ids):
                return self.transformer(
                    input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
                ).last_hidden_state

        sample = self._tokenizer(["an example sentence"], return_tensors="pt")
        graph = io.BytesIO()
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # tracer chatter about Python control flow, harmless here
            torch.onnx.export(
                _Hidden(),
                tuple(sample[name] for name in _INPUTS),
                graph,  # type: ignore[arg-type]  # a file object works (torch's docs); the stub says paths only
                input_names=list(_INPUTS),
                output_names=["hidden"],
                opset_version=17,
                dynamo=False,
                dynamic_axes={name: {0: "batch", 1: "tokens"} for name in (*_INPUTS, "hidden")},
            )
        self._narrow = _session(graph.getvalue(), 1)
        self._wide = _session(graph.getvalue(), threads) if threads > 1 else self._narrow
        self._wide_free = threading.Lock()  # held by the call using the wide session
        self.threads = threads

    def encode(self, texts: Sequence[str], batch_size: int) -> np.ndarray:
        """Unit vectors for ``texts``, shape ``(len(texts), dimension)``, in the order given."""
        wide = self._wide_free.acquire(blocking=False)  # never waits: a busy wide session means a narrow one
        try:
            session = self._wide if wide else self._narrow
            # Batch texts of similar length together so little of each batch is padding.
            order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
            vectors: list[np.ndarray] = []
            for start in range(0, len(order), batch_size):
                vectors.append(self._encode_batch(session, [texts[i] for i in order[start : start + batch_size]]))
        finally:
            if wide:
                self._wide_free.release()
        stacked = np.concatenate(vectors)
        out = np.empty_like(stacked)
        out[order] = stacked
        return out

    def _encode_batch(self, session: Any, texts: list[str]) -> np.ndarray:
        tokens = self._tokenizer(texts, return_tensors="np", truncation=True, max_length=self._max_length, padding=True)
        hidden = session.run(None, {name: tokens[name].astype(np.int64) for name in _INPUTS})[0]
        mask = tokens["attention_mask"][..., None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.maximum(mask.sum(axis=1), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype(np.float32)


def _session(graph: bytes, threads: int) -> Any:
    """An ONNX Runtime CPU session over ``graph`` with ``threads`` threads for its operators."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1  # the graph is one chain of operators: nothing to run side by side
    # Idle pool threads sleep instead of spinning: spinning threads took the cores of the searches' LanceDB queries
    # running beside a query's embedding (bench/api_ingest.py, search p50 over HTTP: 25.6 ms spinning, 19.6 not).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return onnxruntime.InferenceSession(graph, options, providers=["CPUExecutionProvider"])
