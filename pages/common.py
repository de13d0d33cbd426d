"""What every console page shares: the cached API client and the context picker."""

from __future__ import annotations

import os

import streamlit as st

from backend.client import ApiClient, ApiError

ALL_DOCUMENTS = "All documents"
NAVIGATION_READY, _DEEP_LINK = "navigation_ready", "deep_link"


def through_navigation(url_path: str) -> None:
    """Run this page inside app.py's navigation, also when a browser opened it by its URL first.

    The first session after the server starts, before app.py ever ran, meets Streamlit's older rule for a
    ``pages/`` folder: a URL like ``/search`` runs that file alone (no navigation, layout or titles, and
    every file listed in the sidebar). Such a session is sent to app.py, which opens the page again.
    """
    if NAVIGATION_READY not in st.session_state:
        st.session_state[_DEEP_LINK] = url_path
        st.switch_page("app.py")


def take_deep_link() -> str | None:
    """The page a session asked for before app.py ran (see ``through_navigation``), once."""
    return st.session_state.pop(_DEEP_LINK, None)


def _secret(name: str) -> str | None:
    try:
        return os.environ.get(name) or st.secrets.get(name)
    except FileNotFoundError:  # no secrets.toml: fine
        return os.environ.get(name)


@st.cache_resource(show_spinner="Starting Answerbase (loading the embedder)…")
def api_client() -> ApiClient:
    """A remote API when ANSWERBASE_API_URL is set, else the API embedded in this process."""
    url, key = _secret("ANSWERBASE_API_URL"), _secret("ANSWERBASE_API_KEY")
    if not url:
        from backend.config import Settings
        from backend.embedded import start_embedded_api

        url, key = start_embedded_api(Settings())
    if not key:
        st.error("ANSWERBASE_API_URL is set but ANSWERBASE_API_KEY is not: the console cannot authenticate.")
        st.stop()
    return ApiClient(url, key)


def format_number(value: float) -> str:
    """A number as a person reads it: thousands separators, the precision it has, no scientific notation between
    1e-4 and 1e15 (4200000.0 → "4,200,000", 61.5 → "61.5", 0.1 + 0.2 → "0.3")."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if value == 0 or 1e-4 <= abs(value) < 1e15:
        return f"{value:,.10f}".rstrip("0").rstrip(".")
    return f"{value:.6g}"


def load_contexts(client: ApiClient) -> list[dict]:
    try:
        return client.contexts()
    except ApiError as exc:
        st.error(f"Could not load contexts: {exc.message}")
        st.stop()


def context_picker(client: ApiClient, key: str, *, allow_all: bool = True, label: str = "Context") -> dict | None:
    """A select box of the tenant's contexts (plus "All documents"); returns the chosen context or None."""
    contexts = load_contexts(client)
    options: list[dict | None] = ([None] if allow_all else []) + contexts
    if not options:
        st.info("No contexts yet: create one on the Documents page.")
        return None
    demo_index = next((i for i, c in enumerate(options) if c and "(demo)" in c["name"]), 0)
    return st.selectbox(
        label, options, index=demo_index, key=key, format_func=lambda c: ALL_DOCUMENTS if c is None else c["name"]
    )


def source_card(result: dict, highlight: str = "") -> None:
    """A document card: linked name, type badge, excerpt (query terms in bold, an answer's spans marked)."""
    from backend.highlight import highlight_spans, highlight_terms

    meta = result["metadata"]
    with st.container(border=True):
        st.markdown(f"**[{meta['name']}]({meta['source']})**")
        st.badge(meta["type"], color={"web": "blue", "document": "violet"}.get(meta["type"], "gray"))
        if result.get("spans"):
            st.caption("The answer was read here:")
            excerpt = highlight_spans(result["page_content"], result["spans"], highlight)
        else:
            excerpt = highlight_terms(result["page_content"], highlight) if highlight else result["page_content"]
        st.markdown(excerpt.replace("\n", "  \n"))  # keep the passage's line breaks (headings, rows)
