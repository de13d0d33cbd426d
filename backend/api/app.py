"""``create_app``: the FastAPI application, its services built once in the lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from backend.api.errors import install_error_handlers
from backend.api.limits import BodyLimitMiddleware
from backend.api.routes import contexts, documents, grids, health, jobs, questions, search, types
from backend.api.schemas import ERROR_RESPONSES
from backend.config import Settings
from backend.services import Services

DESCRIPTION = """Typed answers and document search over your organisation's documents.

Every `/v1` route needs `Authorization: Bearer <API key>`. Errors share one envelope:
`{"error": {"code", "message", "status"}}`."""


def create_app(settings: Settings | None = None, *, services: Services | None = None) -> FastAPI:
    """The API application. Pass ``services`` to share already-built services (tests, the console)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if getattr(app.state, "services", None) is None:
            built = Services.build(settings or Settings())
            built.store.repair(built.settings.store.orphan_grace_s)  # reclaim what a crashed ingest left
            built.store.ensure_indexes()  # e.g. rebuild a vector index of the type older versions made
            app.state.services = built
        app.state.services.upkeep.start()  # compaction and index upkeep, off the request path
        app.state.services.grid_runner.start()  # extraction grids, filled in the background
        yield
        app.state.services.jobs.stop()  # a batch in flight stops between groups, recorded as interrupted
        app.state.services.grid_runner.stop()
        app.state.services.upkeep.stop()
        app.state.services.questions.flush()  # the last second of the question log

    app = FastAPI(title="Answerbase", version="0.1.0", description=DESCRIPTION, lifespan=lifespan)
    app.state.services = services
    limits = services.settings if services else (settings or Settings())
    app.add_middleware(
        BodyLimitMiddleware, max_body_bytes=limits.max_body_bytes, max_upload_bytes=limits.max_upload_mb * 1024 * 1024
    )
    install_error_handlers(app)
    app.include_router(health.health_router)
    for module in (types, search, contexts, documents, jobs, grids, questions, health):
        app.include_router(module.router, prefix="/v1", responses=ERROR_RESPONSES)
    return app
