"""Batch ingestion: JSON and multipart batches, zip archives expanded safely, per-item errors in input order,
limits, background jobs with progress, interruptions reported, tenancy."""

from __future__ import annotations

import time

from backend.ingest.archives import ArchiveRefused, expand
from backend.models import Job
from tests.helpers import assert_error, bearer, make_docx, make_zip


def _context(client) -> str:
    return client.post("/v1/contexts", json={"name": "Batch"}).json()["id"]


def test_a_json_batch_adds_each_item_on_its_own_in_input_order(client):
    ctx = _context(client)
    body = {
        "documents": [
            {"text": "The Oslo office opened in 2019.", "name": "oslo.txt"},
            {"text": "   ", "name": "blank.txt"},
            {"name": "no-text.txt"},
            {"text": "The Lisbon office has 40 desks.", "name": "lisbon.txt", "source": "https://intra.example/lisbon"},
        ]
    }
    response = client.post(f"/v1/contexts/{ctx}/documents/batch", json=body)
    assert response.status_code == 200, response.text  # small batches are waited for
    job = response.json()
    assert (job["status"], job["total"], job["done"], job["failed"], job["pending"]) == ("done", 4, 2, 2, 0)
    items = job["items"]
    assert [i["index"] for i in items] == [0, 1, 2, 3]
    assert [i["status"] for i in items] == ["done", "failed", "failed", "done"]
    assert items[1]["error"]["code"] == "invalid_request" and items[1]["error"]["message"].startswith(
        "documents[1].text:"
    )
    assert items[2]["error"]["message"].startswith("documents[2].text:")
    listed = {d["name"]: d for d in client.get(f"/v1/contexts/{ctx}/documents").json()}
    assert set(listed) == {"oslo.txt", "lisbon.txt"} and listed["lisbon.txt"]["id"] == items[3]["document_id"]
    found = client.post("/v1/search", json={"query": "Lisbon desks", "context_id": ctx}).json()
    assert found[0]["metadata"]["source"] == "https://intra.example/lisbon"


def test_files_and_a_zip_archive_in_one_multipart_batch(client):
    ctx = _context(client)
    archive = make_zip(
        {
            "reports/q1.md": b"# Q1\nRevenue grew 4 percent in the first quarter.",
            "../../etc/evil.txt": b"zip slip",
            "__MACOSX/reports/._q1.md": b"resource fork",
            "inner.zip": make_zip({"x.txt": b"nested"}),
            "reports/": b"",
        }
    )
    files = [
        ("file", ("policy.docx", make_docx("Travel", ["Hotels up to 150 euros a night."]))),
        ("file", ("broken_report.docx", b"not a word file")),
        ("file", ("reports.zip", archive)),
    ]
    response = client.post(f"/v1/contexts/{ctx}/documents/batch?wait=true", files=files)
    assert response.status_code == 200, response.text
    items = {i["name"]: i for i in response.json()["items"]}
    assert list(items) == [
        "policy.docx",
        "broken_report.docx",
        "reports.zip/reports/q1.md",
        "reports.zip/../../etc/evil.txt",
        "reports.zip/inner.zip",
    ]
    assert items["policy.docx"]["status"] == items["reports.zip/reports/q1.md"]["status"] == "done"
    assert "not a valid Word document" in items["broken_report.docx"]["error"]["message"]
    assert "leaves the archive" in items["reports.zip/../../etc/evil.txt"]["error"]["message"]
    assert items["reports.zip/inner.zip"]["error"]["code"] == "unsupported_media_type"
    names = {d["name"] for d in client.get(f"/v1/contexts/{ctx}/documents").json()}
    assert names == {"policy.docx", "q1.md"}  # a file's name only, never its path
    original = client.get(f"/v1/documents/{items['policy.docx']['document_id']}/original")
    assert original.content.startswith(b"PK")  # the upload kept as it came
    refused = client.post(f"/v1/contexts/{ctx}/documents/batch", files=[("file", ("fake.zip", b"not a zip"))])
    assert refused.status_code == 202  # archives run as jobs by default
    job = _finished(client, refused.json()["id"])
    assert "not a valid zip archive" in job["items"][0]["error"]["message"]


