"""The question log's rows: appended in batches, listed per tenant newest first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from backend.models import LoggedQuestion
from backend.store.indexes import retry_on_conflict
from backend.store.schema import read_rows, where


class QuestionTable:
    """The ``questions`` table."""

    def __init__(self, table: Any) -> None:
        self._table = table

    def add(self, questions: Sequence[LoggedQuestion]) -> None:
        """Append logged questions in one commit."""
        rows = [asdict(q) | {"context_id": q.context_id or ""} for q in questions]
        if rows:
            retry_on_conflict(lambda: self._table.add(rows))

    def page(
        self, tenant: str, *, declined: bool | None = None, limit: int = 50, offset: int = 0
    ) -> tuple[list[LoggedQuestion], int]:
        """A page of a tenant's logged questions, newest first, and how many match in all.

        The tenant's matching rows are sorted here: fine for thousands of questions; a log of millions would
        want the store to order and page.
        """
        filter_ = where(tenant=tenant) + ("" if declined is None else f" AND declined = {str(declined).lower()}")
        rows = sorted(read_rows(self._table, filter_), key=lambda r: r["asked_at"], reverse=True)
        page = [
            LoggedQuestion(**row | {"context_id": row["context_id"] or None}) for row in rows[offset : offset + limit]
        ]
        return page, len(rows)
