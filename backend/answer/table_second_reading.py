"""A model's second reading of a table question: the plan it writes for the question, run on the same table and
compared with the rules' value (``check_reading``; off by default, ``local.table_second_reading``), and the protocols of
the models that write plans (``Planner``, ``Checker``: ``answer/planners.py``). ``tables.py`` chooses the table and
calls these.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from backend.answer.engine import Outcome, SecondReading
from backend.errors import AnswerbaseError
from backend.tables import parse
from backend.tables.infer import TypedTable
from backend.tables.plan import InvalidPlan, Operation, Plan, ReadingKind
from backend.tables.plan_json import from_json
from backend.tables.plan_words import describe
from backend.tables.results import compute
from backend.types import AnswerType


class Planner(Protocol):
    """Writes a plan for a question over a table, as JSON (``backend.answer.planners.LLMPlanner``)."""

    def plan(self, question: str, table: TypedTable) -> dict[str, Any] | None: ...


class Checker(Planner, Protocol):
    """A planner that reads a question again where the rules leave words of it unexplained
    (``backend.answer.planners.LocalPlanner``); ``ready`` says whether it can read now without waiting."""

    @property
    def ready(self) -> bool: ...


def check_reading(
    checker: Planner, question: str, table: TypedTable, answer_type: AnswerType, reading: parse.Reading, value: Any
) -> SecondReading:
    """The model's own plan for ``question``, run on ``table`` and compared with the rules' ``value``."""
    try:
        planned = checker.plan(question, table)
        if planned is None:
            return SecondReading(Outcome.NO_PLAN)
        plan = from_json(planned, table)
    except (InvalidPlan, AnswerbaseError) as exc:
        return SecondReading(Outcome.UNUSABLE, plan=str(exc))
    words = describe(plan, table)
    model_reading = parse.Reading(plan, plan_kind(plan, answer_type), reading.coverage)
    try:
        model_value = compute(model_reading, table, answer_type)[1].value
    except Exception as exc:  # a checked plan that still fails to run must not cost the rules' answer
        return SecondReading(Outcome.UNUSABLE, plan=f"{words}: {exc}")
    if model_value is None:
        return SecondReading(Outcome.UNUSABLE, plan=words)
    return SecondReading(Outcome.AGREES if same_value(model_value, value) else Outcome.DIFFERS, model_value, words)


def same_value(a: Any, b: Any) -> bool:
    """Whether two typed values are the same answer: numbers within rounding, lists as sets."""
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool | str):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    return a == b


def plan_kind(plan: Plan, answer_type: AnswerType) -> ReadingKind:
    """What a plan computes, in the parser's terms (how its result becomes a value)."""
    if plan.group_by is not None and plan.having is None:
        return ReadingKind.GROUP
    if plan.operation is Operation.COUNT and answer_type.element is AnswerType.BOOLEAN:
        return ReadingKind.EXISTS
    if plan.operation is Operation.ROWS:
        return ReadingKind.LIST if answer_type.is_array else ReadingKind.LOOKUP
    if plan.operation is Operation.COUNT_DISTINCT:
        return ReadingKind.DISTINCT
    return ReadingKind(plan.operation)  # count, longest_run, sum, avg, median, min, max: the same name
