"""Fit the local engine's confidence (backend/answer/local_confidence.py) on the TUNING half, and read both halves
in-process.

    .venv/bin/python bench/calibrate_local.py [--per-half N] [--model PATH] [--refit] [--sentences N --tuning-only]

Runs retrieval and the `local` engine (the model from `answerbase models pull`, or --model) in-process over the
typed-QA store that bench/typed_qa.py builds, on a seeded sample of N answerable questions from each half and every
unanswerable one (SQuAD 2.0 impossible questions, bench/unmentioned.jsonl), beside the offline engine on the same
questions and evidence. Each reading is kept in bench/.cache/local-readings.json (--refit fits again from it without
the model). It fits a logistic regression of "the value is right" on the engine's signals, one intercept per type,
on the tuning half only, and prints the coefficients to paste into local_confidence.py, then per half: exact match,
answer precision and declines at the default threshold, calibration buckets, seconds a question and tokens.

``--tuning-only`` reads the tuning half alone (the confidence in local_confidence.py is fitted on 220 of its
answerable questions and its 42 unanswerable ones: ``--per-half 220 --tuning-only``), and with ``--sentences N``
compares a choice (how many evidence sentences the model reads), each into a readings file of its own: the checking
half is read only for the choice made.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.answer import local
from backend.answer.engine import Question
from backend.answer.local_confidence import COEFFICIENTS, LocalSignals
from backend.answer.service import reference_moment
from backend.config import AnswerSettings, LocalSettings, Settings
from backend.services import Services
from backend.types import AnswerType, normalise
from bench.calibrate import fit_logistic
from bench.common import CACHE, percentile, print_table
from bench.typed_qa import TENANT, correct, load_sets, prepare

READINGS = CACHE / "local-readings.json"
SCALARS = [t for t in AnswerType if not t.is_array]
L2 = 1.0


def sample(per_half: int, halves: tuple[str, ...] = ("tuning", "checking")) -> list[dict]:
    """N answerable questions of each half (seeded), and every unanswerable one (of those halves)."""
    sets, chosen = load_sets(), []
    for half in ("tuning", "checking"):
        items = [q for q in sets["answerable"] if q["half"] == half]
        chosen += random.Random(20261126).sample(items, min(per_half, len(items)))
    return [q for q in chosen + sets["adversarial"] + sets["unmentioned"] if q["half"] in halves]


def read_all(services: Services, context_id: str, items: list[dict]) -> list[dict]:
    """Each question read by the local and the offline engines on the same evidence."""
    from backend.answer.offline import OfflineEngine

    offline, local, rows = OfflineEngine(services.settings, services.embedder), services.engine, []
    for number, item in enumerate(items, start=1):
        answer_type = AnswerType(item["type"])
        passages = services.settings.search.evidence_passages * (2 if answer_type.is_array else 1)  # as the service
        evidence = services.retriever.search(
            TENANT, item["question"], context_id=context_id, limit=passages, per_document=False, term_share=False
        )
        question = Question(item["question"], answer_type, evidence, reference_moment(), True)
        started = time.perf_counter()
        try:
            proposal = local.propose(question)
        except Exception as exc:  # an unusable reply, a timeout: a decline for this benchmark, reported
            print(f"  {item['question'][:60]!r}: {type(exc).__name__}: {exc}", file=sys.stderr)
            proposal = None
        seconds = time.perf_counter() - started
        fallback = offline.propose(question)
        value = proposal.value if proposal is not None else None
        rows.append(
            item
            | {
                "value": value,
                "right": value is not None and item["set"] == "answerable" and correct(item, value),
                "signals": asdict(proposal.signals) if proposal is not None and proposal.signals else None,
                "seconds": seconds,
                "offline_value": fallback.value,
                "offline_confidence": fallback.confidence,
                "offline_right": fallback.value is not None
                and item["set"] == "answerable"
                and correct(item, normalise(fallback.value, answer_type)),
            }
        )
        if number % 20 == 0:
            print(f"  read {number} of {len(items)}", file=sys.stderr)
    return rows


def repeats_question(row: dict) -> bool:
    """A value the engine now declines because it only repeats the question (readings kept from before that rule)."""
    if row["value"] is None:
        return False
    values = row["value"] if isinstance(row["value"], list) else [row["value"]]
    question = Question(row["question"], AnswerType(row["type"]), [], reference_moment(), True)
    return local.repeats_question(values, question)


def design(rows: list[dict]) -> np.ndarray:
    signals = [LocalSignals(**row["signals"]) for row in rows]
    features = [[getattr(s, name) for name in COEFFICIENTS] for s in signals]
    types = [[float(AnswerType(row["type"]).element is t) for t in SCALARS] for row in rows]
    return np.hstack([np.array(features), np.array(types)])


def fit(rows: list[dict]) -> tuple[dict[str, float], dict[AnswerType, float]]:
    """Coefficients and per-type intercepts, fitted on the tuning half's values."""
    fitted = [r for r in rows if r["half"] == "tuning" and r["signals"]]
    x, y = design(fitted), np.array([float(r["right"]) for r in fitted])
    penalty = np.array([L2] * len(COEFFICIENTS) + [0.01] * len(SCALARS))
    w = fit_logistic(x, y, penalty)
    coefficients = {name: round(float(v), 3) for name, v in zip(COEFFICIENTS, w, strict=False)}
    intercepts = {t: round(float(v), 3) for t, v in zip(SCALARS, w[len(COEFFICIENTS) :], strict=True)}
    print(f"fitted on the tuning half's {len(fitted)} values ({int(y.sum())} right)")
    print(f"COEFFICIENTS = {json.dumps(coefficients)}")
    print("INTERCEPTS = {" + ", ".join(f"AnswerType.{t.name}: {v}" for t, v in intercepts.items()) + "}")
    return coefficients, intercepts


