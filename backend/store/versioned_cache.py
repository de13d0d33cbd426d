"""A per-process cache of lookups by id, valid for one version of a table.

Some lookups run on every request: the API key of each call, and the committed revision of each document a
search hits (the crash rule: a document is visible only once its row is written). Between writes their
answers cannot change, so they are cached against the table's version, which LanceDB reads far faster
(~0.2 ms) than it runs a lookup (~2-4 ms). Any write, by this process or another, moves the version on
and empties the cache, so revoking a key or committing a document is seen by the next request.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

V = TypeVar("V")


class VersionedCache(Generic[V]):
    """``{id: value}`` as of one table version; ids the table lacks are remembered as lacking too."""

    def __init__(self, max_entries: int = 100_000) -> None:
        self._max_entries = max_entries
        self._lock = threading.Lock()
        self._version: int | None = None
        self._values: dict[str, V | None] = {}

    def lookup(self, version: int, ids: Iterable[str], load: Callable[[list[str]], dict[str, V]]) -> dict[str, V]:
        """The values of ``ids`` at ``version`` (absent ids left out), calling ``load`` for unknown ids.

        ``load`` must read the table at ``version`` or later (a later read is merely fresher).
        """
        wanted = set(ids)
        with self._lock:
            if version != self._version:
                self._version, self._values = version, {}
            known = {i: self._values[i] for i in wanted if i in self._values}
        missing = sorted(wanted - known.keys())
        if missing:
            loaded = load(missing)
            fresh = {i: loaded.get(i) for i in missing}
            known |= fresh
            with self._lock:
                # Only into the cache of the version this lookup started from: another thread may have
                # moved it on meanwhile, and an answer read before that version must not be kept for it.
                if version == self._version:
                    if len(self._values) + len(fresh) > self._max_entries:
                        self._values = {}
                    self._values |= fresh
        return {i: value for i, value in known.items() if value is not None}
