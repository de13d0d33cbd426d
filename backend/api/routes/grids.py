"""Extraction grids: ``/v1/grids`` (create, list) and ``/v1/grids/{id}`` (get, add columns, run, edit a cell,
export, delete). Grids run in the background; ``GET`` shows their progress and the cells computed so far."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from fastapi import APIRouter, Depends, Query, Response

from backend.api.deps import base_url, current_key, get_services
from backend.api.job_schemas import CellEditIn, CellOut, GridColumnsIn, GridIn, GridOut
from backend.api.presenting import source_url
from backend.exports import to_csv, to_xlsx
from backend.grids.export import grid_table
from backend.grids.runner import interrupted
from backend.models import ApiKey, Document, Grid
from backend.services import Services

router = APIRouter(tags=["grids"])
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _out(services: Services, grid: Grid, base: str | None = None) -> GridOut:
    """A grid as the API shows it: with its rows when ``base`` (the URL for document links) is given."""
    rows = services.grids.rows(grid) if base is not None else None
    return GridOut.of(grid, interrupted=interrupted(grid, services.grid_runner.stale_s), rows=rows, base_url=base or "")


@router.post("/grids", response_model=GridOut, status_code=202, summary="Create a grid and start filling it")
def create_grid(
    body: GridIn, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> GridOut:
    grid = services.grids.create(
        key.tenant, body.context_id, body.name, [c.column() for c in body.columns], body.document_ids
    )
    services.grid_runner.wake()
    return _out(services, grid)


@router.get("/grids", response_model=list[GridOut], summary="List the tenant's grids (without their rows)")
def list_grids(key: ApiKey = Depends(current_key), services: Services = Depends(get_services)) -> list[GridOut]:
    return [_out(services, g) for g in services.grids.list_grids(key.tenant)]


@router.get("/grids/{grid_id}", response_model=GridOut, summary="A grid: its state and every row computed so far")
def get_grid(
    grid_id: str,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> GridOut:
    return _out(services, services.grids.get(key.tenant, grid_id), base)


@router.post("/grids/{grid_id}/columns", response_model=GridOut, status_code=202, summary="Add columns")
def add_columns(
    grid_id: str, body: GridColumnsIn, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> GridOut:
    grid = services.grids.add_columns(key.tenant, grid_id, [c.column() for c in body.columns])
    services.grid_runner.wake()
    return _out(services, grid)


@router.post(
    "/grids/{grid_id}/run", response_model=GridOut, status_code=202, summary="Fill missing cells (new documents)"
)
def run_grid(grid_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)) -> GridOut:
    grid = services.grids.requeue(services.grids.get(key.tenant, grid_id))
    services.grid_runner.wake()
    return _out(services, grid)


@router.put("/grids/{grid_id}/cells", response_model=CellOut, summary="Set a cell by hand (kept by later runs)")
def edit_cell(
    grid_id: str, body: CellEditIn, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> CellOut:
    return CellOut.of(services.grids.edit_cell(key.tenant, grid_id, body.document_id, body.column, body.data))


@router.get("/grids/{grid_id}/export", summary="The grid as CSV or XLSX (values, confidences, hand edits)")
def export_grid(
    grid_id: str,
    format: Literal["csv", "xlsx"] = Query("csv"),
    document_link: str | None = Query(
        None,
        max_length=2000,
        pattern=r"\{id\}",
        description="The `source` of a document that is not a web page, with `{id}` standing for its id (a console's "
        "view of it, say: `http://localhost:8501/documents?document={id}`). Default: this API's /content link, which "
        "needs a key.",
    ),
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> Response:
    grid = services.grids.get(key.tenant, grid_id)
    columns, rows = grid_table(grid, services.grids.rows(grid), _document_links(base, document_link))
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in grid.name)[:60] or "grid"
    if format == "xlsx":
        body, media_type = to_xlsx(columns, rows, grid.name or "Grid"), XLSX
    else:
        body, media_type = to_csv(columns, rows).encode(), "text/csv; charset=utf-8"
    headers = {"Content-Disposition": f'attachment; filename="{stem}.{format}"'}
    return Response(body, media_type=media_type, headers=headers)


def _document_links(base: str, template: str | None) -> Callable[[Document], str]:
    """A document's link in an export: a web page's own URL; else ``template`` with its id, or this API's link."""

    def link(document: Document) -> str:
        if template is None or document.type == "web":
            return source_url(base, document.id, document.source)
        return template.replace("{id}", document.id)

    return link


@router.delete("/grids/{grid_id}", status_code=204, response_class=Response, summary="Delete a grid and its cells")
def delete_grid(
    grid_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> Response:
    services.grids.delete(key.tenant, grid_id)
    return Response(status_code=204)
