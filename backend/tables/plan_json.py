"""A plan read from a model's JSON reply (columns by name, values as written), checked against its table like any
other plan (``plan.check``); and the condition a value said of a column calls for (``condition_for``)."""

from __future__ import annotations

from typing import Any

from backend.tables.cells import parse_date, parse_number
from backend.tables.infer import TypedTable
from backend.tables.plan import COMPARISONS, OPERATIONS, PRESENCE, Condition, InvalidPlan, Operation, Plan, check


def from_json(obj: Any, table: TypedTable) -> Plan:
    """A plan from a model's JSON (columns by name, values as written), checked against the table.

    ``{"operation": "count", "column": null, "where": [{"column": "Region", "op": "=", "value": "Europe"}],
    "select": [], "order_by": null, "descending": false, "limit": null, "group_by": null}``
    """
    if not isinstance(obj, dict):
        raise InvalidPlan("the plan must be a JSON object")

    def column(name: Any, what: str) -> int | None:
        if name in (None, ""):
            return None
        try:
            return table.column_index(str(name))
        except ValueError:
            raise InvalidPlan(f"{what}: the table has no column {name!r}") from None

    conditions = []
    for item in obj.get("where") or []:
        if not isinstance(item, dict):
            raise InvalidPlan("where: each condition must be an object")
        index = column(item.get("column"), "where")
        if index is None:
            raise InvalidPlan("where: a condition needs a column")
        other = column(item.get("compare_to"), "where")  # "stock below the reorder level": the row's own column
        if other is not None:
            conditions.append(Condition(index, str(item.get("op", "=")), other, "column"))
        else:
            conditions.append(condition_for(table, index, str(item.get("op", "=")), item.get("value")))
    limit = obj.get("limit")
    operation = str(obj.get("operation", ""))
    if operation not in OPERATIONS:
        raise InvalidPlan(f"operation: {operation!r} is not one of {', '.join(OPERATIONS)}")
    plan = Plan(
        operation=Operation(operation),
        column=column(obj.get("column"), "column"),
        select=tuple(i for i in (column(n, "select") for n in obj.get("select") or []) if i is not None),
        where=tuple(conditions),
        order_by=column(obj.get("order_by"), "order_by"),
        descending=bool(obj.get("descending", False)),
        limit=int(limit) if isinstance(limit, int | float) else None,
        group_by=column(obj.get("group_by"), "group_by"),
        group_part=str(obj.get("group_part") or ""),
        per=column(obj.get("per"), "per"),
        less=column(obj.get("less"), "less"),
        times=column(obj.get("times"), "times"),
    )
    return check(plan, table)


def condition_for(table: TypedTable, index: int, op: str, value: Any) -> Condition:
    """A condition on column ``index`` with the view its value calls for: ordering comparisons on a number or date
    column compare numbers or dates; equality on text compares text."""
    column = table.columns[index]
    if op in PRESENCE:
        return Condition(index, op, None)
    if op == "in":
        if not isinstance(value, list) or not value:
            raise InvalidPlan("where: 'in' needs a list of values")
        return Condition(index, op, [str(v) for v in value])
    year = parse_number(str(value)) if op == "=" and f"s{index}" in table.data.column_names else None
    if year is not None:
        return Condition(index, op, year, "during")  # a year within the years the column's cells span
    if op in ("<", "<=", ">", ">=") or (op in ("=", "!=") and column.kind != "text"):
        if column.kind == "date":
            moment = value if hasattr(value, "year") else parse_date(str(value))
            if moment is not None:
                return Condition(index, op, moment, "date")
        if column.numeric:
            number = float(value) if isinstance(value, int | float) else parse_number(str(value))
            if number is not None:
                return Condition(index, op, number, "number")
        if op not in ("=", "!="):
            raise InvalidPlan(f"where: {value!r} cannot be compared with {column.name!r}")
    if op not in COMPARISONS:
        raise InvalidPlan(f"where: {op!r} is not one of {', '.join(COMPARISONS)}")
    return Condition(index, op, str(value))
