"""A per-process cache of lookups by id, valid for one version of a table.

Some lookups run on every request: the API key of each call, the context a question or a document is scoped to,
and the committed revision of each document a search hits (the crash rule: a document is visible only once its row
is written). Between writes their answers cannot change, so they are cached against the table's version, which
LanceDB reads far faster (~0.2 ms) than it runs a lookup (~2-4 ms). Any write, by this process or another, moves the
version on and empties the cache, so revoking a key or committing a document is seen by the next request.

A lookup that misses still costs its 2-4 ms, and a search over many documents misses on most hits. Where the caller
can read the whole table (``load_all``), the cache rents or buys: once the lookups of one version have spent as long
as the last whole read took, it reads every row, and from then on answers every id of that version without reading
(at 100,000 document rows a whole read took ~50 ms and a lookup ~2.5 ms: bench/search_latency.py, 2026-11-26). The
lookups never cost more than twice what the cheaper of the two would have: while writes move the version on every
few lookups it keeps to lookups, and while the table stands still it pays for one read.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

V = TypeVar("V")


# What a whole read is expected to cost before one was timed: 100,000 document rows read in ~50 ms here (see above).
FIRST_WHOLE_READ_S = 0.05


class VersionedCache(Generic[V]):
    """``{id: value}`` as of one table version; ids the table lacks are remembered as lacking too."""

    def __init__(self, max_entries: int = 100_000, first_whole_read_s: float = FIRST_WHOLE_READ_S) -> None:
        self._max_entries = max_entries
        self._lock = threading.Lock()
        self._version: int | None = None
        self._values: dict[str, V | None] = {}
        self._complete = False  # every row of the version is in _values: an id not there is one the table lacks
        self._spent_s = 0.0  # what the lookups of this version have cost
        self._whole_read_s = first_whole_read_s  # what the last whole read cost (infinite: the table is too big)

    def lookup(
        self,
        version: int,
        ids: Iterable[str],
        load: Callable[[list[str]], dict[str, V]],
        load_all: Callable[[int], dict[str, V] | None] | None = None,
    ) -> dict[str, V]:
        """The values of ``ids`` at ``version`` (absent ids left out), calling ``load`` for unknown ids, or
        ``load_all`` (every row's value, or None when the table holds more rows than the number it is given) once
        this version's lookups have cost as much as a whole read.

        ``load`` and ``load_all`` must read the table at ``version`` or later (a later read is merely fresher).
        """
        wanted = set(ids)
        with self._lock:
            if version != self._version:
                self._version, self._values, self._complete, self._spent_s = version, {}, False, 0.0
            known = {i: self._values[i] for i in wanted if i in self._values}
            if self._complete:
                return {i: value for i, value in known.items() if value is not None}
            buy = load_all is not None and self._spent_s >= self._whole_read_s
        missing = sorted(wanted - known.keys())
        if not missing:
            return {i: value for i, value in known.items() if value is not None}
        started = time.perf_counter()
        everything = load_all(self._max_entries) if buy and load_all is not None else None
        if everything is not None:
            known |= {i: everything.get(i) for i in missing}
        else:
            loaded = load(missing)
            known |= {i: loaded.get(i) for i in missing}
        spent = time.perf_counter() - started
        with self._lock:
            if buy:
                self._whole_read_s = spent if everything is not None else math.inf
            # Only into the cache of the version this lookup started from: another thread may have moved it on
            # meanwhile, and an answer read before that version must not be kept for it.
            if version == self._version:
                if everything is not None:
                    self._values, self._complete = dict(everything), True
                else:
                    self._spent_s += spent
                    if len(self._values) + len(missing) > self._max_entries:
                        self._values = {}
                    self._values |= {i: known[i] for i in missing}
        return {i: value for i, value in known.items() if value is not None}
