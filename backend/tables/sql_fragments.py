"""The SQL fragments a table plan compiles to (``query.compile_plan`` puts them together): the WHERE clause of its
conditions, the ORDER BY of its rows, each row's value (a column's view, a score's margin or total, a row's total
over several columns, how long it lasted, a measure derived from two columns) and the aggregate over them.

Fixed fragments and generated column names (``c3``, ``n3``, ``d3``) only: every value from a question or a model is
a bound parameter, returned beside the fragment that binds it.
"""

from __future__ import annotations

from typing import Any

from backend.tables.cells import LIST_BREAK, MISSING
from backend.tables.column_kinds import cell_marks
from backend.tables.infer import SUMMARY, TypedTable
from backend.tables.plan import AGGREGATE_OPERATIONS, SCORE_PARTS, Operation, Plan

MAX_ROWS = 1_000  # the most rows a query returns


def shifts_past_run(plan: Plan) -> bool:
    """Whether a plan's shift after the rows it matches counts from the last of a run of them (query.py): a shift
    forward from rows of one value that is the column asked for or a day."""
    if plan.shift <= 0 or not plan.where or any(c.op != "=" for c in plan.where):
        return False
    return any(c.column in plan.select or c.view == "date" for c in plan.where)


def order_clause(plan: Plan, views: set[str]) -> str:
    """The ORDER BY of a plan's rows: by its order_by column's value (or by what it derives from it), else as
    listed; rows alike keep the table's order (reversed with ``ties_last``)."""
    if plan.order_by is None:
        return "row DESC" if plan.descending else "row"
    if plan.score:
        key = score_part(plan.order_by, plan.score)
    elif plan.paired is not None:
        key = derived_value(plan, f"n{plan.order_by}")
    elif plan.across:
        key = row_total(plan.across)
    elif plan.until is None:
        key = sort_view(plan.order_by, views)
    else:
        key = lasted(plan.order_by, plan.until, views)
    return f"{key} {'DESC' if plan.descending else 'ASC'} NULLS LAST, row{' DESC' if plan.ties_last else ''}"


# The two numbers of a score ("27–24", "W 67–55", "2-1 (a.e.t.)"): a fixed pattern, never text from a question.
_SCORE_PATTERN = r"'(\d+)\s*[-–—]\s*(\d+)'"


def score_part(column: int | None, part: str) -> str:
    """The margin (the difference of the two numbers) or the total of a score cell; NULL for a cell with no score."""
    first, second = (f"TRY_CAST(regexp_extract(c{column}, {_SCORE_PATTERN}, {group}) AS DOUBLE)" for group in (1, 2))
    return f"abs({first} - {second})" if part == "margin" else f"({first} + {second})"


def row_total(columns: tuple[int, ...]) -> str:
    """A row's total over number columns; a missing cell adds 0 (a month not reported yet)."""
    return "(" + " + ".join(f"coalesce(n{c}, 0)" for c in columns) + ")"


def value_view(column: int | None, views: set[str]) -> str:
    """A column's number view, else its date view, else its text (min/max of a text column is alphabetical)."""
    if f"n{column}" in views:
        return f"n{column}"
    if f"d{column}" in views:
        return f"d{column}"
    return f"c{column}"


def distinct_cells(table: TypedTable, column: int | None) -> str:
    """How many different cells a column holds, as their values read whatever their case; an empty cell is no value
    ("how many managers are there" of a Manager column some rows leave empty)."""
    return f"count(DISTINCT nullif(lower(trim({cell_of(table, column)})), ''))"


def aggregated(plan: Plan, value: str) -> str:
    """The plan's aggregate of ``value``, or of the measure it derives from it: with ``less``, ``times`` or ``plus``,
    each row's value less (times, plus) the other column's; with ``per``, a sum is the total over the other column's
    total (the rate of the rows together), a min or max each row's own ratio's."""
    if plan.per is not None and plan.operation == Operation.SUM:
        return f"(sum({value}) / nullif(sum(n{plan.per}), 0))"
    if plan.paired is not None:
        value = derived_value(plan, value)
    return f"{_aggregate(plan.operation)}({value})"


