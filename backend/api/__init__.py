"""The HTTP API: ``create_app(settings)`` builds the FastAPI application."""

from backend.api.app import create_app

__all__ = ["create_app"]