def test_archives_are_expanded_within_their_limits():
    entries = expand(make_zip({"a.txt": b"a" * 1000, "b.txt": b"b" * 5000}), max_file_bytes=2000)
    assert [(e.path, e.data is not None) for e in entries] == [("a.txt", True), ("b.txt", False)]
    assert "over" in entries[1].error
    bomb = make_zip({f"part{i}.txt": b"0" * 4_000_000 for i in range(4)})  # 16 MB of zeros in ~16 KB
    assert len(bomb) < 100_000
    try:
        expand(bomb, max_file_bytes=5_000_000, max_total_bytes=10_000_000)
    except ArchiveRefused as exc:
        assert "zip bomb" in str(exc)
    else:
        raise AssertionError("the bomb was expanded")
    many = make_zip({f"f{i}.txt": b"x" for i in range(1001)})
    try:
        expand(many, max_file_bytes=1000)
    except ArchiveRefused as exc:
        assert "at most 1000" in str(exc)
    else:
        raise AssertionError("1001 files were accepted")


def _finished(client, job_id: str, timeout_s: float = 60) -> dict:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        job = client.get(f"/v1/jobs/{job_id}").json()
        if job["status"] not in ("queued", "running"):
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish")


def test_a_large_batch_runs_as_a_job_with_progress(client):
    ctx = _context(client)
    documents = [{"text": f"Site {i} employs {i + 3} people.", "name": f"site-{i:03d}.txt"} for i in range(120)]
    response = client.post(f"/v1/contexts/{ctx}/documents/batch", json={"documents": documents})
    assert response.status_code == 202 and response.json()["status"] in ("queued", "running", "done")
    seen_running = False
    deadline = time.monotonic() + 60
    while (job := client.get(f"/v1/jobs/{response.json()['id']}").json())["status"] != "done":
        seen_running |= job["status"] == "running" and 0 < job["done"] < 120
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert (job["done"], job["failed"], job["pending"]) == (120, 0, 0) and job["finished_at"]
    assert len(client.get(f"/v1/contexts/{ctx}/documents").json()) == 120
    listing = client.get("/v1/jobs").json()
    assert listing[0]["id"] == job["id"] and listing[0]["items"] is None
    assert seen_running or job["done"] == 120  # progress was visible while it ran (unless it outran the polls)


def test_an_interrupted_job_says_which_items_did_not_finish(client, services, app_client, other_key):
    stale = Job(
        "job-1",
        "acme",
        "ingest",
        None,
        "running",
        (
            {"index": 0, "name": "a.txt", "status": "done", "document_id": "d1"},
            {"index": 1, "name": "b.txt", "status": "pending"},
        ),
        "2026-01-01T00:00:00.000000Z",
        "2026-01-01T00:00:00.000000Z",
        "2026-01-01T00:00:00.000000Z",
        "",
    )
    services.store.jobs.put(stale)
    job = client.get("/v1/jobs/job-1").json()
    assert job["status"] == "interrupted" and (job["done"], job["pending"]) == (1, 1)
    assert_error(app_client.get("/v1/jobs/job-1", headers=bearer(other_key)), 404, "not_found")


def test_a_batch_that_is_not_one_is_refused(client):
    ctx = _context(client)
    url = f"/v1/contexts/{ctx}/documents/batch"
    assert (
        "at most 1000"
        in assert_error(
            client.post(url, json={"documents": [{"text": "x", "name": "x"}] * 1001}), 422, "invalid_request"
        )["message"]
    )
    assert "empty" in assert_error(client.post(url, json={"documents": []}), 422, "invalid_request")["message"]
    assert_error(client.post(url, json={"texts": []}), 422, "invalid_request")
    assert_error(client.post(url, content=b"{", headers={"content-type": "application/json"}), 400, "invalid_request")
    assert_error(client.post(url, content=b"x", headers={"content-type": "text/plain"}), 415, "unsupported_media_type")
    assert_error(client.post("/v1/contexts/nope/documents/batch", json={"documents": []}), 404, "not_found")
