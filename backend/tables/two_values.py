"""Two named values of one column compared: their difference ("the difference between A and B", "how many more
titles did A win than B"), which of the two has more ("A or B: which has more", "did A win more or less than B"),
whether the first is the larger ("is Koli larger than Lemmenjoki"), and whether the first came before or after the
second ("was A a judge before or after B"). Two numbers said as the options: ``either_number.py``.

Each returns the plan whose value the answer starts from, the reading's kind, and the second plan the kind compares it
with (``comparisons.Compared``), or None when the question is not such a comparison.
"""

from __future__ import annotations

import re

from backend.tables.cells import parse_number
from backend.tables.column_kinds import (
    is_year_or_rank,
    kept_per_row,
    rank_column,
    says_when,
    units_column,
    year_column,
)
from backend.tables.columns import measured_by
from backend.tables.comparisons import Compared
from backend.tables.differences_said import asks_difference
from backend.tables.infer import TypedTable
from backend.tables.named_rows import only_amount, rows_where
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.words import AVERAGE, Mention, name_stems
from backend.text import stem


def two_values(
    q: str,
    table: TypedTable,
    mentions: list[Mention],
    conditions: list[Condition],
    measure: int | None,
    text_answer: bool,
    yes_no: bool = False,
    asked: int | None = None,
) -> Compared | None:
    """A comparison of two values of one column the question names, or None (``yes_no``: the answer is whether the
    first is the larger, "is Koli larger than Lemmenjoki"; ``asked``: the column a question for a list names as its
    answer, "which donors gave to A or B": no choice of one of the two)."""
    pair = _pair(mentions)
    if pair is None:
        return None
    column, (first, second) = pair
    if text_answer and asked not in (None, column) and table.columns[asked].kind == "text":
        # "which donors gave to the Winter Appeal or the School Fund" asks for donors, not which of the two campaigns
        # (it answered 'School Fund', at 0.8; my own donations table, 2026-12-08). Asked for one value, "which player
        # is younger, A or B" is a choice though "player" names another column than theirs (16 dev and fresh answers
        # turned wrong when it was not)
        return None
    # (a value of the pair another column also holds is no condition of its own: "jalapa" is a Represent and a
    # Hometown, "villa nueva" a Hometown only)
    rest = tuple(c for c in conditions if c.column != column and not (c.op == "=" and c.value in (first, second)))
    if yes_no and _SAME.search(q):
        return _same_as(q, table, measure, column, rest, first, second)
    if yes_no:
        return _larger_of_two(q, table, measure, column, rest, first, second)
    if _BEFORE_OR_AFTER.search(q):
        return _before_or_after(table, column, rest, first, second)
    apart = _years_apart(q, table, column, rest, first, second)
    if apart is not None:
        return apart
    if asks_difference(q):
        difference = _difference_of_two(
            q, table, measure, _rows_of(rest, column, first), _rows_of(rest, column, second)
        )
        if difference is not None:
            return difference
    # the answer is one of the two: a text, or a number when the two are numbers ("did 1979 or 1985 have ...")
    options_are_numbers = parse_number(first) is not None and parse_number(second) is not None
    if not ((text_answer or options_are_numbers) and re.search(r"\bor\b", q)):
        return None
    return _which_of_two(q, table, measure, column, rest, first, second)


# "larger than", "more clay surfaces than": the comparative a yes/no question compares two values by
_THAN = re.compile(
    r"\b(more|greater|larger|bigger|higher|taller|longer|heavier|less|fewer|smaller|lower|shorter|lighter)\b"
    r"(?:\s+\w+){0,3}\s+than\b"
)
_SMALLER = ("less", "fewer", "smaller", "lower", "shorter", "lighter")
# "did Acme buy fewer kits than Hooli": units moved, added up from a Quantity column (as counts.UNITS_MOVED)
_MOVED = re.compile(
    r"\b(?:did|do|does)\b.*\b(?:sell|buy|purchase|order|ship|deliver)\b"
    r"|\b(?:sold|bought|purchased|ordered|shipped|delivered) (?:more|fewer|less)\b"
)


def _larger_of_two(
    q: str, table: TypedTable, measure: int | None, column: int, rest: tuple[Condition, ...], first: str, second: str
) -> Compared | None:
    """Whether the first value's amount is larger than the second's ("is Koli larger than Lemmenjoki": their Land
    area; "was there more clay surfaces used than hard surfaces": their rows counted), or smaller when the question
    says so ("less", "smaller"). Read as whether any row matches, either question was "yes" (fresh WikiTableQuestions,
    2026-11-29)."""
    said = _THAN.search(q)
    if said is None:
        return None
    amount = measure
    if amount is None:
        amount = measured_by(q, table, [i for i, c in enumerate(table.columns) if c.numeric])
    if amount is None and _MOVED.search(q):
        amount = units_column(table, {column, *(c.column for c in rest)})
    if amount is None and len(rows_where(table, column, first)) == 1:
        amount = only_amount(table, column)

    def total(value: str) -> Plan:
        where = _rows_of(rest, column, value)
        return Plan(Operation.SUM, amount, where=where) if amount is not None else Plan(Operation.COUNT, where=where)

    larger, smaller = (total(second), total(first)) if said.group(1) in _SMALLER else (total(first), total(second))
    return larger, ReadingKind.LARGER, smaller


