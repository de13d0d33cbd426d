"""The local model's runtime: llama.cpp (``xllamacpp``) serving one GGUF file on a loopback port of this process.

It loads once, in the background (the 1.5B model takes ~3 s from a warm disk, longer cold), so a server or the
console starts at once; a question that needs the model waits for it (``wait``), and the Status page shows its
state. The model speaks the OpenAI chat protocol on ``127.0.0.1:<free port>``: the engine reaches it through the
same client as a hosted model (``backend.answer.llm.LLMClient``), so there is one code path with two endpoints.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from backend.config import LocalSettings, available_cores
from backend.errors import ModelLoading, ModelMissing
from backend.model_files import model_file, require

log = logging.getLogger("answerbase.local")


@dataclass(frozen=True)
class RuntimeStatus:
    """What the Status page shows: ``absent`` (no model file), ``loading``, ``ready`` or ``failed``."""

    state: str
    model: str
    detail: str = ""
    load_s: float | None = None


class LocalRuntime:
    """One llama.cpp server for the process, started by :meth:`start` and kept until the process ends."""

    def __init__(self, settings: LocalSettings) -> None:
        self._settings = settings
        self._lock = threading.Lock()
        self._loaded = threading.Event()
        self._state, self._detail = "absent", ""
        self._server: Any = None  # xllamacpp.Server: it serves while referenced
        self._url = ""
        self._load_s: float | None = None

    def status(self) -> RuntimeStatus:
        """The model's state now (a model file that appeared since the last look starts loading)."""
        self.start()
        path = model_file(self._settings)
        return RuntimeStatus(self._state, path.name, self._detail or str(path), self._load_s)

    def start(self) -> bool:
        """Begin loading in the background when the model file is there and nothing is loading or loaded; True
        when the model is loaded or loading. A model that failed to load is not tried again by this process (every
        question would pay for the attempt): its state says why until the process restarts."""
        with self._lock:
            if self._state in ("loading", "ready"):
                return True
            if self._state == "failed":
                return False
            try:
                path = require(self._settings)
            except ModelMissing as exc:
                self._detail = exc.message
                return False
            self._state, self._detail = "loading", ""
            self._loaded.clear()
            threading.Thread(target=self._load, args=(path,), name="local-model", daemon=True).start()
            return True

    def wait(self, timeout_s: float | None = None) -> str:
        """The server's base URL once the model is loaded; :class:`ModelMissing` when there is no model or it
        failed to load, :class:`ModelLoading` when it is still loading after ``timeout_s``."""
        if not self.start():
            raise ModelMissing(self._failure())
        limit = self._settings.load_timeout_s if timeout_s is None else timeout_s
        if not self._loaded.wait(limit):
            raise ModelLoading(f"The local model is still loading (waited {limit:g} s); try again shortly.", 5)
        if self._state != "ready":
            raise ModelMissing(self._failure())
        return self._url

    def _failure(self) -> str:
        """Why the model cannot answer: its file is missing or damaged, or it failed to load."""
        if self._state == "failed":
            return f"The local model failed to load ({self._detail}): check the file, or pull it again."
        return self._detail or "The local model is not available."

    def stop(self) -> None:
        """Let the model go: its server stops once nothing references it (a later :meth:`start` loads it again)."""
        with self._lock:
            if self._state == "ready":
                self._server, self._url, self._state = None, "", "absent"
                self._loaded.clear()

    @property
    def ready(self) -> bool:
        """Whether questions can go to the model now."""
        return self._state == "ready"

    def _load(self, path: Path) -> None:
        started = time.perf_counter()
        try:
            server, url = _serve(path, self._settings)
        except Exception as exc:  # a damaged file, an unsupported model: the engine reports it, the process lives
            log.exception("the local model %s failed to load", path)
            with self._lock:
                self._state, self._detail = "failed", f"{type(exc).__name__}: {exc}"
        else:
            with self._lock:
                self._server, self._url = server, url
                self._state, self._load_s = "ready", time.perf_counter() - started
            log.info("local model %s loaded in %.1f s at %s", path.name, self._load_s, url)
        finally:
            self._loaded.set()


def _serve(path: Path, settings: LocalSettings) -> tuple[Any, str]:
    """Start llama.cpp's server on a free loopback port over ``path``; (the server, its OpenAI base URL)."""
    import xllamacpp  # here, not at import time: a process on another engine never loads the native library

    threads = settings.threads or available_cores()
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.n_ctx = settings.context_tokens
    params.n_parallel = 1  # one question at a time: on 2 cores a second slot only halves each one's speed
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    params.hostnames = ["127.0.0.1"]
    params.port = 0  # any free port
    params.cache_prompt = True  # questions of one context share the instructions' prefix
    params.verbosity = 1  # llama.cpp's errors only: its per-request timings would fill a server's log
    server = xllamacpp.Server(params)
    return server, f"{server.listening_address.rstrip('/')}/v1"
