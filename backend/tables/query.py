"""Plans → parameterised SQL, run by DuckDB over one table's Arrow data: the only importer of duckdb.

The SQL is assembled from fixed fragments (``sql_fragments.py``) and generated column names (``c3``, ``n3``, ``d3``)
only; every value from a question or a model is a bound parameter. Each query runs on a fresh in-memory connection
with file and network access disabled (and the setting locked), under a time limit, and returns at most ``MAX_ROWS``
rows.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import duckdb
import pyarrow.compute as pc

from backend.errors import UpstreamTimeout
from backend.tables.infer import TypedTable
from backend.tables.plan import AGGREGATE_OPERATIONS, Operation, Plan, check
from backend.tables.sql_fragments import (
    MAX_ROWS,
    aggregated,
    distinct_cells,
    group_key,
    lasted,
    limit_clause,
    order_clause,
    row_total,
    score_part,
    selected_cells,
    shifts_past_run,
    value_view,
    where_clause,
)

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
    where, parameters = where_clause(plan, table)
    if plan.shift:
        # the row after a run of rows of one value is after its last, where the value is what is asked for or a day
        # ("the opponent after Thailand on December 21, 2004" of two games that day, "the next venue after the game on
        # the 22nd of June 1930": fresh WikiTableQuestions training questions, tuning tables, 2026-11-28); before,
        # before its first. "NFL Blitz 2000" said in part of the next title is no run of one value, and rows that
        # say a value in another column than the one asked for are entries of their own ("the player after the Miami
        # Dolphins" of a draft: the pick after the Dolphins' first).
        run = shifts_past_run(plan)
        start = "CASE WHEN max(row) - min(row) + 1 = count(*) THEN max(row) ELSE min(row) END" if run else "min(row)"
        # (a totals row is no row after the last: "next to Merritt" of a box score is no "Team Totals")
        rows = " AND NOT summary" if table.has_summary else ""
        sql = f"SELECT {selected_cells(plan.select)} FROM t WHERE row = (SELECT {start} FROM t{where}) + ?{rows}"
        return sql, [*parameters, plan.shift]
    if plan.having is not None and plan.group_by is not None:  # the groups of so many rows, counted
        key = group_key(plan, table)
        named = f"{key} IS NOT NULL AND trim(CAST({key} AS VARCHAR)) != ''"  # an empty cell is no group
        filtered = f"{where} AND {named}" if where else f" WHERE {named}"
        op = plan.having[0]  # one of plan._HAVING, checked: never text from a question
        groups = f"SELECT {key} AS grouped FROM t{filtered} GROUP BY grouped HAVING count(*) {op} ?"
        if plan.operation == Operation.ROWS:  # "which customers ordered more than 5 times": the groups, as listed
            return f"{groups} ORDER BY min(row)", [*parameters, plan.having[1]]
        return f"SELECT count(*) FROM ({groups})", [*parameters, plan.having[1]]
    if plan.group_by is not None:
        aggregate = "count(*)" if plan.operation == Operation.COUNT else aggregated(plan, f"n{plan.column}")
        if plan.operation == Operation.COUNT_DISTINCT:  # "which customer placed the most orders": its Order IDs
            aggregate = distinct_cells(table, plan.column)
        key = group_key(plan, table)  # a month's name, a year, or the cell
        sql = (
            f"SELECT {key} AS grouped, {aggregate} AS value FROM t{where} GROUP BY grouped "
            f"ORDER BY value {'DESC' if plan.descending else 'ASC'} NULLS LAST, min(row)"
        )
        return sql + limit_clause(plan.limit, plan.skip), parameters
    if plan.operation == Operation.COUNT:
        return f"SELECT count(*) FROM t{where}", parameters
    if (
        plan.operation == Operation.LONGEST_RUN
    ):  # each run of consecutive matching rows shares row - its rank among them
        runs = f"SELECT row - row_number() OVER (ORDER BY row) AS run FROM t{where}"
        return f"SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM ({runs}) GROUP BY run)", parameters
    if plan.operation == Operation.COUNT_DISTINCT:
        return f"SELECT {distinct_cells(table, plan.column)} FROM t{where}", parameters
    if plan.operation in AGGREGATE_OPERATIONS:
        if plan.until is not None and plan.column is not None:  # "the average delivery time": each row's days
            value = lasted(plan.column, plan.until, views)
        elif plan.across:  # "East's total sales": its row's months added up
            value = row_total(plan.across)
        else:
            value = score_part(plan.column, plan.score) if plan.score else value_view(plan.column, views)
        source, parameters = _source(plan, table)
        return f"SELECT {aggregated(plan, value)} FROM {source}", parameters
    rows = f"SELECT {selected_cells(plan.select)} FROM t{where} ORDER BY {order_clause(plan, views)}"
    return rows + limit_clause(plan.limit, plan.skip), parameters


def _source(plan: Plan, table: TypedTable) -> tuple[str, list[Any]]:
    """The rows a plan computes over, as what follows FROM, and its parameters: the rows that match, or for an
    aggregate with a limit the first rows of its order ("the total sales of the top 3 reps": those three)."""
    where, parameters = where_clause(plan, table)
    if plan.having is not None and plan.group_by is not None and plan.operation == Operation.ROWS:
        # the rows of the groups taken ("the customers who ordered more than 5 times": their orders)
        key = group_key(plan, table)
        kept = f"{key} IN (SELECT {key} FROM t{where} GROUP BY {key} HAVING count(*) {plan.having[0]} ?)"
        return f"t{where} AND {kept}" if where else f"t WHERE {kept}", [*parameters, *parameters, plan.having[1]]
    if plan.limit is not None and plan.group_by is None and plan.operation in AGGREGATE_OPERATIONS:
        views = set(table.data.column_names)
        return f"(SELECT * FROM t{where} ORDER BY {order_clause(plan, views)}{limit_clause(plan.limit)})", parameters
    return f"t{where}", parameters


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
