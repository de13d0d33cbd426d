"""What "never" asks of a column whose values repeat: the values no row saying the negated value holds ("which
products were never cancelled": those of no cancelled order), not the values of some row that does not say it.

Read row by row, "never cancelled" kept every product with one order not cancelled: all five products of my own
orders table, at 0.8, where two had been cancelled (2026-12-07). The reading runs two plans over the groups of the
answer column, every group and the groups of a row that says the value, and answers the first less the second
(``results.py``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.question import Outcome, ParsedQuestion

# "never", and a verb negated of a column whose values repeat ("which customers did not order in March")
_NEVER = re.compile(r"\bnever\b|\b(?:did|do|does|have|has) not\b|\b(?:didn|don|doesn|haven|hasn) t\b")
_SAID = {"!=": "=", "lacks": "contains"}  # a negated condition, and what the rows that say the value hold
_VIEWS = ("text", "month", "year")  # of a text, or of the month or year of a date ("did not order in March")


def never_held(p: ParsedQuestion) -> Outcome:
    """ "Which products were never cancelled", "how many customers never ordered a Travel Mug": the answer column's
    values (listed, or counted) that no row saying the negated value holds, where those values repeat (of a column of
    one value a row, the rows that do not say it are the answer already)."""
    column = p.answer_column
    if not _NEVER.search(p.q) or column is None or p.index.distinct[column] >= p.table.row_count:
        return None
    if not (p.answer_type.is_array or p.q.startswith("how many ")):
        return None
    negated = [c for c in p.where if c.op in _SAID and c.view in _VIEWS and c.column != column]
    if not negated:
        return None
    rest = tuple(c for c in p.where if c not in negated)
    said = tuple(Condition(c.column, _SAID[c.op], c.value, c.view, c.also, c.listed) for c in negated)
    # each value once, in the order the table first lists it (an empty cell is no value)
    every = Plan(Operation.ROWS, select=(column,), where=rest, group_by=column, having=(">", 0))
    kind = ReadingKind.NEVER if p.answer_type.is_array else ReadingKind.NEVER_COUNT
    return p.reading(every, kind, replace(every, where=(*rest, *said)))
