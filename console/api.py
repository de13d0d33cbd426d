"""The console's one way to the API: a cached client, and helpers that turn any failure into a message.

The client speaks to a remote API when ``ANSWERBASE_API_URL`` is set, else to the API embedded in this process,
which starts at once while its embedder loads in the background (``backend.embedded``). Pages call the API
through :func:`attempt` (a :class:`Reply`, never an exception) or :func:`call` (the value, or an error shown on
the page), so no traceback ever reaches an analyst.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import streamlit as st

from backend.client import ApiClient, ApiError
from console.imports import altair

log = logging.getLogger("answerbase.console")
T = TypeVar("T")


@dataclass
class Connection:
    """The client, and the embedded API's handle when the console runs one (None for a remote API)."""

    client: ApiClient
    embedded: Any = None  # backend.embedded.EmbeddedApi


def _secret(name: str) -> str | None:
    try:
        return os.environ.get(name) or st.secrets.get(name)
    except FileNotFoundError:  # no secrets.toml: fine
        return os.environ.get(name)


@st.cache_resource(show_spinner="Starting Answerbase…")
def connection() -> Connection:
    """A remote API when ANSWERBASE_API_URL is set, else the API embedded in this process (started once)."""
    url, key = _secret("ANSWERBASE_API_URL"), _secret("ANSWERBASE_API_KEY")
    if url:
        if not key:
            st.error("ANSWERBASE_API_URL is set but ANSWERBASE_API_KEY is not: the console cannot authenticate.")
            st.stop()
        return Connection(ApiClient(url, key))
    from backend.config import Settings
    from backend.embedded import start_embedded_api

    # The embedder loads on a thread of its own and imports narwhals (through scikit-learn); pages import altair, which
    # imports it too. That thread imports altair first, under the lock pages import it with: never two at once.
    embedded = start_embedded_api(Settings(), before_model=altair)
    return Connection(ApiClient(embedded.url, embedded.key), embedded)


def api_client() -> ApiClient:
    """The process's API client."""
    return connection().client


def wait_until_ready() -> None:
    """Before a search, question or upload: wait (with a spinner) until the embedded API's model has loaded and
    its demo is indexed. Immediate for a remote API and after the first seconds of a new process."""
    embedded = connection().embedded
    if embedded is None:
        return
    if not embedded.ready.is_set():
        with st.spinner("Loading the embedder (only when Answerbase starts; a few seconds)…"):
            embedded.ready.wait()
    if embedded.error is not None:
        st.error(f"Answerbase could not load its embedder: {embedded.error}. Searches and answers are unavailable.")
        st.stop()


@dataclass
class Reply(Generic[T]):
    """What an API call gave: its value and round-trip time, or the error (as the API's envelope has it)."""

    value: T | None = None
    error: ApiError | None = None
    ms: float = 0.0


def attempt(action: Callable[..., T], *args: Any, **kwargs: Any) -> Reply[T]:
    """Run one API call; any failure (the API's error, an unreachable server, a bug) comes back as ``error``."""
    try:
        value = action(*args, **kwargs)
    except ApiError as exc:
        return Reply(error=exc)
    except Exception as exc:  # a bug must not show the analyst a traceback: log it, say so plainly
        log.exception("console call %s failed", getattr(action, "__name__", action))
        return Reply(error=ApiError(500, "internal_error", f"Something went wrong in the console ({exc})."))
    if hasattr(value, "ms") and hasattr(value, "value"):  # ApiClient's Timed
        return Reply(value.value, ms=value.ms)
    return Reply(value)


def call(failure: str, action: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
    """The value of one API call, or None after showing ``failure: <the API's message>`` on the page."""
    reply = attempt(action, *args, **kwargs)
    if reply.error is not None:
        st.error(f"{failure}: {reply.error.message}", icon=":material/error:")
    return reply.value
