"""Questions that compare two values: the spread of one column ("the difference between the fastest and slowest
speed"), how long something lasted ("how long did they compete", from a start to an end column), and two named
values of one column ("the difference between A and B", "A or B: which has more", "did A win more or less than B"),
two numbers said as the options ("in 2007 or 2008": which year had more), and what part of some rows match ("what
percentage of employees are remote", "the win rate").

Each returns the plan whose value the answer starts from, the reading's kind, and the second plan that the kind
compares it with (subtracted for a difference, compared for ``more_or_less``, the end for a ``duration``), or None
when the question is not such a comparison.
"""

from __future__ import annotations

import re

from backend.tables.against import BUDGET_NAME, LEVEL_OR_BUDGET, SPENT_NAME, achieved_against
from backend.tables.cells import parse_number
from backend.tables.column_kinds import holds_years, is_year_or_rank, rank_column, units_column
from backend.tables.columns import measured_by
from backend.tables.infer import TypedTable
from backend.tables.named_rows import only_amount, rows_where
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.spans import range_column, span_columns, took_to
from backend.tables.words import Mention

Compared = tuple[Plan, ReadingKind, Plan | None]


def spread(
    q: str, table: TypedTable, where: tuple[Condition, ...], measure: int | None, taken: set[int], extremes: bool
) -> Compared | None:
    """A number column's largest value less its smallest: "the difference between the fastest and slowest" (the
    measure; ``extremes``: the question says both), or "how long" over the years the rows cover."""
    if measure is not None and extremes and re.search(r"\bdifference\b", q):
        return (
            Plan(Operation.MAX, measure, where=where),
            ReadingKind.DIFFERENCE,
            Plan(Operation.MIN, measure, where=where),
        )
    took = took_to(q, table) if where else None
    if took is not None:  # "how long did T-202 take to resolve": the days from its Opened to its Resolved
        return Plan(Operation.MIN, took[0], where=where), ReadingKind.DAYS, Plan(Operation.MAX, took[1], where=where)
    if measure is not None or not re.search(r"^how long\b", q):
        return None
    # "how long did X serve": from its start to its end column, else across the years its cells span ("1996–99"),
    # else across the years of the rows that match.
    span = span_columns(table, taken) if where else None
    if span is not None:
        return (
            Plan(Operation.MIN, span[0], where=where),
            ReadingKind.DURATION,
            Plan(Operation.MAX, span[1], where=where),
        )
    ranged = range_column(table, taken)
    if ranged is not None:
        return Plan(Operation.ROWS, select=(ranged,), where=where), ReadingKind.DURATION, None
    numeric = (i for i, c in enumerate(table.columns) if c.numeric and i not in taken)
    years = next((i for i in numeric if holds_years(table, i)), None)
    if years is not None:
        return Plan(Operation.MIN, years, where=where), ReadingKind.DURATION, Plan(Operation.MAX, years, where=where)
    return None


def two_columns(
    q: str, table: TypedTable, named: list[int], where: tuple[Condition, ...], taken: set[int]
) -> Compared | None:
    """Two number columns the question names, told apart over the matching rows: "the difference between revenue
    and cost in March", "how many more gold than silver medals did Norway win"."""
    if not re.search(r"\bdifference\b|how (?:many|much) (?:more|less|fewer)", q):
        return None
    amounts = [c for c in named if table.columns[c].numeric and c not in taken]
    if len(amounts) < 2:
        return None
    return (
        Plan(Operation.SUM, amounts[0], where=where),
        ReadingKind.DIFFERENCE,
        Plan(Operation.SUM, amounts[1], where=where),
    )


def remaining(q: str, table: TypedTable, named: list[int], where: tuple[Condition, ...]) -> Compared | None:
    """What is left of a budget the question names: "how much budget is left for Black Friday", "the remaining
    budget of Fornax" (its Budget less its Spend, below 0 when overspent)."""
    if not LEFT.search(q):
        return None
    budget = next((c for c in named if table.columns[c].numeric and BUDGET_NAME.search(table.columns[c].name)), None)
    spent = [c for c, column in enumerate(table.columns) if column.numeric and SPENT_NAME.search(column.name)]
    if budget is None or len(spent) != 1 or spent[0] == budget:
        return None
    return (
        Plan(Operation.SUM, budget, where=where),
        ReadingKind.REMAINING,
        Plan(Operation.SUM, spent[0], where=where),
    )


LEFT = re.compile(r"\b(?:remaining|left|unspent)\b")


