"""Group commit: concurrent requests' documents share one round of commits, each stored once, failures isolated."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace

import numpy as np
import pytest

from backend.ingest import Source
from backend.ingest.writer import GroupWriter
from backend.store.schema import CHUNKS, DOCUMENTS


def _versions(services, names):
    ingestor = services.ingestor
    sources = [
        Source("acme", None, name, f"{name} keeps the spare keys in the blue cabinet.", "text-snippet", f"text:{name}")
        for name in names
    ]
    return [ingestor._embed([ingestor._prepare(s, None)]) for s in sources]


def test_versions_queued_together_are_written_in_one_round(services):
    GroupWriter(services.store).write(_versions(services, ["Person 0"])[0])  # the first write creates the indexes
    batches = _versions(services, [f"Person {i}" for i in range(1, 9)])
    versions_before = services.store.table(CHUNKS).version
    # queued before the writer's thread starts (as while it is busy): the thread finds all eight together. Queued to a
    # writer whose thread already waits, the first could be taken alone on a loaded machine (a flaky count of rounds)
    writer = GroupWriter(services.store)
    waiting = []
    for batch in batches[:7]:
        done: Future[None] = Future()
        writer._queue.put((batch, done))
        waiting.append(done)
    writer.write(batches[7])
    for done in waiting:
        done.result(timeout=30)
    assert writer.groups_written == 1  # all eight in one round
    assert services.store.table(CHUNKS).version - versions_before == 1  # one commit of chunks, not eight
    names = sorted(d.name for d in services.store.documents.listed("acme"))
    assert names == sorted(f"Person {i}" for i in range(9))


def test_one_bad_batch_fails_alone(services):
    writer = GroupWriter(services.store)
    good, bad = _versions(services, ["Good", "Bad"])
    bad = [replace(bad[0], vectors=np.zeros((len(bad[0].texts), 3), dtype=np.float32))]  # the store refuses it
    done: Future[None] = Future()
    writer._queue.put((bad, done))
    writer.write(good)
    with pytest.raises(Exception):  # noqa: B017 (the store's own error type)
        done.result(timeout=30)
    assert [d.name for d in services.store.documents.listed("acme")] == ["Good"]


def test_concurrent_requests_store_every_document_once(client, services):
    def add(i: int) -> str:
        response = client.post(
            "/v1/documents", json={"text": f"Locker {i} holds the spare keys.", "name": f"Locker {i}"}
        )
        assert response.status_code == 201, response.text
        return response.json()["id"]

    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(add, range(16)))
    listed = [d["id"] for d in client.get("/v1/documents").json()]
    assert sorted(listed) == sorted(ids) and len(set(listed)) == 16
    assert services.store.table(DOCUMENTS).count_rows() == 16
    hits = client.post("/v1/search", json={"query": "locker 11 spare keys", "limit": 1}).json()
    assert hits[0]["metadata"]["name"] == "Locker 11"
