"""Typed tables kept in memory once read: a question over a context reads its tables again and again, and parsing
a stored table (and indexing its words) costs far more than the question's query.

Entries are keyed by the stored table's id, which names one version of one table (a re-ingested document stores
new ids), so an entry is never stale. The cache is bounded by cells, not tables: one million-row export may fill
it, a thousand small tables share it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from backend.tables.infer import TypedTable, from_bytes
from backend.tables.vocabulary import Index, index

CACHED_CELLS = 20_000_000  # loaded tables kept in memory, counted in cells (a million-row, 20-column export)
Loaded = tuple[TypedTable, Index]


class LoadedTables:
    """The least recently used typed tables (with their word index) up to ``max_cells`` cells; thread-safe."""

    def __init__(self, read: Callable[[str, str], bytes | None], max_cells: int = CACHED_CELLS) -> None:
        """``read(tenant, table_id)``: a stored table's data, or None when it is gone."""
        self._read = read
        self._max_cells = max_cells
        self._tables: OrderedDict[str, Loaded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, tenant: str, row: dict) -> Loaded | None:
        """The table of a stored table ``row`` (its ``id``, ``name`` and ``columns``), read once; None if gone."""
        with self._lock:
            if row["id"] in self._tables:
                self._tables.move_to_end(row["id"])
                return self._tables[row["id"]]
        data = self._read(tenant, row["id"])
        if data is None:
            return None
        table = from_bytes(row["name"], row["columns"], data)
        loaded = (table, index(table))
        with self._lock:
            self._tables[row["id"]] = loaded
            while sum(t.row_count * len(t.columns) for t, _ in self._tables.values()) > self._max_cells:
                if len(self._tables) == 1:
                    break  # the one table asked for stays, however big
                self._tables.popitem(last=False)
        return loaded
