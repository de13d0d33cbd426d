"""One walk over every route with bad input: every failure is the envelope, with the right status and code."""

from __future__ import annotations

import re

from tests.helpers import assert_error, bearer

MISSING = "00000000-0000-4000-8000-000000000000"


def test_every_route_with_bad_input(client, app_client):
    ctx = client.post("/v1/contexts", json={"name": "C"}).json()["id"]
    doc = client.post(f"/v1/contexts/{ctx}/documents", json={"text": "Some text.", "name": "T"}).json()["id"]
    cases = [
        # (method, path, kwargs, status, code)
        (
            "post",
            "/v1/types/integer",
            {"content": b"{not json", "headers": {"content-type": "application/json"}},
            400,
            "invalid_request",
        ),
        ("post", "/v1/types/integer", {"json": {}}, 422, "invalid_request"),
        ("post", "/v1/types/integer", {"json": {"content": "   "}}, 422, "invalid_request"),
        ("post", "/v1/types/integer", {"json": {"content": 5}}, 422, "invalid_request"),
        ("post", "/v1/types/integer", {"json": {"content": "x" * 4001}}, 422, "invalid_request"),
        ("post", "/v1/types/integer", {"json": {"query": "q", "context_id": MISSING}}, 404, "not_found"),
        ("post", "/v1/types/integer", {"json": {"query": "q", "context_id": "not-a-uuid"}}, 404, "not_found"),
        ("post", "/v1/types/decimal", {"json": {"content": "q"}}, 404, "not_found"),
        ("post", "/v1/search", {"json": {"query": ""}}, 422, "invalid_request"),
        ("post", "/v1/search", {"json": {"query": "q", "limit": 51}}, 422, "invalid_request"),
        ("post", "/v1/search", {"json": {"query": "q", "limit": "ten"}}, 422, "invalid_request"),
        ("post", "/v1/search", {"json": {"query": "q", "context_id": MISSING}}, 404, "not_found"),
        (
            "post",
            "/v1/search",
            {"content": b"[", "headers": {"content-type": "application/json"}},
            400,
            "invalid_request",
        ),
        ("post", "/v1/contexts", {"json": {"name": ""}}, 422, "invalid_request"),
        ("post", "/v1/contexts", {"json": {"description": "no name"}}, 422, "invalid_request"),
        ("get", f"/v1/contexts/{MISSING}", {}, 404, "not_found"),
        ("delete", f"/v1/contexts/{MISSING}", {}, 404, "not_found"),
        ("get", f"/v1/contexts/{MISSING}/documents", {}, 404, "not_found"),
        ("post", f"/v1/contexts/{MISSING}/documents", {"json": {"text": "t", "name": "n"}}, 404, "not_found"),
        ("post", f"/v1/contexts/{ctx}/documents", {"json": {"text": "t"}}, 422, "invalid_request"),
        ("post", f"/v1/contexts/{ctx}/documents", {"json": {"url": "ftp://example.com/x"}}, 422, "invalid_request"),
        ("post", f"/v1/contexts/{ctx}/documents", {"json": {"url": "http://127.0.0.1:1/x"}}, 422, "invalid_request"),
        (
            "post",
            f"/v1/contexts/{ctx}/documents",
            {"content": b"{", "headers": {"content-type": "application/json"}},
            400,
            "invalid_request",
        ),
        ("post", "/v1/documents", {"files": {"file": ("x.bin", b"\x00\x01")}}, 415, "unsupported_media_type"),
        ("post", "/v1/documents", {"files": {"other": ("x.txt", b"hello")}}, 422, "invalid_request"),
        ("get", f"/v1/documents/{MISSING}", {}, 404, "not_found"),
        ("get", f"/v1/documents/{MISSING}/content", {}, 404, "not_found"),
        ("delete", f"/v1/documents/{MISSING}", {}, 404, "not_found"),
        ("post", f"/v1/documents/{MISSING}/refresh", {}, 404, "not_found"),
        ("post", f"/v1/documents/{doc}/refresh", {}, 422, "invalid_request"),
        (
            "post",
            "/v1/search",
            {"content": b"{" + b" " * (1024 * 1024 + 10) + b"}", "headers": {"content-type": "application/json"}},
            413,
            "payload_too_large",
        ),
        ("get", "/v1/nowhere", {}, 404, "not_found"),
        ("put", "/v1/contexts", {}, 405, "method_not_allowed"),
    ]
    for method, path, kwargs, status, code in cases:
        response = getattr(client, method)(path, **kwargs)
        assert_error(response, status, code)


# The error code each status carries (DESIGN.md's table).
CODES = {400: "invalid_request", 404: "not_found", 413: "payload_too_large", 415: "unsupported_media_type"}
CODES[422] = "invalid_request"


