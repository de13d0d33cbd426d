"""The Ask page's conversation, kept across reloads: an id in the URL (``?chat=<id>``) names it, and the console's
process holds its entries, so a reload (a new Streamlit session) shows the same questions and answers.

A conversation lives as long as the console's process, at most ``MAX_ENTRIES`` entries each and the
``MAX_CONVERSATIONS`` most recently used: a console is one analyst's tool, not an archive (the question log is).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict

import streamlit as st

MAX_CONVERSATIONS = 200
MAX_ENTRIES = 100
_PARAM, _SESSION_KEY = "chat", "conversation_id"


class Conversations:
    """Conversations by id, the least recently used dropped first; safe across the console's session threads."""

    def __init__(self) -> None:
        self._by_id: OrderedDict[str, list[dict]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, conversation_id: str) -> list[dict]:
        """The entries of a conversation (a new, empty one when the id is unknown or was dropped)."""
        with self._lock:
            entries = self._by_id.setdefault(conversation_id, [])
            self._by_id.move_to_end(conversation_id)
            while len(self._by_id) > MAX_CONVERSATIONS:
                self._by_id.popitem(last=False)
            return entries

    def append(self, conversation_id: str, entry: dict) -> None:
        """Add an entry, keeping the newest ``MAX_ENTRIES``."""
        entries = self.get(conversation_id)
        with self._lock:
            entries.append(entry)
            del entries[:-MAX_ENTRIES]


@st.cache_resource
def _conversations() -> Conversations:
    return Conversations()


def conversation() -> tuple[str, list[dict]]:
    """This session's conversation id (from the URL, or a new one put there) and its entries."""
    # The session's own id wins (another page's URL does not carry it); a new session takes the URL's.
    conversation_id = st.session_state.get(_SESSION_KEY) or st.query_params.get(_PARAM, "")
    if not conversation_id or len(conversation_id) > 64:
        conversation_id = secrets.token_urlsafe(8)
    st.session_state[_SESSION_KEY] = conversation_id
    if st.query_params.get(_PARAM) != conversation_id:
        st.query_params[_PARAM] = conversation_id
    return conversation_id, _conversations().get(conversation_id)


def remember(conversation_id: str, entry: dict) -> None:
    """Add an asked question, with its answer or decline, to the conversation."""
    _conversations().append(conversation_id, entry)