def part_of_a_level(q: str, table: TypedTable, named: list[int]) -> list[int]:
    """The level columns (a Target, a Budget) the question asks a part of ("what percentage of its target"); a share of
    rows is no reading of such a question (it gave East's rows over every row, 25%, of a table with a column for each
    month; my own monthly sales table, 2026-11-29)."""
    said = _PART.search(q)
    if said is None:
        return []
    # the level said right after "of" ("of her target", "of the budget"), not later ("what percentage of regions beat
    # their target": a part of the regions)
    after = " ".join(q[said.end() :].split()[:3])
    return [
        c
        for c in named
        if table.columns[c].numeric and LEVEL_OR_BUDGET.search(table.columns[c].name) and LEVEL_OR_BUDGET.search(after)
    ]


def share_of_level(q: str, table: TypedTable, named: list[int], where: tuple[Condition, ...]) -> Compared | None:
    """What part of a level the rows reached: "what percentage of her target did Cara reach in Q1" (her Actual over
    her Target, in percent), "what share of the budget was spent" (the spending over the budget)."""
    said = _PART.search(q)
    levels = part_of_a_level(q, table, named)
    if said is None or len(levels) != 1:
        return None
    numbers = [c for c, column in enumerate(table.columns) if column.numeric and c != levels[0]]
    achieved = achieved_against(levels[0], [c for c in numbers if not is_year_or_rank(table, c)], table)
    if achieved is None:
        return None
    kind = ReadingKind.PERCENT if said.group(1).startswith(ReadingKind.PERCENT) else ReadingKind.SHARE
    return Plan(Operation.SUM, achieved, where=where), kind, Plan(Operation.SUM, levels[0], where=where)


def two_values(
    q: str,
    table: TypedTable,
    mentions: list[Mention],
    conditions: list[Condition],
    measure: int | None,
    text_answer: bool,
    yes_no: bool = False,
) -> Compared | None:
    """A comparison of two values of one column the question names, or None (``yes_no``: the answer is whether the
    first is the larger, "is Koli larger than Lemmenjoki")."""
    pair = _pair(mentions)
    if pair is None:
        return None
    column, (first, second) = pair
    rest = tuple(c for c in conditions if c.column != column)
    if yes_no:
        return _larger_of_two(q, table, measure, column, rest, first, second)
    if re.search(r"\bdifference\b|how (?:many|much) (?:more|less|fewer)|\bhow much \w+er\b", q):
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
        return (
            Plan(Operation.SUM, measure, where=first),
            ReadingKind.DIFFERENCE,
            Plan(Operation.SUM, measure, where=second),
        )
    if re.search(r"\bhow many\b|\bnumber of\b", q):
        return Plan(Operation.COUNT, where=first), ReadingKind.DIFFERENCE, Plan(Operation.COUNT, where=second)
    return None


def _which_of_two(
    q: str, table: TypedTable, measure: int | None, column: int, rest: tuple[Condition, ...], first: str, second: str
) -> Compared | None:
    """Which of the two has more (or less, or came first): by their amounts, their rows, or the table's order."""
    both = (*rest, Condition(column, "in", [first, second]))
    descending = not re.search(r"\b(less|fewer|lower|smaller|shorter|worse|later|last|first|earlier|earliest)\b", q)
    # The first's or the second's amount: its measure summed; with none named, its rows counted, or, when each has
    # one row, the table's only amount ("did Alice earn more or less than Bob").
    amount = measure
    if amount is None and len(rows_where(table, column, first)) == 1:
        amount = only_amount(table, column)

    def total(value: str) -> Plan:
        where = _rows_of(rest, column, value)
        return Plan(Operation.SUM, amount, where=where) if amount is not None else Plan(Operation.COUNT, where=where)

    if re.search(r"\bmore or (?:less|fewer)\b|\b(?:less|fewer) or more\b", q):  # "did A win more or less than B"
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
    if order is None and re.search(r"\b(first|earlier|earliest|before|last|later|latest)\b", q):
        # "was A or B the first pick", "which came first, A or B": the one the table lists first (or last)
        later = bool(re.search(r"\b(last|later|latest)\b", q))
        return Plan(Operation.ROWS, select=(column,), where=both, descending=later, limit=1), ReadingKind.COMPARE, None
    if order is None:
        return None
    if re.search(r"\b(rank|position|place|finish)", q) and measure is None:
        descending = not descending  # a better rank is a smaller number
    plan = Plan(Operation.ROWS, select=(column,), where=both, order_by=order, descending=descending, limit=1)
    return plan, ReadingKind.COMPARE, None


