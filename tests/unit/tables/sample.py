"""Small tables the tables package's tests share, and the helpers that read them: a table from CSV text, a plan
run on DuckDB, a question answered as the service computes it."""

from __future__ import annotations

from backend.answer.table_caps import Cap, matched_caps
from backend.tables import parse
from backend.tables.infer import infer
from backend.tables.plan import Plan
from backend.tables.query import execute
from backend.tables.read import read_delimited
from backend.tables.results import typed_value
from backend.types import AnswerType

ORDERS = """order_id,region,amount,discount,order_date,status
1,Europe,"$1,200.50",10%,2024-03-01,shipped
2,Asia,300,5%,2024-03-15,shipped
3,Europe,$50,0%,2024-04-02,returned
4,North America,"2,000",15%,2024-04-20,shipped
5,Europe,,n/a,2024-05-05,pending
"""


def table_of(text: str, name: str = "orders.csv"):
    return infer(read_delimited(text), name)


def run(plan: Plan, table) -> list:
    return execute(plan, table).rows


def answer(question: str, table, answer_type: str):
    """The value the offline parser and DuckDB compute for ``question`` (None when no plan fits)."""
    reading = parse.read(question, table, AnswerType(answer_type))
    if reading is None:
        return None
    return typed_value(reading, execute(reading.plan, table), table, AnswerType(answer_type)).value


def cap_of(question: str, table, answer_type: AnswerType = AnswerType.INTEGER) -> Cap | None:
    """What caps the confidence of the question's reading once its plan has run (answer/table_caps.py), or None."""
    reading = parse.read(question, table, answer_type)
    assert reading is not None
    return matched_caps(reading, execute(reading.plan, table), table)
