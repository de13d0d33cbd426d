"""Fit the offline engine's confidence model (backend/answer/confidence.py) on the TUNING half of the data.

    .venv/bin/python bench/calibrate.py

Runs retrieval and the offline engine in-process over the typed-QA store that bench/typed_qa.py builds,
on the tuning half only: dev questions whose passage hashes to half 0, and half of each unanswerable set
(SQuAD 2.0 impossible questions; bench/unmentioned.jsonl). It fits a logistic regression of "the value is
right" on the engine's signals, with one intercept per type, and prints the coefficients to paste into
confidence.py. bench/typed_qa.py then reports precision and calibration on the checking half.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import astuple, fields
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.answer.confidence import Signals  # noqa: E402
from backend.answer.engine import Question  # noqa: E402
from backend.answer.service import reference_moment  # noqa: E402
from backend.config import Settings  # noqa: E402
from backend.services import Services  # noqa: E402
from backend.types import AnswerType, normalise  # noqa: E402
from bench.common import CACHE  # noqa: E402
from bench.typed_qa import TENANT, correct, load_sets, prepare  # noqa: E402

SCALARS = [t for t in AnswerType if not t.is_array]
L2 = 1.0  # ridge penalty on the slopes: the tuning half has ~330 answers, the signals are correlated


def fit_logistic(x: np.ndarray, y: np.ndarray, penalty: np.ndarray, steps: int = 50) -> np.ndarray:
    """Logistic regression by Newton's method with an L2 penalty per coefficient."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x.T * (p * (1 - p))) @ x + np.diag(penalty)
        w -= np.linalg.solve(hessian, gradient)
    return w


def observe(services: Services, context_id: str, items: list[dict]) -> list[tuple[Signals, AnswerType, bool]]:
    """(signals, type, correct) for every question the engine proposed a value for."""
    rows, declined = [], Counter()
    engine = services.engine
    for item in items:
        answer_type = AnswerType(item["type"])
        passages = services.settings.search.evidence_passages * (2 if answer_type.is_array else 1)
        evidence = services.retriever.search(TENANT, item["question"], context_id=context_id, limit=passages,
                                             per_document=False)
        proposal = engine.propose(Question(item["question"], answer_type, evidence, reference_moment(), True))
        if proposal.value is None:
            declined["answerable" if "gold" in item else "unanswerable"] += 1
            continue
        value = normalise(proposal.value, answer_type)
        right = "gold" in item and correct(item, value)
        rows.append((proposal.signals, answer_type.element, right))
    print(f"declined before calibration (a key term absent, nothing of the type): {dict(declined)}")
    return rows


def main() -> None:
    data_dir = CACHE / "typedqa"
    data_dir.mkdir(parents=True, exist_ok=True)
    _, context_id = prepare(data_dir)
    sets = load_sets()
    tuning = [q for name in sets for q in sets[name] if q["half"] == "tuning"]
    print(f"tuning half: {Counter(q['set'] for q in tuning)}")
    services = Services.build(Settings(data_dir=data_dir, engine="offline"))
    rows = observe(services, context_id, tuning)
    names = [f.name for f in fields(Signals)]
    x = np.array([[*astuple(s), *(1.0 if t is k else 0.0 for k in SCALARS)] for s, t, _ in rows])
    y = np.array([1.0 if right else 0.0 for _, _, right in rows])
    penalty = np.array([L2] * len(names) + [1e-3] * len(SCALARS))
    w = fit_logistic(x, y, penalty)
    print(f"fitted on {len(rows)} proposals ({int(y.sum())} right)")
    print("COEFFICIENTS = {" + ", ".join(f'"{n}": {v:.3f}' for n, v in zip(names, w, strict=False)) + "}")
    print("INTERCEPTS = {" + ", ".join(f"AnswerType.{t.name}: {v:.3f}" for t, v in
                                     zip(SCALARS, w[len(names):], strict=True)) + "}")


if __name__ == "__main__":
    main()
