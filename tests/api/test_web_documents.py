"""URL ingestion and refresh against a local web server (private URLs allowed by setting, as in tests)."""

from __future__ import annotations

import pytest

from backend.config import IngestSettings
from tests.fakes.web_server import LocalWeb, html_page
from tests.helpers import assert_error, make_pdf

LONG = "The cafeteria on the fifth floor serves a vegetarian lunch menu every weekday between noon and two. "


@pytest.fixture
def web():
    with LocalWeb() as server:
        yield server


@pytest.fixture
def client(make_client):
    return make_client(ingest=IngestSettings(allow_private_urls=True))


def test_url_ingest_search_and_refresh(client, web):
    web.pages["/menu"] = html_page("Cafeteria menu", LONG + "On Fridays it serves lentil curry.")
    url = f"{web.base_url}/menu"
    doc = client.post("/v1/documents", json={"url": url})
    assert doc.status_code == 201, doc.text
    doc = doc.json()
    assert doc["type"] == "web" and doc["source"] == url and doc["name"] == "Cafeteria menu"
    hit = client.post("/v1/search", json={"query": "lentil curry"}).json()[0]
    assert hit["metadata"]["source"] == url and hit["metadata"]["type"] == "web"
    assert "Jobs | Contact" not in client.get(f"/v1/documents/{doc['id']}/content").text  # boilerplate dropped

    web.pages["/menu"] = html_page("Cafeteria menu", LONG + "On Fridays it serves mushroom risotto.")
    refreshed = client.post(f"/v1/documents/{doc['id']}/refresh")
    assert refreshed.status_code == 200 and refreshed.json()["id"] == doc["id"]
    assert "mushroom risotto" in client.post("/v1/search", json={"query": "risotto"}).json()[0]["page_content"]
    assert all("lentil" not in r["page_content"] for r in client.post("/v1/search", json={"query": "lentil"}).json())
    assert len(client.get("/v1/documents").json()) == 1


def test_web_pdf_and_upstream_errors(client, web):
    web.pages["/report.pdf"] = ("application/pdf", make_pdf("Annual revenue reached 8 million pounds."))
    doc = client.post("/v1/documents", json={"url": f"{web.base_url}/report.pdf"})
    assert doc.status_code == 201, doc.text
    assert "8 million" in client.get(f"/v1/documents/{doc.json()['id']}/content").text
    assert_error(client.post("/v1/documents", json={"url": f"{web.base_url}/missing"}), 502, "upstream_error")
    web.pages["/empty"] = ("text/html", b"<html><body></body></html>")
    assert_error(client.post("/v1/documents", json={"url": f"{web.base_url}/empty"}), 422, "invalid_request")


def test_cli_refresh_reindexes_changed_pages(tmp_path, web, embedder, monkeypatch, capsys):
    from backend.cli import main

    monkeypatch.setenv("ANSWERBASE_DATA_DIR", str(tmp_path / "cli"))
    monkeypatch.setenv("ANSWERBASE_INGEST__ALLOW_PRIVATE_URLS", "true")
    web.pages["/hours"] = html_page("Gym hours", LONG + "The gym opens at six.")
    assert main(["ingest", f"{web.base_url}/hours", "--tenant", "acme"]) == 0
    web.pages["/hours"] = html_page("Gym hours", LONG + "The gym opens at seven.")
    assert main(["refresh", "--tenant", "acme"]) == 0
    assert "refreshed 1 web documents" in capsys.readouterr().out
    assert main(["search", "gym opens", "--tenant", "acme", "--limit", "1"]) == 0
    assert "opens at seven" in capsys.readouterr().out.strip().splitlines()[-1]
