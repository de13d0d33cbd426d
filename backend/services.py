"""The composition root: builds the store, embedder, engines and services from one ``Settings``.

Built once per process (the API's lifespan, the console's embedded API, the CLI, a test fixture); nothing else
constructs them, and ``open_store`` is the only place a store is opened. A serving process then calls ``prepare``
once and ``start``/``stop`` around its life.
"""

from __future__ import annotations

from dataclasses import dataclass

from backend.answer.engine import AnswerEngine, build_engine
from backend.answer.log import QuestionLog
from backend.answer.service import AnswerService
from backend.answer.table_second_reading import Checker, Planner
from backend.answer.tables import TableAnswerer
from backend.auth.keys import KeyService
from backend.auth.ratelimit import RateLimiter
from backend.catalog import Catalog
from backend.config import Settings
from backend.embed import Embedder, build_embedder
from backend.grids.runner import GridRunner
from backend.grids.service import GridService
from backend.ingest import Ingestor
from backend.ingest.batch import BatchIngest
from backend.ingest.jobs import JobService
from backend.retrieval import Retriever
from backend.store import LanceStore
from backend.store.upkeep import Upkeep, UpkeepPolicy


@dataclass
class Services:
    """Everything a request handler or command needs, wired together."""

    settings: Settings
    store: LanceStore
    embedder: Embedder
    engine: AnswerEngine
    keys: KeyService
    catalog: Catalog
    ingestor: Ingestor
    retriever: Retriever
    answers: AnswerService
    questions: QuestionLog
    upkeep: Upkeep
    limiter: RateLimiter
    grids: GridService
    grid_runner: GridRunner
    jobs: JobService

    @classmethod
    def build(
        cls, settings: Settings, *, embedder: Embedder | None = None, engine: AnswerEngine | None = None
    ) -> Services:
        """Wire every service; pass ``embedder``/``engine`` to share or replace them (tests do)."""
        embedder = embedder or build_embedder(settings.embedder)
        store = open_store(settings, embedder)
        engine = engine or build_engine(settings, embedder)
        retriever = Retriever(store, embedder, settings.search)
        questions = QuestionLog(store)
        catalog = Catalog(store)
        ingestor = Ingestor(store, embedder, settings.ingest)
        tables = TableAnswerer(store, _planner(settings) if engine.name == "llm" else None, _checker(engine, settings))
        answers = AnswerService(
            retriever, engine, settings.answer, settings.search.evidence_passages, questions, tables
        )
        grids = GridService(store, catalog, answers)
        return cls(
            settings=settings,
            store=store,
            embedder=embedder,
            engine=engine,
            keys=KeyService(store),
            catalog=catalog,
            ingestor=ingestor,
            retriever=retriever,
            answers=answers,
            questions=questions,
            upkeep=Upkeep(store, UpkeepPolicy(interval_s=settings.store.upkeep_interval_s)),
            limiter=RateLimiter(settings.rate_limit.per_minute, settings.rate_limit.burst),
            grids=grids,
            grid_runner=GridRunner(
                grids, store, workers=settings.jobs.grid_workers or None, stale_s=settings.jobs.stale_s
            ),
            jobs=JobService(store, BatchIngest(ingestor, catalog), settings.jobs.stale_s),
        )

    def prepare(self) -> None:
        """Make the store ready to serve, once per serving process before its first request: reclaim what a
        crashed ingest left, and build the indexes it lacks (e.g. a vector index of the type older versions made)."""
        self.store.repair(self.settings.store.orphan_grace_s)
        self.store.ensure_indexes()

    def start(self) -> None:
        """Start the background work of a serving process: store upkeep and extraction grids."""
        self.upkeep.start()
        self.grid_runner.start()

    def stop(self) -> None:
        """Stop the background work; a batch in flight stops between groups (recorded as interrupted), and the
        question log's last second is written."""
        self.jobs.stop()
        self.grid_runner.stop()
        self.upkeep.stop()
        self.questions.flush()
        close = getattr(self.engine, "close", None)  # a model engine's connections (and the local model)
        if close is not None:
            close()


@dataclass
class MetadataServices:
    """Keys and contexts alone, without the embedder: the CLI's `keys` and `contexts` answer in a second, not ten."""

    store: LanceStore
    keys: KeyService
    catalog: Catalog

    @classmethod
    def build(cls, settings: Settings) -> MetadataServices:
        store = open_store(settings, None)
        return cls(store=store, keys=KeyService(store), catalog=Catalog(store))


def _checker(engine: AnswerEngine, settings: Settings) -> Checker | None:
    """The local model's second reading of table questions the rules read in part, when the settings ask for it."""
    planner = getattr(engine, "planner", None)
    return planner() if planner is not None and settings.local.table_second_reading else None


def _planner(settings: Settings) -> Planner:
    """The model that writes table plans (imported only when the LLM engine is chosen: it pulls in openai)."""
    from backend.answer.llm import LLMClient
    from backend.answer.planners import LLMPlanner

    return LLMPlanner(LLMClient(settings.llm))


def open_store(settings: Settings, embedder: Embedder | None, *, check_embedder: bool = True) -> LanceStore:
    """The store the settings name (the only place one is opened). Without an embedder it serves keys and contexts
    only; ``check_embedder=False`` opens a store indexed by another embedder (``reindex`` replaces its vectors)."""
    if settings.store.uri is None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    return LanceStore(
        settings.store_uri,
        dimension=embedder.dimension if embedder else None,
        embedder_name=embedder.name if embedder else None,
        storage_options=settings.store.storage_options,
        read_consistency_interval_s=settings.store.read_consistency_interval_s,
        check_embedder=check_embedder,
        ann_index_min_rows=settings.store.ann_index_min_rows,
        keep_versions_s=settings.store.keep_versions_s,
    )