def _v1_operations(app_client) -> list[tuple[str, str]]:
    """Every /v1 operation the app serves, read from its OpenAPI document, so a route added later is covered by
    the tests below without anyone listing it; path parameters filled with a type name or an unknown id."""
    paths = app_client.get("/openapi.json").json()["paths"]
    operations = []
    for path, methods in paths.items():
        if path.startswith("/v1/"):
            concrete = re.sub(r"\{[^}]+\}", MISSING, path.replace("{type_name}", "integer"))
            operations += [(method, concrete) for method in methods]
    assert len(operations) >= 29, operations  # every route there is today, at least
    return operations


def test_every_v1_route_wants_a_key(app_client):
    """Without a key, every /v1 route is 401 (the key is checked before anything else is revealed)."""
    assert "Authorization" not in app_client.headers
    for method, path in _v1_operations(app_client):
        assert_error(app_client.request(method, path, json={"query": "q", "name": "n"}), 401, "unauthorized")


def test_every_v1_route_fails_in_the_envelope(client, app_client):
    """Every /v1 route, given a body that is not JSON and unknown ids, fails with the envelope and a fitting code."""
    for method, path in _v1_operations(app_client):
        response = client.request(method, path, content=b"{", headers={"content-type": "application/json"})
        if MISSING not in path and response.status_code < 400:
            continue  # a list route that reads no body: nothing to refuse
        assert response.status_code in CODES, (method, path, response.status_code, response.text)
        assert_error(response, response.status_code, CODES[response.status_code])


def test_openapi_documents_every_route(app_client):
    spec = app_client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in [
        "/v1/types/{type_name}",
        "/v1/search",
        "/v1/contexts",
        "/v1/contexts/{context_id}",
        "/v1/contexts/{context_id}/documents",
        "/v1/documents",
        "/v1/documents/{document_id}",
        "/v1/documents/{document_id}/content",
        "/v1/documents/{document_id}/refresh",
        "/v1/status",
        "/healthz",
    ]:
        assert path in paths, path
    assert app_client.get("/docs").status_code == 200


def test_tenants_never_see_each_other(client, app_client, other_key):
    ctx = client.post("/v1/contexts", json={"name": "Secret plans"}).json()["id"]
    doc = client.post(
        f"/v1/contexts/{ctx}/documents", json={"text": "Project Falcon launches in May.", "name": "Falcon"}
    ).json()["id"]
    other = bearer(other_key)
    assert app_client.get("/v1/contexts", headers=other).json() == []
    for method, path in [
        ("get", f"/v1/contexts/{ctx}"),
        ("delete", f"/v1/contexts/{ctx}"),
        ("get", f"/v1/contexts/{ctx}/documents"),
        ("get", f"/v1/documents/{doc}"),
        ("get", f"/v1/documents/{doc}/content"),
        ("delete", f"/v1/documents/{doc}"),
    ]:
        assert_error(getattr(app_client, method)(path, headers=other), 404, "not_found")
    assert_error(
        app_client.post(f"/v1/contexts/{ctx}/documents", json={"text": "x", "name": "n"}, headers=other),
        404,
        "not_found",
    )
    assert_error(app_client.post(f"/v1/documents/{doc}/refresh", headers=other), 404, "not_found")
    assert_error(
        app_client.post("/v1/types/string", json={"query": "Which project?", "context_id": ctx}, headers=other),
        404,
        "not_found",
    )
    assert app_client.post("/v1/search", json={"query": "Project Falcon"}, headers=other).json() == []
    assert_error(
        app_client.post("/v1/search", json={"query": "Falcon", "context_id": ctx}, headers=other), 404, "not_found"
    )
    assert_error(
        app_client.post("/v1/types/string", json={"content": "Which project launches in May?"}, headers=other),
        422,
        "no_answer",
    )
    assert client.get(f"/v1/documents/{doc}").status_code == 200  # still there for its owner
    # The other tenant's own documents never pull in evidence of ours, with or without a context.
    other_ctx = app_client.post("/v1/contexts", json={"name": "Theirs"}, headers=other).json()["id"]
    app_client.post(
        f"/v1/contexts/{other_ctx}/documents",
        json={"text": "Project Osprey launches in June.", "name": "Osprey"},
        headers=other,
    )
    for body in (
        {"content": "When does Project Falcon launch?"},
        {"query": "When does Project Falcon launch?", "context_id": other_ctx},
    ):
        answer = app_client.post("/v1/types/string", json={**body, "include_sources": True}, headers=other)
        sources = answer.json().get("sources", []) if answer.status_code == 200 else []
        assert all(s["metadata"]["name"] != "Falcon" for s in sources)
        # A decline may repeat the asker's own words ("mentions 'Falcon'"), never our document's.
        assert "launches in May" not in answer.text and "Secret plans" not in answer.text


def test_upload_over_limit_is_413_and_filenames_are_never_paths(tmp_path, make_client):
    client = make_client(max_upload_mb=1)
    big = b"word " * 300_000  # 1.5 MB
    assert_error(client.post("/v1/documents", files={"file": ("big.txt", big)}), 413, "payload_too_large")
    response = client.post("/v1/documents", files={"file": ("../../etc/cron.d/evil.txt", b"Harmless text.")})
    assert response.status_code == 201 and response.json()["name"] == "evil.txt"
    assert not (tmp_path / "etc").exists()
