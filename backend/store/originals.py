"""The files documents were uploaded as, kept byte for byte so a person can download the original."""

from __future__ import annotations

from typing import Any

from backend.store.indexes import retry_on_conflict
from backend.store.schema import read_rows, upsert_rows, where


class OriginalTable:
    """The ``originals`` table: one row per uploaded document (its latest upload)."""

    def __init__(self, table: Any) -> None:
        self._table = table

    def put(self, row: dict) -> None:
        """Keep an upload: ``document_id, tenant, context_id, filename, media_type, data, stored_at``."""
        upsert_rows(self._table, "document_id", [row])

    def get(self, tenant: str, document_id: str) -> dict | None:
        rows = read_rows(self._table, where(tenant=tenant, document_id=document_id))
        return rows[0] if rows else None

    def delete(self, tenant: str, *, document_id: str | None = None, context_id: str | None = None) -> None:
        """Drop the original of a document, or those of a context's documents."""
        retry_on_conflict(
            lambda: self._table.delete(where(tenant=tenant, document_id=document_id, context_id=context_id))
        )
