"""Scale-out: two `answerbase serve` processes on one LanceDB in S3-compatible storage (moto on 127.0.0.1)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import httpx
import pytest

from tests.helpers import free_port, live_server, wait_until_up

pytestmark = [pytest.mark.integration, pytest.mark.slow]
CREDENTIALS = {"aws_access_key_id": "testing", "aws_secret_access_key": "testing", "region": "us-east-1"}


@pytest.fixture(scope="module")
def s3_env(tmp_path_factory) -> Iterator[dict[str, str]]:
    """A moto S3 server with an empty bucket, and the environment that points Answerbase at it."""
    import boto3

    port = free_port()
    # Logs go to files: a pipe nobody reads fills up (moto logs every S3 call) and blocks the server.
    logs = tmp_path_factory.mktemp("logs")
    with (logs / "moto.log").open("w") as log:
        moto = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    endpoint = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{endpoint}/moto-api/", moto, timeout_s=60)
        s3 = boto3.client(
            "s3",
            endpoint_url=endpoint,
            region_name="us-east-1",
            aws_access_key_id="testing",
            aws_secret_access_key="testing",
        )
        s3.create_bucket(Bucket="answerbase")
        s3.close()
        yield {
            **os.environ,
            "ANSWERBASE_DATA_DIR": str(tmp_path_factory.mktemp("local")),
            "ANSWERBASE_STORE__URI": "s3://answerbase/prod",
            "ANSWERBASE_STORE__STORAGE_OPTIONS": json.dumps(
                {**CREDENTIALS, "endpoint": endpoint, "allow_http": "true"}
            ),
            "ANSWERBASE_RATE_LIMIT__PER_MINUTE": "0",
            # Each server checks every second whether the store needs upkeep (default 10 s): runs happen in the test.
            "ANSWERBASE_STORE__UPKEEP_INTERVAL_S": "1",
        }
    finally:
        moto.terminate()
        moto.wait(timeout=20)


@pytest.fixture(scope="module")
def two_servers(s3_env) -> Iterator[tuple[str, str, str]]:
    created = subprocess.run(
        [sys.executable, "-m", "backend", "keys", "create", "--tenant", "acme"],
        env=s3_env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    secret = created.stdout.strip().splitlines()[-1]
    data_dir = Path(s3_env["ANSWERBASE_DATA_DIR"])
    with (
        live_server(data_dir, data_dir / "serve-first.log", s3_env) as first,
        live_server(data_dir, data_dir / "serve-second.log", s3_env) as second,
    ):
        yield first.url, second.url, secret


def test_write_through_one_read_through_the_other(two_servers):
    first_url, second_url, secret = two_servers
    headers = {"Authorization": f"Bearer {secret}"}
    with (
        httpx.Client(base_url=first_url, headers=headers, timeout=120) as first,
        httpx.Client(base_url=second_url, headers=headers, timeout=120) as second,
    ):
        ctx = first.post("/v1/contexts", json={"name": "Shared"}).json()["id"]
        assert [c["id"] for c in second.get("/v1/contexts").json()] == [ctx]
        doc = first.post(
            f"/v1/contexts/{ctx}/documents", json={"name": "Depots", "text": "The Leeds depot has 41 delivery vans."}
        ).json()
        assert (
            second.post("/v1/search", json={"query": "Leeds depot vans", "context_id": ctx}).json()[0]["metadata"][
                "document_id"
            ]
            == doc["id"]
        )
        assert second.post(
            "/v1/types/integer", json={"query": "How many delivery vans does the Leeds depot have?", "context_id": ctx}
        ).json() == {"data": 41}
        assert second.delete(f"/v1/documents/{doc['id']}").status_code == 204
        assert first.get(f"/v1/documents/{doc['id']}").status_code == 404
        assert first.post("/v1/search", json={"query": "Leeds depot vans", "context_id": ctx}).json() == []


def test_concurrent_ingests_through_both_lose_nothing(two_servers):
    first_url, second_url, secret = two_servers
    headers = {"Authorization": f"Bearer {secret}"}
    ctx = httpx.post(f"{first_url}/v1/contexts", json={"name": "Busy"}, headers=headers).json()["id"]
    acked: list[str] = []

    def ingest(base: str, side: str) -> None:
        with httpx.Client(base_url=base, headers=headers, timeout=120) as http:
            for i in range(12):
                response = http.post(
                    f"/v1/contexts/{ctx}/documents",
                    json={"name": f"{side}-{i}", "text": f"Note {side} {i}: the loading bay {i} opens at {i + 6} am."},
                )
                assert response.status_code == 201, response.text
                acked.append(response.json()["id"])

    threads = [threading.Thread(target=ingest, args=args) for args in ((first_url, "a"), (second_url, "b"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert len(acked) == 24
    for base in (first_url, second_url):
        listed = {d["id"] for d in httpx.get(f"{base}/v1/contexts/{ctx}/documents", headers=headers).json()}
        assert listed == set(acked)


def test_optimize_while_serving(two_servers, s3_env):
    first_url, second_url, secret = two_servers
    headers = {"Authorization": f"Bearer {secret}"}
    ctx = httpx.post(f"{first_url}/v1/contexts", json={"name": "Optimized"}, headers=headers).json()["id"]
    for i in range(5):
        httpx.post(
            f"{first_url}/v1/contexts/{ctx}/documents",
            headers=headers,
            timeout=120,
            json={"name": f"o-{i}", "text": f"Optimizer note {i}: crate {i} weighs {i + 3} kilograms."},
        )
    log = Path(s3_env["ANSWERBASE_DATA_DIR"]) / "optimize.log"
    with log.open("w") as out:
        optimize = subprocess.Popen(
            [sys.executable, "-m", "backend", "optimize"], env=s3_env, stdout=out, stderr=subprocess.STDOUT
        )
    while optimize.poll() is None:  # the servers keep answering while it runs
        response = httpx.post(
            f"{second_url}/v1/search",
            json={"query": "crate kilograms", "context_id": ctx},
            headers=headers,
            timeout=120,
        )
        assert response.status_code == 200 and len(response.json()) == 5
    assert optimize.returncode == 0, log.read_text()[-2000:]
    assert (
        len(
            httpx.post(
                f"{first_url}/v1/search",
                json={"query": "crate kilograms", "context_id": ctx},
                headers=headers,
                timeout=120,
            ).json()
        )
        == 5
    )


def _upkeep_runs(log_dir: str) -> list[tuple[str, float, float]]:
    """(server log, start, end) of every upkeep run the servers logged (end = the log line's time)."""
    runs = []
    for log in Path(log_dir).glob("serve-*.log"):
        for line in log.read_text().splitlines():
            if "store upkeep: {" not in line:
                continue
            stamp = datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()
            record = ast.literal_eval(line.split("store upkeep: ", 1)[1])
            runs.append((log.name, stamp - record["duration_ms"] / 1000, stamp))
    return sorted(runs, key=lambda run: run[1])


def test_under_continuous_ingest_one_server_maintains_at_a_time(two_servers, s3_env):
    first_url, second_url, secret = two_servers
    headers = {"Authorization": f"Bearer {secret}"}
    ctx = httpx.post(f"{first_url}/v1/contexts", json={"name": "Upkeep"}, headers=headers).json()["id"]
    acked: list[str] = []

    def ingest(base: str, side: str) -> None:
        with httpx.Client(base_url=base, headers=headers, timeout=120) as http:
            for i in range(30):  # 60 single-document commits: past the 32-fragment trigger
                response = http.post(f"/v1/contexts/{ctx}/documents", json={"name": f"{side}-{i}", "text": f"Bay {i}."})
                assert response.status_code == 201, response.text
                acked.append(response.json()["id"])
                assert http.post("/v1/search", json={"query": "bay", "context_id": ctx}).status_code == 200

    threads = [threading.Thread(target=ingest, args=args) for args in ((first_url, "a"), (second_url, "b"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    deadline = time.monotonic() + 60
    while not _upkeep_runs(s3_env["ANSWERBASE_DATA_DIR"]) and time.monotonic() < deadline:
        time.sleep(0.5)
    runs = _upkeep_runs(s3_env["ANSWERBASE_DATA_DIR"])
    assert runs, "no server compacted the store under continuous ingest"
    for (server, _, end), (other, start, _) in zip(runs, runs[1:], strict=False):
        if server != other:  # a hand-over: the next holder started after the previous one finished
            assert start >= end - 0.05, runs
    assert len(acked) == 60
    for base in (first_url, second_url):
        listed = {d["id"] for d in httpx.get(f"{base}/v1/contexts/{ctx}/documents", headers=headers).json()}
        assert set(acked) <= listed
