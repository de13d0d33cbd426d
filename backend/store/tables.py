"""Documents' typed tables, stored beside their chunks: one row per table, its data as Parquet.

Like chunks, a table carries its document's revision and is written before the document's row, so a reader that
keeps only tables of a committed revision (``DocumentTable.live_revisions``) never sees a half-written version.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from backend.models import DocumentVersion, utc_now
from backend.store.indexes import retry_on_conflict
from backend.store.schema import other_revisions, read_rows, where, within_batches

LISTED = ["id", "tenant", "context_id", "document_id", "revision", "ordinal", "name", "columns", "row_count"]


class DataTables:
    """The ``data_tables`` table."""

    def __init__(self, table: Any) -> None:
        self._table = table

    def add(self, versions: Sequence[DocumentVersion], created_at: str | None = None) -> None:
        """Store the tables of these document versions (one commit)."""
        now = created_at or utc_now()
        rows = [
            {
                "id": str(uuid.uuid4()),
                "tenant": v.document.tenant,
                "context_id": v.document.context_id or "",
                "document_id": v.document.id,
                "revision": v.document.content_hash,
                "ordinal": i,
                "name": t.name,
                "columns": t.columns,
                "row_count": t.row_count,
                "data": t.data,
                "created_at": now,
            }
            for v in versions
            for i, t in enumerate(v.tables)
        ]
        if rows:
            retry_on_conflict(lambda: self._table.add(rows))

    def drop_replaced(self, versions: Sequence[DocumentVersion]) -> None:
        """Delete the tables of the versions these replace (any revision but the new one)."""
        for filter_ in other_revisions([(v.document.id, v.document.content_hash) for v in versions if v.replaces]):
            self._delete(filter_)

    def stale(self, live: set[tuple[str, str]], cutoff: str) -> int:
        """Delete tables of no committed document version (``live``: (document id, revision)) created before
        ``cutoff``; returns how many (a crash between a version's tables and its row leaves them)."""
        rows = read_rows(self._table, None, ["id", "document_id", "revision", "created_at"])
        ids = [r["id"] for r in rows if (r["document_id"], r["revision"]) not in live and r["created_at"] <= cutoff]
        for filter_ in within_batches("id", ids):
            self._delete(filter_)
        return len(ids)

    def listed(self, tenant: str, context_id: str | None) -> list[dict]:
        """The tables (without their data) of a tenant's context, or of its documents in no context."""
        return read_rows(self._table, where(tenant=tenant, context_id=context_id or ""), LISTED)

    def of_documents(self, tenant: str, document_ids: list[str]) -> list[dict]:
        """The tables (without their data) of these documents, every revision (the caller keeps the live one)."""
        found: list[dict] = []
        for batch in within_batches("document_id", document_ids):
            found += read_rows(self._table, f"{where(tenant=tenant)} AND {batch}", LISTED)
        return found

    def data(self, tenant: str, table_id: str) -> bytes | None:
        """A table's Parquet data."""
        rows = read_rows(self._table, where(tenant=tenant, id=table_id), ["data"])
        return rows[0]["data"] if rows else None

    def delete(self, tenant: str, *, document_id: str | None = None, context_id: str | None = None) -> None:
        """Drop the tables of a document, or of a context's documents."""
        self._delete(where(tenant=tenant, document_id=document_id, context_id=context_id))

    def _delete(self, filter_: str) -> None:
        retry_on_conflict(lambda: self._table.delete(filter_))
