"""Ingest at scale through `answerbase serve`, as users send documents: one per request, in batches, many at once.

    .venv/bin/python bench/serve_ingest.py [--docs 3000] [--parts per-request,batch,clients,during-ingest]

- per-request: a fresh server, SciFact abstracts POSTed one per request by one client with no manual optimize
  (the server's own upkeep runs): documents/s over the first and the last 500, and search p50 over HTTP after
  500 and after all of them; then the same abstracts sent through the batch route to a second fresh server, and
  both servers searched back to back (interleaved) for the per-request / batch-built ratio.
- batch: the whole corpus through the batch route (one job), chunks/s beside the raw embedder's chunks/s on the
  same chunks in this process, measured in the same run.
- clients: 8 clients posting single documents at once.
- during-ingest: search p50 over the 100,000-chunk store of bench/search_latency.py (a copy), idle and while a
  batch job of 2,000 abstracts runs.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings
from backend.embed import build_embedder
from backend.ingest.chunking import chunk_text
from backend.services import Services
from bench.common import CACHE, SHARED_DATA, percentile, print_table, running_server
from bench.search_latency import questions as queries

TENANT = "bench"


def corpus() -> list[dict]:
    return [json.loads(line) for line in (SHARED_DATA / "scifact" / "corpus.jsonl").open()]


def item(doc: dict) -> dict:
    name = (doc["title"].strip() or doc["doc_id"])[:200]  # the API's limit on a name
    return {"text": doc["text"], "name": name, "source": f"scifact://{doc['doc_id']}"}


@contextmanager
def server(data_dir: Path | None = None) -> Iterator[tuple[httpx.Client, str]]:
    """A fresh (or the given) store served over HTTP; yields a client with a key and a context id."""
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = data_dir or Path(tmp)
        services = Services.build(Settings(data_dir=data_dir))
        _, key = services.keys.create(TENANT, "bench")
        context = services.catalog.create_context(TENANT, "scifact")
        del services
        with (
            running_server(data_dir) as url,
            httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=600) as http,
        ):
            yield http, context.id


def search_p50(http: httpx.Client, context_id: str | None, questions: list[str]) -> float:
    times = []
    for question in questions:
        started = time.perf_counter()
        http.post("/v1/search", json={"query": question} | ({"context_id": context_id} if context_id else {}))
        times.append((time.perf_counter() - started) * 1000)
    return percentile(times, 50)


def settle(http: httpx.Client, timeout_s: float = 180) -> None:
    """Wait until the server's own upkeep has caught up (both stores compared in their steady state, not one of
    them mid-compaction right after its ingest): every row indexed, fragments under the trigger."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        maintenance = http.get("/v1/status").json()["maintenance"]
        if max(maintenance["fragments"].values()) <= 32 and maintenance["unindexed_rows"] == 0:
            return
        time.sleep(2)
    print("the store did not settle", file=sys.stderr)


def batch(http: httpx.Client, context_id: str, docs: list[dict], poll_s: float = 0.5) -> float:
    """Send ``docs`` through the batch route as jobs of 1,000, checking on each every ``poll_s``; returns the seconds
    until all are done."""
    started = time.perf_counter()
    for start in range(0, len(docs), 1000):
        job = http.post(
            f"/v1/contexts/{context_id}/documents/batch?wait=false",
            json={"documents": [item(d) for d in docs[start : start + 1000]]},
        ).json()
        while job["status"] in ("queued", "running"):
            time.sleep(poll_s)
            job = http.get(f"/v1/jobs/{job['id']}").json()
        assert job["status"] == "done" and job["failed"] == 0, job["status"]
    return time.perf_counter() - started


