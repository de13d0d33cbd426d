"""Fetching web pages for ingestion: http(s) only, size- and time-bounded, private addresses refused.

Redirects are followed by hand so every hop is checked: a public URL cannot redirect into the
loopback or private network unless ``allow_private_urls`` is set. Each hop's host is resolved once, and the
connection goes to the address that was checked (with the page's Host header and TLS server name): resolving
again to connect would let a DNS answer that changes between the two (rebinding) reach a private address.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit, urlunsplit

import httpx

from backend.config import IngestSettings
from backend.errors import PayloadTooLarge, UpstreamError, UpstreamTimeout, ValidationFailed

_MAX_REDIRECTS = 5
USER_AGENT = "Answerbase/0.1 (+document ingestion)"


@dataclass(frozen=True)
class FetchedPage:
    """The body of a fetched URL with its final address and content type."""

    url: str
    content: bytes
    content_type: str


def check_url(url: str, allow_private: bool) -> str:
    """The address to connect to for ``url``: refuses non-http(s) URLs and, unless allowed, hosts that resolve to
    any non-public address."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationFailed("url: only absolute http:// or https:// URLs can be ingested.")
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 80, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        raise UpstreamError(f"Could not resolve host {parts.hostname!r}.") from exc
    addresses = [ipaddress.ip_address(info[4][0]) for info in infos]
    if not allow_private and any(not address.is_global for address in addresses):
        raise ValidationFailed(f"url: {parts.hostname!r} is a private or local address; refused.")
    return str(addresses[0])


def _pinned(url: str, address: str) -> tuple[str, str]:
    """``url`` with its host replaced by ``address``, and the Host header the server expects."""
    parts = urlsplit(url)
    host = f"[{address}]" if ":" in address else address
    port = f":{parts.port}" if parts.port else ""
    named = f"[{parts.hostname}]" if ":" in (parts.hostname or "") else parts.hostname
    return urlunsplit(parts._replace(netloc=f"{host}{port}")), f"{named}{port}"


def fetch(url: str, settings: IngestSettings) -> FetchedPage:
    """GET ``url`` (following checked redirects) and return its body, at most ``url_max_bytes``."""
    with httpx.Client(
        timeout=settings.url_timeout_s, follow_redirects=False, headers={"User-Agent": USER_AGENT}
    ) as client:
        for _ in range(_MAX_REDIRECTS + 1):
            address = check_url(url, settings.allow_private_urls)
            target, host = _pinned(url, address)
            # The TLS handshake names (and the certificate must match) the page's host, not the address.
            extensions = {"sni_hostname": urlsplit(url).hostname} if url.startswith("https:") else {}
            try:
                with client.stream("GET", target, headers={"Host": host}, extensions=extensions) as response:
                    if response.is_redirect and "location" in response.headers:
                        url = urljoin(url, response.headers["location"])
                        continue
                    if response.status_code >= 400:
                        raise UpstreamError(f"Fetching {url} failed with HTTP {response.status_code}.")
                    body = bytearray()
                    for part in response.iter_bytes():
                        body.extend(part)
                        if len(body) > settings.url_max_bytes:
                            raise PayloadTooLarge(f"{url} is larger than {settings.url_max_bytes} bytes.")
                    return FetchedPage(url, bytes(body), response.headers.get("content-type", "text/html"))
            except httpx.TimeoutException as exc:
                raise UpstreamTimeout(f"Fetching {url} timed out after {settings.url_timeout_s:g} s.") from exc
            except httpx.HTTPError as exc:
                raise UpstreamError(f"Fetching {url} failed: {type(exc).__name__}.") from exc
    raise UpstreamError(f"Fetching {url} redirected more than {_MAX_REDIRECTS} times.")
