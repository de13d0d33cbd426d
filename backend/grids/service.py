"""Extraction grids: the same typed questions asked of every document of a context, one row per document.

A grid is stored (``store/grids.py``) and run as a background job by :class:`GridRunner`. Each cell is answered
by the same ``AnswerService`` as ``/v1/types`` (same engines, validation, confidence and declining), with its
evidence read from its own document only. A run computes only the cells that are missing, so adding a column or
documents, or resuming after a restart, never redoes (or overwrites) a cell, and a hand-edited cell stays.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from dataclasses import replace

from backend.answer.service import AnswerService
from backend.catalog import Catalog
from backend.errors import AnswerbaseError, NoAnswer, NotFound, ValidationFailed
from backend.models import (
    MAX_COLUMN_NAME_CHARS,
    MAX_GRID_COLUMNS,
    MAX_QUESTION_CHARS,
    Document,
    Grid,
    GridCell,
    GridColumn,
    utc_now,
)
from backend.store import LanceStore
from backend.types import AnswerType, normalise

log = logging.getLogger("answerbase.grids")


def validate_columns(columns: Sequence[GridColumn], existing: Sequence[GridColumn] = ()) -> tuple[GridColumn, ...]:
    """``columns`` trimmed and checked: a name, a known type and a question each; names unique in the grid."""
    names = {c.name.casefold() for c in existing}
    checked = []
    for i, column in enumerate(columns):
        name, question = column.name.strip(), column.question.strip()
        if not name or len(name) > MAX_COLUMN_NAME_CHARS:
            raise ValidationFailed(f"columns[{i}].name: a name of 1-{MAX_COLUMN_NAME_CHARS} characters is required.")
        if name.casefold() in names:
            raise ValidationFailed(f"columns[{i}].name: the grid already has a column named {name!r}.")
        if column.type not in AnswerType.names():
            raise ValidationFailed(f"columns[{i}].type: one of {', '.join(AnswerType.names())} is required.")
        if not question or len(question) > MAX_QUESTION_CHARS:
            raise ValidationFailed(
                f"columns[{i}].question: a question of 1-{MAX_QUESTION_CHARS} characters is required."
            )
        names.add(name.casefold())
        checked.append(GridColumn(name, column.type, question))
    if not checked and not existing:
        raise ValidationFailed("columns: at least one column is required.")
    if len(existing) + len(checked) > MAX_GRID_COLUMNS:
        raise ValidationFailed(f"columns: a grid has at most {MAX_GRID_COLUMNS} columns.")
    return tuple(checked)


class GridService:
    """Creates, lists, edits and runs a tenant's grids."""

    def __init__(self, store: LanceStore, catalog: Catalog, answers: AnswerService) -> None:
        self._store = store
        self._catalog = catalog
        self._answers = answers

    # -- what the API calls -----------------------------------------------------------------------------

    def create(
        self,
        tenant: str,
        context_id: str,
        name: str,
        columns: Sequence[GridColumn],
        document_ids: Sequence[str] | None = None,
    ) -> Grid:
        """A new grid, queued to run (:class:`NotFound` for another tenant's context or document)."""
        context = self._catalog.context(tenant, context_id)
        if document_ids is not None:
            known = {d.id for d in self._catalog.documents(tenant, context.id)}
            unknown = [d for d in document_ids if d not in known]
            if unknown:
                raise ValidationFailed(f"document_ids: no document {unknown[0]!r} in this context.")
            document_ids = tuple(dict.fromkeys(document_ids))
        now = utc_now()
        grid = Grid(
            id=str(uuid.uuid4()),
            tenant=tenant,
            context_id=context.id,
            name=(name or "").strip()[:MAX_COLUMN_NAME_CHARS] or context.name,
            columns=validate_columns(columns),
            document_ids=document_ids,
            status="queued",
            done=0,
            total=0,
            error="",
            created_at=now,
            updated_at=now,
            heartbeat_at="",
        )
        self._store.grids.put(grid)
        return grid

    def get(self, tenant: str, grid_id: str) -> Grid:
        grid = self._store.grids.get(tenant, grid_id)
        if grid is None:
            raise NotFound(f"No grid with id {grid_id!r}.")
        return grid

    def list_grids(self, tenant: str) -> list[Grid]:
        return self._store.grids.list_grids(tenant)

    def delete(self, tenant: str, grid_id: str) -> None:
        self._store.grids.delete(tenant, self.get(tenant, grid_id).id)

    def rows(self, grid: Grid) -> list[tuple[Document, dict[str, GridCell]]]:
        """The grid's documents in the order they were added, each with its cells by column name."""
        documents = self.documents(grid)
        cells: dict[str, dict[str, GridCell]] = {d.id: {} for d in documents}
        for cell in self._store.grids.cells(grid.tenant, grid.id, [d.id for d in documents]):
            cells[cell.document_id][cell.column] = cell
        return [(d, cells[d.id]) for d in documents]

    def documents(self, grid: Grid) -> list[Document]:
        """The documents the grid covers now: its own list (those still there), or every one in its context."""
        documents = self._catalog.documents(grid.tenant, grid.context_id)
        if grid.document_ids is None:
            return documents
        wanted = set(grid.document_ids)
        return [d for d in documents if d.id in wanted]

    def add_columns(self, tenant: str, grid_id: str, columns: Sequence[GridColumn]) -> Grid:
        """Append columns and queue the grid: only the new cells will be computed."""
        grid = self.get(tenant, grid_id)
        added = validate_columns(columns, grid.columns)
        return self.requeue(replace(grid, columns=grid.columns + added))

    def requeue(self, grid: Grid) -> Grid:
        """Queue a grid to fill its missing cells (new documents, new columns, cells that failed)."""
        grid = replace(grid, status="queued", error="", updated_at=utc_now())
        self._store.grids.put(grid)
        return grid

    def edit_cell(self, tenant: str, grid_id: str, document_id: str, column: str, data: object) -> GridCell:
        """Set a cell by hand: validated as the column's type, kept by every later run, marked ``edited``."""
        grid = self.get(tenant, grid_id)
        by_name = {c.name: c for c in grid.columns}
        if column not in by_name:
            raise ValidationFailed(f"column: the grid has no column {column!r}.")
        if document_id not in {d.id for d in self.documents(grid)}:
            raise ValidationFailed(f"document_id: the grid has no document {document_id!r}.")
        answer_type = AnswerType(by_name[column].type)
        try:
            value = None if data is None else normalise(data, answer_type)
        except ValueError as exc:
            raise ValidationFailed(f"data: not a valid {answer_type.value}: {exc}") from exc
        reason = "" if value is not None else "Cleared by hand."
        cell = GridCell(grid.id, document_id, column, value, None, value is None, reason, "", None, True, utc_now())
        self._store.grids.put_cells(tenant, [cell])
        return cell

    # -- what the runner calls --------------------------------------------------------------------------

    def missing(self, grid: Grid) -> tuple[list[tuple[Document, list[GridColumn]]], int]:
        """The work left: each document with the columns it still lacks, and how many cells the grid has in all."""
        rows = self.rows(grid)
        work = [(document, [c for c in grid.columns if c.name not in cells]) for document, cells in rows]
        return [(d, columns) for d, columns in work if columns], len(rows) * len(grid.columns)

    def answer_document(self, grid: Grid, document: Document, columns: Sequence[GridColumn]) -> list[GridCell]:
        """The cells of one document: each column's question answered from that document's passages only.

        A cell whose engine failed (an unreachable model) is left out, so the next run tries it again.
        """
        cells = []
        for column in columns:
            answer_type = AnswerType(column.type)
            try:
                answer = self._answers.answer(
                    grid.tenant, column.question, answer_type, grid.context_id, document_id=document.id, log=False
                )
            except NoAnswer as exc:
                cells.append(
                    GridCell(
                        grid.id, document.id, column.name, None, None, True, exc.message, "", None, False, utc_now()
                    )
                )
                continue
            except AnswerbaseError:
                log.warning("grid %s: %s / %s failed", grid.id, document.name, column.name, exc_info=True)
                continue
            span = answer.spans[0] if answer.spans else None
            passage = answer.evidence[span.passage].text if span and span.passage < len(answer.evidence) else ""
            cells.append(
                GridCell(
                    grid.id,
                    document.id,
                    column.name,
                    answer.value,
                    answer.confidence,
                    False,
                    "",
                    passage,
                    (span.start, span.end) if span and passage else None,
                    False,
                    utc_now(),
                )
            )
        return cells
