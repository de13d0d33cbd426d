"""The golden readings of the 400 WikiTableQuestions dev questions stand: any change to a plan, a value or a
confidence fails here, naming the questions whose reading changed (see golden.py; regenerate it deliberately)."""

from __future__ import annotations

import json

import pytest

from tests.unit.tables.golden import GOLDEN, QUESTIONS, readings


def test_every_golden_reading_stands():
    if not QUESTIONS.exists():
        pytest.fail(f"The table QA data is missing at {QUESTIONS} (set ANSWERBASE_SHARED_DATA to ../shared/data).")
    golden = {r["id"]: r for r in map(json.loads, GOLDEN.read_text(encoding="utf-8").splitlines())}
    now = list(readings())
    changed = []
    for record in now:
        before = golden.get(record["id"])
        if before != record:
            fields = sorted(k for k in {*record, *(before or {})} if (before or {}).get(k) != record.get(k))
            was = {k: (before or {}).get(k) for k in fields}
            changed.append(
                f"{record['id']} {record['question']!r}\n    was {was}\n    now { {k: record.get(k) for k in fields} }"
            )
    assert len(now) == len(golden), f"{len(now)} questions read, {len(golden)} in the golden file"
    assert not changed, (
        f"{len(changed)} reading(s) changed; if meant, run `.venv/bin/python -m tests.unit.tables.golden` and commit "
        "golden.jsonl with the change:\n" + "\n".join(changed[:40])
    )
