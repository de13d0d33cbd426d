"""Shared fixtures: the real embedder (loaded once per session), a real LanceDB in a temp dir, the app.

Every fixture builds on ``settings(tmp_path)``; nothing touches the developer's own data directory.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from backend.api import create_app
from backend.config import EmbedderSettings, Settings, StoreSettings
from backend.embed import Embedder, build_embedder
from backend.services import Services

# Tests build their own settings; the developer's environment must not leak in. ANSWERBASE_SHARED_DATA stays: it is
# no setting but where the evaluation data lives for a clone that does not sit beside ../shared (the golden readings
# test's message asks for it; wiping it made that advice fail).
_KEPT = {"ANSWERBASE_SHARED_DATA"}
for _name in [n for n in os.environ if (n.startswith(("ANSWERBASE_", "OPENAI_"))) and n not in _KEPT]:
    del os.environ[_name]


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    """The real all-MiniLM-L6-v2 embedder, loaded once for the whole session."""
    return build_embedder(EmbedderSettings())


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Settings with all state under a fresh temp dir and the offline engine."""
    # Background upkeep off: tests that want it start it themselves (tests/unit/test_upkeep.py).
    return Settings(data_dir=tmp_path / "data", engine="offline", store=StoreSettings(upkeep_interval_s=0))


@pytest.fixture
def services(settings: Settings, embedder: Embedder) -> Services:
    return Services.build(settings, embedder=embedder)


@pytest.fixture
def store(services: Services):
    return services.store


@pytest.fixture
def app_client(services: Services) -> Iterator[TestClient]:
    """A TestClient over the real app and the real services (no auth header)."""
    with TestClient(create_app(services=services), raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def api_key(services: Services) -> str:
    """A secret of tenant ``acme``."""
    return services.keys.create("acme", "tests")[1]


@pytest.fixture
def other_key(services: Services) -> str:
    """A secret of another tenant, ``globex``."""
    return services.keys.create("globex", "tests")[1]


@pytest.fixture
def client(app_client: TestClient, api_key: str) -> TestClient:
    """The TestClient, authenticated as tenant ``acme``."""
    app_client.headers["Authorization"] = f"Bearer {api_key}"
    return app_client


@pytest.fixture
def make_client(tmp_path: Path, embedder: Embedder) -> Iterator[Callable[..., TestClient]]:
    """``make_client(**settings)``: a TestClient over the real app built from ``Settings`` with these overrides (its
    state in a temp dir of its own, the offline engine and no background upkeep unless overridden), authenticated
    as tenant ``acme``; its services are ``client.services``. Every client is closed after the test."""
    stack, numbers = ExitStack(), itertools.count()

    def make(**overrides: Any) -> TestClient:
        values = {"engine": "offline", "store": StoreSettings(upkeep_interval_s=0), **overrides}
        services = Services.build(Settings(data_dir=tmp_path / f"client-{next(numbers)}", **values), embedder=embedder)
        client = stack.enter_context(TestClient(create_app(services=services), raise_server_exceptions=False))
        client.headers["Authorization"] = f"Bearer {services.keys.create('acme', 'tests')[1]}"
        client.services = services  # type: ignore[attr-defined]
        return client

    with stack:
        yield make
