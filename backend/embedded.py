"""The console's embedded API: the real app served by uvicorn on 127.0.0.1 in a background thread.

On first run it creates a local API key (kept in the data dir, readable by its owner only) and seeds
a demo context from the handbook shipped in ``backend/demo``. The console then speaks HTTP to it
exactly as any API user would.

It answers within a second of starting: the local embedder loads in the background (``BackgroundEmbedder``)
and the demo's documents are indexed once it has, so pages render while the model loads. ``EmbeddedApi.ready``
says when searches and questions can run at full speed with the demo in place.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import uvicorn

from backend.api import create_app
from backend.config import RateLimitSettings, Settings
from backend.embed.background import BackgroundEmbedder
from backend.embed.base import Embedder, build_embedder
from backend.embed.local import local_dimension, local_name
from backend.errors import Unauthorized
from backend.ingest import Source
from backend.ingest.loaders import load_text
from backend.models import Context
from backend.services import Services

log = logging.getLogger("answerbase.embedded")

DEMO_CONTEXT_NAME = "Brightwater handbook (demo)"
DEMO_DESCRIPTION = "A fictional company handbook: offices, hours, policies, events and products."
DEMO_MARKER = "demo-seeded"


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


def demo_context(services: Services, data_dir: Path) -> Context | None:
    """The demo context to seed: created on the very first run (so the console lists it at once), found again by
    its name when a run stopped before indexing it; None once seeded (not again if a user deleted it)."""
    if (data_dir / DEMO_MARKER).exists():
        return None
    tenant = services.settings.default_tenant
    context = next((c for c in services.catalog.list_contexts(tenant) if c.name == DEMO_CONTEXT_NAME), None)
    return context or services.catalog.create_context(tenant, DEMO_CONTEXT_NAME, DEMO_DESCRIPTION)


def seed_demo(services: Services, data_dir: Path, context: Context) -> None:
    """Index the demo handbook into ``context``; the marker is written last, and re-ingesting replaces a document,
    so a run stopped half-way is finished by the next one."""
    tenant = services.settings.default_tenant
    demo = resources.files("backend") / "demo"
    sources = []
    for item in sorted(demo.iterdir(), key=lambda i: i.name):
        if item.name.endswith(".md"):
            loaded = load_text(item.read_bytes())  # with its Markdown tables ("events-2026.md": the calendar)
            sources.append(
                Source(
                    tenant,
                    context.id,
                    item.name,
                    loaded.text,
                    "document",
                    f"file:{item.name}",
                    "",
                    tuple(loaded.tables),
                )
            )
    services.ingestor.ingest_many(sources)
    (data_dir / DEMO_MARKER).write_text(context.id + "\n")


@dataclass
class EmbeddedApi:
    """The running embedded API: where it listens, the console's key, and whether the demo and model are ready."""

    url: str
    key: str
    ready: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None  # why getting ready failed (a broken model), shown by the console
    server: uvicorn.Server | None = None
    thread: threading.Thread | None = None

    def stop(self) -> None:
        """Stop serving: the app's shutdown stops the background work (upkeep, grids) before the thread ends. The
        console never needs this (the API lives as long as its process); a test that started one does."""
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=60)


def _embedder(settings: Settings, before_model: Callable[[], object] | None) -> Embedder | None:
    """A background-loading local embedder when its name and size are known without loading it, else None
    (``Services.build`` then loads whichever embedder the settings name, before the API starts)."""
    if settings.embedder.provider != "local" or not (dimension := local_dimension(settings.embedder)):
        return None

    def load() -> Embedder:
        if before_model is not None:
            before_model()
        return build_embedder(settings.embedder)

    return BackgroundEmbedder(load, local_name(settings.embedder), dimension)


def _get_ready(services: Services, data_dir: Path, demo: Context | None, api: EmbeddedApi) -> None:
    try:
        if demo is not None:
            seed_demo(services, data_dir, demo)  # waits for the model: indexing needs vectors
        if isinstance(services.embedder, BackgroundEmbedder):
            services.embedder.wait()
    except BaseException as exc:  # the console shows it; the API keeps serving what needs no vectors
        log.exception("the embedded API could not get ready")
        api.error = exc
    api.ready.set()


def start_embedded_api(settings: Settings, before_model: Callable[[], object] | None = None) -> EmbeddedApi:
    """Start the API in this process and return at once; the model and the demo get ready in the background.

    It listens on 127.0.0.1 for the console alone, so it does not rate-limit: the per-key limit protects a shared
    server from its callers, not one analyst's console from itself (the grid page polls while a grid fills).
    ``before_model`` runs on the model's loading thread before the model's libraries are imported: the caller's
    imports of modules those libraries share (``console.imports``), made there first, never meet them half done.
    """
    settings = settings.model_copy(update={"rate_limit": RateLimitSettings(per_minute=0)})
    services = Services.build(settings, embedder=_embedder(settings, before_model))
    services.prepare()
    data_dir = settings.data_dir
    data_dir.mkdir(parents=True, exist_ok=True)
    secret = local_key(services, data_dir)
    demo = demo_context(services, data_dir)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(services=services), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, name="answerbase-api", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    if not server.started:
        raise RuntimeError("the embedded API did not start")
    api = EmbeddedApi(f"http://127.0.0.1:{port}", secret, server=server, thread=thread)
    threading.Thread(
        target=_get_ready, args=(services, data_dir, demo, api), name="answerbase-ready", daemon=True
    ).start()
    return api
