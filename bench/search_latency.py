"""Search latency: p50/p95 of POST /v1/search over HTTP beside the raw embedder and raw store query.

    .venv/bin/python bench/search_latency.py [--sizes 10000 100000] [--queries 100]

Stores of 10k and 100k chunks are built (cached under bench/.cache/latency-N) from the real SciFact chunk
embeddings of bench/search_quality.py's cache, copied with small noise, written through the store's own
put_documents (embedding 100k chunks for real would take ~40 min here). Queries are real, unique questions
(typed-QA and SciFact), so the query cache never answers for the embedder.
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

from backend.config import Settings  # noqa: E402
from backend.models import Document, DocumentVersion, utc_now  # noqa: E402
from backend.services import Services  # noqa: E402
from backend.store import ChunkSearch  # noqa: E402
from bench.common import CACHE, SHARED_DATA, percentile, print_table, running_server  # noqa: E402

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
    contexts = {t: [services.catalog.create_context(t, f"ctx {i}").id for i in range(CONTEXTS_PER_TENANT)]
                for t in TENANTS}
    rng = np.random.default_rng(7)
    now, batch = utc_now(), []
    for i in range(size):
        row = base[i % len(base)]
        vector = np.asarray(row["vector"], dtype=np.float32) + rng.normal(0, 0.01, 384).astype(np.float32)
        tenant = TENANTS[i % 2]
        document = Document(str(uuid.uuid4()), tenant, contexts[tenant][(i // 2) % CONTEXTS_PER_TENANT], f"doc {i}",
                            "", "document", uuid.uuid4().hex, 1, now, now)
        batch.append(DocumentVersion(document, f"bench:{i}", row["text"], [row["text"]],
                                     (vector / np.linalg.norm(vector))[None, :], False))
        if len(batch) == 5000 or i == size - 1:
            services.store.put_documents(batch)
            batch = []
    services.store.optimize()
    state.write_text(json.dumps({"key": key, "context_id": contexts["bench"][0]}))
    return key, contexts["bench"][0]


def questions() -> list[str]:
    typed = [json.loads(line)["question"] for line in (SHARED_DATA / "typedqa" / "questions_dev.jsonl").open()]
    claims = [json.loads(line)["text"] for line in (SHARED_DATA / "scifact" / "queries_dev.jsonl").open()]
    return list(dict.fromkeys(typed + claims))


def timed(call, items) -> list[float]:  # noqa: ANN001
    out = []
    for item in items:
        started = time.perf_counter()
        call(item)
        out.append((time.perf_counter() - started) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=100)
    args = parser.parse_args()
    pool, n = questions(), args.queries
    if len(pool) < 4 * n + 30:
        raise SystemExit(f"--queries {n} needs {4 * n + 30} unique questions; the data has {len(pool)}")
    rows = []
    for size in args.sizes:
        data_dir = CACHE / f"latency-{size}"
        key, context_id = build(size, data_dir)
        services = Services.build(Settings(data_dir=data_dir))
        raw_search = ChunkSearch(services.store)
        sets = [pool[i * n:(i + 1) * n] for i in range(4)]  # distinct questions for each measurement
        # Each timed run starts warm (LanceDB loads index pages lazily) with questions of its own.
        warm_up = pool[4 * n:4 * n + 30]
        embed_ms = timed(services.embedder.embed_query, sets[0])
        vectors = [services.embedder.embed_query(q) for q in sets[1]]
        for label, ctx in (("all documents", None), ("one context", context_id)):
            for question in warm_up:
                raw_search.search(tenant="bench", query_text=question, query_vector=services.embedder.embed_query(
                    question), context_id=ctx)
            store_ms = timed(lambda qv, c=ctx, rs=raw_search: rs.search(tenant="bench", query_text=qv[0],
                                                                 query_vector=qv[1], context_id=c),
                             list(zip(sets[1], vectors, strict=True)))
            with running_server(data_dir) as url, httpx.Client(base_url=url, headers={
                    "Authorization": f"Bearer {key}"}) as http:
                for question in warm_up:
                    http.post("/v1/search", json={"query": question} | ({"context_id": ctx} if ctx else {}))
                api_ms = timed(lambda q, c=ctx: http.post("/v1/search", json={"query": q} | (
                    {"context_id": c} if c else {})).raise_for_status(), sets[2 if ctx is None else 3])
            base_ms = statistics.median(embed_ms) + statistics.median(store_ms)
            rows.append([f"{size:,}", label, percentile(api_ms, 50), percentile(api_ms, 95),
                         statistics.median(embed_ms), statistics.median(store_ms),
                         f"{(percentile(api_ms, 50) / base_ms - 1) * 100:+.0f}%"])
    print(f"POST /v1/search (hybrid, limit 10) over HTTP against `answerbase serve`; {n} unique queries each")
    print_table(["chunks", "scope", "API p50 ms", "API p95 ms", "embed p50 ms", "store p50 ms",
                 "API over embed+store"], rows)


if __name__ == "__main__":
    main()
