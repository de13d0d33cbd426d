"""Batch ingestion and its jobs: ``POST /v1/contexts/{id}/documents/batch`` (and ``/v1/documents/batch``) add many
documents at once, each item on its own; ``GET /v1/jobs/{id}`` follows a batch that runs in the background."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from backend.api.deps import current_key, get_services
from backend.api.job_schemas import JobOut
from backend.api.uploads import read_batch
from backend.models import ApiKey
from backend.services import Services

router = APIRouter(tags=["jobs"])
BACKGROUND_FROM = 100  # items from which a batch runs as a job unless ?wait=true
WAIT = Query(
    None,
    description=f"Wait for the batch to finish (200), or get a job to follow (202). Default: wait, unless the "
    f"batch has an archive or more than {BACKGROUND_FROM} items.",
)
ACCEPTED: dict[int | str, dict[str, Any]] = {
    202: {"model": JobOut, "description": "The batch runs as a job: follow it at GET /v1/jobs/{id}"}
}
BATCH_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "properties": {"file": {"type": "array", "items": {"type": "string", "format": "binary"}}},
                }
            },
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["documents"],
                    "properties": {"documents": {"type": "array", "maxItems": 1000, "items": {"type": "object"}}},
                }
            },
        },
    }
}


async def _batch(
    request: Request, response: Response, services: Services, tenant: str, context_id: str | None, wait: bool | None
) -> JobOut:
    items, archives = await read_batch(request, services)
    if wait is None:
        wait = not archives and len(items) <= BACKGROUND_FROM
    if wait:
        return JobOut.of(await run_in_threadpool(services.jobs.run_now, tenant, context_id, items))
    response.status_code = 202
    return JobOut.of(await run_in_threadpool(services.jobs.start, tenant, context_id, items))


@router.post(
    "/contexts/{context_id}/documents/batch",
    response_model=JobOut,
    responses=ACCEPTED,
    openapi_extra=BATCH_BODY,
    summary="Add many documents to a context: JSON texts/URLs, or files and .zip archives",
)
async def add_context_batch(
    context_id: str,
    request: Request,
    response: Response,
    wait: bool | None = WAIT,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
) -> JobOut:
    context = await run_in_threadpool(services.catalog.context, key.tenant, context_id)
    return await _batch(request, response, services, key.tenant, context.id, wait)


@router.post(
    "/documents/batch",
    response_model=JobOut,
    responses=ACCEPTED,
    openapi_extra=BATCH_BODY,
    summary="Add many documents outside any context",
)
async def add_batch(
    request: Request,
    response: Response,
    wait: bool | None = WAIT,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
) -> JobOut:
    return await _batch(request, response, services, key.tenant, None, wait)


@router.get("/jobs", response_model=list[JobOut], summary="The tenant's jobs, newest first (without items)")
def list_jobs(key: ApiKey = Depends(current_key), services: Services = Depends(get_services)) -> list[JobOut]:
    return [JobOut.of(job, with_items=False) for job in services.jobs.list_jobs(key.tenant)]


@router.get("/jobs/{job_id}", response_model=JobOut, summary="A job: state, counts, ETA and every item's result")
def get_job(job_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)) -> JobOut:
    return JobOut.of(services.jobs.get(key.tenant, job_id))
