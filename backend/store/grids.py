"""Extraction grids' rows: one per grid (its columns and job state) and one per answered cell."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from backend.models import Grid, GridCell, GridColumn
from backend.store.indexes import retry_on_conflict
from backend.store.schema import read_rows, sql, upsert_rows, where, within


def cell_id(grid_id: str, document_id: str, column: str) -> str:
    """The one row id a cell has, so writing a cell again replaces it."""
    return hashlib.sha1(f"{grid_id}\x1f{document_id}\x1f{column}".encode()).hexdigest()


class GridTable:
    """The ``grids`` and ``grid_cells`` tables."""

    def __init__(self, grids: Any, cells: Any) -> None:
        self._grids = grids
        self._cells = cells

    def put(self, grid: Grid) -> None:
        """Insert or update a grid's row (its columns and job state)."""
        upsert_rows(self._grids, "id", [_row(grid)])

    def swap(self, expected: Grid, new: Grid) -> bool:
        """Write ``new`` only if the stored row is still ``expected`` (same ``updated_at``): how one process, of
        several on one store, claims a grid to run. False when another process changed it first."""
        builder = self._grids.merge_insert("id").when_matched_update_all(
            where=f"target.updated_at = {sql(expected.updated_at)}"
        )
        try:
            result = builder.execute([_row(new)])
        except Exception as exc:  # another process committed first: not ours
            if "conflict" not in str(exc).lower():
                raise
            return False
        return result.num_updated_rows == 1

    def get(self, tenant: str, grid_id: str) -> Grid | None:
        rows = read_rows(self._grids, where(tenant=tenant, id=grid_id))
        return _grid(rows[0]) if rows else None

    def list_grids(self, tenant: str | None = None, status: str | None = None) -> list[Grid]:
        """A tenant's grids (every tenant's when None), oldest first, optionally of one status."""
        grids = [_grid(row) for row in read_rows(self._grids, where(tenant=tenant, status=status) or None)]
        return sorted(grids, key=lambda g: g.created_at)

    def delete_context(self, tenant: str, context_id: str) -> None:
        """Delete the grids of a context (with the context)."""
        for grid in read_rows(self._grids, where(tenant=tenant, context_id=context_id), ["id"]):
            self.delete(tenant, grid["id"])

    def delete(self, tenant: str, grid_id: str) -> None:
        """Delete a grid's cells, then the grid."""
        retry_on_conflict(lambda: self._cells.delete(where(tenant=tenant, grid_id=grid_id)))
        retry_on_conflict(lambda: self._grids.delete(where(tenant=tenant, id=grid_id)))

    def put_cells(self, tenant: str, cells: Sequence[GridCell]) -> None:
        """Write cells in one commit, replacing any earlier value of the same cell."""
        rows = [
            {
                "id": cell_id(c.grid_id, c.document_id, c.column),
                "grid_id": c.grid_id,
                "tenant": tenant,
                "document_id": c.document_id,
                "column_name": c.column,
                "data": json.dumps(c.data),
                "confidence": c.confidence,
                "declined": c.declined,
                "reason": c.reason,
                "passage": c.passage,
                "span_start": c.span[0] if c.span else -1,
                "span_end": c.span[1] if c.span else -1,
                "edited": c.edited,
                "updated_at": c.updated_at,
            }
            for c in cells
        ]
        if rows:
            upsert_rows(self._cells, "id", rows)

    def cells(self, tenant: str, grid_id: str, document_ids: Sequence[str] | None = None) -> list[GridCell]:
        """The grid's cells (of ``document_ids`` only, when given)."""
        filter_ = where(tenant=tenant, grid_id=grid_id)
        if document_ids is not None:
            if not document_ids:
                return []
            filter_ += " AND " + within("document_id", document_ids)
        return [_cell(row) for row in read_rows(self._cells, filter_)]


def _row(grid: Grid) -> dict:
    return {
        "id": grid.id,
        "tenant": grid.tenant,
        "context_id": grid.context_id,
        "name": grid.name,
        "columns": json.dumps([c.__dict__ for c in grid.columns]),
        "document_ids": "" if grid.document_ids is None else json.dumps(list(grid.document_ids)),
        "status": grid.status,
        "done": grid.done,
        "total": grid.total,
        "error": grid.error,
        "created_at": grid.created_at,
        "updated_at": grid.updated_at,
        "heartbeat_at": grid.heartbeat_at,
    }


def _grid(row: dict) -> Grid:
    return Grid(
        id=row["id"],
        tenant=row["tenant"],
        context_id=row["context_id"],
        name=row["name"],
        columns=tuple(GridColumn(**c) for c in json.loads(row["columns"])),
        document_ids=tuple(json.loads(row["document_ids"])) if row["document_ids"] else None,
        status=row["status"],
        done=row["done"],
        total=row["total"],
        error=row["error"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        heartbeat_at=row["heartbeat_at"],
    )


def _cell(row: dict) -> GridCell:
    return GridCell(
        grid_id=row["grid_id"],
        document_id=row["document_id"],
        column=row["column_name"],
        data=json.loads(row["data"]),
        confidence=row["confidence"],
        declined=row["declined"],
        reason=row["reason"],
        passage=row["passage"],
        span=(row["span_start"], row["span_end"]) if row["span_start"] >= 0 else None,
        edited=row["edited"],
        updated_at=row["updated_at"],
    )
