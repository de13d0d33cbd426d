"""The table rows a reading's answer comes from, as an answer shows them beside its value (answer/tables.py)."""

from __future__ import annotations

from dataclasses import replace

from backend.tables import parse
from backend.tables.infer import TypedTable
from backend.tables.plan import Condition, ReadingKind
from backend.tables.query import SHOWN_ROWS, Result, execute
from backend.tables.results import OF_TWO_VALUES, never_said


def rows_read(reading: parse.Reading, result: Result, table: TypedTable) -> tuple[list[dict[str, str]], int]:
    """The table rows a reading's answer comes from, as shown beside it, and how many they are: its plan's, then, of
    two values compared, the rows its second plan picks ("did Acme buy fewer kits than Hooli": Hooli's orders and
    Acme's; the console showed Hooli's alone). Two values compared are of different rows, so their counts add up."""
    second = reading.second
    if reading.kind in (ReadingKind.NEVER, ReadingKind.NEVER_COUNT) and second is not None:
        # the rows of the values never said ("which products were never cancelled": the Milk Frother's orders), not
        # every row the first plan takes each value of
        never = never_said(reading, result, table)
        if never:
            column = reading.plan.select[0]
            where = (*reading.plan.where, Condition(column, "in", never))
            of_never = execute(replace(reading.plan, group_by=None, having=None, where=where), table)
            return of_never.matched, of_never.matched_count
    compared = reading.kind in (*OF_TWO_VALUES, ReadingKind.EITHER)
    if second is None or not compared or second.where == reading.plan.where:
        return result.matched, result.matched_count
    other = execute(second, table)
    shown = {tuple(row.values()) for row in result.matched}
    rows = [*result.matched, *(row for row in other.matched if tuple(row.values()) not in shown)]
    return rows[: max(len(result.matched), SHOWN_ROWS)], result.matched_count + other.matched_count
