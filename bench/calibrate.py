"""Fit the offline engine's confidence model (backend/answer/confidence.py) on the TUNING half of the data.

    .venv/bin/python bench/calibrate.py

Runs retrieval and the offline engine in-process over the typed-QA store that bench/typed_qa.py builds.
It fits on the tuning half only: dev questions whose passage hashes to half 0, and half of each unanswerable set
(SQuAD 2.0 impossible questions; bench/unmentioned.jsonl). It fits a logistic regression of "the value is
right" on the engine's signals, with one intercept per type, and prints the coefficients to paste into
confidence.py, with a quick in-process report of both halves (bench/typed_qa.py is the full report over HTTP).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import astuple, fields
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.answer.confidence import Signals
from backend.answer.engine import Question
from backend.answer.service import reference_moment
from backend.config import Settings
from backend.services import Services
from backend.types import AnswerType, normalise
from bench.common import CACHE
from bench.typed_qa import TENANT, correct, load_sets, prepare

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


def observe(services: Services, context_id: str, items: list[dict]) -> list[dict]:
    """Each question with the engine's proposal: ``value`` (None when it proposed none), ``signals``, ``right``."""
    rows, declined = [], Counter()
    engine = services.engine
    for item in items:
        answer_type = AnswerType(item["type"])
        passages = services.settings.search.evidence_passages * (2 if answer_type.is_array else 1)
        evidence = services.retriever.search(
            TENANT, item["question"], context_id=context_id, limit=passages, per_document=False
        )
        proposal = engine.propose(Question(item["question"], answer_type, evidence, reference_moment(), True))
        if proposal.value is None:
            declined[f"{item['half']} {item['set']}"] += 1
            rows.append(item | {"value": None, "signals": None, "right": False, "element": answer_type.element})
            continue
        value = normalise(proposal.value, answer_type)
        right = "gold" in item and correct(item, value)
        rows.append(
            item | {"value": value, "signals": proposal.signals, "right": right, "element": answer_type.element}
        )
    print(f"no value proposed (a key term absent, nothing of the type): {dict(sorted(declined.items()))}")
    return rows


def design(rows: list[dict]) -> np.ndarray:
    """The regression's inputs: the signals, then one indicator per scalar type."""
    return np.array([[*astuple(r["signals"]), *(1.0 if r["element"] is k else 0.0 for k in SCALARS)] for r in rows])


def report(rows: list[dict], w: np.ndarray) -> None:
    """Raw exact match, then precision / exact match at the threshold the tuning half picks, for both halves."""
    for r in rows:
        r["p"] = float(1 / (1 + np.exp(-design([r]) @ w))[0]) if r["signals"] is not None else 0.0

    def at(items: list[dict], t: float) -> tuple[float, float, int]:
        given = [r for r in items if r["value"] is not None and r["p"] >= t]
        answerable = [r for r in items if r["set"] == "answerable"]
        return (
            sum(r["right"] for r in given) / max(1, len(given)),
            sum(r["right"] for r in given) / len(answerable),
            len(given),
        )

    tuning = [r for r in rows if r["half"] == "tuning"]
    threshold = next((t / 100 for t in range(5, 96) if at(tuning, t / 100)[0] >= 0.8), 0.95)
    print(f"threshold reaching 80% precision on the tuning half: {threshold:.2f}")
    for half in ("tuning", "checking"):
        items = [r for r in rows if r["half"] == half]
        raw = at(items, 0.0)
        precision, em, given = at(items, threshold)
        by_type = {}
        for kind in ("integer", "string", "boolean", "datetime", "float"):
            of_kind = [r for r in items if r["type"] == kind and r["set"] == "answerable"]
            by_type[kind] = round(sum(r["right"] for r in of_kind) / max(1, len(of_kind)), 3)
        print(
            f"{half:9} raw EM {raw[1]:.3f} (by type {by_type}); at {threshold:.2f}: precision {precision:.3f}, "
            f"EM {em:.3f}, {given} answers"
        )


def main() -> None:
    data_dir = CACHE / "typedqa"
    data_dir.mkdir(parents=True, exist_ok=True)
    _, context_id = prepare(data_dir)
    sets = load_sets()
    questions = [q for name in sets for q in sets[name]]
    services = Services.build(Settings(data_dir=data_dir, engine="offline"))
    rows = observe(services, context_id, questions)
    fitted = [r for r in rows if r["half"] == "tuning" and r["signals"] is not None]
    names = [f.name for f in fields(Signals)]
    y = np.array([1.0 if r["right"] else 0.0 for r in fitted])
    penalty = np.array([L2] * len(names) + [1e-3] * len(SCALARS))
    w = fit_logistic(design(fitted), y, penalty)
    print(f"fitted on the tuning half's {len(fitted)} proposals ({int(y.sum())} right)")
    report(rows, w)
    print("COEFFICIENTS = {" + ", ".join(f'"{n}": {v:.3f}' for n, v in zip(names, w, strict=False)) + "}")
    print(
        "INTERCEPTS = {"
        + ", ".join(f"AnswerType.{t.name}: {v:.3f}" for t, v in zip(SCALARS, w[len(names) :], strict=True))
        + "}"
    )


if __name__ == "__main__":
    main()
