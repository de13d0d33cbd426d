"""API-key rows: only the SHA-256 of each secret is stored; lookups by hash are cached per table version."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from backend.models import ApiKey
from backend.store.schema import read_rows, upsert_rows, where, within
from backend.store.versioned_cache import VersionedCache


class KeyTable:
    """The ``api_keys`` table."""

    def __init__(self, table: Any) -> None:
        self._table = table
        # Every request authenticates: cached per table version, so a revoke anywhere is seen by the next request.
        self._by_hash: VersionedCache[ApiKey] = VersionedCache()

    def put(self, key: ApiKey) -> None:
        """Insert or update a key's row."""
        upsert_rows(self._table, "id", [asdict(key)])

    def get(self, key_id: str) -> ApiKey | None:
        rows = read_rows(self._table, where(id=key_id))
        return ApiKey(**rows[0]) if rows else None

    def find_by_hash(self, sha256: str) -> ApiKey | None:
        return self._by_hash.lookup(self._table.version, [sha256], self._load_by_hash).get(sha256)

    def _load_by_hash(self, hashes: list[str]) -> dict[str, ApiKey]:
        rows = read_rows(self._table, within("sha256", hashes))
        return {row["sha256"]: ApiKey(**row) for row in rows}

    def list(self, tenant: str | None = None) -> list[ApiKey]:
        return [ApiKey(**row) for row in read_rows(self._table, where(tenant=tenant) or None)]
