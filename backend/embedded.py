"""The console's embedded API: the real app served by uvicorn on 127.0.0.1 in a background thread.

On first run it creates a local API key (kept in the data dir, readable by its owner only) and seeds
a demo context from the handbook shipped in ``backend/demo``. The console then speaks HTTP to it
exactly as any API user would.
"""

from __future__ import annotations

import socket
import threading
import time
from importlib import resources
from pathlib import Path

import uvicorn

from backend.api import create_app
from backend.config import Settings
from backend.errors import Unauthorized
from backend.ingest import Source
from backend.services import Services

DEMO_CONTEXT_NAME = "Brightwater handbook (demo)"
DEMO_DESCRIPTION = "A fictional company handbook: offices, hours, policies, events and products."


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def local_key(services: Services, data_dir: Path) -> str:
    """The console's own key: the one saved in the data dir while it still works, else a new one."""
    path = data_dir / "console.key"
    if path.exists():
        secret = path.read_text().strip()
        try:
            services.keys.authenticate(secret)
            return secret
        except Unauthorized:
            pass  # revoked or from another database: make a new one
    _, secret = services.keys.create(services.settings.default_tenant, "console")
    path.write_text(secret + "\n")
    path.chmod(0o600)
    return secret


def seed_demo(services: Services, data_dir: Path) -> None:
    """Create the demo context on the very first run (not again if a user deleted it)."""
    marker = data_dir / "demo-seeded"
    if marker.exists():
        return
    tenant = services.settings.default_tenant
    context = services.catalog.create_context(tenant, DEMO_CONTEXT_NAME, DEMO_DESCRIPTION)
    demo = resources.files("backend") / "demo"
    sources = [
        Source(tenant, context.id, item.name, item.read_text(encoding="utf-8"), "document", f"file:{item.name}")
        for item in sorted(demo.iterdir(), key=lambda i: i.name)
        if item.name.endswith(".md")
    ]
    services.ingestor.ingest_many(sources)
    marker.write_text(context.id + "\n")


def start_embedded_api(settings: Settings) -> tuple[str, str]:
    """Start the API in this process; returns its base URL and the console's key."""
    services = Services.build(settings)
    services.store.repair(settings.store.orphan_grace_s)
    data_dir = settings.data_dir
    data_dir.mkdir(parents=True, exist_ok=True)
    secret = local_key(services, data_dir)
    seed_demo(services, data_dir)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(services=services), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    threading.Thread(target=server.run, name="answerbase-api", daemon=True).start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    if not server.started:
        raise RuntimeError("the embedded API did not start")
    return f"http://127.0.0.1:{port}", secret
