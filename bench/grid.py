"""Extraction grids through the HTTP API: speed of a 5-column × 100-document grid, and cell accuracy.

    .venv/bin/python bench/grid.py [--engine local] [--questions N]

Serves ``answerbase serve`` (the offline engine, or ``--engine local``: the model of ``answerbase models pull``)
over a fresh database of typed-QA passages (SQuAD + BoolQ dev,
../shared/data/typedqa), then:
- SPEED: a grid of 5 generic columns (one per scalar type) over 100 passages: time to the first complete row,
  time to done, cells per second, share of cells declined (most passages do not say these things);
- ACCURACY: a grid whose columns are 30 questions of the CHECKING half (spread over the types as evenly as the set
  allows; a grid holds 30 columns at most) over the 30 passages they were written for. Each question's own passage
  is scored against the gold answer (exact match, typed_qa.py's rules); every other passage should decline it, so a
  value there is a false fill.

The local model reads a cell in about 2 s, one at a time: with ``--engine local`` the accuracy grid is 10 questions
(2 per type) over their 10 passages (100 cells, a few minutes) and the speed grid is left out; ``--questions``
sets the number of questions either way.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings
from backend.ingest import Source
from backend.models import MAX_GRID_COLUMNS
from backend.services import Services
from bench.common import SHARED_DATA, half, print_table, running_server
from bench.typed_qa import correct

TENANT = "bench"
SPEED_COLUMNS = [
    {"name": "Year", "type": "datetime", "question": "When did it happen?"},
    {"name": "How many", "type": "integer", "question": "How many are there?"},
    {"name": "Amount", "type": "float", "question": "What is the amount or percentage?"},
    {"name": "Who", "type": "string", "question": "Who is it about?"},
    {"name": "Still exists", "type": "boolean", "question": "Does it still exist today?"},
]


def prepare(data_dir: Path, passages: list[dict]) -> tuple[str, str, dict[str, str]]:
    """Key, context and ``{passage_id: document id}``, ingested in-process before the server starts."""
    services = Services.build(Settings(data_dir=data_dir, engine="offline"))
    _, key = services.keys.create(TENANT, "grid bench")
    context = services.catalog.create_context(TENANT, "typed-QA passages")
    documents = services.ingestor.ingest_many(
        Source(TENANT, context.id, p["title"], p["text"], "text-snippet", f"passage:{p['passage_id']}")
        for p in passages
    )
    return key, context.id, {p["passage_id"]: d.id for p, d in zip(passages, documents, strict=True)}


def run_grid(http: httpx.Client, body: dict) -> tuple[dict, float, float]:
    """Create a grid and poll it: (the finished grid, seconds to the first complete row, seconds to done)."""
    started = time.perf_counter()
    grid_id = http.post("/v1/grids", json=body).raise_for_status().json()["id"]
    first_row = None
    while True:
        grid = http.get(f"/v1/grids/{grid_id}").raise_for_status().json()
        if first_row is None and any(len(r["cells"]) == len(body["columns"]) for r in grid["rows"]):
            first_row = time.perf_counter() - started
        if grid["status"] in ("done", "failed"):
            return grid, first_row or float("nan"), time.perf_counter() - started
        time.sleep(0.2)


KINDS = ("integer", "float", "datetime", "string", "boolean")


def choose(checking: list[dict], count: int) -> list[dict]:
    """``count`` checking-half questions, as evenly over the types as the set allows, one per passage."""
    by_kind = {kind: [q for q in checking if q["type"] == kind] for kind in KINDS}
    chosen: dict[str, dict] = {}
    for position in range(max(len(items) for items in by_kind.values())):
        for kind in KINDS:
            if len(chosen) < count and position < len(by_kind[kind]):
                chosen.setdefault(by_kind[kind][position]["passage_id"], by_kind[kind][position])
    return list(chosen.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=["offline", "local"], default="offline")
    parser.add_argument(
        "--questions", type=int, default=0, help=f"accuracy grid columns (default {MAX_GRID_COLUMNS}; local 10)"
    )
    parser.add_argument(
        "--half",
        choices=["checking", "tuning"],
        default="checking",
        help="whose questions: tuning to look into errors (--show), checking to measure",
    )
    parser.add_argument("--show", action="store_true", help="print each question's own cell (tuning half only)")
    args = parser.parse_args()
    local = args.engine == "local"
    questions = [json.loads(line) for line in (SHARED_DATA / "typedqa" / "questions_dev.jsonl").open()]
    checking = [q for q in questions if half(q["passage_id"]) == args.half]
    chosen = choose(checking, min(args.questions or (10 if local else MAX_GRID_COLUMNS), MAX_GRID_COLUMNS))
    by_id = {
        json.loads(line)["passage_id"]: json.loads(line) for line in (SHARED_DATA / "typedqa" / "passages.jsonl").open()
    }
    wanted = list(dict.fromkeys([q["passage_id"] for q in chosen] + [q["passage_id"] for q in checking]))[:100]
    with tempfile.TemporaryDirectory() as tmp:
        key, context_id, documents = prepare(Path(tmp), [by_id[p] for p in wanted])
        with running_server(Path(tmp), {"ANSWERBASE_ENGINE": args.engine}) as url:
            http = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60)
            speed = None
            if not local:
                speed, first_row, total = run_grid(
                    http, {"context_id": context_id, "name": "speed", "columns": SPEED_COLUMNS}
                )
            columns = [{"name": q["id"], "type": q["type"], "question": q["question"]} for q in chosen]
            own = [documents[q["passage_id"]] for q in chosen]
            accuracy, _, accuracy_s = run_grid(
                http, {"context_id": context_id, "name": "accuracy", "columns": columns, "document_ids": own}
            )
    rows = {r["document"]["id"]: r["cells"] for r in accuracy["rows"]}
    right = declined = false_fills = others = 0
    for q in chosen:
        cell = rows[documents[q["passage_id"]]][q["id"]]
        right += not cell["declined"] and correct(q, cell["data"])
        if args.show and args.half == "tuning":
            print(f"  [{q['type']}] {q['question']} gold {q.get('all_gold_texts') or q.get('answer')!r} → {cell}")
        declined += cell["declined"]
        for document_id, other_cells in rows.items():
            if document_id != documents[q["passage_id"]]:
                others += 1
                false_fills += not other_cells[q["id"]]["declined"]
    if speed is not None:
        cells = [c for r in speed["rows"] for c in r["cells"].values()]
        declined_share = sum(c["declined"] for c in cells) / len(cells)
        print(f"SPEED: {len(speed['rows'])} documents × {len(SPEED_COLUMNS)} columns, status {speed['status']}")
        print_table(
            ["cells", "first row s", "done s", "cells/s", "declined"],
            [[len(cells), first_row, total, len(cells) / total, f"{declined_share:.0%}"]],
        )
    print(
        f"\nACCURACY ({args.engine} engine): {len(chosen)} {args.half}-half questions as columns over their "
        f"{len(own)} passages ({accuracy_s:.0f} s, status {accuracy['status']})"
    )
    print_table(
        ["own passage: exact match", "own passage: declined", "other passages: false fills", "cells"],
        [
            [
                f"{right}/{len(chosen)} ({right / len(chosen):.0%})",
                f"{declined / len(chosen):.0%}",
                f"{false_fills}/{others} ({false_fills / others:.1%})",
                len(chosen) * len(own),
            ]
        ],
    )


if __name__ == "__main__":
    main()
