"""Columns read off a meter (a Mileage, an Odometer, a Meter Reading): each row says where a count stood on its date,
so each thing's readings only grow along its dates. How much such a column "increased" or "went up" for one thing
("how much did Van 1's mileage increase") is its latest reading less its earliest, not its readings added up (it
added Van 1's three odometer readings, 134,850, at 0.8; my own fleet maintenance log, 2026-12-07).

The test is the data's, not the column's name: a column is read as a meter where, of the things a text column names,
every one with two readings or more reads no less on a later date, and some read more. An amount each row adds (a
Revenue, a Cost) goes up and down between one order and the next, and keeps its totals.
"""

from __future__ import annotations

import re
from datetime import datetime
from itertools import pairwise

from backend.tables.infer import TypedTable
from backend.tables.plan import Condition, Operation, Plan, ReadingKind

# The change of a reading asked: up ("increase", "go up", "rise") or how far it moved ("change").
_WENT_UP = re.compile(r"\b(?:increase|increased|rise|rose|grow|grew|go up|went up|gone up|change|changed)\b")


def change_of_readings(
    q: str, table: TypedTable, where: tuple[Condition, ...], measure: int | None
) -> tuple[Plan, ReadingKind, Plan] | None:
    """ "How much did Van 1's mileage increase": the latest reading of the one thing the conditions pick less its
    earliest, where ``measure`` is read off a meter (above); None for any other question or column."""
    if measure is None or not _WENT_UP.search(q):
        return None
    things = [c for c in where if c.op == "=" and c.view == "text" and table.columns[c.column].kind == "text"]
    dated = next((i for i, c in enumerate(table.columns) if c.kind == "date"), None)
    if len(things) != 1 or dated is None or any(c.view != "text" for c in where):
        return None  # one thing's readings, over no range of months the question says (changes_said.py has those)
    if not _read_off_a_meter(table, measure, things[0].column, dated):
        return None

    # (a meter's readings only grow: its latest is its largest, its earliest its smallest)
    latest, earliest = Plan(Operation.MAX, measure, where=where), Plan(Operation.MIN, measure, where=where)
    return latest, ReadingKind.REMAINING, earliest


def _read_off_a_meter(table: TypedTable, measure: int, thing: int, dated: int) -> bool:
    """Whether each thing ``thing`` names reads no less in ``measure`` on a later date, and some thing more."""
    data = table.data
    rows = zip(
        data.column(f"c{thing}").to_pylist(),
        data.column(f"d{dated}").to_pylist(),
        data.column(f"n{measure}").to_pylist(),
        strict=True,
    )
    readings: dict[str, list[tuple[datetime, float]]] = {}
    for name, when, value in rows:
        if name is not None and when is not None and value is not None:
            readings.setdefault(name.lower(), []).append((when, value))
    grew = False
    for series in readings.values():
        values = [value for _, value in sorted(series, key=lambda reading: reading[0])]
        if any(later < earlier for earlier, later in pairwise(values)):
            return False
        grew = grew or values[-1] > values[0]
    return grew
