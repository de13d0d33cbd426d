"""``GET /healthz`` (no auth, for load balancers) and ``GET /v1/status`` (engine, embedder, counts)."""

from __future__ import annotations

from dataclasses import asdict

from fastapi import APIRouter, Depends

from backend.api.deps import current_key, get_services
from backend.api.status_schemas import MaintenanceOut, ModelOut, StatusOut
from backend.models import ApiKey
from backend.services import Services

health_router = APIRouter(tags=["health"])
router = APIRouter(tags=["health"])


@health_router.get("/healthz", summary="Liveness check (no authentication)")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/status", response_model=StatusOut, summary="Engine, embedder and the tenant's counts")
def status(key: ApiKey = Depends(current_key), services: Services = Depends(get_services)) -> StatusOut:
    runtime = getattr(services.engine, "runtime", None)  # the local engine's model
    return StatusOut(
        engine=services.engine.name,
        answering=getattr(services.engine, "answering", services.engine.name),
        model=ModelOut(**asdict(runtime.status())) if runtime is not None else None,
        embedder=services.embedder.name,
        search_mode=services.settings.search.mode,
        tenant=key.tenant,
        counts=services.catalog.counts(key.tenant),
        maintenance=MaintenanceOut(**services.upkeep.status()),
    )
