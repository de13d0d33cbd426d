"""Search latency: p50/p95 of POST /v1/search over HTTP beside the raw embedder and raw store query.

    .venv/bin/python bench/search_latency.py [--sizes 10000 100000] [--queries 100] [--during-ingest]

Stores of 10k and 100k chunks are built (cached under bench/.cache/latency-N) from the real SciFact chunk
embeddings of bench/search_quality.py's cache, copied with small noise, written through the store's own
put_documents (embedding 100k chunks for real would take ~40 min here). Queries are real, unique questions
(typed-QA and SciFact), so the query cache never answers for the embedder. ``--during-ingest`` also measures
p50 at 100k chunks while a batch job of 2,000 abstracts runs (bench/serve_ingest.py's during-ingest part).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import uuid
from pathlib import Path

import httpx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings
from backend.models import Document, DocumentVersion, utc_now
from backend.retrieval import Retriever
from backend.services import Services
from bench.common import CACHE, SHARED_DATA, percentile, print_table, running_server

TENANTS, CONTEXTS_PER_TENANT = ("bench", "other"), 5


def build(size: int, data_dir: Path) -> tuple[str, str]:
    """A store of ``size`` chunks over 2 tenants x 5 contexts; returns (key, a context id of 'bench')."""
    state = data_dir / "bench-state.json"
    if state.exists():
        saved = json.loads(state.read_text())
        return saved["key"], saved["context_id"]
    source = Services.build(Settings(data_dir=CACHE / "scifact"))
    base = source.store.table("chunks").search().select(["text", "vector"]).limit(None).to_list()
    if not base:
        raise SystemExit("run bench/search_quality.py first: it builds the SciFact cache used here")
    services = Services.build(Settings(data_dir=data_dir))
    _, key = services.keys.create("bench", "latency bench")
    contexts = {
        t: [services.catalog.create_context(t, f"ctx {i}").id for i in range(CONTEXTS_PER_TENANT)] for t in TENANTS
    }
    rng = np.random.default_rng(7)
    now, batch = utc_now(), []
    for i in range(size):
        row = base[i % len(base)]
        vector = np.asarray(row["vector"], dtype=np.float32) + rng.normal(0, 0.01, 384).astype(np.float32)
        tenant = TENANTS[i % 2]
        document = Document(
            str(uuid.uuid4()),
            tenant,
            contexts[tenant][(i // 2) % CONTEXTS_PER_TENANT],
            f"doc {i}",
            "",
            "document",
            uuid.uuid4().hex,
            1,
            now,
            now,
        )
        batch.append(
            DocumentVersion(
                document, f"bench:{i}", row["text"], [row["text"]], (vector / np.linalg.norm(vector))[None, :], False
            )
        )
        if len(batch) == 5000 or i == size - 1:
            services.store.documents.put(batch)
            batch = []
    services.store.optimize()
    state.write_text(json.dumps({"key": key, "context_id": contexts["bench"][0]}))
    return key, contexts["bench"][0]


def questions() -> list[str]:
    typed = [json.loads(line)["question"] for line in (SHARED_DATA / "typedqa" / "questions_dev.jsonl").open()]
    claims = [json.loads(line)["text"] for line in (SHARED_DATA / "scifact" / "queries_dev.jsonl").open()]
    return list(dict.fromkeys(typed + claims))


def elapsed_ms(call, *args) -> float:
    started = time.perf_counter()
    call(*args)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--during-ingest", action="store_true", help="also: p50 at 100k while a bulk ingest runs")
    args = parser.parse_args()
    pool, n = questions(), args.queries
    if len(pool) < 6 * n + 30:
        raise SystemExit(f"--queries {n} needs {6 * n + 30} unique questions; the data has {len(pool)}")
    warm_up = pool[6 * n : 6 * n + 30]
    rows = []
    for size in args.sizes:
        data_dir = CACHE / f"latency-{size}"
        key, context_id = build(size, data_dir)
        services = Services.build(Settings(data_dir=data_dir))
        services.store.optimize()  # as upkeep keeps it (and retrains an index a cached store's older version built)
        raw_search = Retriever(services.store, services.embedder, services.settings.search)
        sets = iter([pool[i * n : (i + 1) * n] for i in range(6)])  # distinct questions for each measurement
        with (
            running_server(data_dir) as url,
            httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}) as http,
        ):
            for label, ctx in (("all documents", None), ("one context", context_id)):

                def store(question: str, vector: np.ndarray, c: str | None = ctx, rs: Retriever = raw_search) -> None:
                    rs.ranked("bench", question, vector, context_id=c)  # the search without embedding the query

                def api(question: str, c: str | None = ctx) -> None:
                    http.post(
                        "/v1/search",
                        json={"query": question} | ({"context_id": c} if c else {}),
                    ).raise_for_status()

                embed_set, store_set, api_set = next(sets), next(sets), next(sets)
                vectors = [services.embedder.embed_query(q) for q in store_set]  # the raw query's input
                for question in warm_up:  # LanceDB loads index pages lazily: time warm processes
                    store(question, services.embedder.embed_query(question))
                    api(question)
                embed_ms, store_ms, api_ms = [], [], []
                # Interleaved, so a slow spell of this shared machine weighs on all three alike.
                for i in range(n):
                    embed_ms.append(elapsed_ms(services.embedder.embed_query, embed_set[i]))
                    store_ms.append(elapsed_ms(store, store_set[i], vectors[i]))
                    api_ms.append(elapsed_ms(api, api_set[i]))
                base_ms = statistics.median(embed_ms) + statistics.median(store_ms)
                rows.append(
                    [
                        f"{size:,}",
                        label,
                        percentile(api_ms, 50),
                        percentile(api_ms, 95),
                        statistics.median(embed_ms),
                        statistics.median(store_ms),
                        f"{(percentile(api_ms, 50) / base_ms - 1) * 100:+.0f}%",
                    ]
                )
    print(
        f"POST /v1/search (hybrid, limit 10) over HTTP against `answerbase serve`; {n} unique queries each, "
        "interleaved with the embedder and the raw query"
    )
    print_table(
        ["chunks", "scope", "API p50 ms", "API p95 ms", "embed p50 ms", "store p50 ms", "API over embed+store"], rows
    )
    if args.during_ingest:
        from bench.serve_ingest import corpus, during_ingest

        during_ingest(corpus()[:2000], pool)


if __name__ == "__main__":
    main()
