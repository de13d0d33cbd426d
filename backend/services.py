"""The composition root: builds the store, embedder, engines and services from one ``Settings``.

Built once per process (the API's lifespan, the CLI, a test fixture); nothing else constructs them.
"""

from __future__ import annotations

from dataclasses import dataclass

from backend.answer.engine import AnswerEngine, build_engine
from backend.answer.log import QuestionLog
from backend.answer.service import AnswerService
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
        if settings.store.uri is None:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
        store = LanceStore(
            settings.store_uri,
            dimension=embedder.dimension,
            embedder_name=embedder.name,
            storage_options=settings.store.storage_options,
            read_consistency_interval_s=settings.store.read_consistency_interval_s,
            ann_index_min_rows=settings.store.ann_index_min_rows,
            keep_versions_s=settings.store.keep_versions_s,
        )
        engine = engine or build_engine(settings, embedder)
        retriever = Retriever(store, embedder, settings.search)
        questions = QuestionLog(store)
        catalog = Catalog(store)
        ingestor = Ingestor(store, embedder, settings.ingest)
        answers = AnswerService(retriever, engine, settings.answer, settings.search.evidence_passages, questions)
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
