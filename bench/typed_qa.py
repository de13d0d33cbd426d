"""Typed-answer accuracy on SQuAD/BoolQ dev questions, asked over HTTP against `answerbase serve`.

    .venv/bin/python bench/typed_qa.py [--limit N] [--rebuild]

Ingests ../shared/data/typedqa/passages.jsonl into ONE context (cached under bench/.cache/typedqa), asks
every question through POST /v1/types/{type} with that context_id, and scores exact match per type by the
rules of ../shared/data/README.md. Uses whatever engine the environment configures (offline by default).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import string
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings  # noqa: E402
from backend.ingest import Source  # noqa: E402
from backend.services import Services  # noqa: E402
from bench.common import CACHE, SHARED_DATA, percentile, print_table, running_server  # noqa: E402

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
    services.ingestor.ingest_many(Source(TENANT, context.id, p["title"], p["text"], "text-snippet",
                                         f"passage:{p['passage_id']}") for p in passages)
    print(f"ingested {len(passages)} passages in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    state.write_text(json.dumps({"key": key, "context_id": context.id}))
    return key, context.id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="ask only the first N questions")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--show-errors", type=int, default=0, help="print N wrong answers per type")
    args = parser.parse_args()
    data_dir = CACHE / "typedqa"
    if args.rebuild:
        shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True, exist_ok=True)
    key, context_id = prepare(data_dir)
    questions = [json.loads(line) for line in (SHARED_DATA / "typedqa" / "questions_dev.jsonl").open()]
    questions = questions[: args.limit] if args.limit else questions
    stats: dict[str, dict[str, int]] = defaultdict(lambda: {"n": 0, "ok": 0, "no_answer": 0, "error": 0})
    latencies: list[float] = []
    wrong: dict[str, list[str]] = defaultdict(list)
    with running_server(data_dir) as url, httpx.Client(base_url=url, timeout=120,
                                                       headers={"Authorization": f"Bearer {key}"}) as http:
        engine = http.get("/v1/status").json()["engine"]
        for question in questions:
            started = time.perf_counter()
            response = http.post(f"/v1/types/{question['type']}",
                                 json={"query": question["question"], "context_id": context_id})
            latencies.append((time.perf_counter() - started) * 1000)
            row = stats[question["type"]]
            row["n"] += 1
            if response.status_code == 200 and correct(question, response.json()["data"]):
                row["ok"] += 1
                continue
            if response.status_code == 422 and response.json()["error"]["code"] == "no_answer":
                row["no_answer"] += 1
            elif response.status_code != 200:
                row["error"] += 1
            got = response.json().get("data", response.json().get("error", {}).get("code"))
            wrong[question["type"]].append(f"{question['question']} → {got!r} (gold {question['gold']!r})")
    rows = [[kind, s["n"], s["ok"] / s["n"], s["no_answer"] / s["n"], s["error"]] for kind, s in sorted(stats.items())]
    total = {k: sum(s[k] for s in stats.values()) for k in ("n", "ok", "no_answer", "error")}
    rows.append(["overall", total["n"], total["ok"] / total["n"], total["no_answer"] / total["n"], total["error"]])
    print(f"typed QA dev ({engine} engine): {total['n']} questions, one context of all passages")
    print_table(["type", "questions", "exact match", "no_answer rate", "errors"], rows)
    print(f"latency over HTTP: p50 {percentile(latencies, 50):.0f} ms, p95 {percentile(latencies, 95):.0f} ms")
    for kind, items in wrong.items():
        for item in items[: args.show_errors]:
            print(f"  [{kind}] {item}")


if __name__ == "__main__":
    main()
