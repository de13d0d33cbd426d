"""Contexts: ``/v1/contexts`` (list, create) and ``/v1/contexts/{id}`` (get, delete)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Response

from backend.api.catalog_schemas import ContextIn, ContextOut
from backend.api.deps import current_key, get_services
from backend.models import ApiKey
from backend.services import Services

router = APIRouter(tags=["contexts"])


@router.get("/contexts", response_model=list[ContextOut], summary="List the tenant's contexts")
def list_contexts(key: ApiKey = Depends(current_key), services: Services = Depends(get_services)) -> list[ContextOut]:
    return [ContextOut.of(c) for c in services.catalog.list_contexts(key.tenant)]


@router.post("/contexts", response_model=ContextOut, status_code=201, summary="Create a context")
def create_context(
    body: ContextIn, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> ContextOut:
    return ContextOut.of(services.catalog.create_context(key.tenant, body.name, body.description))


@router.get("/contexts/{context_id}", response_model=ContextOut, summary="Get a context")
def get_context(
    context_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> ContextOut:
    return ContextOut.of(services.catalog.context(key.tenant, context_id))


@router.delete(
    "/contexts/{context_id}", status_code=204, response_class=Response, summary="Delete a context with its documents"
)
def delete_context(
    context_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> Response:
    services.catalog.delete_context(key.tenant, context_id)
    return Response(status_code=204)
