"""Load: 32 concurrent clients for 60 s mixing search, typed answers and ingests against `serve --workers 2`.

    .venv/bin/python bench/load.py [--clients 32] [--seconds 60] [--workers 2]

Reports requests/s, p50/p99 per route and errors; then checks that every acknowledged ingest is listed and
searchable (zero lost ingests is the target, and zero 5xx).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from importlib import resources
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings
from backend.services import Services
from bench.common import percentile, print_table, running_server

QUESTIONS = [
    ("integer", "How many employees work at the London office?"),
    ("datetime", "When is the summer party?"),
    ("float", "What is the daily meal allowance?"),
    ("string", "Who leads the Berlin office?"),
    ("boolean", "Is multi-factor authentication mandatory?"),
]
SEARCHES = ["parental leave", "hotel reimbursement", "opening hours", "company history", "gym subsidy"]


async def client(http: httpx.AsyncClient, context_id: str, deadline: float, stats: dict, acked: list) -> None:
    rng = random.Random()
    while time.monotonic() < deadline:
        roll = rng.random()
        if roll < 0.6:
            route, call = (
                "search",
                http.post("/v1/search", json={"query": rng.choice(SEARCHES), "context_id": context_id}),
            )
        elif roll < 0.9:
            kind, question = rng.choice(QUESTIONS)
            route, call = "types", http.post(f"/v1/types/{kind}", json={"query": question, "context_id": context_id})
        else:
            token = f"tok{uuid.uuid4().hex[:12]}"
            route, call = (
                "ingest",
                http.post(
                    f"/v1/contexts/{context_id}/documents",
                    json={
                        "name": f"note-{token}",
                        "text": f"Load note {token}: the courier arrives at {rng.randint(7, 11)} am.",
                    },
                ),
            )
        started = time.perf_counter()
        try:
            response = await call
            status = response.status_code
        except httpx.HTTPError:
            status = 0
        stats[route].append(((time.perf_counter() - started) * 1000, status))
        if route == "ingest" and status == 201:
            acked.append((response.json()["id"], token))


async def run(url: str, key: str, context_id: str, clients: int, seconds: float) -> tuple[dict, list, float]:
    stats: dict[str, list] = defaultdict(list)
    acked: list = []
    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(
        base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=120, limits=limits
    ) as http:
        started = time.monotonic()
        await asyncio.gather(*(client(http, context_id, started + seconds, stats, acked) for _ in range(clients)))
        return stats, acked, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        services = Services.build(Settings(data_dir=Path(tmp)))
        _, key = services.keys.create("default", "load")
        context = services.catalog.create_context("default", "Load handbook")
        demo = resources.files("backend") / "demo"
        for item in demo.iterdir():
            services.ingestor.ingest(services.ingestor.file_source("default", context.id, item.name, item.read_bytes()))
        del services
        with running_server(Path(tmp), workers=args.workers) as url:
            stats, acked, elapsed = asyncio.run(run(url, key, context.id, args.clients, args.seconds))
            with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as http:
                listed = {d["id"] for d in http.get(f"/v1/contexts/{context.id}/documents").json()}
                lost = [doc for doc, _ in acked if doc not in listed]
                unsearchable = [
                    doc
                    for doc, token in acked
                    if doc
                    not in {
                        r["metadata"]["document_id"]
                        for r in http.post(
                            "/v1/search", json={"query": token, "context_id": context.id, "limit": 3}
                        ).json()
                    }
                ]
    total = sum(len(v) for v in stats.values())
    rows = []
    for route, samples in sorted(stats.items()):
        times = [ms for ms, _ in samples]
        server_errors = sum(1 for _, status in samples if status >= 500 or status == 0)
        other = sum(1 for _, status in samples if 400 <= status < 500)
        rows.append(
            [
                route,
                len(samples),
                len(samples) / elapsed,
                percentile(times, 50),
                percentile(times, 99),
                server_errors,
                other,
            ]
        )
    print(
        f"{args.clients} clients, {elapsed:.0f} s, `answerbase serve --workers {args.workers}`: "
        f"{total / elapsed:.1f} requests/s in all"
    )
    print_table(["route", "requests", "req/s", "p50 ms", "p99 ms", "5xx/failed", "4xx"], rows)
    print(f"ingests acknowledged: {len(acked)}; lost (not listed): {len(lost)}; not searchable: {len(unsearchable)}")


if __name__ == "__main__":
    main()
