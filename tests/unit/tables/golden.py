"""The golden readings: what the offline table parser makes of every WikiTableQuestions dev question (its plan in
words, its kind, the words it leaves unexplained, the value and the confidence), kept in ``golden.jsonl`` beside
this file so that a change to one question form cannot silently change the reading of another.

    .venv/bin/python -m tests.unit.tables.golden        # rewrite golden.jsonl from the code as it is

A change that is meant to alter readings regenerates the file in the same commit; its diff is the review.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from backend.answer.table_caps import matched_cap
from backend.answer.table_confidence import reading_confidence
from backend.tables import parse
from backend.tables.infer import TypedTable, infer
from backend.tables.plan_words import describe
from backend.tables.query import execute
from backend.tables.read import read_delimited
from backend.tables.results import typed_value
from backend.types import AnswerType

GOLDEN = Path(__file__).with_name("golden.jsonl")
# The public evaluation data lives beside the project (../shared/data), never inside it.
DATA = Path(os.environ.get("ANSWERBASE_SHARED_DATA", Path(__file__).resolve().parents[4] / "shared" / "data"))
QUESTIONS = DATA / "tableqa" / "questions_dev.jsonl"


@cache
def _table(path: str) -> TypedTable:
    return infer(read_delimited((DATA / "tableqa" / path).read_text(encoding="utf-8")), path)


def _plain(value: object) -> object:
    """A value as JSON holds it exactly (floats to 12 significant digits: the sum order of DuckDB may vary)."""
    if isinstance(value, float):
        return float(f"{value:.12g}")
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def reading_of(item: dict) -> dict:
    """One question's reading as a golden record."""
    table, answer_type = _table(item["table"]), AnswerType(item["type"])
    reading = parse.read(item["question"], table, answer_type)
    record: dict = {"id": item["id"], "question": item["question"]}
    if reading is None:
        return record | {"kind": None}
    result = execute(reading.plan, table)
    value, reason, _ = typed_value(reading, result, table, answer_type)
    return record | {
        "kind": reading.kind,
        "plan": describe(reading.plan, table),
        "second": describe(reading.second, table) if reading.second is not None else None,
        "unexplained": list(reading.unexplained),
        "value": _plain(value),
        "declined": reason or None,
        "confidence": round(matched_cap(reading, result, table, reading_confidence(reading, table)), 4),
    }


def readings() -> Iterator[dict]:
    """Every dev question's reading, in the data's order."""
    for line in QUESTIONS.read_text(encoding="utf-8").splitlines():
        if line.strip():
            yield reading_of(json.loads(line))


def write() -> int:
    """Rewrite the golden file from the code as it is; the number of readings written."""
    records = list(readings())
    GOLDEN.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records))
    return len(records)


if __name__ == "__main__":
    print(f"wrote {write()} readings to {GOLDEN}")
