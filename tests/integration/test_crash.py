"""A SIGKILL in the middle of an ingest: nothing half-indexed is ever visible, and re-running completes it."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest

from backend.config import Settings
from backend.services import Services

pytestmark = [pytest.mark.integration, pytest.mark.slow]
TOTAL = 240


def _write_corpus(folder) -> None:
    folder.mkdir()
    for i in range(TOTAL):
        paragraphs = [
            f"Report {i}, section {s}: the warehouse in region {i} stores {i * 7 + s} pallets of "
            f"equipment, inspected every {s + 2} weeks by the safety team of building {i}." * 3
            for s in range(4)
        ]
        (folder / f"report-{i:03d}.md").write_text(f"# Report {i}\n\n" + "\n\n".join(paragraphs))


def test_sigkill_mid_ingest_leaves_only_whole_documents(tmp_path, embedder):
    _write_corpus(tmp_path / "corpus")
    env = {**os.environ, "ANSWERBASE_DATA_DIR": str(tmp_path / "data")}
    command = [sys.executable, "-m", "backend", "ingest", str(tmp_path / "corpus"), "--tenant", "acme"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    services = None
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            if services is None and (tmp_path / "data" / "lancedb" / "documents.lance").exists():
                services = Services.build(Settings(data_dir=tmp_path / "data", engine="offline"), embedder=embedder)
            if services is not None and services.store.counts("acme")["documents"] > 0:
                break  # at least one batch committed: kill while the next one is being embedded or written
        # A batch committed and the ingest goes on: the next group is being embedded or written right now.
        assert process.poll() is None, "the ingest finished before it could be killed; make the corpus larger"
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()

    services = Services.build(Settings(data_dir=tmp_path / "data", engine="offline"), embedder=embedder)
    listed = services.store.documents.listed("acme")
    assert 0 < len(listed) < TOTAL
    chunks = services.store.table("chunks")
    for document in listed:  # every listed document is whole: all its chunks of its committed revision exist
        stored = chunks.count_rows(f"document_id = '{document.id}' AND revision = '{document.content_hash}'")
        assert stored == document.chunks > 0, document.name
    searchable = {h.document_id for h in services.retriever.search("acme", "warehouse pallets", limit=50)}
    assert searchable <= {d.id for d in listed}  # no result from a document that is not listed
    services.store.repair(grace_s=0)  # the killed process was the only writer
    chunk_total = services.store.counts("acme")["chunks"]
    assert chunk_total == sum(d.chunks for d in listed)  # no orphan chunks remain

    rerun = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    final = Services.build(Settings(data_dir=tmp_path / "data", engine="offline"), embedder=embedder)
    documents = final.store.documents.listed("acme")
    assert len(documents) == TOTAL and len({d.name for d in documents}) == TOTAL
    assert final.store.counts("acme")["chunks"] == sum(d.chunks for d in documents)


def test_sigkilled_server_mid_batch_restarts_whole(tmp_path, embedder):
    """`answerbase serve` killed while 4 clients upload a batch: after restart nothing is half there."""
    import threading

    import httpx

    from tests.helpers import live_server

    settings = {"store__orphan_grace_s": "0"}  # one writer: the restart may collect at once
    stack = contextlib.ExitStack()
    setup = Services.build(Settings(data_dir=tmp_path / "data"), embedder=embedder)
    secret = setup.keys.create("acme")[1]
    context_id = setup.catalog.create_context("acme", "Batch").id
    files = [
        (f"memo-{i:02d}.md", (f"# Memo {i}\n" + f"Shelf {i} in aisle {i % 7} holds {i * 11} boxes. " * 40))
        for i in range(80)
    ]

    def start() -> tuple[subprocess.Popen, str]:
        server = stack.enter_context(live_server(tmp_path / "data", tmp_path / "serve.log", **settings))
        return server.process, server.url

    def upload_all(base: str, acked: list[str]) -> list[threading.Thread]:
        def worker(chunk: list[tuple[str, str]]) -> None:
            with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {secret}"}, timeout=120) as http:
                for name, text in chunk:
                    try:
                        response = http.post(f"/v1/contexts/{context_id}/documents", files={"file": (name, text)})
                    except httpx.TransportError:
                        return  # the server died
                    if response.status_code == 201:
                        acked.append(response.json()["id"])

        threads = [threading.Thread(target=worker, args=(files[i::4],)) for i in range(4)]
        for thread in threads:
            thread.start()
        return threads

    process, base = start()
    acked: list[str] = []
    threads = upload_all(base, acked)
    deadline = time.monotonic() + 180
    while len(acked) < 10 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    for thread in threads:
        thread.join(timeout=60)
    assert 10 <= len(acked) < len(files)

    process, base = start()  # the restart repairs what the kill left
    try:
        check = Services.build(Settings(data_dir=tmp_path / "data"), embedder=embedder)
        listed = check.store.documents.listed("acme", context_id)
        assert set(acked) <= {d.id for d in listed}  # every acknowledged upload survived
        chunks = check.store.table("chunks")
        for document in listed:
            assert (
                chunks.count_rows(f"document_id = '{document.id}' AND revision = '{document.content_hash}'")
                == document.chunks
            )
        assert check.store.counts("acme")["chunks"] == sum(d.chunks for d in listed)  # no orphans
        for document in listed:  # and each is found by what it says
            memo = document.name.removeprefix("memo-").removesuffix(".md").lstrip("0") or "0"
            hits = check.retriever.search(
                "acme", f"Memo {memo} Shelf {memo} aisle", context_id=context_id, limit=3, mode="fulltext"
            )
            assert document.id in {h.document_id for h in hits}, document.name
        rerun: list[str] = []
        for thread in upload_all(base, rerun):
            thread.join(timeout=300)
        assert len(rerun) == len(files)
        final = check.store.documents.listed("acme", context_id)
        assert len(final) == len(files) and check.store.counts("acme")["chunks"] == sum(d.chunks for d in final)
    finally:
        stack.close()  # stops the restarted server
