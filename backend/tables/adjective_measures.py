"""The number column an adjective's superlative measures rows by when the question names none: "the largest" a
Capacity or an Area (``sized_by``), and "the heaviest" a Weight where the value asked is another column's ("the cost of
the heaviest shipment": ``measured_other``). The adjectives and the names they measure are ``columns.measured_by``'s;
``superlatives.py`` and ``understand.py`` read rankings with them."""

from __future__ import annotations

import re

from backend.tables.columns import measured_by
from backend.tables.infer import TypedTable

_SIZED = re.compile(r"\b(?:largest|biggest|smallest)\b(?! number)")  # a size, not "the largest number of people"


def sized_by(q: str, table: TypedTable, taken: set[int]) -> int | None:
    """The column "the largest" sizes a row by, where the question names none ("which venue is the largest": its
    Capacity), or None."""
    numbers = [c for c, column in enumerate(table.columns) if column.numeric and c not in taken]
    return measured_by(q, table, numbers) if _SIZED.search(q) else None


def measured_other(q: str, table: TypedTable, measure: int) -> int | None:
    """The column an adjective's superlative measures the rows by where the value asked is another's ("the cost of the
    heaviest shipment": its Weight; it gave the highest Cost, at 0.8, "heaviest" explained; my own shipments table,
    2026-12-07). Not "the largest", which sizes by what is asked as often as by a Capacity or an Area."""
    numbers = [c for c, column in enumerate(table.columns) if column.numeric and c != measure]
    return measured_by(_SIZED.sub("", q), table, numbers)
