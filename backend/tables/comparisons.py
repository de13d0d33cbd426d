"""Questions that compare two amounts: the spread of one column ("the difference between the fastest and slowest
speed"), how long something lasted ("how long did they compete", from a start to an end column), two columns of one
row, what is left of a budget, what part of a level was reached ("what percentage of her target"), and what part of
some rows match ("what percentage of employees are remote", "the win rate"). Two named values of one column compared:
``two_values.py``.

Each returns the plan whose value the answer starts from, the reading's kind, and the second plan that the kind
compares it with (subtracted for a difference, compared for ``more_or_less``, the end for a ``duration``), or None
when the question is not such a comparison.
"""

from __future__ import annotations

import re

from backend.tables.against import BUDGET_NAME, LEVEL_OR_BUDGET, SPENT_NAME, achieved_against
from backend.tables.column_kinds import holds_years, is_year_or_rank
from backend.tables.infer import TypedTable
from backend.tables.periods import columns_of_periods
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.spans import range_column, span_columns, spans_years, took_to
from backend.tables.vocabulary import OUTCOME_CELLS, Index
from backend.tables.words import AVERAGE, Mention, normal
from backend.text import stem

Compared = tuple[Plan, ReadingKind, Plan | None]


_YEARS_LASTED = re.compile(r"^how many (?:consecutive |total )?years (?:did|was|were|has|had|is)\b")


def spread(
    q: str, table: TypedTable, where: tuple[Condition, ...], measure: int | None, taken: set[int], extremes: bool
) -> Compared | None:
    """A number column's largest value less its smallest: "the difference between the fastest and slowest" (the
    measure; ``extremes``: the question says both), or "how long" over the years the rows cover."""
    # "the salary range" of a table with no Range column: the same (no reading of my own HR table, 2026-11-29)
    ranged_said = _RANGE.search(q) and not any(_RANGE.search(c.name.lower()) for c in table.columns)
    if measure is not None and ((extremes and re.search(r"\b(?:difference|gap)\b", q)) or ranged_said):
        return (
            Plan(Operation.MAX, measure, where=where),
            ReadingKind.DIFFERENCE,
            Plan(Operation.MIN, measure, where=where),
        )
    took = took_to(q, table)
    if took is not None and AVERAGE.search(q):  # "the average delivery time": each row's days, averaged, of the rows
        # that reached the end (a shipment not delivered yet takes no part, and is not shown as if it did)
        ended = (*where, Condition(took[1], "filled", None))
        return Plan(Operation.AVG, took[0], where=ended, until=took[1]), ReadingKind.AVG, None
    if took is not None and where:  # "how long did T-202 take to resolve": the days from its Opened to its Resolved
        return Plan(Operation.MIN, took[0], where=where), ReadingKind.DAYS, Plan(Operation.MAX, took[1], where=where)
    years_lasted = bool(where) and _YEARS_LASTED.search(q) is not None
    if measure is not None or not (re.search(r"^how long\b", q) or years_lasted):
        return None
    # "how long did X serve": from its start to its end column, else across the years its cells span ("1996–99"),
    # else across the years of the rows that match. "How many years did X coach" is the same where a row says when
    # it began and ended (it counted his one row, or its longest run of rows: 1; fresh WikiTableQuestions tuning
    # nt-9180, nt-9448, 2026-12-06); of rows one a year ("how many years did X win") it counts them.
    span = span_columns(table, taken) if where else None
    if span is not None:
        return (
            Plan(Operation.MIN, span[0], where=where),
            ReadingKind.DURATION,
            Plan(Operation.MAX, span[1], where=where),
        )
    ranged = range_column(table, taken)
    if years_lasted and ranged is not None and not spans_years(table, ranged):
        return None  # a column of seasons ("1937–38"), one a row: "how many years did Rosenborg win" counts them
    if ranged is not None:
        return Plan(Operation.ROWS, select=(ranged,), where=where), ReadingKind.DURATION, None
    if years_lasted:
        return None
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


# "than every other team combined", "than all the others", "than the rest": the one row said against every other row
_THE_REST = re.compile(r"\bthan (?:every|all(?: of)?(?: the)?|the) (?:other|others|rest)\b")


