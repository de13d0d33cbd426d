"""A query plan as data: what to compute over one table, checked against that table (``plan_words.py`` says it in
words).

Plans are built by the offline parser (``parse.py``) or read from a model's JSON reply (``plan_json.py``); either
way ``query.py`` compiles them to parameterised SQL over generated column names. No question or model text ever
becomes SQL: text reaches a query only as a bound parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from backend.tables.infer import TypedTable


class Operation(StrEnum):
    """What a plan computes over the rows that match it."""

    ROWS = "rows"  # the select columns of the matching rows
    COUNT = "count"
    COUNT_DISTINCT = "count_distinct"
    LONGEST_RUN = "longest_run"  # the most consecutive rows, in table order, that match ("consecutive seasons")
    SUM = "sum"
    AVG = "avg"
    MEDIAN = "median"
    MIN = "min"
    MAX = "max"


OPERATIONS = tuple(Operation)
AGGREGATE_OPERATIONS = (Operation.SUM, Operation.AVG, Operation.MEDIAN, Operation.MIN, Operation.MAX)  # of a column


class ReadingKind(StrEnum):
    """How a reading's result answers the question: which plans it runs and what of their rows is the value
    (``results.py``)."""

    LOOKUP = "lookup"  # a cell of the first matching row
    LIST = "list"  # the cells of every matching row
    FIRST = "first"  # the table's first row
    LAST = "last"  # its last (ranked) row
    NEXT = "next"  # the row after the one named
    PREVIOUS = "previous"
    EXISTS = "exists"  # whether any row matches
    EVERY = "every"  # whether every row of a kind says something: its plan counts those that do not (every_said.py)
    COUNT = "count"
    DISTINCT = "distinct"  # how many different values
    LONGEST_RUN = "longest_run"
    SUM = "sum"
    AVG = "avg"
    MEDIAN = "median"
    MAX = "max"  # one row's highest value ("the largest single order")
    MIN = "min"
    SUPERLATIVE = "superlative"  # the row ranked first
    TIED = "tied"  # the rows tied for first
    GROUP = "group"  # the group ranked first
    GROUPS = "groups"  # the groups ranked first ("the top 3 customers")
    GROUP_COUNT = "group_count"  # how many rows the first group has
    GROUP_RATE = "group_rate"  # the group whose rows most often say a value ("the highest conversion rate")
    DIFFERENCE = "difference"  # the first plan's value minus the second's, as a distance (never below 0)
    REMAINING = "remaining"  # the first plan's value minus the second's, below 0 when the second is larger
    MORE_OR_LESS = "more_or_less"  # "more" or "less": how the first plan's value compares with the second's
    LARGER = "larger"  # yes or no: whether the first plan's value is larger than the second's
    SAME = "same"  # yes or no: whether the first plan's value is the second's
    BEFORE_OR_AFTER = "before_or_after"  # "before" when the first plan's row is the second's, else "after"
    COMPARE = "compare"  # which of two values is the larger
    EITHER = "either"  # which of two options has more
    PERCENT = "percent"  # the first plan's count over the second's, times 100
    SHARE = "share"  # the same as a fraction
    DURATION = "duration"  # how long, from a start to an end
    DAYS = "days"  # how many days from the first plan's date to the second's ("how long did T-202 take to resolve")
    NEVER = "never"  # the first plan's values that no row of the second holds ("which products were never cancelled")
    NEVER_COUNT = "never_count"  # how many they are ("how many customers never cancelled an order")
    PER_GROUP_AVERAGE = "per_group_average"  # the first plan's value over the second's count ("orders per customer")
    PERIOD_COLUMN = "period_column"  # the month's (or quarter's) column adding up to the most (ranked_periods.py)


COMPARISONS = ("=", "!=", "<", "<=", ">", ">=", "contains", "lacks", "in", "empty", "filled")  # lacks: not contains
PRESENCE = ("empty", "filled")  # comparisons that take no value: the cell is missing ("", "—", "n/a"), or is not
MAX_LIMIT = 1_000  # rows a plan may return (an answer is a value or a short list, not a dump of the table)
# What is read of a text cell that holds a game's score ("27–24", "W 67–55"): the two numbers' difference, or their
# sum. As a plan's ``score`` (of its column and its order_by) and as a condition's view.
SCORE_PARTS = ("margin", "total")
DATE_PARTS = ("month", "quarter", "year")  # what a group of dates may be by: "which month had the most orders"


class InvalidPlan(ValueError):
    """A plan that does not fit its table: an unknown column, an operation the column's kind cannot take."""


