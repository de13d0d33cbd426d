"""Typed-answer precision, coverage and calibration over HTTP against `answerbase serve` (offline by default).

    .venv/bin/python bench/typed_qa.py [--limit N] [--rebuild] [--show-errors N] [--engine local --per-half N]

Ingests ../shared/data/typedqa/passages.jsonl into ONE context (cached under bench/.cache/typedqa) and asks,
through POST /v1/types/{type} with that context_id and include_confidence, three sets:
- the answerable dev questions (SQuAD/BoolQ), split by passage into a TUNING half (bench/calibrate.py fits
  the confidence model on it) and a CHECKING half (reported here, never tuned on);
- the SQuAD 2.0 impossible questions (their paragraph holds a tempting value), split by id;
- bench/unmentioned.jsonl: questions about things no passage mentions, all ten types, split by id.
The server runs with ANSWERBASE_ANSWER__MIN_CONFIDENCE=0, so every proposal comes back with its confidence;
what the default threshold would decline is computed from that (the service declines exactly when the
confidence, or for arrays every element's, is below it). Exact match follows ../shared/data/README.md.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import string
import sys
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import AnswerSettings, Settings
from backend.ingest import Source
from backend.services import Services
from bench.common import CACHE, SHARED_DATA, half, percentile, print_table, running_server

TENANT = "default"


def squad_normalise(text: str) -> str:
    text = "".join(ch for ch in str(text).lower() if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def correct(question: dict, value: object) -> bool:
    """Exact match by the data README's rules."""
    kind, gold = question["type"], question["gold"]
    if kind == "boolean":
        return value is gold
    if kind in ("integer", "float"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return abs(value - gold) <= 1e-6 * max(1.0, abs(gold)) if kind == "float" else value == gold
    if kind == "datetime":

        def instant(v: str) -> datetime:
            return datetime.fromisoformat(str(v).replace("Z", "+00:00"))

        try:
            return instant(value) == instant(gold)  # type: ignore[arg-type]
        except ValueError:
            return False
    answers = {squad_normalise(g) for g in question["all_gold_texts"]}
    return squad_normalise(value) in answers  # type: ignore[arg-type]


def prepare(data_dir: Path) -> tuple[str, str]:
    """Ingest the passages once; returns (API key, context id) kept beside the cached database."""
    state = data_dir / "bench-state.json"
    if state.exists():
        saved = json.loads(state.read_text())
        return saved["key"], saved["context_id"]
    services = Services.build(Settings(data_dir=data_dir))
    _, key = services.keys.create(TENANT, "typed-qa bench")
    context = services.catalog.create_context(TENANT, "typedqa", "SQuAD + BoolQ dev passages")
    passages = [json.loads(line) for line in (SHARED_DATA / "typedqa" / "passages.jsonl").open()]
    started = time.perf_counter()
    services.ingestor.ingest_many(
        Source(TENANT, context.id, p["title"], p["text"], "text-snippet", f"passage:{p['passage_id']}")
        for p in passages
    )
    print(f"ingested {len(passages)} passages in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    state.write_text(json.dumps({"key": key, "context_id": context.id}))
    return key, context.id


def load_sets() -> dict[str, list[dict]]:
    """The three question sets, each question tagged with its ``set`` and ``half``."""

    def read(path: Path) -> list[dict]:
        return [json.loads(line) for line in path.open() if line.strip()]

    answerable = read(SHARED_DATA / "typedqa" / "questions_dev.jsonl")
    adversarial = read(SHARED_DATA / "typedqa" / "unanswerable_dev.jsonl")
    unmentioned = read(Path(__file__).with_name("unmentioned.jsonl"))
    return {
        "answerable": [q | {"set": "answerable", "half": half(q["passage_id"])} for q in answerable],
        "adversarial": [q | {"set": "adversarial", "half": half(q["id"])} for q in adversarial],
        "unmentioned": [q | {"set": "unmentioned", "half": half(q["id"])} for q in unmentioned],
    }


def ask_all(url: str, key: str, context_id: str, questions: list[dict]) -> list[dict]:
    """Ask each question once; returns one record per question with its confidence and correctness."""
    records = []
    with httpx.Client(base_url=url, timeout=120, headers={"Authorization": f"Bearer {key}"}) as http:
        for question in questions:
            started = time.perf_counter()
            response = http.post(
                f"/v1/types/{question['type']}",
                json={"query": question["question"], "context_id": context_id, "include_confidence": True},
            )
            ms = (time.perf_counter() - started) * 1000
            body = response.json()
            answered = response.status_code == 200
            if not answered and body.get("error", {}).get("code") != "no_answer":
                raise RuntimeError(f"{question['question']}: {response.status_code} {body}")
            records.append(
                question
                | {
                    "answered": answered,
                    "value": body.get("data"),
                    "confidence": body.get("confidence", 0.0),
                    "right": answered and question["set"] == "answerable" and correct(question, body["data"]),
                    "reason": body.get("error", {}).get("message", ""),
                    "ms": ms,
                }
            )
    return records


def summary(records: list[dict], threshold: float) -> dict[str, float]:
    """Answer precision, answerable exact match and decline rates if answers below ``threshold`` were declined."""
    given = [r for r in records if r["answered"] and r["confidence"] >= threshold]
    answerable = [r for r in records if r["set"] == "answerable"]
    out = {
        "precision": sum(r["right"] for r in given) / len(given) if given else float("nan"),
        "answered": len(given),
        "exact match": sum(r["right"] and r["confidence"] >= threshold for r in answerable) / len(answerable),
    }
    for name in ("adversarial", "unmentioned"):
        items = [r for r in records if r["set"] == name]
        out[f"{name} declined"] = sum(not (r["answered"] and r["confidence"] >= threshold) for r in items) / len(items)
    return out


def print_report(records: list[dict], default: float, show_errors: int) -> None:
    halves = {h: [r for r in records if r["half"] == h] for h in ("tuning", "checking")}
    print(f"\nAt the default threshold {default:g} (tuning half fitted the model; checking half never tuned on):")
    rows = []
    for name, items in halves.items():
        s = summary(items, default)
        rows.append(
            [name, len(items), s["precision"], s["exact match"], s["adversarial declined"], s["unmentioned declined"]]
        )
    s = summary(halves["checking"], 0.0)
    rows.append(
        [
            "checking, no threshold",
            len(halves["checking"]),
            s["precision"],
            s["exact match"],
            s["adversarial declined"],
            s["unmentioned declined"],
        ]
    )
    print_table(
        ["half", "questions", "answer precision", "answerable EM", "adversarial declined", "unmentioned declined"], rows
    )

    checking = halves["checking"]
    print("\nChecking half, exact match by type at the default threshold, beside trivial baselines:")
    rows = []
    for kind in sorted({r["type"] for r in checking if r["set"] == "answerable"}):
        items = [r for r in checking if r["set"] == "answerable" and r["type"] == kind]
        kept = [r for r in items if r["answered"] and r["confidence"] >= default]
        baseline = f"always true {sum(r['gold'] is True for r in items) / len(items):.3f}" if kind == "boolean" else "-"
        rows.append(
            [
                kind,
                len(items),
                sum(r["right"] for r in kept) / len(items),
                sum(r["right"] for r in kept) / len(kept) if kept else float("nan"),
                1 - len(kept) / len(items),
                baseline,
            ]
        )
    print_table(["type", "questions", "exact match", "precision", "declined", "trivial baseline"], rows)

    for name, items in halves.items():
        print(f"\n{name.capitalize()} half, precision and coverage by threshold:")
        rows = []
        for threshold in [0.0, *(t / 20 for t in range(2, 19))]:
            s = summary(items, threshold)
            rows.append(
                [
                    f"{threshold:.2f}",
                    s["answered"],
                    s["precision"],
                    s["exact match"],
                    s["adversarial declined"],
                    s["unmentioned declined"],
                ]
            )
        print_table(
            [
                "threshold",
                "answers",
                "answer precision",
                "answerable EM",
                "adversarial declined",
                "unmentioned declined",
            ],
            rows,
        )

    print("\nChecking half, calibration (answers of all three sets, any answer to an unanswerable one is wrong):")
    rows = []
    answered = [r for r in checking if r["answered"]]
    for low in (t / 10 for t in range(10)):
        bucket = [r for r in answered if low <= r["confidence"] < low + 0.1 or (low == 0.9 and r["confidence"] == 1)]
        if bucket:
            mean = sum(r["confidence"] for r in bucket) / len(bucket)
            observed = sum(r["right"] for r in bucket) / len(bucket)
            rows.append([f"{low:.1f}-{low + 0.1:.1f}", len(bucket), mean, observed, abs(mean - observed)])
    print_table(["confidence", "answers", "mean confidence", "observed accuracy", "gap"], rows)
    latencies = [r["ms"] for r in records]
    print(f"\nlatency over HTTP: p50 {percentile(latencies, 50):.0f} ms, p95 {percentile(latencies, 95):.0f} ms")
    for r in [r for r in checking if r["answered"] and r["confidence"] >= default and not r["right"]][:show_errors]:
        print(f"  wrong [{r['set']}/{r['type']}] {r['question']} → {r['value']!r} ({r['confidence']:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="ask only the first N questions of each set")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--show-errors", type=int, default=0, help="print N wrong answers of the checking half")
    parser.add_argument(
        "--engine",
        choices=["offline", "local"],
        default="offline",
        help="local: the model of `answerbase models pull` (or ANSWERBASE_LOCAL__MODEL_PATH) through the API",
    )
    parser.add_argument(
        "--per-half",
        type=int,
        default=0,
        help="a seeded sample of N answerable questions per half (and every unanswerable one): the local engine "
        "reads a question in seconds",
    )
    args = parser.parse_args()
    data_dir = CACHE / "typedqa"
    if args.rebuild:
        shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True, exist_ok=True)
    key, context_id = prepare(data_dir)
    questions = [q for items in load_sets().values() for q in (items[: args.limit] if args.limit else items)]
    if args.per_half:
        from bench.calibrate_local import sample

        questions = sample(args.per_half)
    environment = {"ANSWERBASE_ANSWER__MIN_CONFIDENCE": "0", "ANSWERBASE_ENGINE": args.engine}
    with running_server(data_dir, environment) as url:
        records = ask_all(url, key, context_id, questions)
    (data_dir / "last-records.json").write_text(json.dumps(records, default=str))  # for re-reading the report
    print(
        f"typed QA: {len(questions)} questions "
        f"({', '.join(f'{k} {v}' for k, v in Counter(q['set'] for q in questions).items())}), {args.engine} engine"
    )
    print_report(records, AnswerSettings().min_confidence, args.show_errors)


if __name__ == "__main__":
    main()
