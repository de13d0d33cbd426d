"""A count with a filter over a generated orders CSV of a million rows (``bench/table_qa.py --rows N``): how long
its ingest takes through the API, and how long the question takes once it is stored.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx

from backend.services import MetadataServices
from bench.common import CACHE, percentile, print_table, running_server


def million_rows(rows: int) -> None:
    """Ingest a generated orders CSV of ``rows`` rows and time a count with a filter over it."""
    directory = CACHE / f"orders-{rows}"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "orders.csv"
    regions = ["Europe", "Asia", "Africa", "North America", "South America", "Oceania"]
    if not path.exists():
        generator = random.Random(7)
        with path.open("w") as out:
            out.write("order_id,region,amount,order_date\n")
            for i in range(rows):
                out.write(
                    f"{i},{generator.choice(regions)},{generator.randint(5, 5000)}.{generator.randint(0, 99):02d},"
                    f"2025-{generator.randint(1, 12):02d}-{generator.randint(1, 28):02d}\n"
                )
    expected = sum(1 for line in path.read_text().splitlines()[1:] if line.split(",")[1] == "Europe")
    store = directory / "store"
    with running_server(store) as url, httpx.Client(base_url=url, headers=_key_for(store), timeout=1800) as client:
        context = client.post("/v1/contexts", json={"name": "orders"}).raise_for_status().json()
        started = time.perf_counter()
        client.post(
            f"/v1/contexts/{context['id']}/documents", files={"file": ("orders.csv", path.read_bytes(), "text/csv")}
        ).raise_for_status()
        ingest_s = time.perf_counter() - started
        times, values = [], []
        for _ in range(21):
            started = time.perf_counter()
            response = client.post(
                "/v1/types/integer",
                json={"query": "How many orders came from Europe?", "context_id": context["id"]},
            )
            times.append((time.perf_counter() - started) * 1000)
            values.append(response.json().get("data"))
    print(f"\nCount with a filter over {rows:,} rows ({path.stat().st_size / 2**20:.0f} MB CSV):")
    print_table(
        ["ingest s", "first ms", "p50 ms (next 20)", "answer", "expected"],
        [[round(ingest_s, 1), round(times[0]), round(percentile(times[1:], 50)), values[-1], expected]],
    )


def _key_for(store: Path) -> dict[str, str]:
    from backend.config import Settings

    services = MetadataServices.build(Settings(data_dir=store))
    return {"Authorization": f"Bearer {services.keys.create('default', 'bench')[1]}"}
