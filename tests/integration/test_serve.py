"""``answerbase serve`` as a real process on 127.0.0.1, driven over HTTP with httpx; keys from the real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.helpers import live_server

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def cli(env: dict[str, str], *args: str) -> str:
    """Run ``python -m backend ARGS`` and return the last line of stdout."""
    result = subprocess.run(
        [sys.executable, "-m", "backend", *args], env=env, capture_output=True, text=True, timeout=120, check=True
    )
    return result.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """The server, and the environment that points the CLI at its database."""
    data_dir: Path = tmp_path_factory.mktemp("serve")
    env = {**os.environ, "ANSWERBASE_DATA_DIR": str(data_dir), "ANSWERBASE_ENGINE": "offline"}
    with live_server(data_dir, data_dir / "serve.log") as running:
        yield running.url, env


def test_cli_key_then_full_flow_over_http(server):
    base, env = server
    secret = cli(env, "keys", "create", "--name", "it", "--tenant", "acme")
    assert secret.startswith("ab_")
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as http:
        ctx = http.post("/v1/contexts", json={"name": "Ops"}).json()["id"]
        response = http.post(
            f"/v1/contexts/{ctx}/documents", files={"file": ("ops.txt", b"The data centre in Oslo has 14 racks.")}
        )
        assert response.status_code == 201, response.text
        answer = http.post(
            "/v1/types/integer", json={"query": "How many racks does the Oslo data centre have?", "context_id": ctx}
        )
        assert answer.json() == {"data": 14}
        results = http.post("/v1/search", json={"query": "Oslo racks"}).json()
        assert results[0]["metadata"]["source"] == f"{base}/v1/documents/{response.json()['id']}/content"
        assert http.get(results[0]["metadata"]["source"]).text.startswith("The data centre in Oslo")


def test_key_revoked_by_cli_fails_on_running_server(server):
    base, env = server
    secret = cli(env, "keys", "create", "--name", "short-lived")
    key_id = next(
        line.split()[0]
        for line in subprocess.run(
            [sys.executable, "-m", "backend", "keys", "list"], env=env, capture_output=True, text=True, check=True
        ).stdout.splitlines()
        if "short-lived" in line
    )
    headers = {"Authorization": f"Bearer {secret}"}
    assert httpx.get(f"{base}/v1/contexts", headers=headers).status_code == 200
    cli(env, "keys", "revoke", key_id)
    response = httpx.get(f"{base}/v1/contexts", headers=headers)
    assert response.status_code == 401 and response.json()["error"]["code"] == "unauthorized"


def test_cli_contexts_ingest_ask_search(server, tmp_path):
    _, env = server
    ctx = cli(env, "contexts", "create", "Facilities", "--tenant", "cli")
    folder = tmp_path / "docs"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.md").write_text("# Gym\nThe gym opens at 6 am and has 3 trainers.")
    (folder / "sub" / "b.txt").write_text("The rooftop garden was opened on 12 May 2021.")
    (folder / "broken.docx").write_bytes(b"not a Word document")
    refused = subprocess.run(
        [sys.executable, "-m", "backend", "ingest", str(folder), "--context", ctx, "--tenant", "cli"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # The batch path: the bad file is refused by name, the others go in, and the exit status says so.
    assert refused.returncode == 1 and "ingested 2 documents; 1 refused" in refused.stdout
    assert "refused: broken.docx: 'broken.docx' could not be read" in refused.stderr
    assert (
        cli(env, "ask", "integer", "How many trainers does the gym have?", "--context", ctx, "--tenant", "cli")
        == '{"data": 3}'
    )
    assert (
        cli(env, "ask", "datetime", "When was the rooftop garden opened?", "--context", ctx, "--tenant", "cli")
        == '{"data": "2021-05-12T00:00:00Z"}'
    )
    import json

    results = json.loads(cli(env, "search", "rooftop garden", "--tenant", "cli", "--limit", "1"))
    assert len(results) == 1 and results[0]["metadata"]["name"] == "b.txt"
