"""A server killed (SIGKILL) during a batch job: after a restart the job says it was interrupted and which items
did not finish, and every item it reported done is listed, whole and searchable."""

from __future__ import annotations

import os
import signal
import time

import httpx
import pytest

from backend.config import Settings
from backend.services import Services
from tests.helpers import bearer, live_server

pytestmark = [pytest.mark.integration, pytest.mark.slow]
ITEMS = 400
SETTINGS = {"jobs__stale_s": "3"}  # the killed server's job reads as interrupted after 3 s


def test_sigkill_during_a_batch_job_loses_nothing_it_reported(tmp_path, embedder):
    services = Services.build(Settings(data_dir=tmp_path / "data", engine="offline"), embedder=embedder)
    _, key = services.keys.create("acme", "restart test")
    context = services.catalog.create_context("acme", "Warehouses")
    documents = [
        {"name": f"warehouse-{i:03d}.md", "text": f"# Warehouse {i}\n\n" + f"Warehouse {i} stores pallets. " * 40}
        for i in range(ITEMS)
    ]
    log = tmp_path / "serve.log"
    with (
        live_server(tmp_path / "data", log, **SETTINGS) as first,
        httpx.Client(base_url=first.url, headers=bearer(key), timeout=60) as http,
    ):
        job_id = http.post(f"/v1/contexts/{context.id}/documents/batch", json={"documents": documents}).json()["id"]
        deadline = time.monotonic() + 120
        while http.get(f"/v1/jobs/{job_id}").json()["done"] < 64 and time.monotonic() < deadline:
            time.sleep(0.05)  # kill once two groups are reported done, while the next ones are being written
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=10)

    with (
        live_server(tmp_path / "data", log, **SETTINGS) as second,
        httpx.Client(base_url=second.url, headers=bearer(key), timeout=60) as http,
    ):
        time.sleep(3.5)  # past the stale time: the dead server's heartbeat has stopped
        job = http.get(f"/v1/jobs/{job_id}").json()
        listed = {d["id"]: d for d in http.get(f"/v1/contexts/{context.id}/documents").json()}
        hits = http.post(
            "/v1/search", json={"query": "warehouse pallets", "context_id": context.id, "limit": 50}
        ).json()
    assert job["status"] == "interrupted" and job["pending"] > 0, job["status"]
    assert job["done"] + job["pending"] == ITEMS and job["failed"] == 0
    done = [item for item in job["items"] if item["status"] == "done"]
    assert len(done) >= 64
    for item in done:  # every item reported done was committed whole
        assert item["document_id"] in listed
    chunks = services.store.table("chunks")
    for document in listed.values():
        stored = chunks.count_rows(f"document_id = '{document['id']}'")
        assert stored >= document["chunks"] > 0
    assert {h["metadata"]["document_id"] for h in hits} <= set(listed)