@dataclass(frozen=True)
class Condition:
    """``column op value``: text compares case-insensitively, numbers and dates by value (``view`` says which)."""

    column: int
    op: str
    value: Any  # str for text, float for numbers, a datetime for dates; a list for "in"
    view: str = "text"  # "text", "number", "date", "year" / "month" (of a date column, as a number), "during"
    # (a year within the years a cell spans: "1988–92" is during 1990), or "position": rows listed before ("<") or
    # after (">") the first row whose text holds the value ("how many players were picked before X"), or "column":
    # compared with another column of the same row (``value`` its index: "stock below the reorder level"), or
    # "average": with the column's average over the table's rows (``value`` None: "orders above the average revenue")
    also: tuple[int, ...] = ()  # more columns, of the same kind: the text of any of them may match ("Home team" or
    # "Visiting team" = 'Finland')
    listed: bool = False  # a text "=" that a cell listing the value among others matches too ("ZX, BBC" for 'ZX')


@dataclass(frozen=True)
class Plan:
    """What to compute: an operation over the rows that match every condition.

    ``rows`` returns the ``select`` columns of the matching rows, in ``order_by`` order (table order when None),
    cut at ``limit`` after the first ``skip``; with ``shift`` it returns the row that many rows after (before, when
    negative) the first match. ``group_by`` with an aggregate operation returns the groups ordered by their
    aggregate. An aggregate of rows with a ``limit`` is of the first ``limit`` rows in ``order_by`` order ("the total
    sales of the top 3 reps").
    """

    operation: Operation
    column: int | None = None  # the column aggregated (None for count)
    select: tuple[int, ...] = ()
    where: tuple[Condition, ...] = ()
    order_by: int | None = None  # a column; sorted by its number or date view
    # with order_by, or an aggregate's column: how long each row lasted, from that column until this one, sorted by
    # ("which order took the longest to ship") or aggregated ("the average delivery time": each row's days, averaged)
    until: int | None = None  # (the same column: across the years its cells span, "1996–99")
    descending: bool = False
    # with order_by: rows alike in it are taken in reverse table order, so that the last of the table sorted is the last
    # listed ("the last team" of four placed 4th is the one listed last, as the table's last row is)
    ties_last: bool = False
    limit: int | None = None
    skip: int = 0  # with limit: the rows of the order passed over first ("the second highest": 1; ordinals_said.py)
    shift: int = 0
    group_by: int | None = None
    # with group_by: the groups whose rows number so many, as (comparison, number of rows), counted ("how many donors
    # gave more than once": the Donors of more than 1 row) or, with rows, taken ("which customers ordered 5 times")
    having: tuple[str, float] | None = None
    group_part: str = ""  # "month", "quarter" or "year" of the group_by column's dates ("which month", "best quarter")
    score: str = ""  # "margin" or "total": the column (and order_by) read as scores (SCORE_PARTS), not their values
    # A measure of two number columns, ``column`` (or ``order_by``) over this one: a sum is the total of one over the
    # total of the other ("the cost per conversion", "the click-through rate" of the rows picked); min, max and an
    # order take each row's own ratio ("the campaign with the highest click-through rate")
    per: int | None = None
    less: int | None = None  # ``column`` (or ``order_by``) less this column, row by row: "the profit" (Revenue - Cost)
    # ``column`` (or ``order_by``) times this column, row by row: "the value" (Qty × Unit Cost)
    times: int | None = None
    plus: int | None = None  # ``column`` (or ``order_by``) plus this column, row by row (a missing cell adds 0):
    # "the pay including bonus" (Salary + Bonus)
    # Each row's total over these number columns, the first of them ``column`` (or ``order_by``): "East's total sales"
    # of a table with a column for each month (a missing cell adds 0)
    across: tuple[int, ...] = ()
    words: str = field(default="", compare=False)  # the question the parser read it from (for the explanation)

    @property
    def paired(self) -> int | None:
        """The second column of a measure of two (``per``, ``less``, ``times`` or ``plus``), or None."""
        return next((c for c in (self.per, self.less, self.times, self.plus) if c is not None), None)


_HAVING = ("=", "<", "<=", ">", ">=")  # how a group's number of rows may compare (Plan.having)


