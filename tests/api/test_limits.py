"""Body-size limits (``backend/api/limits.py``): a declared length over the limit and a body streamed without one
are both refused with 413 before the app reads them; a streamed body under the limit reaches the app whole."""

from __future__ import annotations

from collections.abc import Iterator

from tests.helpers import assert_error


def _streamed(body: bytes, piece: int = 4096) -> Iterator[bytes]:
    """``body`` as a chunked request body: no Content-Length header is sent."""
    for start in range(0, len(body), piece):
        yield body[start : start + piece]


def test_a_streamed_body_over_the_limit_is_413(make_client):
    client = make_client(max_body_bytes=10_000)
    body = b'{"query": "' + b"a" * 20_000 + b'"}'
    response = client.post("/v1/search", content=_streamed(body), headers={"content-type": "application/json"})
    assert_error(response, 413, "payload_too_large")
    assert "10000 bytes" in response.json()["error"]["message"]


def test_a_streamed_body_under_the_limit_reaches_the_app_whole(make_client):
    client = make_client(max_body_bytes=10_000)
    client.post("/v1/documents", json={"text": "The cellar holds forty barrels of cider.", "name": "Cellar"})
    body = b'{"query": "cellar barrels cider", "limit": 1}'
    response = client.post("/v1/search", content=_streamed(body, piece=7), headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text
    assert response.json()[0]["metadata"]["name"] == "Cellar"


def test_a_declared_length_over_the_limit_is_refused_unread(make_client):
    client = make_client(max_body_bytes=10_000)
    assert_error(client.post("/v1/search", json={"query": "x" * 20_000}), 413, "payload_too_large")
    # Uploads have their own, larger limit.
    assert client.post("/v1/documents", files={"file": ("big.txt", b"Words. " * 3000)}).status_code == 201
