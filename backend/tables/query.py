"""Plans → parameterised SQL, run by DuckDB over one table's Arrow data: the only importer of duckdb.

The SQL is assembled from fixed fragments and generated column names (``c3``, ``n3``, ``d3``) only; every value
from a question or a model is a bound parameter. Each query runs on a fresh in-memory connection with file and
network access disabled (and the setting locked), under a time limit, and returns at most ``MAX_ROWS`` rows.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import duckdb
import pyarrow.compute as pc

from backend.errors import UpstreamTimeout
from backend.tables.cells import LIST_BREAK, MISSING
from backend.tables.infer import SUMMARY, TypedTable
from backend.tables.plan import AGGREGATE_OPERATIONS, SCORE_PARTS, Operation, Plan, check, shifts_past_run

MAX_ROWS = 1_000
SHOWN_ROWS = 20  # matching rows shown with an answer (its explanation)
TIMEOUT_S = 5.0


@dataclass(frozen=True)
class Result:
    """What a plan computed: the result rows (values in plan order), the SQL and its parameters, and up to
    ``SHOWN_ROWS`` of the table's rows that matched (as ``{column name: cell}``)."""

    rows: list[tuple]
    sql: str
    parameters: list[Any]
    matched: list[dict[str, str]]
    matched_count: int

    def agree_on(self, columns: tuple[int, ...], table: TypedTable) -> bool:
        """Whether every row the plan matched holds the same cells in these columns, where the table's rows do not
        (a column of "Report" links says nothing of a row). Known only when every matched row is among those shown."""
        if not self.matched or self.matched_count > len(self.matched):
            return False
        if all(pc.count_distinct(table.data.column(f"c{c}")).as_py() <= 1 for c in columns):
            return False
        return len({tuple(list(row.values())[c] for c in columns) for row in self.matched}) == 1


def compile_plan(plan: Plan, table: TypedTable) -> tuple[str, list[Any]]:
    """The SQL and parameters for ``plan`` over ``table``'s data registered as ``t``."""
    views = set(table.data.column_names)  # a column is read through the views it has (n<i>, d<i>, c<i>)
    where, parameters = _where(plan, table)
    if plan.shift:
        # the row after a run of rows of one value is after its last, where the value is what is asked for or a day
        # ("the opponent after Thailand on December 21, 2004" of two games that day, "the next venue after the game on
        # the 22nd of June 1930": fresh WikiTableQuestions training questions, tuning tables, 2026-11-28); before,
        # before its first. "NFL Blitz 2000" said in part of the next title is no run of one value, and rows that
        # say a value in another column than the one asked for are entries of their own ("the player after the Miami
        # Dolphins" of a draft: the pick after the Dolphins' first).
        run = shifts_past_run(plan)
        start = "CASE WHEN max(row) - min(row) + 1 = count(*) THEN max(row) ELSE min(row) END" if run else "min(row)"
        sql = f"SELECT {_columns(plan.select)} FROM t WHERE row = (SELECT {start} FROM t{where}) + ?"
        return sql, [*parameters, plan.shift]
    if plan.having is not None and plan.group_by is not None:  # the groups of so many rows, counted
        key = _GROUP_KEYS.get(plan.group_part, "c{}").format(plan.group_by)
        named = f"{key} IS NOT NULL AND trim(CAST({key} AS VARCHAR)) != ''"  # an empty cell is no group
        filtered = f"{where} AND {named}" if where else f" WHERE {named}"
        op = plan.having[0]  # one of plan._HAVING, checked: never text from a question
        sql = f"SELECT count(*) FROM (SELECT {key} AS grouped FROM t{filtered} GROUP BY grouped HAVING count(*) {op} ?)"
        return sql, [*parameters, plan.having[1]]
    if plan.group_by is not None:
        aggregate = "count(*)" if plan.operation == Operation.COUNT else _aggregated(plan, f"n{plan.column}")
        if plan.operation == Operation.COUNT_DISTINCT:  # "which customer placed the most orders": its Order IDs
            aggregate = _distinct_cells(plan.column)
        key = _GROUP_KEYS.get(plan.group_part, "c{}").format(plan.group_by)  # a month's name, a year, or the cell
        sql = (
            f"SELECT {key} AS grouped, {aggregate} AS value FROM t{where} GROUP BY grouped "
            f"ORDER BY value {'DESC' if plan.descending else 'ASC'} NULLS LAST, min(row)"
        )
        return sql + _limit(plan.limit), parameters
    if plan.operation == Operation.COUNT:
        return f"SELECT count(*) FROM t{where}", parameters
    if (
        plan.operation == Operation.LONGEST_RUN
    ):  # each run of consecutive matching rows shares row - its rank among them
        runs = f"SELECT row - row_number() OVER (ORDER BY row) AS run FROM t{where}"
        return f"SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM ({runs}) GROUP BY run)", parameters
    if plan.operation == Operation.COUNT_DISTINCT:
        return f"SELECT {_distinct_cells(plan.column)} FROM t{where}", parameters
    if plan.operation in AGGREGATE_OPERATIONS:
        if plan.until is not None and plan.column is not None:  # "the average delivery time": each row's days
            value = _lasted(plan.column, plan.until, views)
        elif plan.across:  # "East's total sales": its row's months added up
            value = _row_total(plan.across)
        else:
            value = _score(plan.column, plan.score) if plan.score else _value_view(plan.column, views)
        source, parameters = _source(plan, table)
        return f"SELECT {_aggregated(plan, value)} FROM {source}", parameters
    rows = f"SELECT {_columns(plan.select)} FROM t{where} ORDER BY {_order(plan, views)}"
    return rows + _limit(plan.limit), parameters


