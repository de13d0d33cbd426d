"""The local model's plan as a second reading of table questions the rules read in part (``bench/table_qa.py
--checks``): how often the rules' and the model's values are right, by what the second reading made of a question.
"""

from __future__ import annotations

import json
import random
import sys
import time

from bench.common import CACHE, SHARED_DATA, half, percentile, print_table
from bench.table_scoring import exact

DATA = SHARED_DATA / "tableqa"


CHECKS = CACHE / "table-checks.json"


def check_in_process(items: list[dict]) -> list[dict]:
    """Each question read by the rules and, where they leave words unexplained, read again by the local model's plan
    (``answer.table_second_reading.check_reading``): the data the second reading's confidences are fitted on. Kept in
    bench/.cache/table-checks.json."""
    from backend.answer.local import LocalEngine
    from backend.answer.table_confidence import EXPLAINS_EVERY_WORD
    from backend.answer.table_second_reading import check_reading
    from backend.config import LocalSettings, Settings
    from backend.tables import parse
    from backend.tables.infer import infer
    from backend.tables.read import read_delimited
    from backend.tables.results import compute
    from backend.types import AnswerType

    engine = LocalEngine(Settings(engine="local", local=LocalSettings(load_timeout_s=300)))
    planner, checked = engine.planner(), []
    try:
        for number, item in enumerate(items, 1):
            table = infer(read_delimited((DATA / item["table"]).read_text(encoding="utf-8")), item["table"])
            answer_type = AnswerType(item["type"])
            reading = parse.read(item["question"], table, answer_type)
            value = compute(reading, table, answer_type)[1].value if reading is not None else None
            row = item | {"value": value, "coverage": reading.coverage if reading else None, "outcome": None}
            if reading is not None and reading.coverage < EXPLAINS_EVERY_WORD:
                started = time.perf_counter()
                check = check_reading(planner, item["question"], table, answer_type, reading, value)
                row |= {
                    "outcome": check.outcome.value,
                    "model_value": check.value,
                    "model_plan": check.plan,
                    "seconds": time.perf_counter() - started,
                }
            checked.append(row)
            if number % 20 == 0:
                print(f"  read {number} of {len(items)}", file=sys.stderr)
    finally:
        engine.close()
    CHECKS.write_text(json.dumps(checked, default=str))
    return checked


def report_checks(checked: list[dict]) -> None:
    """How often the rules' and the model's values are right, by what the second reading made of the question."""
    rows = []
    for item in checked:
        item["half"] = half(item["table"])
        item["right"] = exact(item["value"], item["gold"], item["type"])
        item["model_right"] = exact(item.get("model_value"), item["gold"], item["type"])
    for name in ("tuning", "checking"):
        part = [c for c in checked if c["half"] == name]
        for outcome in ("agrees", "differs", "no plan", "unusable", None):
            group = [c for c in part if c["outcome"] == outcome]
            if group:
                rows.append(
                    [
                        name,
                        outcome or "rules explain all (not checked)",
                        len(group),
                        sum(c["right"] for c in group) / len(group),
                        sum(c["model_right"] for c in group) / len(group) if outcome else float("nan"),
                    ]
                )
    print("\nRules and the local model's plan, by the second reading's outcome:")
    print_table(["half", "outcome", "questions", "rules right", "model right"], rows)
    seconds = [c["seconds"] for c in checked if "seconds" in c]
    if seconds:
        print(f"model plan: p50 {percentile(seconds, 50):.1f} s, p95 {percentile(seconds, 95):.1f} s ({len(seconds)})")


def sampled(items: list[dict], per_half: int) -> list[dict]:
    """A seeded sample of ``per_half`` questions of each half."""
    chosen = []
    for name in ("tuning", "checking"):
        part = [i for i in items if half(i["table"]) == name]
        chosen += random.Random(20261126).sample(part, min(per_half, len(part)))
    return chosen
