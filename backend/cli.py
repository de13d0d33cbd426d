"""The ``answerbase`` command line: serve the API, manage keys, contexts and model files, ingest, ask and search.

Commands work on the local database named by the settings (``ANSWERBASE_DATA_DIR`` and friends).
Machine-readable results (a new secret, a new id, answers, search results) are printed alone on the
last line of stdout; progress and messages go to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from backend.config import Settings
from backend.errors import AnswerbaseError
from backend.ingest.loaders import LOADERS
from backend.types import AnswerType

if TYPE_CHECKING:
    from backend.services import MetadataServices, Services


def _services(settings: Settings) -> Services:
    from backend.services import Services  # imported when needed: `--help` should not wait for lancedb

    return Services.build(settings)


def _metadata_services(settings: Settings) -> MetadataServices:
    from backend.services import MetadataServices

    return MetadataServices.build(settings)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="answerbase", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the HTTP API (headless)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)

    keys = commands.add_parser("keys", help="create, list, revoke and rotate API keys").add_subparsers(
        dest="action", required=True
    )
    create = keys.add_parser("create", help="create a key; its secret is printed once, on the last line")
    create.add_argument("--name", default="key")
    create.add_argument("--tenant", default=None)
    keys.add_parser("list", help="list keys (never their secrets)").add_argument("--tenant", default=None)
    keys.add_parser("revoke", help="revoke a key now").add_argument("key_id")
    keys.add_parser("rotate", help="new secret for a key; the old one stops working").add_argument("key_id")

    contexts = commands.add_parser("contexts", help="create, list and delete contexts").add_subparsers(
        dest="action", required=True
    )
    ccreate = contexts.add_parser("create", help="create a context; its id is printed on the last line")
    ccreate.add_argument("name")
    ccreate.add_argument("--description", default="")
    ccreate.add_argument("--tenant", default=None)
    contexts.add_parser("list", help="list contexts").add_argument("--tenant", default=None)
    cdelete = contexts.add_parser("delete", help="delete a context and its documents")
    cdelete.add_argument("context_id")
    cdelete.add_argument("--tenant", default=None)

    ingest = commands.add_parser("ingest", help="ingest files, folders (recursively) and URLs")
    ingest.add_argument("paths", nargs="+", metavar="PATH_OR_URL")
    refresh = commands.add_parser("refresh", help="re-fetch web documents and re-index changed pages")
    ask = commands.add_parser("ask", help='answer a typed question; prints {"data": ...}')
    ask.add_argument("type", choices=AnswerType.names())
    ask.add_argument("question")
    search = commands.add_parser("search", help="search documents; prints the JSON array")
    search.add_argument("query")
    search.add_argument("--limit", type=int, default=10)
    for command in (ingest, refresh, ask, search):
        command.add_argument("--context", default=None, help="context id (or unique name)")
        command.add_argument("--tenant", default=None)

    models = commands.add_parser("models", help="the local engine's model files").add_subparsers(
        dest="action", required=True
    )
    models.add_parser("pull", help="fetch the default model, verify its SHA-256 and keep it (once per machine)")
    models.add_parser("list", help="the catalogued models, which are present, and the file the engine loads")
    commands.add_parser("optimize", help="compact the database and update indexes (safe while serving)")
    commands.add_parser("reindex", help="re-embed every document with the configured embedder")
    return parser


def _walk(paths: Sequence[str]) -> Iterator[str | Path]:
    for item in paths:
        if item.startswith(("http://", "https://")):
            yield item
            continue
        path = Path(item)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in LOADERS)
        elif path.is_file():
            yield path
        else:
            raise AnswerbaseError(f"{item}: no such file, folder or URL")


def _ingest(services, args: argparse.Namespace, tenant: str, context_id: str | None) -> int:
    """The API's batch path, a slice of files at a time (each file read only when its slice comes): every file or
    URL added or refused on its own; exit status 1 when any was refused."""
    from tqdm import tqdm

    from backend.ingest.batch import BatchIngest, BatchItem

    items = list(_walk(args.paths))
    batch = BatchIngest(services.ingestor, services.catalog)
    failed: list[dict] = []
    with tqdm(total=len(items), unit="doc", file=sys.stderr) as bar:
        for start in range(0, len(items), 256):
            piece = [
                BatchItem(i, item.name, item.read_bytes()) if isinstance(item, Path) else BatchItem(i, item, url=item)
                for i, item in enumerate(items[start : start + 256], start=start)
            ]
            seen = {"finished": 0}

            def progress(results: list[dict], seen: dict = seen) -> None:
                finished = sum(r["status"] != "pending" for r in results)
                bar.update(finished - seen["finished"])
                seen["finished"] = finished

            failed += [r for r in batch.run(tenant, context_id, piece, progress) if r["status"] == "failed"]
    for result in failed:
        print(f"refused: {result['name']}: {result['error']['message']}", file=sys.stderr)
    print(f"ingested {len(items) - len(failed)} documents; {len(failed)} refused")
    return 1 if failed else 0


def run(args: argparse.Namespace, settings: Settings) -> int:
    """Execute a parsed command; returns the exit status."""
    if args.command == "serve":
        from backend.server import serve

        return serve(settings, host=args.host, port=args.port, workers=args.workers)
    if args.command == "reindex":
        from backend.maintenance import reindex

        print(f"re-embedded {reindex(settings)} documents")
        return 0
    if args.command == "models":
        return _models(settings, args)
    tenant = getattr(args, "tenant", None) or settings.default_tenant
    if args.command in ("keys", "contexts"):
        return (_keys if args.command == "keys" else _contexts)(_metadata_services(settings), args, tenant)
    services = _services(settings)
    if args.command == "optimize":
        services.store.optimize()
        removed = services.store.repair(settings.store.orphan_grace_s)
        print(f"optimized; removed {removed} orphan chunks")
        return 0
    context_id = services.catalog.find_context(tenant, args.context).id if args.context else None
    if args.command == "ingest":
        return _ingest(services, args, tenant, context_id)
    elif args.command == "refresh":
        docs = [
            d
            for d in services.catalog.all_documents(tenant)
            if d.type == "web" and (context_id is None or d.context_id == context_id)
        ]
        for document in docs:
            services.ingestor.refresh(tenant, document.id)
        print(f"refreshed {len(docs)} web documents")
    elif args.command == "ask":
        answer = services.answers.answer(tenant, args.question, AnswerType(args.type), context_id)
        print(json.dumps({"data": answer.value}))
    elif args.command == "search":
        from backend.api.presenting import search_result

        base = settings.public_base_url or "http://127.0.0.1:8000"
        hits = services.retriever.search(tenant, args.query, context_id=context_id, limit=max(1, min(args.limit, 50)))
        print(json.dumps([search_result(hit, base).model_dump() for hit in hits]))
    return 0


def _keys(services: MetadataServices, args: argparse.Namespace, tenant: str) -> int:
    if args.action == "create":
        key, secret = services.keys.create(tenant, args.name)
        print(f"created key {key.id} ({key.name}) for tenant {key.tenant}; the secret is shown only once:")
        print(secret)
    elif args.action == "list":
        for key in services.keys.list(args.tenant):
            state = f"revoked {key.revoked_at}" if key.revoked_at else "active"
            print(f"{key.id}  {key.prefix}...  tenant={key.tenant}  name={key.name}  created={key.created_at}  {state}")
    elif args.action == "revoke":
        print(f"revoked key {services.keys.revoke(args.key_id).id}")
    elif args.action == "rotate":
        key, secret = services.keys.rotate(args.key_id)
        print(f"rotated key {key.id}; the old secret no longer works. New secret (shown only once):")
        print(secret)
    return 0


def _contexts(services: MetadataServices, args: argparse.Namespace, tenant: str) -> int:
    if args.action == "create":
        context = services.catalog.create_context(tenant, args.name, args.description)
        print(f"created context {context.name!r} for tenant {tenant}:")
        print(context.id)
    elif args.action == "list":
        for context in services.catalog.list_contexts(tenant):
            print(f"{context.id}  {context.name}  {context.description}")
    elif args.action == "delete":
        services.catalog.delete_context(tenant, args.context_id)
        print(f"deleted context {args.context_id}")
    return 0


def _models(settings: Settings, args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from backend import model_files

    local = settings.local
    if args.action == "list":
        present = {name: size for name, _, size in model_files.installed(local)}
        for spec in model_files.CATALOGUE.values():
            state = "present" if present.get(spec.name) == spec.size else "not pulled"
            print(f"{spec.name}  {spec.size / 2**30:.2f} GiB  {state}  ({spec.source})")
        print(f"models directory: {local.models_dir}", file=sys.stderr)
        print(f"the local engine loads: {model_files.model_file(local)}")
        return 0
    spec = model_files.spec_of(local)
    with tqdm(total=2 * len(spec.parts), unit="step", desc=f"pulling {spec.name}", file=sys.stderr) as bar:

        def progress(done: int, total: int, what: str) -> None:
            bar.n = done
            bar.set_postfix_str(what)

        path = model_files.pull(local, progress)
    print(f"verified {spec.name} (SHA-256 {spec.sha256[:12]}…):", file=sys.stderr)
    print(path)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``answerbase`` and ``python -m backend``."""
    args = _parser().parse_args(argv)
    try:
        return run(args, Settings())
    except AnswerbaseError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