def check(plan: Plan, table: TypedTable) -> Plan:
    """The plan if it fits ``table``, else :class:`InvalidPlan` saying why."""
    width = len(table.columns)

    def known(index: int | None, what: str) -> None:
        if index is not None and not 0 <= index < width:
            raise InvalidPlan(f"{what}: the table has no column number {index}")

    if plan.operation not in OPERATIONS:
        raise InvalidPlan(f"operation: {plan.operation!r} is not one of {', '.join(OPERATIONS)}")
    for index in (plan.column, plan.order_by, plan.until, plan.group_by, *plan.select, *plan.across):
        known(index, "column")
    if plan.group_part and (plan.group_part not in DATE_PARTS or plan.group_by is None):
        raise InvalidPlan(f"group_part: one of {', '.join(DATE_PARTS)}, of a group_by column")
    if plan.group_part and table.columns[plan.group_by or 0].kind != "date":
        raise InvalidPlan(f"group_part: {table.columns[plan.group_by or 0].name!r} holds no dates")
    if plan.paired is not None:
        _check_derived(plan, table)
    if plan.across:
        _check_across(plan, table)
    if plan.score and plan.score not in SCORE_PARTS:
        raise InvalidPlan(f"score: {plan.score!r} is not one of {', '.join(SCORE_PARTS)}")
    if plan.score and (plan.column if plan.operation != Operation.ROWS else plan.order_by) is None:
        raise InvalidPlan("score: a column (or an order) to read as scores is required")
    numbers = plan.column is not None and (table.columns[plan.column].numeric or bool(plan.score or plan.until))
    if plan.operation in (Operation.SUM, Operation.AVG, Operation.MEDIAN) and not numbers:
        raise InvalidPlan(f"{plan.operation}: the column must hold numbers")
    if plan.operation in (Operation.MIN, Operation.MAX, Operation.COUNT_DISTINCT) and plan.column is None:
        raise InvalidPlan(f"{plan.operation}: a column is required")
    if plan.operation == Operation.ROWS and not plan.select:
        raise InvalidPlan("rows: the columns to return are required")
    if plan.group_by is not None and (plan.across or plan.until is not None):
        raise InvalidPlan("until, across: of rows, not of groups")
    groups_taken = plan.operation == Operation.ROWS and plan.select == (plan.group_by,)  # the groups themselves
    if plan.having is not None and (plan.group_by is None or not (plan.operation == Operation.COUNT or groups_taken)):
        raise InvalidPlan("having: a count of groups, or the groups themselves (select group_by), by group_by")
    if plan.having is not None and (plan.having[0] not in _HAVING or plan.having[1] < 0):
        raise InvalidPlan(f"having: one of {', '.join(_HAVING)} and a number of rows")
    began = plan.column if plan.operation in AGGREGATE_OPERATIONS else plan.order_by
    if plan.until is not None and (began is None or not _lasting(table, began, plan.until)):
        raise InvalidPlan("until: the columns hold no start and end of the same kind")
    elif plan.order_by is not None and plan.until is None and not plan.score and not _sortable(table, plan.order_by):
        raise InvalidPlan(f"order_by: {table.columns[plan.order_by].name!r} holds neither numbers nor dates")
    if plan.limit is not None and not 1 <= plan.limit <= MAX_LIMIT:
        raise InvalidPlan(f"limit: must be between 1 and {MAX_LIMIT}")
    if plan.skip and (plan.limit is None or not 0 < plan.skip < MAX_LIMIT or plan.shift):
        raise InvalidPlan(f"skip: rows passed over before a limit, between 0 and {MAX_LIMIT}")
    for condition in plan.where:
        for index in (condition.column, *condition.also):
            known(index, "where")
        if condition.also and (condition.op != "=" or condition.view != "text"):
            raise InvalidPlan("where: only a text equality may hold in any of several columns")
        if condition.op not in COMPARISONS:
            raise InvalidPlan(f"where: {condition.op!r} is not one of {', '.join(COMPARISONS)}")
        column = table.columns[condition.column]
        if condition.view == "number" and not column.numeric:
            raise InvalidPlan(f"where: {column.name!r} holds no numbers")
        if condition.view in ("date", "year", "month") and column.kind != "date":
            raise InvalidPlan(f"where: {column.name!r} holds no dates")
        if condition.view in SCORE_PARTS and (column.kind != "text" or not isinstance(condition.value, float)):
            raise InvalidPlan(f"where: the {condition.view} of {column.name!r} is compared with a number")
        if condition.view == "during" and f"s{condition.column}" not in table.data.column_names:
            raise InvalidPlan(f"where: {column.name!r} holds no spans of years")
        if condition.view == "during" and condition.op not in ("=", ">", ">=", "<", "<="):
            raise InvalidPlan("where: a span of years takes in (=), ends after (>) or starts before (<) a year")
        if condition.view == "position" and (condition.op not in ("<", ">") or not isinstance(condition.value, str)):
            raise InvalidPlan("where: a position is before ('<') or after ('>') the row a text names")
        if condition.view == "column":
            _check_columns_compared(condition, table)
        if condition.view == "average" and (not column.numeric or condition.op not in ("<", "<=", ">", ">=")):
            raise InvalidPlan(f"where: {column.name!r} is compared with its average by <, <=, > or >=")
    return plan