# "is the population of brandfort the same as the population of boipatong", "did A score the same as B"
_SAME = re.compile(r"\bthe same\b")


def _same_as(
    q: str, table: TypedTable, measure: int | None, column: int, rest: tuple[Condition, ...], first: str, second: str
) -> Compared | None:
    """Whether the first value's amount is the second's ("is the population of brandfort the same as the population
    of boipatong": their Population); no reading without an amount the question names (it said yes, the two towns
    being listed, at 0.8; fresh WikiTableQuestions checking nt-13273, 2026-12-07, no longer unseen)."""
    amount = (
        measure if measure is not None else measured_by(q, table, [i for i, c in enumerate(table.columns) if c.numeric])
    )
    if amount is None:
        return None
    first_total, second_total = (Plan(Operation.SUM, amount, where=_rows_of(rest, column, v)) for v in (first, second))
    return first_total, ReadingKind.SAME, second_total


# "was rafael erich a deputy judge before or after mihajlo jovanovic" (it answered a name, at 0.8; fresh tuning
# nt-13348, nt-11083): the answer is the word
_BEFORE_OR_AFTER = re.compile(r"\b(?:before or after|after or before|earlier or later|later or earlier)\b")


def _before_or_after(table: TypedTable, column: int, rest: tuple[Condition, ...], first: str, second: str) -> Compared:
    """Whether the first value's row comes before the second's: by the table's dates, years or spans of years (its
    first such column: "Term" of "15 January 1931 — 1 February 1936"), else by its rank, else in table order. The
    second plan names the first value's own cell, to tell which of the two came first."""
    when = next(
        (c for c in range(len(table.columns)) if says_when(table, c) or f"s{c}" in table.data.column_names), None
    )
    order = when if when is not None else rank_column(table)
    both = (*rest, Condition(column, "in", [first, second]))
    earlier = Plan(Operation.ROWS, select=(column,), where=both, order_by=order, limit=1)
    return (
        earlier,
        ReadingKind.BEFORE_OR_AFTER,
        Plan(Operation.ROWS, select=(column,), where=_rows_of(rest, column, first), limit=1),
    )


# "how many years apart did A and B win", "the difference in years won for A and B": their rows' years told apart (it
# read their Wins, 1 each: 0, at 0.8; or counted their two rows; fresh WikiTableQuestions tuning nt-2690, 2026-12-06)
_YEARS_APART = re.compile(
    r"\bhow many years (?:apart|between|separated?|passed|elapsed)\b|\byears apart\b"
    r"|\bdifference (?:in |of |between )?(?:the )?years\b"
)

_LASTED = re.compile(r"\b(?:length|long|lasted|lasting|duration|tenure|spans?)\b")


def _years_apart(
    q: str, table: TypedTable, column: int, rest: tuple[Condition, ...], first: str, second: str
) -> Compared | None:
    """How many years apart the two values' rows are, by the table's column of years, when each names one row."""
    # (not of how long each lasted: "the difference in years between the length of A's career and B's")
    years = year_column(table) if _YEARS_APART.search(q) and not _LASTED.search(q) else None
    if years is None or years == column:
        return None
    if len(rows_where(table, column, first)) != 1 or len(rows_where(table, column, second)) != 1:
        return None
    return (
        Plan(Operation.SUM, years, where=_rows_of(rest, column, first)),
        ReadingKind.DIFFERENCE,
        Plan(Operation.SUM, years, where=_rows_of(rest, column, second)),
    )


def _rows_of(rest: tuple[Condition, ...], column: int, value: str) -> tuple[Condition, ...]:
    return (*rest, Condition(column, "=", value))


