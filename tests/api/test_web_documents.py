"""URL ingestion and refresh against a local web server (private URLs allowed by setting, as in tests)."""

from __future__ import annotations

import socket

import pytest

from backend.config import IngestSettings
from backend.errors import ValidationFailed
from backend.ingest.web import check_url
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


def test_private_addresses_refused_by_default():
    for url in [
        "http://127.0.0.1/x",
        "http://localhost:8000/",
        "http://10.1.2.3/",
        "http://169.254.169.254/latest",
        "http://[::1]/",
        "file:///etc/passwd",
        "gopher://example.com/",
    ]:
        with pytest.raises(ValidationFailed):
            check_url(url, allow_private=False)
    check_url("http://127.0.0.1/x", allow_private=True)


def test_redirect_into_private_network_is_refused(web, monkeypatch):
    """Every hop is checked: the first (our test server, allowed here) passes, its redirect to loopback does not."""
    from backend.ingest import web as web_module

    web.redirects["/go"] = "http://127.0.0.1:9/admin"
    web.pages["/admin"] = html_page("Admin", "secret")
    checked: list[str] = []
    real_check = web_module.check_url

    def check_all_but_first(url: str, allow_private: bool) -> str:
        checked.append(url)
        return real_check(url, allow_private or len(checked) == 1)

    monkeypatch.setattr(web_module, "check_url", check_all_but_first)
    with pytest.raises(ValidationFailed):
        web_module.fetch(f"{web.base_url}/go", IngestSettings(allow_private_urls=False))
    assert checked == [f"{web.base_url}/go", "http://127.0.0.1:9/admin"]


def test_a_name_that_rebinds_to_loopback_after_the_check_is_never_fetched(web, monkeypatch):
    """DNS rebinding: the name answers a public address when checked and 127.0.0.1 when resolved again. The fetch
    connects to the checked (public, unreachable here) address, so the loopback server never sees the request."""
    from backend.errors import UpstreamError
    from backend.ingest import web as web_module

    web.pages["/secret"] = html_page("Secret", "the admin password")
    port = int(web.base_url.rsplit(":", 1)[1])
    real_getaddrinfo, answers = socket.getaddrinfo, []

    def rebinding(host, *args, **kwargs):
        if host != "rebind.example":
            return real_getaddrinfo(host, *args, **kwargs)
        answers.append(host)
        address = "8.8.8.8" if len(answers) == 1 else "127.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    with pytest.raises(UpstreamError):  # the public address is not reachable from the test machine
        web_module.fetch(f"http://rebind.example:{port}/secret", IngestSettings(url_timeout_s=1.0))
    assert len(answers) == 1  # resolved once: the connection went to the address that was checked
    assert "/secret" not in web.requests


def test_fetch_sends_the_pages_host_name(web):
    """Connecting to the checked address still asks the server for the page's own host (virtual hosting)."""
    from backend.ingest import web as web_module

    web.pages["/hello"] = html_page("Hello", "there")
    port = int(web.base_url.rsplit(":", 1)[1])
    page = web_module.fetch(f"http://localhost:{port}/hello", IngestSettings(allow_private_urls=True))
    assert b"there" in page.content and page.url == f"http://localhost:{port}/hello"
    assert web.hosts["/hello"] == f"localhost:{port}"


def test_fetch_size_and_time_limits(web, monkeypatch):
    from backend.errors import PayloadTooLarge, UpstreamTimeout
    from backend.ingest import web as web_module

    web.pages["/big"] = html_page("Big", "word " * 5000)
    with pytest.raises(PayloadTooLarge):
        web_module.fetch(f"{web.base_url}/big", IngestSettings(allow_private_urls=True, url_max_bytes=1000))
    web.delays["/slow"] = 2.0
    web.pages["/slow"] = html_page("Slow", "eventually")
    with pytest.raises(UpstreamTimeout):
        web_module.fetch(f"{web.base_url}/slow", IngestSettings(allow_private_urls=True, url_timeout_s=0.3))


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
