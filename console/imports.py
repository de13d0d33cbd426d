"""Libraries imported once per process, one thread at a time.

Streamlit runs each session's script on a thread of its own, and the embedded API loads its embedder on another.
Two threads importing narwhals at once (altair imports it for the Ask page's charts, scikit-learn for the embedder's
libraries) can deadlock in Python's import locks (``_DeadlockError`` on ``narwhals.stable.v2``, seen in the
console's browser test on 2026-11-26). The console imports altair under one lock, and the embedder's thread imports
it first, under that lock (``console.api.connection``), so no import meets another half done; a page that draws no
chart never waits for it.
"""

from __future__ import annotations

import threading
from types import ModuleType

_importing = threading.Lock()


def altair() -> ModuleType:
    """The altair module (for charts; Streamlit's own charts import it as well), imported under the console's import
    lock."""
    with _importing:
        import altair

    return altair
