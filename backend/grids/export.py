"""A grid as a table for people: one row per document, one column per question, plus each value's confidence."""

from __future__ import annotations

from collections.abc import Callable

from backend.exports import Row
from backend.models import Document, Grid, GridCell

DocumentRows = list[tuple[Document, dict[str, GridCell]]]


def grid_table(grid: Grid, rows: DocumentRows, source: Callable[[Document], str]) -> tuple[list[str], list[Row]]:
    """Column names and rows: ``document, document_id, source``, then each question's value (empty when declined
    or not computed) and ``<name> confidence`` (empty for a value set by hand, which ``<name> edited`` marks)."""
    columns = ["document", "document_id", "source"]
    for column in grid.columns:
        columns += [column.name, f"{column.name} confidence", f"{column.name} edited"]
    table = []
    for document, cells in rows:
        row: Row = {"document": document.name, "document_id": document.id, "source": source(document)}
        for column in grid.columns:
            cell = cells.get(column.name)
            row[column.name] = cell.data if cell else None
            row[f"{column.name} confidence"] = cell.confidence if cell else None
            row[f"{column.name} edited"] = cell.edited if cell else None
        table.append(row)
    return columns, table
