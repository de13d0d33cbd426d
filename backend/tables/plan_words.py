"""A plan said in words, as answers show it beside their value: ``count rows of orders.csv where 'region' =
'Europe'`` (the plan itself is data: ``plan.py``)."""

from __future__ import annotations

from datetime import datetime

from backend.tables.infer import TypedTable
from backend.tables.plan import AGGREGATE_OPERATIONS, PRESENCE, SCORE_PARTS, Condition, Operation, Plan
from backend.tables.sql_fragments import shifts_past_run


def describe(plan: Plan, table: TypedTable) -> str:
    """The plan in words: ``count rows of orders.csv where region = 'Europe'``."""
    names = [c.name for c in table.columns]
    if plan.group_by is not None and plan.having is not None:
        op, rows = plan.having
        verb = "take" if plan.operation == Operation.ROWS else "count"
        what = (
            f"{verb} each {names[plan.group_by]!r} with {_HAVING_WORDS[op]} {rows:g} {'row' if rows == 1 else 'rows'}"
        )
        if (op, rows) == (">", 0):  # every value a row holds (never_said.py)
            what = f"{verb} each {names[plan.group_by]!r} once"
    elif plan.group_by is not None:
        each = f"{plan.group_part} of {names[plan.group_by]!r}" if plan.group_part else repr(names[plan.group_by])
        what = (
            f"{plan.operation.replace('_', ' ')} of {names[plan.column]!r}{_per(plan, names)} for each {each}"
            if plan.column is not None
            else f"count rows for each {each}"
        )
    elif plan.operation == Operation.COUNT:
        what = "count rows"
    elif plan.operation == Operation.LONGEST_RUN:
        what = "count the longest run of consecutive rows"
    elif plan.operation == Operation.ROWS:
        what = "take " + ", ".join(repr(names[i]) for i in plan.select)
    else:
        scored = f"the {plan.score} of " if plan.score else ""
        what = f"{plan.operation.replace('_', ' ')} of {scored}{names[plan.column or 0]!r}{_per(plan, names)}"
        if plan.across:  # "sum of 'Jan' + 'Feb' + 'Mar'"
            what = f"{plan.operation} of {_added(plan.across, names)}"
        if plan.until is not None:  # "avg of the days from 'Shipped' to 'Delivered'"
            unit = "days" if table.columns[plan.until].kind == "date" else "span"
            what = f"{plan.operation} of the {unit} from {names[plan.column or 0]!r} to {names[plan.until]!r}"
    # an aggregate of the first rows of an order ("sum of 'Sales' of the first 3 rows of reps.csv, largest 'Sales'")
    few = plan.limit is not None and plan.group_by is None and plan.operation in AGGREGATE_OPERATIONS
    last = few and plan.order_by is None and plan.descending
    text = (
        f"{what} of the {'last' if last else 'first'} {plan.limit} rows of {table.name}"
        if few
        else f"{what} of {table.name}"
    )
    if plan.where:
        text += " where " + " and ".join(_condition_words(c, names) for c in plan.where)
    if plan.shift:
        last = shifts_past_run(plan)  # query.py: after a run of rows of one value, its last
        side = "after" if plan.shift > 0 else "before"
        text += f", then the row {abs(plan.shift)} {side} the {'last' if last else 'first'} match"
    if plan.until is not None and plan.order_by is not None:
        span = (
            repr(names[plan.order_by])
            if plan.until == plan.order_by
            else (f"{names[plan.order_by]!r} to {names[plan.until]!r}")
        )
        text += f", {'longest' if plan.descending else 'shortest'} {span} first"
    elif plan.order_by is not None:
        scored = f"{plan.score} of " if plan.score else ""
        ordered = _added(plan.across, names) if plan.across else f"{scored}{names[plan.order_by]!r}{_per(plan, names)}"
        text += f", {'largest' if plan.descending else 'smallest'} {ordered} first"
    elif plan.group_by is not None and plan.having is None:
        text += f", {'largest' if plan.descending else 'smallest'} first"
    elif plan.operation == Operation.ROWS and plan.descending:
        text += ", last rows first"
    if plan.limit and not few:
        text += f", {plan.limit} {'row' if plan.limit == 1 else 'rows'}"
        text += f" from place {plan.skip + 1}" if plan.skip else ""  # "the second highest": 1 row from place 2
    return text


_HAVING_WORDS = {"=": "exactly", "<": "fewer than", "<=": "at most", ">": "more than", ">=": "at least"}


def _added(columns: tuple[int, ...], names: list[str]) -> str:
    """ "'Jan' + 'Feb' + 'Mar'": a row's total over columns."""
    return " + ".join(repr(names[c]) for c in columns)


def _per(plan: Plan, names: list[str]) -> str:
    """ "over 'Impressions'" of a ratio (a sum is the total over the other column's total, else each row's ratio), or
    "less 'Cost'" of a difference, "times 'Unit Cost'" of a product, "plus 'Bonus'" of a sum (row by row)."""
    if plan.less is not None:
        return f" less {names[plan.less]!r}"
    if plan.times is not None:
        return f" times {names[plan.times]!r}"
    if plan.plus is not None:
        return f" plus {names[plan.plus]!r}"
    if plan.per is None:
        return ""
    return f" over the sum of {names[plan.per]!r}" if plan.operation == Operation.SUM else f" per {names[plan.per]!r}"


def _condition_words(condition: Condition, names: list[str]) -> str:
    value = condition.value
    if isinstance(value, list):
        shown = "(" + ", ".join(repr(v) for v in value) + ")"
    elif hasattr(value, "date") and not isinstance(value, str | float | int):
        shown = value.date().isoformat()
    elif isinstance(value, float) and value.is_integer():
        shown = str(int(value))
    else:
        shown = repr(value)
    if condition.op in PRESENCE:
        return f"{names[condition.column]!r} is {condition.op}"
    if condition.view == "month":
        shown = datetime(2000, int(value), 1).strftime("%B")
    if condition.view in ("year", "month"):
        return f"the {condition.view} of {names[condition.column]!r} {condition.op} {shown}"
    if condition.view == "during":
        spans = {
            "=": "takes in",
            ">": "ends after",
            ">=": "ends in or after",
            "<": "starts before",
            "<=": "starts in or before",
        }
        return f"{names[condition.column]!r} {spans.get(condition.op, condition.op)} {shown}"
    if condition.view == "column":
        return f"{names[condition.column]!r} {condition.op} {names[value]!r}"
    if condition.view == "average":
        return f"{names[condition.column]!r} {condition.op} its average"
    if condition.view == "position":
        where = "before" if condition.op == "<" else "after"
        return f"listed {where} the first row whose {names[condition.column]!r} holds {shown}"
    if condition.view in SCORE_PARTS:
        return f"the {condition.view} of {names[condition.column]!r} {condition.op} {shown}"
    if condition.also:
        either = " or ".join(repr(names[i]) for i in (condition.column, *condition.also))
        return f"{either} {condition.op} {shown}"
    if condition.op == "lacks":
        return f"{names[condition.column]!r} does not contain {shown}"
    if condition.listed and condition.op == "=":
        return f"{names[condition.column]!r} is or lists {shown}"
    return f"{names[condition.column]!r} {condition.op} {shown}"
