"""API keys: created with a secret shown once, stored as SHA-256, checked in constant time, revocable.

A secret looks like ``ab_<43 url-safe characters>``; its first characters (the prefix) are kept so a
person can tell keys apart in listings without the secret ever being stored or logged.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from backend.errors import NotFound, Unauthorized, ValidationFailed
from backend.models import ApiKey, utc_now
from backend.store import LanceStore

SECRET_PREFIX = "ab_"
_SECRET_SHAPE = re.compile(r"^ab_[A-Za-z0-9_-]{20,100}$")
TENANT_SHAPE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
# Writing last_used_at on every request would add a database version per call; once a minute is plenty.
_LAST_USED_RESOLUTION = timedelta(minutes=1)


def hash_secret(secret: str) -> str:
    """The hex SHA-256 of a secret (what the store keeps)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def check_tenant(tenant: str) -> str:
    """``tenant`` if it is a valid tenant name, else :class:`ValidationFailed`."""
    if not TENANT_SHAPE.match(tenant or ""):
        raise ValidationFailed("tenant: use 1-64 letters, digits, '_', '.' or '-'.")
    return tenant


class KeyService:
    """Creates, authenticates, lists, revokes and rotates API keys."""

    def __init__(self, store: LanceStore) -> None:
        self._store = store

    def create(self, tenant: str, name: str = "") -> tuple[ApiKey, str]:
        """A new key for ``tenant``; returns the record and the secret, which is never shown again."""
        check_tenant(tenant)
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        key = ApiKey(
            id=str(uuid.uuid4()),
            tenant=tenant,
            name=name or "key",
            prefix=secret[:10],
            sha256=hash_secret(secret),
            created_at=utc_now(),
        )
        self._store.keys.put(key)
        return key, secret

    def authenticate(self, secret: str | None) -> ApiKey:
        """The live key whose secret this is, else :class:`Unauthorized` (the secret is never echoed)."""
        if not secret or not _SECRET_SHAPE.match(secret):
            raise Unauthorized()
        digest = hash_secret(secret)
        key = self._store.keys.find_by_hash(digest)
        # The lookup is by digest; compare_digest keeps the final check constant-time regardless.
        if key is None or not hmac.compare_digest(key.sha256, digest) or key.revoked_at:
            raise Unauthorized()
        self._touch(key)
        return key

    def list(self, tenant: str | None = None) -> list[ApiKey]:
        """Every key (of ``tenant`` when given), newest first."""
        return sorted(self._store.keys.list(tenant), key=lambda k: k.created_at, reverse=True)

    def revoke(self, key_id: str) -> ApiKey:
        """Revoke a key; it stops working at once."""
        key = self._get(key_id)
        if key.revoked_at:
            return key
        revoked = replace(key, revoked_at=utc_now())
        self._store.keys.put(revoked)
        return revoked

    def rotate(self, key_id: str) -> tuple[ApiKey, str]:
        """Give a live key a new secret (same id, tenant and name); the old secret stops working."""
        key = self._get(key_id)
        if key.revoked_at:
            raise ValidationFailed("key_id: a revoked key cannot be rotated; create a new one.")
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        rotated = replace(key, prefix=secret[:10], sha256=hash_secret(secret))
        self._store.keys.put(rotated)
        return rotated, secret

    def _get(self, key_id: str) -> ApiKey:
        key = self._store.keys.get(key_id)
        if key is None:
            raise NotFound(f"No API key with id {key_id!r}.")
        return key

    def _touch(self, key: ApiKey) -> None:
        now = datetime.now(UTC)
        if key.last_used_at:
            last = datetime.fromisoformat(key.last_used_at)
            if now - last < _LAST_USED_RESOLUTION:
                return
        self._store.keys.put(replace(key, last_used_at=utc_now()))
