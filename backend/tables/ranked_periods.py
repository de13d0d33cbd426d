"""Which of a table's columns for each month (or quarter) ranks first: "which month had the highest sales" of a table
with a column for each month (Region, Jan, Feb, Mar, Apr) is the month whose column adds up to the most over the rows
the question is about (every row; "in the North", its one). It had no reading (my own monthly sales table,
2026-12-07); a month asked of a table where no column's name nor any cell says one still has none
(``periods.asks_an_unheld_month``).

The plan selects the months' columns of those rows (ReadingKind.PERIOD_COLUMN, ``descending`` for the highest);
``first_periods`` adds each column up and names the first, or the ones tied for first: a month in full ("April" of an
"Apr" column), as the months of a date column are named ("which month had the highest revenue" of dated orders).
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.tables.infer import TypedTable
from backend.tables.periods import asks_an_unheld_month, period_columns
from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.query import execute
from backend.tables.question import NO_READING, Outcome, ParsedQuestion
from backend.tables.words import MONTH_NAMES

_ASKS = re.compile(r"\b(?:which|what) (month|quarter)\b")


def ranked_period_column(p: ParsedQuestion) -> Outcome:
    """ "Which month had the highest sales" of a column for each month: those columns of the rows asked about, the
    largest total first; no reading of a month no column can say."""
    asked = _ASKS.search(p.q)
    if asked is None or any(column.kind == "date" for column in p.table.columns):
        return None  # (a date column's months are grouped: aggregations.date_part_group)
    quarters = asked.group(1) == "quarter"
    periods = period_columns(p.table).items()  # keyed "jan", "q1", "2021": of a month or a quarter, not a year
    columns = tuple(sorted(c for key, c in periods if key[:1].isalpha() and key.startswith("q") == quarters))
    if len(columns) < 2:
        return NO_READING if asks_an_unheld_month(p.q, p.table) else None
    other = [c for c in p.named if p.table.columns[c].numeric and c not in columns and c not in p.condition_columns]
    if p.is_max == p.is_min or other:  # no ranking, or of another number ("the month furthest from its Target")
        return NO_READING
    plan = Plan(Operation.ROWS, select=columns, where=p.where, descending=p.is_max)
    return p.reading(plan, ReadingKind.PERIOD_COLUMN)


def first_periods(plan: Plan, table: TypedTable) -> list[str]:
    """The names of the selected columns whose totals over the plan's rows rank first (several when they tie), or
    none when no row matches."""
    totals = []
    for column in plan.select:
        added = execute(replace(plan, operation=Operation.SUM, column=column, select=(), descending=False), table)
        total = added.rows[0][0] if added.rows else None
        if total is not None and added.matched_count:
            totals.append((total, _named(table.columns[column].name)))
    if not totals:
        return []
    best = (max if plan.descending else min)(total for total, _ in totals)
    return [name for total, name in totals if total == best]


def _named(column_name: str) -> str:
    """A month column's month in full ("Apr", "Sept": "April", "September"); another's name as written ("Q1")."""
    said = column_name.strip().lower()
    month = next((m for m in MONTH_NAMES if len(said) >= 3 and m.startswith(said)), None)
    return month.capitalize() if month else column_name
