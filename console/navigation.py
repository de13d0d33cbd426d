"""Opening a page by its URL: the first session of a fresh server is sent through app.py's navigation."""

from __future__ import annotations

import streamlit as st

NAVIGATION_READY, _DEEP_LINK = "navigation_ready", "deep_link"


def through_navigation(url_path: str) -> None:
    """Run this page inside app.py's navigation, also when a browser opened it by its URL first.

    The first session after the server starts, before app.py ever ran, meets Streamlit's older rule for a
    ``pages/`` folder: a URL like ``/search`` runs that file alone (no navigation, layout or titles, and
    every file listed in the sidebar). Such a session is sent to app.py, which opens the page again, with the
    URL's query (``?context=…``, ``?document=…``) kept.
    """
    if NAVIGATION_READY not in st.session_state:
        st.session_state[_DEEP_LINK] = (url_path, st.query_params.to_dict())
        st.switch_page("app.py")


def take_deep_link() -> tuple[str, dict[str, str]] | None:
    """The page (and query) a session asked for before app.py ran (see ``through_navigation``), once."""
    return st.session_state.pop(_DEEP_LINK, None)
