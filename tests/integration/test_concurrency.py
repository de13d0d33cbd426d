"""Two processes ingesting into the same context at once: both succeed (conflicts retried), nothing lost."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from backend.config import Settings
from backend.services import Services

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_two_processes_ingest_into_one_context(tmp_path, embedder):
    env = {**os.environ, "ANSWERBASE_DATA_DIR": str(tmp_path / "data")}
    services = Services.build(Settings(data_dir=tmp_path / "data"), embedder=embedder)
    context = services.catalog.create_context("acme", "Shared")
    folders = []
    for side in ("left", "right"):
        folder = tmp_path / side
        folder.mkdir()
        for i in range(60):
            (folder / f"{side}-{i:02d}.md").write_text(f"# {side} {i}\nThe {side} archive box {i} holds {i * 3} files.")
        folders.append(folder)
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "backend", "ingest", str(folder), "--context", context.id, "--tenant", "acme"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for folder in folders
    ]
    for process in processes:
        _, stderr = process.communicate(timeout=600)
        assert process.returncode == 0, stderr[-3000:]
    final = Services.build(Settings(data_dir=tmp_path / "data"), embedder=embedder)
    documents = final.store.documents.listed("acme", context.id)
    assert sorted(d.name for d in documents) == sorted(f"{s}-{i:02d}.md" for s in ("left", "right") for i in range(60))
    assert final.store.counts("acme")["chunks"] == sum(d.chunks for d in documents)
    assert final.retriever.search("acme", "right archive box 17", context_id=context.id, mode="fulltext")