def than_the_rest(q: str, where: tuple[Condition, ...], measure: int | None) -> Compared | None:
    """The rows one value picks told apart from every other row: "how many more titles did Maccabi Tel Aviv win than
    every other team combined" (its Titles less the others' added up; it read its Titles less its Winning Years, named
    by "win": 2002, fresh WikiTableQuestions tuning nt-2604, 2026-12-06). Rows counted where no number column is
    named ("how many more games did Ana win than the rest")."""
    if not _THE_REST.search(q) or not re.search(r"how (?:many|much) (?:more|less|fewer)", q):
        return None
    said = [c for c in where if c.op == "=" and c.view == "text"]
    if len(said) != 1:
        return None
    rest = tuple(Condition(c.column, "!=", c.value) if c is said[0] else c for c in where)
    operation = Operation.COUNT if measure is None else Operation.SUM
    return Plan(operation, measure, where=where), ReadingKind.DIFFERENCE, Plan(operation, measure, where=rest)


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
_SHORT_OF = re.compile(r"\bhow far\b|\bshort of\b|\bfall short\b")  # "how far is South from its target"
# "by how much did North beat its target": what was reached less the level ("miss" it: the level less what was
# reached; it read North's Target, at 0.25; my own monthly sales table, 2026-12-07)
_HOW_MUCH = re.compile(r"\bhow (?:much|far)\b")
PAST_LEVEL = re.compile(r"\b(?:beat|beats|exceed(?:s|ed)?|surpass(?:ed|es)?|outperform(?:ed|s)?)\b")
MISSED_LEVEL = re.compile(r"\bmiss(?:ed|es)?\b")


def short_of(q: str, table: TypedTable, named: list[int], where: tuple[Condition, ...]) -> Compared | None:
    """How far the rows are from a level the question names, of a table with a column for each month (or quarter):
    "how far is South from its target" (its Target less its months added up; it read the Target, 42,000, at 0.8, of
    my own monthly sales table, 2026-11-29); below 0 when the level was passed; "by how much did North beat its
    target", the months less the Target. Beside a column of what was achieved (Sales, Actual) the level less it is a
    measure derived.py reads."""
    across = columns_of_periods(table)
    levels = [c for c in named if table.columns[c].numeric and LEVEL_OR_BUDGET.search(table.columns[c].name)]
    past = _HOW_MUCH.search(q) and PAST_LEVEL.search(q)
    asked = _SHORT_OF.search(q) or past or (_HOW_MUCH.search(q) and MISSED_LEVEL.search(q))
    if not across or not asked or len(levels) != 1:
        return None
    reached = Plan(Operation.SUM, across[0], where=where, across=across)
    level = Plan(Operation.SUM, levels[0], where=where)
    return (reached, ReadingKind.REMAINING, level) if past else (level, ReadingKind.REMAINING, reached)


_RANGE = re.compile(r"\branges?\b")


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
    across = columns_of_periods(table)
    # (of a table with a column for each month: the months added up; it read East's Target, at 0.25; my own monthly
    # sales table, 2026-12-07)
    reached = Plan(Operation.SUM, across[0], where=where, across=across) if across else None
    if achieved is not None:
        reached = Plan(Operation.SUM, achieved, where=where)
    if reached is None:
        return None
    kind = ReadingKind.PERCENT if said.group(1).startswith(ReadingKind.PERCENT) else ReadingKind.SHARE
    return reached, kind, Plan(Operation.SUM, levels[0], where=where)


# ("what percentage would recommend": of every row, said with no "of" before the verb; my own survey table,
# 2026-11-29, where it read one respondent's Tenure)
_PART = re.compile(
    r"\b(?:what|which)\s+(percent(?:age)?|share|proportion|fraction)"
    r"(?:\s+of\b|(?=\s+(?:would|will|are|were|is|was|have|has|had|did|do|does)\b))"
)
_VERBS = set("are were is was have has had did do does got get came come comes went go goes".split())
_RATE = re.compile(r"\b(\w+) rate\b")  # "the win rate", "the return rate of orders from Europe"