def per_request(docs: list[dict], questions: list[str]) -> None:
    rates, p50 = [], {}
    with server() as (http, context_id), server() as (batch_http, batch_context):
        url = f"/v1/contexts/{context_id}/documents"
        started = time.perf_counter()
        for i, doc in enumerate(docs, start=1):
            http.post(url, json=item(doc)).raise_for_status()
            if i % 500 == 0:
                rates.append(500 / (time.perf_counter() - started))
                started = time.perf_counter()
                if i == 500:
                    p50[500] = search_p50(http, context_id, questions[:50])
        p50[len(docs)] = search_p50(http, context_id, questions[:50])
        batch(batch_http, batch_context, docs)
        settle(http)
        settle(batch_http)
        for label, client in (("per-request", http), ("batch", batch_http)):
            print(f"{label} store: {client.get('/v1/status').json()['maintenance']}", file=sys.stderr)
        one_by_one, batched = [], []
        for question in questions[50:150]:  # interleaved, so a slow spell weighs on both alike
            one_by_one.append(search_p50(http, context_id, [question]))
            batched.append(search_p50(batch_http, batch_context, [question]))
    print(f"\nPER-REQUEST: {len(docs)} abstracts, one POST each, one client, no manual optimize")
    print_table(
        ["docs/s first 500", "docs/s last 500", "last/first", "search p50 @500", f"@{len(docs)}", "ratio"],
        [[rates[0], rates[-1], rates[-1] / rates[0], p50[500], p50[len(docs)], p50[len(docs)] / p50[500]]],
    )
    ratio = percentile(one_by_one, 50) / percentile(batched, 50)
    print_table(
        ["search p50: built one per request", "built by the batch route", "ratio"],
        [[percentile(one_by_one, 50), percentile(batched, 50), ratio]],
    )


def batch_route(docs: list[dict]) -> None:
    settings = Settings()
    chunks = [
        c.text
        for d in docs
        for c in chunk_text(d["text"], budget=settings.ingest.chunk_tokens, overlap=settings.ingest.overlap_tokens)
    ]
    with server() as (http, context_id):
        seconds = batch(http, context_id, docs)
        counted = sum(d["chunks"] for d in http.get(f"/v1/contexts/{context_id}/documents").json())
    embedder = build_embedder(settings.embedder)
    embedder.embed_documents(chunks[:64])
    started = time.perf_counter()
    for start in range(0, len(chunks), 256):
        embedder.embed_documents(chunks[start : start + 256])
    raw = len(chunks) / (time.perf_counter() - started)
    print(f"\nBATCH ROUTE: {len(docs)} abstracts ({counted} chunks stored) in jobs of 1,000")
    print_table(
        ["batch route chunks/s", "raw embedder chunks/s", "ratio", "docs/s"],
        [[counted / seconds, raw, counted / seconds / raw, len(docs) / seconds]],
    )


def clients(docs: list[dict]) -> None:
    with server() as (http, context_id):
        url = f"/v1/contexts/{context_id}/documents"
        started = time.perf_counter()
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda d: http.post(url, json=item(d)).raise_for_status(), docs))
        seconds = time.perf_counter() - started
        stored = len(http.get(url).json())
    print(f"\n8 CLIENTS: {len(docs)} single-document POSTs at once")
    print_table(["docs/s", "stored"], [[len(docs) / seconds, stored]])


def during_ingest(docs: list[dict], questions: list[str]) -> None:
    source = CACHE / "latency-100000"
    if not (source / "bench-state.json").exists():
        print("\nDURING-INGEST: skipped (run bench/search_latency.py first: it builds the 100,000-chunk store)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "store"
        shutil.copytree(source, data_dir)
        with server(data_dir) as (http, context_id):
            search_p50(http, None, questions[:30])  # warm up
            idle = search_p50(http, None, questions[30:130])
            job = threading.Thread(target=batch, args=(http, context_id, docs))
            job.start()
            time.sleep(5)  # the job is embedding and writing
            busy = search_p50(http, None, questions[130:230])
            still_running = job.is_alive()
            job.join()
    print(f"\nDURING-INGEST: search p50 over 100,000 chunks, idle and while a batch job of {len(docs)} runs")
    print_table(
        ["idle p50 ms", "during ingest p50 ms", "ratio", "job still running at the end"],
        [[idle, busy, busy / idle, still_running]],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=3000)
    parser.add_argument("--parts", default="per-request,batch,clients,during-ingest")
    args = parser.parse_args()
    docs, questions = corpus(), queries()
    parts = args.parts.split(",")
    if "per-request" in parts:
        per_request(docs[: args.docs], questions)
    if "batch" in parts:
        batch_route(docs)
    if "clients" in parts:
        clients(docs[:400])
    if "during-ingest" in parts:
        during_ingest(docs[:2000], questions)


if __name__ == "__main__":
    main()
