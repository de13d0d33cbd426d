"""The ingest path users take, measured black-box beside the raw embedder in one run; search on the store it built.

    .venv/bin/python bench/api_ingest.py [--docs 1000] [--single 300] [--searches 200] [--profile] [--env K=V ...]

1. RAW EMBEDDER: the texts the pipeline embeds (each SciFact abstract's chunks under their title path), through
   the default embedder in this process with 1 and with 2 threads: abstracts/s. The best of the two is the rate
   the service is measured against.
2. `answerbase serve` on a fresh store (server defaults, or ``--env`` settings): one client posting one abstract
   per request, then the batch route (jobs of 1,000 abstracts, ``wait=false``, polled): abstracts/s and the ratio
   to the raw embedder's best rate.
3. SEARCH: once the server's upkeep has settled, SciFact and typed-QA questions over the batch-built context over
   HTTP: p50/p95 at the client, and the server's own time split by its ``Server-Timing`` header (auth, query
   embedding, vector query, full-text query, relevance, revision check; ``app`` is the whole request in the
   server, the rest is HTTP and the client).

``--profile`` samples the server with py-spy (``pip install py-spy``; not a project dependency) during each
part and prints the functions with the most samples of their own (the top of the profile).
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from shutil import which

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import EmbedderSettings, Settings
from backend.embed import build_embedder
from backend.ingest.chunking import chunk_text
from backend.ingest.pipeline import EMBED_BATCH_CHUNKS, title_path
from backend.services import Services
from bench.common import percentile, print_table
from bench.search_latency import questions as search_questions
from bench.serve_ingest import TENANT, batch, corpus, item, settle
from tests.helpers import live_server


def embedded_texts(docs: list[dict]) -> list[str]:
    """What the pipeline hands the embedder for ``docs`` posted as ``item(doc)``: each chunk under its title path."""
    ingest = Settings().ingest
    texts = []
    for doc in docs:
        body = item(doc)
        for chunk in chunk_text(body["text"], budget=ingest.chunk_tokens, overlap=ingest.overlap_tokens):
            texts.append(f"{title_path(body['name'], chunk.headings)}\n{chunk.text}")
    return texts


def raw_embedder(texts: list[str], queries: list[str], threads: int) -> tuple[float, float]:
    """(seconds over ``texts`` in the pipeline's batches, median ms of one query) of the default embedder with
    ``threads`` threads."""
    embedder = build_embedder(EmbedderSettings(threads=threads))
    embedder.embed_documents(texts[:64])  # warm: first-call allocations are not the rate
    started = time.perf_counter()
    for start in range(0, len(texts), EMBED_BATCH_CHUNKS):
        embedder.embed_documents(texts[start : start + EMBED_BATCH_CHUNKS])
    seconds = time.perf_counter() - started
    one = []
    for query in queries:
        started = time.perf_counter()
        embedder.embed_documents([query])  # not embed_query: its cache would answer a repeat
        one.append((time.perf_counter() - started) * 1000)
    del embedder
    gc.collect()
    return seconds, percentile(one, 50)


@contextmanager
def profiled(pid: int, enabled: bool, label: str, top: int = 12) -> Iterator[None]:
    """py-spy samples process ``pid`` while the block runs; prints its functions by own samples (non-idle)."""
    spy = which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not enabled:
        yield
        return
    if not Path(spy).exists():
        print("--profile: py-spy is not installed (pip install py-spy)", file=sys.stderr)
        yield
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "profile.txt"
        sampler = subprocess.Popen(
            [spy, "record", "--pid", str(pid), "--format", "raw", "--rate", "50", "--nonblocking", "-o", str(out)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            yield
        finally:
            sampler.send_signal(signal.SIGINT)
            sampler.wait(timeout=60)
        own: Counter[str] = Counter()
        for line in out.read_text().splitlines() if out.exists() else []:
            stack, _, count = line.rpartition(" ")
            frame = stack.rsplit(";", 1)[-1]
            own[frame.rsplit(":", 1)[0] + ")" if ":" in frame else frame] += int(count)
    total = sum(own.values()) or 1
    print(f"\nPROFILE of the server during {label}: {total} samples at 50/s, own samples (not idle)")
    print_table(["share", "function (file)"], [[n / total, frame] for frame, n in own.most_common(top)])


Timings = tuple[list[float], list[dict[str, float]]]  # ms of each request at the client, its Server-Timing


def timed_requests(http: httpx.Client, path: str, bodies: list[dict]) -> Timings:
    """POST each body in turn; each request's milliseconds at the client and its server's own split."""
    totals, spans = [], []
    for body in bodies:
        started = time.perf_counter()
        response = http.post(path, json=body)
        totals.append((time.perf_counter() - started) * 1000)
        response.raise_for_status()
        spans.append(server_timing(response.headers.get("server-timing", "")))
    return totals, spans


def split_table(title: str, timings: Timings) -> None:
    """p50/p95 of the requests at the client and of each part the server reported."""
    totals, spans = timings
    print(f"\n{title}, milliseconds")
    rows: list[list[object]] = [["HTTP at the client", percentile(totals, 50), percentile(totals, 95)]]
    for name in dict.fromkeys(name for record in spans for name in record):
        values = [record.get(name, 0.0) for record in spans]
        rows.append([f"server: {name}", percentile(values, 50), percentile(values, 95)])
    print_table(["part", "p50", "p95"], rows)


def server_timing(header: str) -> dict[str, float]:
    """``{"embed": 3.1, ...}`` from a ``Server-Timing`` header."""
    spans = {}
    for part in filter(None, (p.strip() for p in header.split(","))):
        name, _, duration = part.partition(";dur=")
        spans[name] = float(duration or 0)
    return spans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=1000, help="abstracts through the batch route")
    parser.add_argument("--single", type=int, default=300, help="abstracts posted one per request")
    parser.add_argument("--searches", type=int, default=200)
    parser.add_argument("--profile", action="store_true", help="sample the server with py-spy")
    parser.add_argument("--env", nargs="*", default=[], help="server settings, e.g. ANSWERBASE_EMBEDDER__THREADS=1")
    args = parser.parse_args()
    docs = corpus()
    batch_docs, single_docs = docs[: args.docs], docs[args.docs : args.docs + args.single]

    texts, queries = embedded_texts(batch_docs), search_questions()[: args.searches + 20]
    raw = {threads: raw_embedder(texts, queries[:100], threads) for threads in (1, 2)}
    best = max(len(batch_docs) / seconds for seconds, _ in raw.values())
    print(f"\nRAW EMBEDDER: {len(batch_docs)} abstracts, {len(texts)} chunks, batches of {EMBED_BATCH_CHUNKS}")
    print_table(
        ["threads", "abstracts/s", "chunks/s", "one query ms"],
        [[t, len(batch_docs) / s, len(texts) / s, query_ms] for t, (s, query_ms) in raw.items()],
    )

    env = dict(pair.split("=", 1) for pair in args.env)
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        services = Services.build(Settings(data_dir=data_dir))
        _, key = services.keys.create(TENANT, "bench")
        singles, batched = (services.catalog.create_context(TENANT, name).id for name in ("single", "batch"))
        del services
        gc.collect()
        with (
            live_server(data_dir, data_dir / "serve.log", {**os.environ, **env}, engine="offline") as server,
            httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=600) as http,
        ):
            pid = server.process.pid
            with profiled(pid, args.profile, "single posts"):
                started = time.perf_counter()
                posts = timed_requests(http, f"/v1/contexts/{singles}/documents", [item(d) for d in single_docs])
                single_s = time.perf_counter() - started
            with profiled(pid, args.profile, "the batch route"):
                batch_s = batch(http, batched, batch_docs, poll_s=1.0)  # a client checking on its job every second
            settle(http)
            asked = [{"query": query, "context_id": batched} for query in queries]
            timed_requests(http, "/v1/search", asked[:20])  # warm: the query cache holds none of the measured ones
            with profiled(pid, args.profile, "searches"):
                found = timed_requests(http, "/v1/search", asked[20:])

    print(f"\nTHROUGH `answerbase serve` ({' '.join(args.env) or 'server defaults'}), one client")
    print_table(
        ["route", "abstracts", "abstracts/s", "× raw best"],
        [
            ["one per request", len(single_docs), len(single_docs) / single_s, len(single_docs) / single_s / best],
            ["batch route", len(batch_docs), len(batch_docs) / batch_s, len(batch_docs) / batch_s / best],
        ],
    )
    split_table(f"ONE PER REQUEST: {len(single_docs)} posts", posts)
    split_table(f"SEARCH: {len(found[0])} questions over the batch route's {len(batch_docs)} abstracts", found)


if __name__ == "__main__":
    main()
