"""The parts of a request's time, by name: what ``Server-Timing`` reports to the caller and benchmarks read.

A request opens a record (:func:`record`, the API's middleware does); code on its path wraps a step in
:func:`timed`. Outside a request (ingest jobs, the CLI) ``timed`` costs one context-variable lookup and records
nothing. Work handed to another thread records into the same request when it runs in a copy of the caller's
context (:func:`in_context`).
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

_spans: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("answerbase_timing", default=None)
P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def record() -> Iterator[dict[str, float]]:
    """Open a record for this request (step name → milliseconds, summed over repeats); closed on exit."""
    spans: dict[str, float] = {}
    token = _spans.set(spans)
    try:
        yield spans
    finally:
        _spans.reset(token)


@contextmanager
def timed(name: str) -> Iterator[None]:
    """Add the time the block takes to the current request's ``name`` (nothing outside a request)."""
    spans = _spans.get()
    if spans is None:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    finally:
        spans[name] = spans.get(name, 0.0) + (time.perf_counter() - started) * 1000


def in_context(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` bound to a copy of the caller's context, for one call on another thread: its ``timed`` steps
    count in the caller's request. Bind once per call (a context runs on one thread at a time)."""
    context = contextvars.copy_context()

    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        return context.run(function, *args, **kwargs)

    return run


def server_timing(spans: dict[str, float]) -> str:
    """The ``Server-Timing`` header value of a record: ``embed;dur=3.1, fulltext;dur=4.0``."""
    return ", ".join(f"{name};dur={ms:.1f}" for name, ms in spans.items())