def either_number(q: str, conditions: list[Condition], measure: int | None) -> Compared | None:
    """Two numbers said as options of one column ("more matches in 2007 or 2008", "was attendance higher in week 5
    or week 9"): the plan of each one's rows, their measure summed or else counted. The answer is the option whose
    amount is the larger, or the smaller when the question asks for less (``descending`` of the plans says which).
    """
    said = [c for c in conditions if c.op == "=" and c.view in ("number", "year") and isinstance(c.value, float)]
    pair = next(
        ((a, b) for i, a in enumerate(said) for b in said[i + 1 :] if (a.column, a.view) == (b.column, b.view)), None
    )
    if pair is None:
        return None
    first, second = (f"{c.value:g}" for c in pair)
    if not re.search(rf"\b{first}\b.*\bor\b.*\b{second}\b", q):
        return None
    rest = tuple(c for c in conditions if c not in pair)
    larger = not re.search(r"\b(less|fewer|lower|smaller|least|fewest|lowest)\b", q)

    def amount(option: Condition) -> Plan:
        where = (*rest, option)
        return (
            Plan(Operation.SUM, measure, where=where, descending=larger)
            if measure is not None
            else Plan(Operation.COUNT, where=where, descending=larger)
        )

    return amount(pair[0]), ReadingKind.EITHER, amount(pair[1])


_PART = re.compile(r"\b(?:what|which)\s+(percent(?:age)?|share|proportion|fraction)\s+of\b")
_VERBS = set("are were is was have has had did do does got get came come comes went go goes".split())
_RATE = re.compile(r"\b(\w+) rate\b")  # "the win rate", "the return rate of orders from Europe"


def share(
    q: str,
    where: tuple[Condition, ...],
    presence: tuple[Condition, ...],
    mentions: list[Mention],
    flagged: tuple[Condition, ...],
    rates: bool = False,
    measure: int | None = None,
) -> Compared | None:
    """What part of some rows match the rest of the question: "what percentage of employees are remote" (of every
    row), "what share of orders from Europe were shipped" (of Europe's), "the win rate". The rows the question's
    subject names (the values said before its verb) are the whole; kind "percent" (of 100) or "share" (of 1).
    ``flagged``: the conditions of ``where`` on columns of yes and no ("the churn rate": Churned = Yes).
    ``rates``: a column is named "rate" ("Tax rate"), so "Cy's rate" is a cell of it, not a share of rows.
    ``measure``: the number column named right after "share of" ("what share of revenue came from Office": the part
    of the Revenue added up, not of the rows counted)."""
    said = _PART.search(q)
    if said is None:
        return None if rates else _rate(q, where, presence, mentions, flagged)
    words = q.split()
    operation = Operation.COUNT if measure is None else Operation.SUM
    verb_at = next((i for i in range(len(q[: said.end()].split()), len(words)) if words[i] in _VERBS), len(words))
    subject = {cell for m in mentions if m.end <= verb_at for cell in m.cells.values()}
    whole = tuple(
        c
        for c in where
        if c.view == "text" and (set(c.value) <= subject if isinstance(c.value, list) else c.value in subject)
    )
    kind = ReadingKind.PERCENT if said.group(1).startswith(ReadingKind.PERCENT) else ReadingKind.SHARE
    return Plan(operation, measure, where=(*where, *presence)), kind, Plan(operation, measure, where=whole)


def _rate(
    q: str,
    where: tuple[Condition, ...],
    presence: tuple[Condition, ...],
    mentions: list[Mention],
    flagged: tuple[Condition, ...],
) -> Compared | None:
    """A rate ("what is the win rate"): the percentage of the rows the other conditions pick whose cell says the value
    said before "rate" ("Won"), or that a column of yes and no says yes for ("the churn rate" of a Churned column)."""
    said = _RATE.search(q)
    if said is None:
        return None
    at = len(q[: said.start(1)].split())
    rated = {cell for m in mentions if m.start <= at < m.end for cell in m.cells.values()}
    if not rated and not flagged:
        return None
    part = [c for c in where if c.view == "text" and c.value in rated] if rated else flagged
    whole = tuple(c for c in where if c not in part)
    return Plan(Operation.COUNT, where=(*where, *presence)), ReadingKind.PERCENT, Plan(Operation.COUNT, where=whole)


def _pair(mentions: list[Mention]) -> tuple[int, tuple[str, str]] | None:
    """Two values of one column the question names ("A or B", "between A and B")."""
    for i, a in enumerate(mentions):
        for b in mentions[i + 1 :]:
            shared = [c for c in a.cells if c in b.cells]
            if shared:
                return shared[0], (a.cells[shared[0]], b.cells[shared[0]])
    return None
