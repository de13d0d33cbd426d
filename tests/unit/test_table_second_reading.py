"""A model's second reading of a table question (``answer.table_second_reading.check_reading``): the plan it writes
is run on the table and its value compared with the rules' one. The model is the local OpenAI-compatible test server,
spoken to through the real LLM client and planner (the local engine's planner is the same code over llama.cpp:
tests/integration/test_local_engine.py runs it for real)."""

from __future__ import annotations

import pytest

from backend.answer.engine import Outcome
from backend.answer.llm import LLMClient
from backend.answer.planners import LLMPlanner
from backend.answer.table_second_reading import check_reading, same_value
from backend.config import LLMSettings
from backend.tables import parse
from backend.tables.results import compute
from backend.types import AnswerType
from tests.fakes.openai_server import FakeOpenAI, Reply, plan_reply
from tests.unit.tables.sample import ORDERS, table_of

EUROPE = [{"column": "region", "op": "=", "value": "Europe", "compare_to": None}]


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        yield server


def _check(fake: FakeOpenAI, reply: Reply, question: str = "How many orders came from Europe?"):
    table = table_of(ORDERS)
    reading = parse.read(question, table, AnswerType.INTEGER)
    assert reading is not None
    value = compute(reading, table, AnswerType.INTEGER)[1].value
    fake.replies.append(reply)
    planner = LLMPlanner(LLMClient(LLMSettings(base_url=fake.base_url, api_key="sk-test", model="tiny")), compact=True)
    return value, check_reading(planner, question, table, AnswerType.INTEGER, reading, value)


def test_a_plan_giving_the_rules_value_agrees(fake):
    value, check = _check(fake, plan_reply(operation="count", where=EUROPE))
    assert value == 3
    assert check.outcome is Outcome.AGREES and check.value == 3
    assert check.plan == "count rows of orders.csv where 'region' = 'Europe'"
    request = fake.requests[-1]
    # compact JSON (every token costs on a CPU) and room for a plan beyond the answer engine's 48 tokens
    assert request["response_format"]["json_schema"]["schema"]["x-guidance"]["whitespace_flexible"] is False
    assert request["max_tokens"] == 256


def test_a_plan_giving_another_value_differs_and_says_its_value(fake):
    value, check = _check(fake, plan_reply(operation="count"))  # every order, not Europe's
    assert value == 3 and check.outcome is Outcome.DIFFERS and check.value == 5
    assert check.plan == "count rows of orders.csv"


def test_a_model_that_says_the_table_does_not_answer_makes_noplan_reply(fake):
    _, check = _check(fake, Reply('{"answerable":false}'))
    assert check.outcome is Outcome.NO_PLAN and check.value is None


@pytest.mark.parametrize(
    "reply",
    [
        plan_reply(operation="sum", column="customer"),  # no such column
        plan_reply(operation="avg", column="region"),  # not numbers
        Reply("a count, I think"),  # not JSON
        Reply("", status=500),  # the model failed
    ],
)
def test_a_plan_that_does_not_fit_or_a_failed_model_is_unusable_and_says_why(fake, reply):
    _, check = _check(fake, reply)
    assert check.outcome is Outcome.UNUSABLE and check.value is None and check.plan


def test_values_are_the_same_answer_within_rounding_and_as_sets():
    assert same_value(0.1 + 0.2, 0.3) and same_value(3, 3.0)
    assert same_value(["b", "a"], ["a", "b"]) and not same_value(["a"], ["a", "b"])
    assert same_value("Europe", "Europe") and not same_value("Europe", "Asia")