def derived_value(plan: Plan, value: str) -> str:
    """A row's ``value`` less the plan's ``less`` column, times its ``times`` column, plus its ``plus`` column (an
    empty cell of either adds nothing: a Salary with no Bonus, a player's "—" assists; a row with neither has none),
    or over its ``per`` column: NULL where that is 0, as a campaign with no impressions has
    no click-through rate (it sorts last)."""
    if plan.less is not None:
        return f"({value} - n{plan.less})"
    if plan.times is not None:
        return f"({value} * n{plan.times})"
    if plan.plus is not None:
        other = f"n{plan.plus}"
        added = f"coalesce({value}, 0) + coalesce({other}, 0)"
        return f"(CASE WHEN {value} IS NULL AND {other} IS NULL THEN NULL ELSE {added} END)"
    return f"({value} / nullif(n{plan.per}, 0))"


def lasted(start: int, end: int, views: set[str]) -> str:
    """How long a row lasted: across its cell's span of years, or from its start column to its end column."""
    if start == end:
        return f"(l{start} - s{start})"
    if f"n{start}" in views and f"n{end}" in views:
        return f"(n{end} - n{start})"
    return f"date_diff('day', d{start}, d{end})"


def sort_view(column: int, views: set[str]) -> str:
    """A column's number view, else its date view, else the first year of its spans ("1931–1936")."""
    if f"n{column}" in views:
        return f"n{column}"
    return f"d{column}" if f"d{column}" in views else f"s{column}"


_SQL_AGGREGATE = {operation: str(operation) for operation in AGGREGATE_OPERATIONS} | {Operation.COUNT_DISTINCT: "count"}


def _aggregate(operation: Operation) -> str:
    """The SQL aggregate function of a grouped operation (a group's distinct values are counted)."""
    return _SQL_AGGREGATE[operation]


def selected_cells(select: tuple[int, ...]) -> str:
    """The SELECT list of the cells of these columns, as written."""
    return ", ".join(f"c{i}" for i in select)


def limit_clause(limit: int | None, skip: int = 0) -> str:
    """A LIMIT of at most ``MAX_ROWS`` rows, after ``skip`` rows passed over (integers: never text from a question)."""
    offset = f" OFFSET {skip:d}" if skip else ""
    return f" LIMIT {min(limit or MAX_ROWS, MAX_ROWS):d}{offset}"


