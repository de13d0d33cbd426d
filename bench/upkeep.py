"""Store upkeep under single-document ingest: does the store stay fast as documents arrive one at a time?

    .venv/bin/python bench/upkeep.py [--documents 600]

Ingests SciFact abstracts one document per call (as one request each would), in-process, twice on fresh
stores: with no upkeep, and with the background upkeep a serving process runs (backend/store/upkeep.py).
Reports documents/s over the first and the last 100, fragments at the end, upkeep runs, and search p50 after;
then again with 8 clients posting at once (their writes grouped into shared commits, backend/ingest/writer.py).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings, StoreSettings
from backend.embed import build_embedder
from backend.ingest import Source
from backend.services import Services
from backend.store.upkeep import UpkeepPolicy
from bench.common import CACHE, SHARED_DATA, percentile, print_table


def run(
    documents: list[dict],
    embedder,
    interval_s: float,
    queries: list[str],
    clients: int = 1,
) -> list[object]:
    data_dir = CACHE / "upkeep"
    shutil.rmtree(data_dir, ignore_errors=True)
    services = Services.build(
        Settings(data_dir=data_dir, engine="offline", store=StoreSettings(upkeep_interval_s=interval_s)),
        embedder=embedder,
    )
    services.upkeep.start()

    def ingest(doc: dict) -> float:
        started = time.perf_counter()
        services.ingestor.ingest(
            Source("bench", "scifact", doc["title"], doc["text"], "document", f"scifact:{doc['doc_id']}")
        )
        return time.perf_counter() - started

    times: list[float] = []
    for start in range(0, len(documents), 100):  # rates per 100 documents, with ``clients`` posting at once
        began = time.perf_counter()
        with ThreadPoolExecutor(clients) as pool:
            list(pool.map(ingest, documents[start : start + 100]))
        times.append(time.perf_counter() - began)
    services.upkeep.stop()
    latencies = []
    for query in queries:
        started = time.perf_counter()
        services.retriever.search("bench", query, context_id="scifact", limit=10)
        latencies.append((time.perf_counter() - started) * 1000)
    status = services.upkeep.status()
    runs = "-" if interval_s <= 0 else (status["last_run"] or {}).get("at", "none")
    upkeep = "off" if interval_s <= 0 else f"every {interval_s:g} s"
    return [
        f"{upkeep}, {clients} client{'s' if clients > 1 else ''}",
        100 / times[0],
        100 / times[-1],
        status["fragments"].get("chunks"),
        status["fragments"].get("documents"),
        runs,
        f"{percentile(latencies, 50):.1f}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=600)
    args = parser.parse_args()
    corpus = [json.loads(line) for line in (SHARED_DATA / "scifact" / "corpus.jsonl").open()][: args.documents]
    queries = [json.loads(line)["text"] for line in (SHARED_DATA / "scifact" / "queries_dev.jsonl").open()][:50]
    embedder = build_embedder(Settings().embedder)
    rows = [
        run(corpus, embedder, 0.0, queries),
        run(corpus, embedder, UpkeepPolicy().interval_s, queries),
        run(corpus, embedder, UpkeepPolicy().interval_s, queries, clients=8),
    ]
    print(f"{args.documents} SciFact abstracts ingested one per call; upkeep policy {UpkeepPolicy()}")
    print_table(
        [
            "upkeep",
            "docs/s first 100",
            "docs/s last 100",
            "chunk fragments",
            "document fragments",
            "last upkeep run",
            "search p50 ms",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
