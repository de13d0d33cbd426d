"""``create_app``: the FastAPI application, its services built once in the lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from backend.api.errors import install_error_handlers
from backend.api.limits import BodyLimitMiddleware
from backend.api.routes import contexts, documents, grids, health, jobs, questions, search, types
from backend.api.schemas import ERROR_RESPONSES
from backend.api.timing import ServerTimingMiddleware
from backend.config import Settings
from backend.services import Services

DESCRIPTION = """Typed answers and document search over your organisation's documents.

Every `/v1` route needs `Authorization: Bearer <API key>`. Errors share one envelope:
`{"error": {"code", "message", "status"}}`."""


def create_app(settings: Settings | None = None, *, services: Services | None = None) -> FastAPI:
    """The API application. Pass ``services`` to share already-built services (tests, the console)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if getattr(app.state, "services", None) is None:  # given services were prepared by whoever built them
            app.state.services = Services.build(settings or Settings())
            app.state.services.prepare()
        app.state.services.start()
        yield
        app.state.services.stop()

    app = FastAPI(title="Answerbase", version="0.1.0", description=DESCRIPTION, lifespan=lifespan)
    app.state.services = services
    limits = services.settings if services else (settings or Settings())
    app.add_middleware(
        BodyLimitMiddleware, max_body_bytes=limits.max_body_bytes, max_upload_bytes=limits.max_upload_mb * 1024 * 1024
    )
    app.add_middleware(ServerTimingMiddleware)  # added last: outermost, so its "app" time is the whole request
    install_error_handlers(app)
    app.include_router(health.health_router)
    for module in (types, search, contexts, documents, jobs, grids, questions, health):
        app.include_router(module.router, prefix="/v1", responses=ERROR_RESPONSES)
    return app
