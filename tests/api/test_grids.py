"""Extraction grids over the API: typed cells from each document alone, background runs with progress, only
missing cells re-run, hand edits kept and exported, CSV and XLSX exports, restart, tenancy and validation."""

from __future__ import annotations

import csv
import io
import time
from dataclasses import replace

import pytest
from openpyxl import load_workbook

from tests.helpers import assert_error, bearer

CONTRACTS = {
    "alpha.txt": "Alpha services agreement. The contract value is 1,200,000 euros. The contract starts on "
    "1 March 2025. The counterparty is Acme Logistics Ltd.",
    "beta.txt": "Beta supply agreement. The contract value is 450,000 euros. The contract starts on 15 June 2024. "
    "The counterparty is Borealis Foods GmbH.",
    "gamma.txt": "Gamma memo. This memo lists the parking rules for visitors: park on level two and show a badge.",
}
COLUMNS = [
    {"name": "Contract value", "type": "float", "question": "What is the contract value?"},
    {"name": "Start date", "type": "datetime", "question": "When does the contract start?"},
    {"name": "Counterparty", "type": "string", "question": "Who is the counterparty?"},
]


def _context(client) -> tuple[str, dict[str, str]]:
    ctx = client.post("/v1/contexts", json={"name": "Contracts"}).json()["id"]
    ids = {}
    for name, text in CONTRACTS.items():
        ids[name] = client.post(f"/v1/contexts/{ctx}/documents", json={"text": text, "name": name}).json()["id"]
    return ctx, ids


def _finished(client, grid_id: str, timeout_s: float = 60) -> dict:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        grid = client.get(f"/v1/grids/{grid_id}").json()
        if grid["status"] in ("done", "failed"):
            return grid
        time.sleep(0.1)
    raise AssertionError(f"grid {grid_id} did not finish: {grid}")


def _cells(grid: dict) -> dict[str, dict]:
    return {row["document"]["name"]: row["cells"] for row in grid["rows"]}


def test_a_grid_answers_every_document_from_that_document_alone(client):
    ctx, _ = _context(client)
    created = client.post("/v1/grids", json={"context_id": ctx, "name": "Q2 contracts", "columns": COLUMNS})
    assert created.status_code == 202, created.text
    assert created.json()["status"] == "queued"
    grid = _finished(client, created.json()["id"])
    assert grid["status"] == "done" and grid["progress"] == {"done": 9, "total": 9} and grid["error"] == ""
    cells = _cells(grid)
    assert [r["document"]["name"] for r in grid["rows"]] == list(CONTRACTS)
    assert cells["alpha.txt"]["Contract value"]["data"] == 1200000.0
    assert cells["beta.txt"]["Contract value"]["data"] == 450000.0
    assert cells["alpha.txt"]["Start date"]["data"] == "2025-03-01T00:00:00Z"
    assert cells["beta.txt"]["Start date"]["data"] == "2024-06-15T00:00:00Z"
    assert cells["beta.txt"]["Counterparty"]["data"] == "Borealis Foods GmbH"
    # The memo says none of it: its cells are declined, never filled with another contract's values.
    for column in ("Contract value", "Start date", "Counterparty"):
        memo = cells["gamma.txt"][column]
        assert memo["declined"] and memo["data"] is None and memo["reason"], memo
    # and the reason speaks of the document the cell reads, not of the context
    reason = cells["gamma.txt"]["Contract value"]["reason"]
    assert reason == "No passage in this document is about what the question asks."
    # A value carries its confidence and the passage it was read from, with the span of the value in it.
    value = cells["alpha.txt"]["Contract value"]
    start, end = value["span"]
    assert 0.56 <= value["confidence"] <= 1 and value["passage"][start:end] == "1,200,000"
    listing = client.get("/v1/grids").json()
    assert [(g["name"], g["rows"]) for g in listing] == [("Q2 contracts", None)]