def confidence(row: dict, coefficients: dict[str, float], intercepts: dict[AnswerType, float]) -> float:
    if not row["signals"]:
        return 0.0
    signals = LocalSignals(**row["signals"])
    logit = intercepts[AnswerType(row["type"]).element]
    logit += sum(coefficients[k] * getattr(signals, k) for k in coefficients)
    return float(1 / (1 + np.exp(-logit)))


def report(rows: list[dict], threshold: float) -> None:
    """Per half and engine: exact match and precision at ``threshold``, declines; then calibration and cost."""
    table = []
    for half in ("tuning", "checking"):
        items = [r for r in rows if r["half"] == half]
        if not items:
            continue
        for engine, value, right, conf in (
            ("local", "value", "right", "confidence"),
            ("offline", "offline_value", "offline_right", "offline_confidence"),
        ):
            given = [r for r in items if r[value] is not None and r[conf] >= threshold]
            answerable = [r for r in items if r["set"] == "answerable"]
            declined = {
                name: sum(not (r[value] is not None and r[conf] >= threshold) for r in items if r["set"] == name)
                / max(1, sum(r["set"] == name for r in items))
                for name in ("adversarial", "unmentioned")
            }
            table.append(
                [
                    half,
                    engine,
                    len(items),
                    sum(r[right] for r in given) / len(given) if given else float("nan"),
                    sum(r[right] for r in given if r["set"] == "answerable") / len(answerable),
                    sum(r[right] for r in answerable) / len(answerable),
                    declined["adversarial"],
                    declined["unmentioned"],
                ]
            )
    print(f"\nAt the default threshold {threshold:g} (local: fitted on the tuning half; checking never tuned on):")
    print_table(
        [
            "half",
            "engine",
            "questions",
            "precision",
            "answerable EM",
            "EM, every value",
            "adversarial declined",
            "unmentioned declined",
        ],
        table,
    )
    checking = [r for r in rows if r["half"] == "checking" and r["value"] is not None]
    buckets = []
    for low in (t / 10 for t in range(10)):
        inside = [r for r in checking if low <= r["confidence"] < low + 0.1 or (low == 0.9 and r["confidence"] == 1)]
        if inside:
            mean = sum(r["confidence"] for r in inside) / len(inside)
            buckets.append(
                [f"{low:.1f}-{low + 0.1:.1f}", len(inside), mean, sum(r["right"] for r in inside) / len(inside)]
            )
    print("\nChecking half, local engine's calibration (any value for an unanswerable question is wrong):")
    print_table(["confidence", "values", "mean confidence", "observed accuracy"], buckets)
    further = []
    for half in ("tuning", "checking"):
        kept = [
            r
            for r in rows
            if r["half"] == half and r["signals"] and r["signals"].get("further") and r["confidence"] >= threshold
        ]
        if kept:
            further.append(
                [half, len(kept), sum(r["confidence"] for r in kept) / len(kept), sum(r["right"] for r in kept)]
            )
    if further:
        print(f"\nValues read on the further sentences, kept at {threshold:g} (the fit marks them with `further`):")
        print_table(["half", "values", "mean confidence", "right"], further)
    seconds = [r["seconds"] for r in rows]
    costs = [r["signals"] for r in rows if r["signals"]]
    print(
        f"\nlocal engine, in-process: p50 {percentile(seconds, 50):.1f} s, p95 {percentile(seconds, 95):.1f} s a "
        "question; "
        f"prompt tokens p50 {percentile([c['prompt_tokens'] for c in costs], 50):.0f}, "
        f"generated p50 {percentile([c['completion_tokens'] for c in costs], 50):.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-half", type=int, default=80, help="answerable questions read from each half")
    parser.add_argument("--model", type=Path, default=None, help="a GGUF file (default: the pulled model)")
    parser.add_argument("--refit", action="store_true", help="fit again from the kept readings, without the model")
    parser.add_argument("--sentences", type=int, default=LocalSettings().evidence_sentences)
    parser.add_argument("--tuning-only", action="store_true", help="read the tuning half alone (to compare choices)")
    args = parser.parse_args()
    variant = args.sentences != LocalSettings().evidence_sentences or args.tuning_only
    name = f"local-readings-{'tuning-' if args.tuning_only else ''}{args.sentences}-sentences.json"
    readings = READINGS.with_name(name) if variant else READINGS
    if not args.refit:
        key, context_id = prepare(CACHE / "typedqa")
        local = LocalSettings(model_path=args.model, load_timeout_s=300, evidence_sentences=args.sentences)
        services = Services.build(Settings(data_dir=CACHE / "typedqa", engine="local", local=local))
        halves = ("tuning",) if args.tuning_only else ("tuning", "checking")
        rows = read_all(services, context_id, sample(args.per_half, halves))
        readings.write_text(json.dumps(rows, default=str))
    rows = [  # readings kept from before the rule: declined as the engine now declines them
        r | {"value": None, "right": False, "signals": None} if repeats_question(r) else r
        for r in json.loads(readings.read_text())
    ]
    coefficients, intercepts = fit(rows)
    rows = [r | {"confidence": confidence(r, coefficients, intercepts)} for r in rows]
    report(rows, AnswerSettings().min_confidence)


if __name__ == "__main__":
    main()
