"""How an amount changed across a range a question says by its two ends: "how much did revenue grow from January to
March" (the total of the last month less the first's, of a date column, a Month column or a Year column), "how much
did South's sales grow from January to April" of a column for each month or quarter, and "which region grew the
most" over such columns (each row's change, ranked).
"""

from __future__ import annotations

import re

from backend.tables.infer import TypedTable
from backend.tables.periods import month_number, period_columns, said_months
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.words import MONTH_NAMES

# How an amount changed: up (the last month's less the first's) or down (the first's less the last's).
_UP = "grow grew grown increase increased rise rose risen gain gained change changed".split()
_DOWN = "fall fell fallen drop dropped decrease decreased decline declined shrink shrank".split()
CHANGE_WORDS = frozenset(_UP + _DOWN)
FALL_WORDS = frozenset(_DOWN)
_CHANGED = re.compile(rf"\b(?:({'|'.join(_UP)})|({'|'.join(_DOWN)}))\b")


_QUARTERS = re.compile(r"\b(?:from )?q([1-4]) (?:to|through|until|till) q([1-4])\b|\bbetween q([1-4]) and q([1-4])\b")
_FROM_TO = re.compile(r"\bfrom (?:\w+ )?\d[\d,.]* (?:to|through|until|till) (?:\w+ )?\d")


def change_across(q: str, where: tuple[Condition, ...], measure: int | None) -> tuple[Plan, ReadingKind, Plan] | None:
    """ "How much did revenue grow from January to March in the North" (or "from 2019 to 2023" of a Year column):
    the measure's total in the last month or year of the range less its total in the first (the first's less the
    last's for a fall), over the rows the other conditions pick; None unless the question says a change across a
    range of months or years."""
    said = _CHANGED.search(q)
    if said is None or measure is None:
        return None
    months = [c for c in where if c.view == "month" and c.op in (">=", "<=")]
    # (a year range added the years up, "how much did North's revenue grow from 2019 to 2023" at 0.72; my own yearly
    # revenue table, 2026-11-29)
    # (so is a range of weeks, "from week 1 to week 3", read it as the weeks added up, at 0.72; my own weekly sales)
    years = [c for c in where if c.view == "number" and c.op in (">=", "<=")] if _FROM_TO.search(q) else []
    # (and the cells of a Month column said as the two ends, "Ana's gross pay increase from Jan to Feb", added both
    # months up, at 0.72; my own payroll table, 2026-11-30)
    cells = next((c for c in where if c.op == "in" and _two_months(c.value)), None) if said_months(q) else None
    if said_months(q) is not None and len(months) == 2:
        used = months
    elif len(years) == 2 and years[0].column == years[1].column:
        used = years
    elif cells is not None:
        used = [cells]
    else:
        return None
    others = tuple(c for c in where if c not in used)
    if cells is not None and used == [cells]:  # the two cells in the order of their months
        first, last = (Condition(cells.column, "=", cell) for cell in sorted(cells.value, key=_month_of))
    else:
        first, last = (Condition(c.column, "=", c.value, c.view) for c in used)  # >= the first, <= the last

    def total_in(month: Condition) -> Plan:
        return Plan(Operation.SUM, column=measure, where=(*others, month))

    end, start = total_in(last), total_in(first)
    return (end, ReadingKind.REMAINING, start) if said.group(1) else (start, ReadingKind.REMAINING, end)


def _two_months(cells: object) -> bool:
    """Whether an "in" condition's cells are two months ("Jan", "Feb")."""
    return isinstance(cells, list | tuple) and len(cells) == 2 and all(month_number(str(c)) for c in cells)


def _month_of(cell: object) -> int:
    """The month a cell names (0 for none)."""
    return month_number(str(cell)) or 0


def change_across_columns(
    q: str, table: TypedTable, where: tuple[Condition, ...]
) -> tuple[Plan, ReadingKind, Plan] | None:
    """ "How much did South's sales grow from January to April" of a table with a column for each month ("Jan", "Feb",
    ...) or quarter ("Q1"): the last one's column less the first's (the first's less the last's for a fall), over the
    rows picked. It read South's January alone (9,800 at 0.72; my own monthly sales table, 2026-11-29)."""
    said, months, quarters = _CHANGED.search(q), said_months(q), _QUARTERS.search(q)
    if said is None or (months is None and quarters is None):
        return None
    if months is not None:
        said_as = [MONTH_NAMES[m - 1][:3] for m in months]
    else:
        said_as = [f"q{n}" for n in (quarters.groups() if quarters else ()) if n]
    first, last = (period_columns(table).get(key) for key in said_as)
    if first is None or last is None:
        return None
    start, end = Plan(Operation.SUM, first, where=where), Plan(Operation.SUM, last, where=where)
    return (end, ReadingKind.REMAINING, start) if said.group(1) else (start, ReadingKind.REMAINING, end)


def grew_the_most(
    q: str, table: TypedTable, where: tuple[Condition, ...], answer: int | None, most: bool
) -> Plan | None:
    """ "Which region grew the most from January to April" of a column for each month: the row whose change across the
    range (its last column less its first, or the first's less the last's for a fall) is the largest (``most``), or
    the smallest. It ranked the rows' totals, "grew" left out, at 0.8 (my own monthly sales table, 2026-12-07)."""
    changed = change_across_columns(q, table, where)
    if changed is None or answer is None:
        return None
    end, _, start = changed
    if end.column is None or start.column is None or answer in (end.column, start.column):
        return None
    return Plan(
        Operation.ROWS, select=(answer,), where=where, order_by=end.column, less=start.column, descending=most, limit=1
    )