def _source(plan: Plan, table: TypedTable) -> tuple[str, list[Any]]:
    """The rows a plan computes over, as what follows FROM, and its parameters: the rows that match, or for an
    aggregate with a limit the first rows of its order ("the total sales of the top 3 reps": those three)."""
    where, parameters = _where(plan, table)
    if plan.limit is not None and plan.group_by is None and plan.operation in AGGREGATE_OPERATIONS:
        views = set(table.data.column_names)
        return f"(SELECT * FROM t{where} ORDER BY {_order(plan, views)}{_limit(plan.limit)})", parameters
    return f"t{where}", parameters


def _order(plan: Plan, views: set[str]) -> str:
    """The ORDER BY of a plan's rows: by its order_by column's value (or by what it derives from it), else as
    listed; rows alike keep the table's order (reversed with ``ties_last``)."""
    if plan.order_by is None:
        return "row DESC" if plan.descending else "row"
    if plan.score:
        key = _score(plan.order_by, plan.score)
    elif plan.paired is not None:
        key = _derived(plan, f"n{plan.order_by}")
    elif plan.across:
        key = _row_total(plan.across)
    elif plan.until is None:
        key = _sort_view(plan.order_by, views)
    else:
        key = _lasted(plan.order_by, plan.until, views)
    return f"{key} {'DESC' if plan.descending else 'ASC'} NULLS LAST, row{' DESC' if plan.ties_last else ''}"


# The two numbers of a score ("27–24", "W 67–55", "2-1 (a.e.t.)"): a fixed pattern, never text from a question.
_SCORE_PATTERN = r"'(\d+)\s*[-–—]\s*(\d+)'"


def _score(column: int | None, part: str) -> str:
    """The margin (the difference of the two numbers) or the total of a score cell; NULL for a cell with no score."""
    first, second = (f"TRY_CAST(regexp_extract(c{column}, {_SCORE_PATTERN}, {group}) AS DOUBLE)" for group in (1, 2))
    return f"abs({first} - {second})" if part == "margin" else f"({first} + {second})"


def _row_total(columns: tuple[int, ...]) -> str:
    """A row's total over number columns; a missing cell adds 0 (a month not reported yet)."""
    return "(" + " + ".join(f"coalesce(n{c}, 0)" for c in columns) + ")"


def _value_view(column: int | None, views: set[str]) -> str:
    """A column's number view, else its date view, else its text (min/max of a text column is alphabetical)."""
    if f"n{column}" in views:
        return f"n{column}"
    if f"d{column}" in views:
        return f"d{column}"
    return f"c{column}"


def _distinct_cells(column: int | None) -> str:
    """How many different cells a column holds, as written whatever their case; an empty cell is no value ("how
    many managers are there" of a Manager column some rows leave empty)."""
    return f"count(DISTINCT nullif(lower(trim(c{column})), ''))"


def _aggregated(plan: Plan, value: str) -> str:
    """The plan's aggregate of ``value``, or of the measure it derives from it: with ``less``, ``times`` or ``plus``,
    each row's value less (times, plus) the other column's; with ``per``, a sum is the total over the other column's
    total (the rate of the rows together), a min or max each row's own ratio's."""
    if plan.per is not None and plan.operation == Operation.SUM:
        return f"(sum({value}) / nullif(sum(n{plan.per}), 0))"
    if plan.paired is not None:
        value = _derived(plan, value)
    return f"{_aggregate(plan.operation)}({value})"


