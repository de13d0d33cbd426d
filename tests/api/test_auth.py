"""API keys over HTTP: missing, malformed, unknown, revoked and rotated keys; the health route is open."""

from __future__ import annotations

from tests.helpers import assert_error, bearer


def test_healthz_needs_no_key(app_client):
    response = app_client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_missing_malformed_and_unknown_keys_are_401_with_bearer_challenge(app_client):
    for headers in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer nonsense"}, bearer("ab_" + "x" * 43)):
        response = app_client.get("/v1/contexts", headers=headers)
        assert_error(response, 401, "unauthorized")
        assert response.headers["www-authenticate"] == "Bearer"


def test_revoked_key_fails_at_once(app_client, services):
    key, secret = services.keys.create("acme", "temp")
    assert app_client.get("/v1/contexts", headers=bearer(secret)).status_code == 200
    services.keys.revoke(key.id)
    assert_error(app_client.get("/v1/contexts", headers=bearer(secret)), 401, "unauthorized")


def test_rotated_key_old_secret_fails_new_secret_works(app_client, services):
    key, old = services.keys.create("acme", "rot")
    _, new = services.keys.rotate(key.id)
    assert_error(app_client.get("/v1/contexts", headers=bearer(old)), 401, "unauthorized")
    assert app_client.get("/v1/contexts", headers=bearer(new)).status_code == 200


def test_keys_are_stored_hashed_never_in_clear(services):
    key, secret = services.keys.create("acme", "hashed")
    stored = services.store.keys.get(key.id)
    assert secret.startswith("ab_") and stored.prefix == secret[:10]
    assert secret not in repr(stored) and stored.sha256 != secret and len(stored.sha256) == 64


def test_secret_never_appears_in_logs_or_error(app_client, caplog):
    secret = "ab_" + "S3cr3t" * 8
    with caplog.at_level("DEBUG"):
        response = app_client.get("/v1/contexts", headers=bearer(secret))
    assert_error(response, 401, "unauthorized")
    assert secret not in response.text
    assert "rejected API key" in caplog.text and secret not in caplog.text


def test_rate_limit_per_key_with_retry_after(make_client):
    from backend.config import RateLimitSettings

    client = make_client(rate_limit=RateLimitSettings(per_minute=6, burst=3))
    limited, other = (client.services.keys.create("acme", name)[1] for name in ("limited", "other"))
    assert [client.get("/v1/contexts", headers=bearer(limited)).status_code for _ in range(3)] == [200] * 3
    response = client.get("/v1/contexts", headers=bearer(limited))
    assert_error(response, 429, "rate_limited")
    assert 1 <= int(response.headers["retry-after"]) <= 10
    assert client.get("/v1/contexts", headers=bearer(other)).status_code == 200  # buckets are per key
