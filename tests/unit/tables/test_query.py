"""Plans checked against their table (plan.py) and run by a real DuckDB (query.py): every plan kind computes
exactly, explains itself, binds values as parameters and stops at its time limit."""

from __future__ import annotations

from datetime import datetime

import pytest

from backend.errors import UpstreamTimeout
from backend.tables import parse
from backend.tables.plan import Condition, InvalidPlan, Operation, Plan, check
from backend.tables.plan_json import condition_for, from_json
from backend.tables.plan_words import describe
from backend.tables.query import compile_plan, execute
from backend.types import AnswerType
from tests.unit.tables.sample import ORDERS, run, table_of


def test_each_plan_kind_computes_exactly():
    t = table_of(ORDERS)
    europe = condition_for(t, 1, "=", "europe")  # text compares without case
    assert run(Plan(Operation.COUNT, where=(europe,)), t) == [(3,)]
    assert run(Plan(Operation.SUM, 2, where=(europe,)), t) == [(1250.5,)]
    assert run(Plan(Operation.AVG, 3), t) == [(7.5,)]
    assert run(Plan(Operation.MAX, 2), t) == [(2000.0,)] and run(Plan(Operation.MIN, 4), t) == [(datetime(2024, 3, 1),)]
    assert run(Plan(Operation.COUNT_DISTINCT, 1), t) == [(3,)]
    assert run(Plan(Operation.ROWS, select=(1,), order_by=2, descending=True, limit=1), t) == [("North America",)]
    assert run(Plan(Operation.SUM, 2, group_by=1, descending=True, limit=1), t) == [("North America", 2000.0)]
    assert run(Plan(Operation.COUNT, group_by=5, descending=True, limit=1), t) == [("shipped", 3)]
    assert run(Plan(Operation.ROWS, select=(0,), where=(condition_for(t, 2, "=", "300"),), shift=1), t) == [("3",)]
    assert run(Plan(Operation.ROWS, select=(0,), where=(condition_for(t, 2, "=", "300"),), shift=-1), t) == [("1",)]
    assert run(Plan(Operation.ROWS, select=(1,), limit=1), t) == [("Europe",)]
    assert run(Plan(Operation.ROWS, select=(0,), descending=True, limit=1), t) == [("5",)]
    after = condition_for(t, 4, ">", "2024-04-01")
    assert run(Plan(Operation.COUNT, where=(after,)), t) == [(3,)]
    assert run(Plan(Operation.COUNT, where=(Condition(4, "=", 2024, "year"),)), t) == [(5,)]
    assert run(Plan(Operation.COUNT, where=(condition_for(t, 2, ">=", "$1,000"),)), t) == [(2,)]
    assert run(Plan(Operation.COUNT, where=(Condition(1, "in", ["Asia", "north america"]),)), t) == [(2,)]
    assert run(Plan(Operation.COUNT, where=(Condition(1, "contains", "america"),)), t) == [(1,)]
    assert run(Plan(Operation.COUNT, where=(Condition(5, "!=", "shipped"),)), t) == [(2,)]


def test_the_explanation_shows_the_plan_the_sql_and_the_matched_rows():
    t = table_of(ORDERS)
    plan = Plan(Operation.COUNT, where=(condition_for(t, 1, "=", "Europe"),))
    result = execute(plan, t)
    assert describe(plan, t) == "count rows of orders.csv where 'region' = 'Europe'"
    assert result.sql == "SELECT count(*) FROM t WHERE lower(c1) = lower(?)" and result.parameters == ["Europe"]
    assert [row["order_id"] for row in result.matched] == ["1", "3", "5"] and result.matched_count == 3


def test_sql_or_code_in_a_value_is_only_ever_a_bound_parameter():
    t = table_of(ORDERS)
    hostile = "Europe'; DROP TABLE t; --"
    plan = Plan(Operation.COUNT, where=(condition_for(t, 1, "=", hostile),))
    sql, parameters = compile_plan(plan, t)
    assert hostile not in sql and parameters == [hostile]
    assert run(plan, t) == [(0,)]
    assert run(Plan(Operation.COUNT), t) == [(5,)]  # the table is untouched
    # A question that contains SQL or Python is just a question: read against the table, nothing else runs.
    for question in ["How many orders; DROP TABLE t; --", "__import__('os').system('id') how many orders?"]:
        reading = parse.read(question, t, AnswerType.INTEGER)
        assert reading is not None and reading.plan.operation == "count"
        assert run(reading.plan, t) == [(5,)]


def test_plans_that_do_not_fit_the_table_are_refused():
    t = table_of(ORDERS)
    with pytest.raises(InvalidPlan, match="must hold numbers"):
        check(Plan(Operation.SUM, 1), t)
    with pytest.raises(InvalidPlan, match="no column number 9"):
        check(Plan(Operation.COUNT, where=(Condition(9, "=", "x"),)), t)
    with pytest.raises(InvalidPlan, match="not one of"):
        check(Plan("delete"), t)
    with pytest.raises(InvalidPlan, match="no column 'price'"):
        from_json({"operation": "sum", "column": "price"}, t)
    with pytest.raises(InvalidPlan, match="cannot be compared"):
        from_json({"operation": "count", "where": [{"column": "region", "op": ">", "value": "x"}]}, t)
    plan = from_json({"operation": "count", "where": [{"column": "region", "op": "=", "value": "Asia"}]}, t)
    assert run(plan, t) == [(1,)]


def test_a_query_past_its_time_limit_is_stopped():
    rows = "\n".join(f"name {i},{i % 7}" for i in range(1_000_000))
    t = table_of("a,b\n" + rows)
    plan = Plan(Operation.COUNT, group_by=0, descending=True, limit=1)
    with pytest.raises(UpstreamTimeout):
        execute(plan, t, timeout_s=0.0)
    assert execute(plan, t).rows[0][1] == 1  # the same query within its limit
