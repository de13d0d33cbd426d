"""A server killed (SIGKILL) while it fills a grid: the next server resumes it and computes only what is missing."""

from __future__ import annotations

import os
import signal
import time

import httpx
import pytest

from backend.config import Settings
from backend.ingest import Source
from backend.services import Services
from tests.helpers import bearer, live_server

pytestmark = [pytest.mark.integration, pytest.mark.slow]
DOCUMENTS = 120
# A dead server's grid is taken over after 2 s (not a minute), and one worker is slow enough to be killed half-way.
SETTINGS = {"jobs__stale_s": "2", "jobs__grid_workers": "1"}


def test_a_killed_server_s_grid_is_finished_by_the_next_one(tmp_path, embedder):
    services = Services.build(Settings(data_dir=tmp_path / "data", engine="offline"), embedder=embedder)
    _, key = services.keys.create("acme", "restart test")
    context = services.catalog.create_context("acme", "Reports")
    services.ingestor.ingest_many(
        Source(
            "acme",
            context.id,
            f"report-{i:03d}.txt",
            f"The site employs {i + 10} people. It opened on {1 + i % 28} March {1990 + i % 30}.",
            "document",
            f"report:{i}",
        )
        for i in range(DOCUMENTS)
    )
    columns = [
        {"name": "Staff", "type": "integer", "question": "How many people does the site employ?"},
        {"name": "Opened", "type": "datetime", "question": "When did the site open?"},
    ]
    log = tmp_path / "serve.log"
    with (
        live_server(tmp_path / "data", log, **SETTINGS) as first,
        httpx.Client(base_url=first.url, headers=bearer(key), timeout=30) as http,
    ):
        grid_id = http.post("/v1/grids", json={"context_id": context.id, "columns": columns}).json()["id"]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            progress = http.get(f"/v1/grids/{grid_id}").json()["progress"]
            if progress["done"] >= 20:
                break
            time.sleep(0.1)
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=10)
    partial = {(c.document_id, c.column): c.updated_at for c in services.store.grids.cells("acme", grid_id)}
    assert 0 < len(partial) < DOCUMENTS * 2, "the grid finished before the server was killed"

    with (
        live_server(tmp_path / "data", log, **SETTINGS) as second,
        httpx.Client(base_url=second.url, headers=bearer(key), timeout=30) as http,
    ):
        assert http.get(f"/v1/grids/{grid_id}").json()["status"] == "running"  # as the killed server left it
        deadline = time.monotonic() + 180
        while (grid := http.get(f"/v1/grids/{grid_id}").json())["status"] != "done" and time.monotonic() < deadline:
            time.sleep(0.3)
    assert grid["status"] == "done" and grid["progress"] == {"done": DOCUMENTS * 2, "total": DOCUMENTS * 2}
    staff = {row["document"]["name"]: row["cells"]["Staff"]["data"] for row in grid["rows"]}
    assert staff["report-007.txt"] == 17 and staff["report-119.txt"] == 129
    after = {(c.document_id, c.column): c.updated_at for c in services.store.grids.cells("acme", grid_id)}
    assert all(after[cell] == updated for cell, updated in partial.items())  # nothing computed twice
