"""Libraries imported once per process, one thread at a time.

Streamlit runs each session's script, and a rerun beside the run it is stopping, on threads of their own. Two of them
importing altair at once can deadlock in Python's import locks: one holds ``narwhals.stable.v2`` while the other,
holding what the first needs, waits for it (``_DeadlockError``, seen in the console's browser test on 2026-11-26). An
import made under one lock cannot.
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
