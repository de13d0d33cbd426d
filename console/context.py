"""One chosen context for the whole console, kept in the session and in the URL (``?context=<id>``).

Every page shows the same picker over the same choice: change it on Search and Ask follows; reload the page or
share its link and the context stays. ``?context=all`` stands for all documents.
"""

from __future__ import annotations

import streamlit as st

from backend.client import ApiClient
from console.api import call

ALL_DOCUMENTS = "All documents"
DEMO_MARK = "(demo)"  # in the demo context's name (backend.embedded.DEMO_CONTEXT_NAME); a remote API may have none
ALL = "all"  # the URL's word for "all documents"
_CHOSEN = "chosen_context"  # the context id, or ALL; session state the pages share (not a widget's key)


def load_contexts(client: ApiClient) -> list[dict]:
    """The tenant's contexts; stops the page with a message when the API cannot list them."""
    contexts = call("Could not load the contexts", client.contexts)
    if contexts is None:
        st.stop()
    return contexts


def select_context(context_id: str) -> None:
    """Make ``context_id`` the console's context (a page that just created one calls this)."""
    st.session_state[_CHOSEN] = context_id
    st.query_params["context"] = context_id


def chosen_context_id() -> str | None:
    """The chosen context's id (None for all documents or before any choice), without drawing the picker."""
    chosen = st.session_state.get(_CHOSEN) or st.query_params.get("context")
    return None if chosen in (None, ALL) else chosen


def is_demo(context: dict | None) -> bool:
    """Whether ``context`` is the demo handbook's context (the one the console's example questions are about)."""
    return context is not None and DEMO_MARK in context["name"]


def _remember(widget_key: str) -> None:
    picked = st.session_state[widget_key]
    select_context(picked["id"] if picked else ALL)


def context_picker(client: ApiClient, page: str, *, allow_all: bool = True, label: str = "Context") -> dict | None:
    """The context picker of ``page``: the console's chosen context, from this session first, then the URL (a
    link or a reload opens a new session), then the demo. Returns the chosen context, or None for all documents (or
    when there are no contexts yet)."""
    contexts = load_contexts(client)
    options: list[dict | None] = ([None] if allow_all else []) + contexts
    if not contexts:
        st.info("No contexts yet: create one on the Documents page.")
        if not allow_all:
            return None
    by_id = {c["id"]: c for c in contexts}
    # The session's choice wins over the URL: a rerun can carry the URL the page had before the choice was made
    # (a context just created went back to the demo, now and then, in the browser test).
    asked: list[str] = [c for c in (st.session_state.get(_CHOSEN), st.query_params.get("context")) if c]
    wanted = next((c for c in asked if c in by_id or (c == ALL and allow_all)), None)
    if wanted is None:
        if any(c != ALL for c in asked):
            st.warning("The context in this link does not exist (any more): showing another one.")
        demo = next((c for c in contexts if is_demo(c)), None)
        wanted = (demo or (contexts[0] if contexts else {"id": ALL}))["id"]
    current = by_id.get(wanted)
    select_context(wanted)
    # One widget per choice: the picker is drawn afresh, at the chosen context, whenever the choice changes (a
    # context just created, another page's choice, a link). Setting a kept widget's value instead lost the race
    # with the browser, now and then: a context just created showed the one chosen before (browser test).
    widget_key = f"context_picker_{page}_{wanted}"
    st.selectbox(
        label,
        options,
        index=options.index(current),
        key=widget_key,
        format_func=lambda c: ALL_DOCUMENTS if c is None else c["name"],
        on_change=_remember,
        args=(widget_key,),
    )
    return current
