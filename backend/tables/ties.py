"""Which answers tie for first place in a ranking (``results.py`` declines a single answer when several do: "which
month had the most orders" when May and September have 22 each), and each row's measure of two columns as a ranking
compares them (its end less its start, its ratio, its product or its sum)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from backend.tables import parse
from backend.tables.infer import TypedTable
from backend.tables.plan import Plan, ReadingKind
from backend.tables.query import Result, execute
from backend.tables.ranked_periods import first_periods


def tied_for_first(reading: parse.Reading, result: Result, table: TypedTable) -> list[Any]:
    """The groups, or the rows' answers, tied for first place in a ranking (one or none when the first is alone); for
    a place down it ("the second highest", ``Plan.skip``), tied with the one above it or with those below."""
    if reading.plan.skip:  # 100, 100, 90: "the second highest" is neither 100 nor 90 for sure
        above = replace(reading, plan=replace(reading.plan, skip=reading.plan.skip - 1))
        tied = _tied_first(above, execute(above.plan, table), table)
        if len(tied) > 1:
            return tied
    return _tied_first(reading, result, table)


def _tied_first(reading: parse.Reading, result: Result, table: TypedTable) -> list[Any]:
    """The groups, or the rows' answers, tied with the first of a ranking's rows (one or none when it is alone)."""
    plan = reading.plan
    if reading.kind == ReadingKind.PERIOD_COLUMN:  # the months whose columns add up to the same
        return first_periods(plan, table)
    lasting = plan.until is not None and plan.until != plan.order_by  # "took the longest to ship"
    if reading.kind == ReadingKind.SUPERLATIVE and plan.order_by is not None and not plan.score:
        if plan.until is not None and not lasting:  # across one column's spans of years: not told apart here
            return []
        if plan.across:  # each row's total over its months, as the rows were ordered by it
            best = execute(replace(plan, select=(plan.select[0], *plan.across), limit=2), table)
            return _tied_totals(best.rows, plan.across, table)
        # the best two rows with the value they are ordered by: a second with the same value ties with the first
        other = plan.order_by if lasting else plan.paired
        first = plan.until if lasting and plan.until is not None else plan.order_by
        ordered_by = (first,) if other is None else (first, other)
        result = execute(replace(plan, select=(plan.select[0], *ordered_by), limit=2), table)
        if other is not None:  # each row's measure (its end less its start, its ratio), as the rows were ordered by it
            how = "less" if lasting else paired_how(plan)
            result = replace(result, rows=measured(result.rows, first, other, how, table))
    elif reading.kind == ReadingKind.GROUP_RATE:
        rates = rates_by_group(reading, result, table)
        return [group for group, rate in rates if rate == rates[0][1]]
    elif reading.kind != ReadingKind.GROUP:
        return []
    named = [row for row in result.rows if row[0]]
    return list(dict.fromkeys(row[0] for row in named if named[0][1] is not None and row[1] == named[0][1]))


def _tied_totals(rows: list[tuple], columns: tuple[int, ...], table: TypedTable) -> list[Any]:
    """The answers of rows (answer, cell, cell, ...) whose total over ``columns`` ties with the first row's (a
    missing cell adds 0, as the query adds it)."""
    read = [table.read_as(c, [row[i + 1] for row in rows if row[i + 1]], "n") for i, c in enumerate(columns)]
    totals = [(row[0], sum(read[i].get(cell) or 0 for i, cell in enumerate(row[1:]))) for row in rows if row[0]]
    return list(dict.fromkeys(answer for answer, total in totals if total == totals[0][1])) if totals else []


def paired_how(plan: Plan) -> str:
    """How a plan's measure of two columns puts them together: "per", "times", "plus" or "less"."""
    if plan.plus is not None:
        return "plus"
    return "per" if plan.per is not None else "times" if plan.times is not None else "less"


def measured(rows: list[tuple], column: int, other: int, how: str, table: TypedTable) -> list[tuple]:
    """Rows (answer, cell, other cell) as (answer, the first cell less the other, over it, times it or plus it as
    ``how`` says, each as the table reads it: a number, or a date), None where either is missing or a divisor is 0
    (a missing cell added is 0, as the query adds it)."""

    def read(index: int, cells: list[Any]) -> dict[str, Any]:
        view = "d" if table.columns[index].kind == "date" else "n"
        return table.read_as(index, [c for c in cells if c], view)

    firsts, others = read(column, [row[1] for row in rows]), read(other, [row[2] for row in rows])
    measured = []
    for answer, first, second in rows:
        a, b = firsts.get(first), others.get(second)
        if how == "plus" and a is not None:
            measured.append((answer, a + (b or 0)))
        elif a is None or b is None or (how == "per" and not b):
            measured.append((answer, None))
        else:
            measured.append((answer, a / b if how == "per" else a * b if how == "times" else a - b))
    return measured


def rates_by_group(reading: parse.Reading, result: Result, table: TypedTable) -> list[tuple[Any, float]]:
    """Each group's share of its rows that the first plan counts (``result``: rows (group, count)), out of those the
    second plan counts, in percent, the best first as the plan ranks (a group that none of its rows says is at 0)."""
    if reading.second is None:
        return []
    counted = {group: count for group, count in result.rows if group}
    rates = [
        (group, 100 * counted.get(group, 0) / whole)
        for group, whole in execute(reading.second, table).rows
        if group and whole
    ]
    return sorted(rates, key=lambda rated: -rated[1] if reading.plan.descending else rated[1])