def rate_of_a_flag(q: str, flagged: tuple[Condition, ...], index: Index) -> bool:
    """Whether the word said before "rate" names a column of yes and no a condition holds ("the cancellation rate" of
    a Cancelled column): a share of the rows, even beside a column of rates (it read a booking's Rate, 320, at 0.8;
    my own bookings table with a Cancelled column, 2026-11-29)."""
    said = _RATE.search(q)
    return said is not None and any(stem(said.group(1)) in index.names[c.column] for c in flagged)


def share(
    q: str,
    where: tuple[Condition, ...],
    presence: tuple[Condition, ...],
    mentions: list[Mention],
    flagged: tuple[Condition, ...],
    rates: bool = False,
    measure: int | None = None,
    index: Index | None = None,
) -> Compared | None:
    """What part of some rows match the rest of the question: "what percentage of employees are remote" (of every
    row), "what share of orders from Europe were shipped" (of Europe's), "the win rate". The rows the question's
    subject names (the values said before its verb) are the whole; kind "percent" (of 100) or "share" (of 1).
    ``flagged``: the conditions of ``where`` on columns of yes and no ("the churn rate": Churned = Yes).
    ``rates``: a column is named "rate" ("Tax rate"), so "Cy's rate" is a cell of it, not a share of rows; a value
    said right before "rate" still makes one ("the cancellation rate" of bookings with a Rate: it read a Rate, 260,
    at 0.8; my own bookings table, 2026-11-29).
    ``measure``: the number column named right after "share of" ("what share of revenue came from Office": the part
    of the Revenue added up, not of the rows counted). ``index``: the table's words, to tell the decided rows of a
    win rate."""
    said = _PART.search(q)
    if said is None:
        return _rate(q, where, presence, mentions, () if rates else flagged, rates, index)
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
    rates: bool = False,
    index: Index | None = None,
) -> Compared | None:
    """A rate ("what is the win rate"): the percentage of the rows the other conditions pick whose cell says the value
    said before "rate" ("Won"), or that a column of yes and no says yes for ("the churn rate" of a Churned column).
    Beside a column of rates, only a value said as a noun of its own ("cancellation" of "Cancelled"): "Garcia's rate"
    is her Rate. A win rate is of the decided rows, where some are not yet (``_decided``)."""
    said = _RATE.search(q)
    if said is None:
        return None
    at = len(q[: said.start(1)].split())
    rated = {cell for m in mentions if m.start <= at < m.end for cell in m.cells.values()}
    if rates and any(normal(cell).split()[-1:] == [said.group(1)] for cell in rated):  # the cell said as it is
        return None
    if not rated and not flagged:
        return None
    part = [c for c in where if c.view == "text" and c.value in rated] if rated else flagged
    whole = tuple(c for c in where if c not in part)
    decided = _decided(part, index) if index is not None else None
    whole = (*whole, decided) if decided is not None else whole
    return Plan(Operation.COUNT, where=(*where, *presence)), ReadingKind.PERCENT, Plan(Operation.COUNT, where=whole)


def _decided(part: list[Condition] | tuple[Condition, ...], index: Index) -> Condition | None:
    """The rows a win rate is of, where its column also holds rows not decided yet: those whose cell says won or
    lost ("the win rate" of deals at "Closed Won", "Closed Lost" and open stages: won of the closed, as a CRM reports
    it; it counted the open deals as not won, 37.5% for 60%, at 0.8; my own deals table, 2026-11-29)."""
    if len(part) != 1 or part[0].op != "=" or "win" not in _outcomes(normal(str(part[0].value))):
        return None
    cells = index.values[part[0].column]
    outcome = [cell for key, cell in cells.items() if _outcomes(key)]
    if len(outcome) == len(cells) or not any("loss" in _outcomes(key) for key in cells):
        return None
    return Condition(part[0].column, "in", outcome)


def _outcomes(key: str) -> set[str]:
    """The outcomes a cell's words record ("closed won": win), as a column of results writes them."""
    return {OUTCOME_CELLS[word] for word in key.split() if word in OUTCOME_CELLS}