def test_new_columns_and_documents_compute_only_their_cells_and_edits_survive(client, services):
    ctx, ids = _context(client)
    grid_id = client.post("/v1/grids", json={"context_id": ctx, "columns": COLUMNS[:1]}).json()["id"]
    _finished(client, grid_id)
    first = {c.document_id: c for c in services.store.grids.cells("acme", grid_id)}
    edit = client.put(
        f"/v1/grids/{grid_id}/cells",
        json={"document_id": ids["gamma.txt"], "column": "Contract value", "data": "75,000"},
    )
    assert edit.status_code == 200 and edit.json()["data"] == 75000.0 and edit.json()["edited"]
    bad = client.put(
        f"/v1/grids/{grid_id}/cells", json={"document_id": ids["gamma.txt"], "column": "Contract value", "data": "lots"}
    )
    assert "data: not a valid float" in assert_error(bad, 422, "invalid_request")["message"]

    assert client.post(f"/v1/grids/{grid_id}/columns", json={"columns": COLUMNS[2:]}).status_code == 202
    client.post(
        f"/v1/contexts/{ctx}/documents",
        json={"text": CONTRACTS["beta.txt"].replace("Beta", "Delta"), "name": "delta.txt"},
    )
    client.post(f"/v1/grids/{grid_id}/run")
    grid = _finished(client, grid_id)
    assert grid["progress"] == {"done": 8, "total": 8}
    after = {(c.document_id, c.column): c for c in services.store.grids.cells("acme", grid_id)}
    for document_id, cell in first.items():  # the first run's cells were not computed again
        if document_id != ids["gamma.txt"]:
            assert after[(document_id, "Contract value")].updated_at == cell.updated_at
    cells = _cells(grid)
    assert cells["gamma.txt"]["Contract value"] == {
        **cells["gamma.txt"]["Contract value"],
        "data": 75000.0,
        "edited": True,
    }
    assert cells["delta.txt"]["Counterparty"]["data"] == "Borealis Foods GmbH"
    assert cells["alpha.txt"]["Counterparty"]["data"] == "Acme Logistics Ltd"

    exported = client.get(f"/v1/grids/{grid_id}/export?format=csv")
    assert (
        exported.headers["content-type"].startswith("text/csv")
        and "attachment" in exported.headers["content-disposition"]
    )
    rows = {r["document"]: r for r in csv.DictReader(io.StringIO(exported.text))}
    assert rows["gamma.txt"]["Contract value"] == "75000" and rows["gamma.txt"]["Contract value edited"] == "true"
    assert (
        rows["alpha.txt"]["Contract value"] == "1200000" and rows["alpha.txt"]["Counterparty"] == "Acme Logistics Ltd"
    )
    assert rows["gamma.txt"]["Counterparty"] == "" and rows["alpha.txt"]["document_id"] == ids["alpha.txt"]
    sheet = load_workbook(io.BytesIO(client.get(f"/v1/grids/{grid_id}/export?format=xlsx").content)).active
    header, *values = list(sheet.values)
    by_name = {row[0]: dict(zip(header, row, strict=True)) for row in values}
    assert by_name["gamma.txt"]["Contract value"] == 75000 and by_name["gamma.txt"]["Contract value edited"] is True
    assert isinstance(by_name["alpha.txt"]["Contract value confidence"], float)


def test_an_interrupted_grid_is_resumed_and_computes_only_its_missing_cells(client, services):
    ctx, ids = _context(client)
    grid_id = client.post("/v1/grids", json={"context_id": ctx, "columns": COLUMNS[:2]}).json()["id"]
    _finished(client, grid_id)
    # As a process killed mid-run leaves it: running, a heartbeat long stopped, one document's cells missing.
    grid = services.store.grids.get("acme", grid_id)
    kept = [c for c in services.store.grids.cells("acme", grid_id) if c.document_id != ids["beta.txt"]]
    services.store.grids.delete("acme", grid_id)
    services.store.grids.put(replace(grid, status="running", done=4, heartbeat_at="2026-01-01T00:00:00.000000Z"))
    services.store.grids.put_cells("acme", kept)
    assert client.get(f"/v1/grids/{grid_id}").json()["interrupted"] is True
    services.grid_runner.wake()
    resumed = _finished(client, grid_id)
    assert resumed["status"] == "done" and resumed["progress"] == {"done": 6, "total": 6}
    assert _cells(resumed)["beta.txt"]["Contract value"]["data"] == 450000.0
    again = {(c.document_id, c.column): c.updated_at for c in services.store.grids.cells("acme", grid_id)}
    assert all(again[(c.document_id, c.column)] == c.updated_at for c in kept)