def _check_derived(plan: Plan, table: TypedTable) -> None:
    """A measure of two different number columns (``per``: one over the other, ``less``: one less the other,
    ``times``: one times the other, ``plus``: the two added), summed, averaged, ranged over (min, max) or ordered by,
    never of scores; a ratio is not averaged (its sum is the total over the total)."""
    other = plan.paired
    other = other if other is not None and 0 <= other < len(table.columns) else None
    if (
        other is None
        or not table.columns[other].numeric
        or sum(c is not None for c in (plan.per, plan.less, plan.times, plan.plus)) > 1
    ):
        raise InvalidPlan("per, less, times, plus: one column of numbers to divide by, take away, multiply by or add")
    over = plan.order_by if plan.operation == Operation.ROWS else plan.column
    operations: tuple[Operation, ...] = (Operation.SUM, Operation.MIN, Operation.MAX, Operation.ROWS)
    if plan.per is None:
        operations += (Operation.AVG, Operation.MEDIAN)
    if plan.operation not in operations or over is None or plan.score or plan.until is not None:
        raise InvalidPlan(
            "per, less, times, plus: of a sum, an average (not per), a min, a max or the column rows are ordered by"
        )
    if over == other or not table.columns[over].numeric:
        raise InvalidPlan("per, less, times, plus: one column of numbers with another")


def _check_across(plan: Plan, table: TypedTable) -> None:
    """A row's total over two or more different number columns, the first the one summed, averaged, ranged over or
    ordered by, with no other measure of two."""
    first = plan.order_by if plan.operation == Operation.ROWS else plan.column
    numbers = all(table.columns[c].numeric for c in plan.across)
    if len(set(plan.across)) < 2 or not numbers or first != plan.across[0]:
        raise InvalidPlan("across: two or more columns of numbers, the first the column (or order_by) read")
    if plan.operation not in (*AGGREGATE_OPERATIONS, Operation.ROWS) or plan.paired is not None or plan.score:
        raise InvalidPlan("across: of a sum, an average, a median, a min, a max or the column rows are ordered by")


def _check_columns_compared(condition: Condition, table: TypedTable) -> None:
    """A column compared with another of the row: both of numbers or both of dates, by an ordering or equality."""
    other = condition.value
    if not isinstance(other, int) or isinstance(other, bool) or not 0 <= other < len(table.columns):
        raise InvalidPlan("where: the column compared with is not a column of the table")
    if condition.op not in ("=", "!=", "<", "<=", ">", ">="):
        raise InvalidPlan(f"where: two columns are compared by =, !=, <, <=, > or >=, not {condition.op!r}")
    a, b = table.columns[condition.column], table.columns[other]
    if not ((a.numeric and b.numeric) or (a.kind == "date" and b.kind == "date")):
        raise InvalidPlan(f"where: {a.name!r} and {b.name!r} do not both hold numbers or both dates")


def _lasting(table: TypedTable, start: int, end: int) -> bool:
    """Whether how long rows lasted can be told from ``start`` to ``end``: one column of year spans, or two of
    numbers, or two of dates."""
    views = table.data.column_names
    if start == end:
        return f"s{start}" in views
    return (f"n{start}" in views and f"n{end}" in views) or (f"d{start}" in views and f"d{end}" in views)


def _sortable(table: TypedTable, index: int) -> bool:
    """Numbers, dates, and spans of years ("1931–1936", sorted by their first year)."""
    column = table.columns[index]
    return column.numeric or column.kind == "date" or f"s{index}" in table.data.column_names