def _derived(plan: Plan, value: str) -> str:
    """A row's ``value`` less the plan's ``less`` column, times its ``times`` column, plus its ``plus`` column (an
    empty Bonus adds nothing), or over its ``per`` column: NULL where that is 0, as a campaign with no impressions has
    no click-through rate (it sorts last)."""
    if plan.less is not None:
        return f"({value} - n{plan.less})"
    if plan.times is not None:
        return f"({value} * n{plan.times})"
    if plan.plus is not None:
        return f"({value} + coalesce(n{plan.plus}, 0))"
    return f"({value} / nullif(n{plan.per}, 0))"


def _lasted(start: int, end: int, views: set[str]) -> str:
    """How long a row lasted: across its cell's span of years, or from its start column to its end column."""
    if start == end:
        return f"(l{start} - s{start})"
    if f"n{start}" in views and f"n{end}" in views:
        return f"(n{end} - n{start})"
    return f"date_diff('day', d{start}, d{end})"


def _sort_view(column: int, views: set[str]) -> str:
    """A column's number view, else its date view, else the first year of its spans ("1931–1936")."""
    if f"n{column}" in views:
        return f"n{column}"
    return f"d{column}" if f"d{column}" in views else f"s{column}"


_SQL_AGGREGATE = {operation: str(operation) for operation in AGGREGATE_OPERATIONS} | {Operation.COUNT_DISTINCT: "count"}


def _aggregate(operation: Operation) -> str:
    """The SQL aggregate function of a grouped operation (a group's distinct values are counted)."""
    return _SQL_AGGREGATE[operation]


def _columns(select: tuple[int, ...]) -> str:
    return ", ".join(f"c{i}" for i in select)


def _limit(limit: int | None) -> str:
    return f" LIMIT {min(limit or MAX_ROWS, MAX_ROWS):d}"


def _where(plan: Plan, table: TypedTable) -> tuple[str, list[Any]]:
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
            tests = [f"lower(c{i}) {c.op} lower(?)" for i in columns]
            parts.append(tests[0] if len(tests) == 1 else "(" + " OR ".join(tests) + ")")
            parameters += [str(c.value)] * len(columns)
        elif c.view in SCORE_PARTS:  # "won by a margin of two or more"
            parts.append(f"{_score(c.column, c.view)} {c.op} ?")
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


_GROUP_KEYS = {"month": "monthname(d{})", "year": "year(d{})"}


def _interrupt_after(connection: duckdb.DuckDBPyConnection, timeout_s: float, done: threading.Event) -> None:
    """Past the deadline, interrupt the connection until the query ends (an interrupt that lands between two
    statements is lost, so one is not enough)."""
    if done.wait(timeout_s):
        return
    while not done.is_set():
        connection.interrupt()
        done.wait(0.005)


def execute(plan: Plan, table: TypedTable, *, timeout_s: float = TIMEOUT_S) -> Result:
    """Check ``plan`` against ``table``, run it, and gather the rows it matched (for the explanation)."""
    check(plan, table)
    sql, parameters = compile_plan(plan, table)
    connection = duckdb.connect(":memory:", config={"enable_external_access": False, "lock_configuration": True})
    done = threading.Event()
    watchdog = threading.Thread(target=_interrupt_after, args=(connection, timeout_s, done), daemon=True)
    watchdog.start()
    try:
        connection.register("t", table.data)
        rows = connection.execute(sql, parameters).fetchmany(MAX_ROWS)
        source, source_parameters = _source(plan, table)  # the rows it computed over, shown as the table lists them
        count = connection.execute(f"SELECT count(*) FROM {source}", source_parameters).fetchone()
        shown = connection.execute(
            f"SELECT {', '.join(f'c{i}' for i in range(len(table.columns)))} FROM {source} ORDER BY row "
            f"LIMIT {SHOWN_ROWS}",
            source_parameters,
        ).fetchall()
    except duckdb.InterruptException as exc:
        raise UpstreamTimeout(f"The table query took longer than {timeout_s:g} s and was stopped.") from exc
    finally:
        done.set()
        watchdog.join()
        connection.close()
    names = [c.name for c in table.columns]
    matched = [dict(zip(names, row, strict=True)) for row in shown]
    return Result(rows, sql, parameters, matched, int(count[0]) if count else 0)