def where_clause(plan: Plan, table: TypedTable) -> tuple[str, list[Any]]:
    """The WHERE clause of the plan's conditions. A table's totals row is left out (a count or a sum over the rows
    must not count it again) unless a condition names it."""
    parts: list[str] = []
    parameters: list[Any] = []
    names_summary = any(SUMMARY.fullmatch(str(c.value).strip()) for c in plan.where if c.view == "text")
    if table.has_summary and not names_summary:
        parts.append("NOT summary")
    for c in plan.where:
        if c.op == "in":
            parts.append(f"lower(c{c.column}) IN ({', '.join('lower(?)' for _ in c.value)})")
            parameters += list(c.value)
        elif c.op in ("empty", "filled"):  # a missing cell is written as one of cells.MISSING
            missing = sorted(MISSING)
            listed = ", ".join("?" for _ in missing)
            parts.append(f"coalesce(lower(trim(c{c.column})), '') {'' if c.op == 'empty' else 'NOT '}IN ({listed})")
            parameters += missing
        elif c.op in ("contains", "lacks"):  # a cell with no text lacks it too
            test = f"contains(lower(c{c.column}), lower(?))"
            parts.append(test if c.op == "contains" else f"NOT coalesce({test}, false)")
            parameters.append(str(c.value))
        elif c.listed and c.op == "=":  # the value alone, or among those a cell lists (cells.list_items: "ZX, BBC")
            parts.append(f"list_contains(regexp_split_to_array(lower(trim(c{c.column})), ?), lower(trim(?)))")
            parameters += [LIST_BREAK, str(c.value)]
        elif c.view == "text":
            columns = (c.column, *c.also)  # "Home team" or "Visiting team"
            tests = [f"lower({cell_of(table, i)}) {c.op} lower({_unmarked_sql('?', table, i)})" for i in columns]
            parts.append(tests[0] if len(tests) == 1 else "(" + " OR ".join(tests) + ")")
            parameters += [str(c.value)] * len(columns)
        elif c.view in SCORE_PARTS:  # "won by a margin of two or more"
            parts.append(f"{score_part(c.column, c.view)} {c.op} ?")
            parameters.append(c.value)
        elif c.view == "position":  # listed before or after the first row whose cell holds the text
            parts.append(f"row {c.op} (SELECT min(row) FROM t WHERE contains(lower(c{c.column}), lower(?)))")
            parameters.append(str(c.value))
        elif c.view == "during" and c.op == "=":  # the year lies within the cell's span
            parts.append(f"s{c.column} <= ? AND l{c.column} >= ?")
            parameters += [c.value, c.value]
        elif c.view == "during":  # after a year: the span ends past it; before a year: it starts before it
            parts.append(f"{'l' if c.op.startswith('>') else 's'}{c.column} {c.op} ?")
            parameters.append(c.value)
        elif c.view == "column":  # the row's own value of another column ("stock below the reorder level")
            view = "n" if table.columns[c.column].numeric else "d"  # both numbers or both dates (plan.check)
            parts.append(f"{view}{c.column} {c.op} {view}{int(c.value)}")
        elif c.view == "average":  # of the table's rows, a totals row left out
            rows = " WHERE NOT summary" if table.has_summary else ""
            parts.append(f"n{c.column} {c.op} (SELECT avg(n{c.column}) FROM t{rows})")
        elif c.view in ("year", "month"):
            parts.append(f"{c.view}(d{c.column}) {c.op} ?")
            parameters.append(int(c.value))
        else:
            # "not -1": every other row, those with no number too (as "!=" on text keeps empty cells)
            op = "IS DISTINCT FROM" if c.op == "!=" else c.op
            if c.view == "number":
                parts.append(f"n{c.column} {op} ?")
            else:  # a day said compares days: "on March 31" holds a cell of March 31, 14:00 (dates are days)
                parts.append(f"CAST(d{c.column} AS DATE) {op} CAST(? AS DATE)")
            parameters.append(c.value)
    return (" WHERE " + " AND ".join(parts)) if parts else "", parameters


_GROUP_KEYS = {"month": "monthname(d{})", "quarter": "concat('Q', quarter(d{}))", "year": "year(d{})"}  # Q1 to Q4


def cell_of(table: TypedTable, column: int | None) -> str:
    """A column's cell as its value reads, without the marks the column writes around it (column_kinds.cell_marks):
    "at Philadelphia Eagles" is the Philadelphia Eagles ("besides the Philadelphia Eagles" leaves out both games, and
    "which team did they play most" counts both), "Lillestrøm*" is Lillestrøm."""
    return _unmarked_sql(f"c{column}", table, column)


def _unmarked_sql(expression: str, table: TypedTable, column: int | None) -> str:
    """``expression`` (a cell or a parameter of ``column``) without its column's marks: fixed patterns, quoted here,
    never a question's words."""
    for pattern, replacement in cell_marks(table, column) if column is not None else []:
        expression = f"regexp_replace({expression}, '{pattern.pattern}', '{replacement}')"
    return expression


def group_key(plan: Plan, table: TypedTable) -> str:
    """What a plan's rows are grouped by: a date's month name or year, else the cell as its value reads."""
    if plan.group_part in _GROUP_KEYS:
        return _GROUP_KEYS[plan.group_part].format(plan.group_by)
    return cell_of(table, plan.group_by)
