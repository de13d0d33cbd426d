"""Request dependencies: the process's ``Services``, the caller's API key, and the public base URL."""

from __future__ import annotations

import logging

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from backend.errors import Unauthorized
from backend.models import ApiKey
from backend.services import Services
from backend.timing import timed

log = logging.getLogger("answerbase.auth")
bearer = HTTPBearer(auto_error=False, description="An Answerbase API key: `Authorization: Bearer ab_...`")


# Dependencies that do no I/O are ``async``: FastAPI runs sync ones in a worker thread, a hop per request.
async def get_services(request: Request) -> Services:
    """The services the app was built with (its lifespan, or the caller of ``create_app``)."""
    return request.app.state.services


def current_key(
    request: Request,
    credentials: HTTPAuthorizationCredentials | None = Depends(bearer),
    services: Services = Depends(get_services),
) -> ApiKey:
    """The live API key of the request, else 401 (logged without the secret); 429 past the key's rate."""
    try:
        with timed("auth"):
            key = services.keys.authenticate(credentials.credentials if credentials else None)
    except Unauthorized:
        log.warning(
            "rejected API key for %s %s from %s",
            request.method,
            request.url.path,
            request.client.host if request.client else "?",
        )
        raise
    services.limiter.allow(key.id)
    return key


async def base_url(request: Request, services: Services = Depends(get_services)) -> str:
    """The URL prefix used in document source links (settings win over the request's host)."""
    return services.settings.public_base_url or str(request.base_url).rstrip("/")