def test_grids_are_the_tenants_own(client, app_client, other_key, services):
    ctx, ids = _context(client)
    grid_id = client.post("/v1/grids", json={"context_id": ctx, "columns": COLUMNS[:1]}).json()["id"]
    _finished(client, grid_id)
    other = bearer(other_key)
    for method, path in [
        ("GET", f"/v1/grids/{grid_id}"),
        ("GET", f"/v1/grids/{grid_id}/export"),
        ("POST", f"/v1/grids/{grid_id}/run"),
        ("DELETE", f"/v1/grids/{grid_id}"),
    ]:
        assert_error(app_client.request(method, path, headers=other), 404, "not_found")
    assert app_client.get("/v1/grids", headers=other).json() == []
    stolen = app_client.post("/v1/grids", headers=other, json={"context_id": ctx, "columns": COLUMNS[:1]})
    assert_error(stolen, 404, "not_found")
    edit = {"document_id": ids["alpha.txt"], "column": "Contract value", "data": 1.0}
    assert_error(app_client.put(f"/v1/grids/{grid_id}/cells", headers=other, json=edit), 404, "not_found")
    assert services.store.grids.cells("globex", grid_id) == []
    assert client.delete(f"/v1/grids/{grid_id}").status_code == 204
    assert_error(client.get(f"/v1/grids/{grid_id}"), 404, "not_found")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"columns": COLUMNS}, "context_id"),
        ({"columns": []}, "columns"),
        ({"columns": [{**COLUMNS[0], "type": "money"}]}, "columns.0.type"),
        ({"columns": [COLUMNS[0], {**COLUMNS[1], "name": "contract VALUE"}]}, "columns[1].name"),
        ({"columns": COLUMNS, "document_ids": ["no-such-document"]}, "document_ids"),
    ],
)
def test_a_bad_grid_is_refused_naming_the_field(client, body, message):
    ctx = client.post("/v1/contexts", json={"name": "Empty"}).json()["id"]
    payload = body if message == "context_id" else {"context_id": ctx, **body}  # the first case lacks it
    response = client.post("/v1/grids", json=payload)
    assert message in assert_error(response, 422, "invalid_request")["message"]


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("Q2 contracts*", "Q2 contracts"),
        ("Revenue [draft]: EU/US?", "Revenue draft EU US"),
        ("A grid whose name runs past Excel's thirty-one characters", "A grid whose name runs past Exc"),
        ("***", "Sheet"),
    ],
)
def test_a_grid_exports_as_xlsx_whatever_its_name(client, name, title):
    ctx, _ = _context(client)
    grid_id = client.post("/v1/grids", json={"context_id": ctx, "name": name, "columns": COLUMNS[:1]}).json()["id"]
    _finished(client, grid_id)
    exported = client.get(f"/v1/grids/{grid_id}/export?format=xlsx")
    assert exported.status_code == 200, exported.text
    book = load_workbook(io.BytesIO(exported.content))
    assert book.active.title == title and book.active.max_row == 1 + len(CONTRACTS)


def test_a_grid_export_links_documents_where_the_caller_opens_them(client):
    ctx, ids = _context(client)
    grid_id = client.post("/v1/grids", json={"context_id": ctx, "columns": COLUMNS[:1]}).json()["id"]
    _finished(client, grid_id)
    link = "http://localhost:8501/documents?document={id}"
    exported = client.get(f"/v1/grids/{grid_id}/export", params={"format": "csv", "document_link": link})
    rows = {r["document"]: r for r in csv.DictReader(io.StringIO(exported.text))}
    assert rows["alpha.txt"]["source"] == f"http://localhost:8501/documents?document={ids['alpha.txt']}"
    # Without one the link is the API's own (a program holding a key follows it).
    default = client.get(f"/v1/grids/{grid_id}/export?format=csv")
    rows = {r["document"]: r for r in csv.DictReader(io.StringIO(default.text))}
    assert rows["alpha.txt"]["source"].endswith(f"/v1/documents/{ids['alpha.txt']}/content")
    refused = client.get(f"/v1/grids/{grid_id}/export", params={"document_link": "http://localhost:8501/x"})
    assert_error(refused, 422, "invalid_request")


def test_a_reports_grid_reads_the_actual_figure_not_the_forecast(client):
    # The console's "Reports" template over a quarterly report PDF: Revenue was the Q2 forecast at 0.93.
    from tests.helpers import make_pdf
    from tests.unit.test_offline_engine import QUARTERLY_REPORT

    ctx = client.post("/v1/contexts", json={"name": "Reports"}).json()["id"]
    pdf = ("q1-report.pdf", make_pdf(QUARTERLY_REPORT), "application/pdf")
    assert client.post(f"/v1/contexts/{ctx}/documents", files={"file": pdf}).status_code == 201
    columns = [
        {"name": "Revenue", "type": "float", "question": "What was the revenue?"},
        {"name": "Headcount", "type": "integer", "question": "How many employees are there?"},
    ]
    grid = _finished(client, client.post("/v1/grids", json={"context_id": ctx, "columns": columns}).json()["id"])
    cells = _cells(grid)["q1-report.pdf"]
    assert cells["Revenue"]["data"] == 1840000.0
    assert cells["Headcount"]["data"] == 48
