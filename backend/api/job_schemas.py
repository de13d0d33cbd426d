"""Request and response bodies of the background work: extraction grids (``/v1/grids``) and jobs (``/v1/jobs``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field

from backend.api.presenting import source_url
from backend.api.schemas import StrictBody
from backend.models import (
    MAX_COLUMN_NAME_CHARS,
    MAX_GRID_COLUMNS,
    MAX_QUESTION_CHARS,
    Document,
    Grid,
    GridCell,
    GridColumn,
    Job,
)
from backend.types import AnswerType


class GridColumnIn(StrictBody):
    """A column: the typed question asked of every document."""

    name: str = Field(..., min_length=1, max_length=MAX_COLUMN_NAME_CHARS, examples=["Contract value"])
    type: AnswerType = Field(..., examples=["float"])
    question: str = Field(..., min_length=1, max_length=MAX_QUESTION_CHARS, examples=["What is the contract value?"])

    def column(self) -> GridColumn:
        return GridColumn(self.name, self.type.value, self.question)


class GridIn(StrictBody):
    """A new grid over a context's documents (all of them, or ``document_ids``)."""

    context_id: str
    name: str = Field("", max_length=MAX_COLUMN_NAME_CHARS, description="Defaults to the context's name.")
    columns: list[GridColumnIn] = Field(..., min_length=1, max_length=MAX_GRID_COLUMNS)
    document_ids: list[str] | None = Field(None, max_length=10_000, description="Only these documents.")


class GridColumnsIn(StrictBody):
    """Columns to add to a grid (only their cells are computed)."""

    columns: list[GridColumnIn] = Field(..., min_length=1, max_length=MAX_GRID_COLUMNS)


class CellEditIn(StrictBody):
    """A value set by hand (``null`` clears the cell); validated as the column's type."""

    document_id: str
    column: str
    data: Any = None


class CellOut(BaseModel):
    """One cell: the value (``null`` when declined), or why there is none; where it was read."""

    data: Any = None
    confidence: float | None = Field(None, description="Calibrated probability that the value is right.")
    declined: bool
    reason: str = Field("", description="Why the cell is empty (the documents do not say, ...).")
    passage: str = Field("", description="The passage of the document the value was read from.")
    span: list[int] | None = Field(None, description="[start, end] of the value in `passage`.")
    edited: bool = Field(False, description="Set by hand: kept by every later run.")

    @classmethod
    def of(cls, cell: GridCell) -> CellOut:
        return cls(
            data=cell.data,
            confidence=cell.confidence,
            declined=cell.declined,
            reason=cell.reason,
            passage=cell.passage,
            span=list(cell.span) if cell.span else None,
            edited=cell.edited,
        )


class GridDocumentOut(BaseModel):
    """A document of a grid: one row."""

    id: str
    name: str
    source: str


class GridRowOut(BaseModel):
    """A document and its cells by column name (a column missing from ``cells`` is not computed yet)."""

    document: GridDocumentOut
    cells: dict[str, CellOut]


class GridProgress(BaseModel):
    """How far a grid has been filled."""

    done: int = Field(..., description="Cells computed (answered or declined).")
    total: int = Field(..., description="Cells the grid has: documents × columns (known once it runs).")


class GridOut(BaseModel):
    """A grid, its job state and (from ``GET /v1/grids/{id}``) its rows."""

    id: str
    name: str
    context_id: str
    columns: list[dict[str, str]]
    document_ids: list[str] | None
    status: str = Field(..., description="queued, running, done or failed.")
    interrupted: bool = Field(
        False, description="Running, but its process stopped: it is resumed (missing cells only) by the next runner."
    )
    progress: GridProgress
    error: str = ""
    created_at: str
    updated_at: str
    rows: list[GridRowOut] | None = None

    @classmethod
    def of(
        cls,
        grid: Grid,
        *,
        interrupted: bool = False,
        rows: list[tuple[Document, dict[str, GridCell]]] | None = None,
        base_url: str = "",
    ) -> GridOut:
        return cls(
            id=grid.id,
            name=grid.name,
            context_id=grid.context_id,
            columns=[{"name": c.name, "type": c.type, "question": c.question} for c in grid.columns],
            document_ids=list(grid.document_ids) if grid.document_ids is not None else None,
            status=grid.status,
            interrupted=interrupted,
            progress=GridProgress(done=grid.done, total=grid.total),
            error=grid.error,
            created_at=grid.created_at,
            updated_at=grid.updated_at,
            rows=None
            if rows is None
            else [
                GridRowOut(
                    document=GridDocumentOut(id=d.id, name=d.name, source=source_url(base_url, d.id, d.source)),
                    cells={name: CellOut.of(cell) for name, cell in cells.items()},
                )
                for d, cells in rows
            ],
        )


class JobItemOut(BaseModel):
    """One item of a batch, in input order: ``pending``, ``done`` (with its document) or ``failed`` (with why)."""

    index: int
    name: str
    status: str
    document_id: str | None = None
    error: dict[str, str] | None = Field(None, description="`{code, message}` as in the error envelope.")


class JobOut(BaseModel):
    """A batch ingest: its state, counts, an estimate of the time left, and every item's result."""

    id: str
    kind: str
    context_id: str | None
    status: str = Field(..., description="queued, running, done, or interrupted (pending items did not finish).")
    total: int
    done: int
    failed: int
    pending: int
    eta_s: float | None = Field(None, description="Seconds left at the rate so far (while running).")
    created_at: str
    updated_at: str
    finished_at: str = ""
    items: list[JobItemOut] | None = None

    @classmethod
    def of(cls, job: Job, *, with_items: bool = True) -> JobOut:
        counts = {status: sum(item["status"] == status for item in job.items) for status in ("done", "failed")}
        left = len(job.items) - counts["done"] - counts["failed"]
        eta = None
        if job.status == "running" and left and len(job.items) > left:
            started = datetime.fromisoformat(job.created_at.replace("Z", "+00:00"))
            elapsed = (datetime.now(UTC) - started).total_seconds()
            eta = round(elapsed / (len(job.items) - left) * left, 1)
        return cls(
            id=job.id,
            kind=job.kind,
            context_id=job.context_id,
            status=job.status,
            total=len(job.items),
            done=counts["done"],
            failed=counts["failed"],
            pending=left,
            eta_s=eta,
            created_at=job.created_at,
            updated_at=job.updated_at,
            finished_at=job.finished_at,
            items=[JobItemOut(**item) for item in job.items] if with_items else None,
        )
