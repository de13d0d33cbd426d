"""Serving the API headless with uvicorn (``answerbase serve``)."""

from __future__ import annotations

import logging

import uvicorn
from fastapi import FastAPI

from backend.config import Settings


def app_from_environment() -> FastAPI:
    """The app built from environment settings: the factory uvicorn calls in each worker process."""
    from backend.api import create_app

    return create_app(Settings())


def serve(settings: Settings, *, host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> int:
    """Run the API until interrupted. Several workers each build their own services from the environment."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    uvicorn.run(
        "backend.server:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=max(1, workers),
        log_level="info",
        proxy_headers=False,
    )
    return 0
