"""The URL fetcher (backend/ingest/web.py) against a local web server: address checks on every hop, DNS
rebinding, the page's host name, and the size and time limits."""

from __future__ import annotations

import socket

import pytest

from backend.config import IngestSettings
from backend.errors import ValidationFailed
from backend.ingest.web import check_url
from tests.fakes.web_server import LocalWeb, html_page


@pytest.fixture
def web():
    with LocalWeb() as server:
        yield server


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