def _difference_of_two(
    q: str, table: TypedTable, measure: int | None, first: tuple[Condition, ...], second: tuple[Condition, ...]
) -> Compared | None:
    """How much more one has than the other: its measure's total minus the other's ("how much taller is Mount
    Williamson than Mount Keith": their Elevation), or its rows counted ("how many more titles did A win than B")."""
    if measure is None:
        amounts = [i for i, c in enumerate(table.columns) if c.numeric and not is_year_or_rank(table, i)]
        measure = measured_by(q, table, amounts)
    if measure is not None:
        # "the difference in average salary between Sales and Engineering", "the salary gap": of their averages (it
        # took their totals, at 0.72 and 0.8; my own staff table, 2026-12-07); a rate each row has is averaged
        operation = Operation.AVG if AVERAGE.search(q) or kept_per_row(table, measure) else Operation.SUM
        return (
            Plan(operation, measure, where=first),
            ReadingKind.DIFFERENCE,
            Plan(operation, measure, where=second),
        )
    if re.search(r"\bhow many\b|\bnumber of\b", q):
        return Plan(Operation.COUNT, where=first), ReadingKind.DIFFERENCE, Plan(Operation.COUNT, where=second)
    return None


def _which_of_two(
    q: str, table: TypedTable, measure: int | None, column: int, rest: tuple[Condition, ...], first: str, second: str
) -> Compared | None:
    """Which of the two has more (or less, or came first): by their amounts, their rows, or the table's order."""
    both = (*rest, Condition(column, "in", [first, second]))
    if measure is None:  # "who is taller, jalapa or villa nueva": by the Height its adjective measures
        measure = measured_by(q, table, [i for i, c in enumerate(table.columns) if c.numeric])
    descending = not re.search(
        r"\b(less|fewer|lower|smaller|shorter|younger|worse|later|last|first|earlier|earliest)\b", q
    )
    # The first's or the second's amount: its measure summed; with none named, its rows counted, or, when each has
    # one row, the table's only amount ("did Alice earn more or less than Bob").
    amount = measure
    if amount is None and len(rows_where(table, column, first)) == 1:
        amount = only_amount(table, column)

    def total(value: str) -> Plan:
        where = _rows_of(rest, column, value)
        return Plan(Operation.SUM, amount, where=where) if amount is not None else Plan(Operation.COUNT, where=where)

    # "did A win more or less than B", "did A have more, less, or equal judges to B"
    if re.search(r"\bmore,? (?:or )?(?:less|fewer)\b|\b(?:less|fewer),? (?:or )?more\b", q):
        return total(first), ReadingKind.MORE_OR_LESS, total(second)
    more = re.search(r"\b(more|most|fewer|less|least)\b", q)
    if measure is None and more and not re.search(r"\brank", q):
        # "were more concerts played in Quebec or in Alberta": the value with more rows
        plan = Plan(Operation.COUNT, group_by=column, where=both, descending=descending, limit=2)
        return plan, ReadingKind.GROUP, None
    several = len(rows_where(table, column, first)) > 1 or len(rows_where(table, column, second)) > 1
    if measure is not None and several and more:
        # "did Frozen or Rambo make more money": each one's rows added up, over its weeks
        plan = Plan(Operation.SUM, measure, group_by=column, where=both, descending=descending, limit=2)
        return plan, ReadingKind.GROUP, None
    order = measure if measure is not None else rank_column(table)
    when = re.search(r"\b(first|earlier|earliest|before|last|later|latest)\b", q)
    dated = _dated_column(q, table) if order is None and when else None
    if dated is not None:
        # "which school was founded earlier, A or B": the one of the earlier Founded, not the one listed first (it
        # read Bryan College, listed first, at 0.66; nt-9990, seventeenth stop's tuning questions)
        later = bool(re.search(r"\b(last|later|latest)\b", q))
        plan = Plan(Operation.ROWS, select=(column,), where=both, order_by=dated, descending=later, limit=1)
        return plan, ReadingKind.COMPARE, None
    if order is None and when:
        # "was A or B the first pick", "which came first, A or B": the one the table lists first (or last)
        later = bool(re.search(r"\b(last|later|latest)\b", q))
        return Plan(Operation.ROWS, select=(column,), where=both, descending=later, limit=1), ReadingKind.COMPARE, None
    if order is None:
        return None
    if re.search(r"\b(rank|position|place|finish)", q) and measure is None:
        descending = not descending  # a better rank is a smaller number
    plan = Plan(Operation.ROWS, select=(column,), where=both, order_by=order, descending=descending, limit=1)
    return plan, ReadingKind.COMPARE, None


def _dated_column(q: str, table: TypedTable) -> int | None:
    """The one column of dates or years the question names ("founded" of a Founded column), or None."""
    said = {stem(word) for word in q.split()}
    dated = [c for c, column in enumerate(table.columns) if says_when(table, c) and name_stems(column.name) & said]
    return dated[0] if len(dated) == 1 else None


def _pair(mentions: list[Mention]) -> tuple[int, tuple[str, str]] | None:
    """Two values of one column the question names ("A or B", "between A and B")."""
    for i, a in enumerate(mentions):
        for b in mentions[i + 1 :]:
            shared = [c for c in a.cells if c in b.cells]
            if shared:
                return shared[0], (a.cells[shared[0]], b.cells[shared[0]])
    return None
