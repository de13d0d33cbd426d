"""Settings for every part of Answerbase, read from the environment.

All variables start with ``ANSWERBASE_``; nested groups use ``__`` (``ANSWERBASE_STORE__URI``).
Nothing here does I/O: ``Settings()`` is built by the caller (CLI, ``create_app``, tests), never at import.
This is the one package that reads the environment; ``apply_process_environment`` sets what the libraries read.
The answer engines' model settings are in ``engines.py``, imported from here as the rest.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# the answer engines' model settings, re-exported: callers import every setting from backend.config
from backend.config.engines import LLMSettings as LLMSettings
from backend.config.engines import LocalSettings as LocalSettings
from backend.config.engines import available_cores as available_cores


class StoreSettings(BaseModel):
    """Where the LanceDB database lives and how readers follow other writers."""

    uri: str | None = Field(None, description="LanceDB URI; default <data_dir>/lancedb. May be s3://bucket/prefix.")
    storage_options: dict[str, str] = Field(
        default_factory=dict, description="Passed to LanceDB for object stores (endpoint, region, keys...)."
    )
    read_consistency_interval_s: float | None = Field(
        0.0,
        description="How stale a read may be, in seconds: 0 checks for other writers on every read, "
        "None never does (single process only).",
    )
    # Brute force costs ~0.5 ms per 1,000 chunks here (8 ms at 10k, 52 ms at 100k); the IVF index ~8 ms at 100k.
    ann_index_min_rows: int = Field(20_000, description="Build an ANN vector index once chunks reach this.")
    upkeep_interval_s: float = Field(
        10.0,
        description="How often a serving process checks whether the store needs "
        "compaction and index upkeep (0 disables; `answerbase optimize` still works).",
    )
    # Every commit is a version, and a reader that follows other writers (read_consistency_interval_s 0) looks for
    # the newest one on every read: 5,312 versions left by one-document ingests made search 2.4x slower than the
    # same store with old versions pruned (bench/search_quality.py --one-by-one, 2026-11-23: 40 vs 17 ms p50).
    # A minute is far longer than any query or consistency interval, so no reader loses a version it is reading.
    keep_versions_s: float = Field(
        60.0,
        description="Table versions older than this are pruned when the store is "
        "optimized (must exceed the longest query and read_consistency_interval_s).",
    )
    orphan_grace_s: float = Field(
        600.0,
        description="Age before chunks left by a crashed ingest are collected (spares other processes' "
        "writes in flight); 0 when a single process writes.",
    )


class EmbedderSettings(BaseModel):
    """Which embedder turns text into vectors."""

    provider: Literal["local", "openai"] = "local"
    model: str = Field(
        "all-MiniLM-L6-v2",
        description="For `local`: a packaged model's name, a `module:function` "
        "returning an installed model's directory, or a directory; for `openai`, the server's model id.",
    )
    base_url: str | None = Field(None, description="OpenAI-compatible /v1 base URL, for provider `openai`.")
    api_key: str | None = None
    dimension: int | None = Field(None, description="Vector size for provider `openai` (probed when unset).")
    batch_size: int = 32
    threads: int = Field(
        0,
        ge=0,
        description="CPU threads of the local model's calls; 0: every core for a call while no other is embedding, "
        "one each for calls made meanwhile.",
    )
    runtime: Literal["onnx", "torch"] = Field(
        "onnx", description="How the local model runs: ONNX Runtime (same vectors, ~2x faster) or torch."
    )
    query_cache_size: int = 2048


class SearchSettings(BaseModel):
    """How `/v1/search` and answer evidence rank passages."""

    mode: Literal["hybrid", "vector", "fulltext"] = "hybrid"
    # bench/fusion.py (2026-11-24), tuning halves of SciFact dev and the typed-QA questions: 0.1/0.15/0.2/0.25/0.3
    # → mean nDCG@10 0.816/0.828/0.835/0.833/0.832 (weighted RRF, the fusion before, 0.828). Checking halves at 0.2:
    # SciFact 0.710 (RRF 0.681), typed-QA 0.894 (RRF 0.877). With the BM25 share scaled by the query's terms a
    # passage holds (2026-11-26): 0.819/0.829/0.833/0.838/0.843 on tuning, checking at 0.2 SciFact 0.720 and
    # typed-QA 0.899. 0.3 would rank better on tuning; it is left for a change of its own, since the offline
    # engine's confidence was fitted on evidence ranked at 0.2.
    lexical_weight: float = Field(
        0.2,
        ge=0.0,
        le=1.0,
        description="Share of the BM25 score (over the query's best) in a result's relevance; "
        "the cosine similarity has the rest.",
    )
    # bench/fusion.py (2026-11-26), lexical weight 0.2, each list cut at 20/30/50/100 → tuning nDCG@10
    # 0.828/0.834/0.833/0.831 (checking SciFact 0.728/0.724/0.720/0.717). 30 would rank as well and take ~4 ms off a
    # search at 100k chunks (bench/search_latency.py's store), but a search may ask for 50 results, and the depth is the
    # same at any limit (a limit's first k results are the results for k): 50 stays.
    candidates: int = Field(50, description="Passages taken from each list before fusion.")
    title_boost: float = Field(
        1.0, description="BM25 weight of a passage's title path (document name › headings) beside its text."
    )
    # bench/fusion.py (2026-11-26, BM25 share scaled by the share of the query's terms a passage holds): the highest
    # floor under every relevant document in the top 10 of every TUNING query. On the checking halves 2 of 359
    # relevant top-10 documents fall under it, the best result is under it for 1% of the queries that have a
    # relevant document, and for 62-90% of queries asked of a corpus about something else ("nothing relevant";
    # 27-79% with the floor of 2026-11-24, 0.375, when the best BM25 match took the full share).
    min_relevance: float = Field(
        0.329,
        ge=0.0,
        le=1.0,
        description="Results from this relevance up are marked `relevant`; those under it come after them, "
        "marked `relevant: false`.",
    )
    min_nprobes: int = Field(
        40,
        description="IVF partitions a vector query probes at least (of ~sqrt(chunks)); "
        "more are probed when a filter leaves too few matches.",
    )
    evidence_passages: int = Field(5, description="Passages handed to an answer engine.")


class AnswerSettings(BaseModel):
    """When an answer is good enough to return, and whether questions are logged."""

    # The lowest threshold whose answer precision reached 80% on the TUNING half (answerable dev questions + half
    # of each unanswerable set; bench/calibrate.py, 2026-11-23: 0.55 → 79.6%, 0.56 → 80.7%). Refitted 2026-11-24:
    # 0.55 reaches 81.0%; 0.56 kept.
    min_confidence: float = Field(
        0.56,
        ge=0.0,
        le=1.0,
        description="Answers (and array elements) read from documents' text below this calibrated confidence are "
        "declined with 422 `no_answer`.",
    )
    # A value computed from a spreadsheet (a CSV, TSV or XLSX document: nothing but the table) has its own bar. A
    # question asked of it is about it; what is uncertain is the reading of the question, and that is shown with the
    # value (the plan in words, the SQL, the rows, the words left out). A table inside prose (Markdown, HTML, DOCX)
    # shares its document and context with text the question may be about: its readings keep min_confidence.
    # At the text bar, 68% of WikiTableQuestions' checking half was declined and exact match (a decline scores 0) fell
    # from 40% to 22% (bench/table_qa.py, 2026-11-24). 0.4 (2026-11-28, sixth stop) sits between the readings that are
    # wrong more often than right on the checking questions of the dev and fresh sets (in-process, every answer kept):
    # rows of a guessed column that is not the rows' names (0.29: 8 of 22 right), the first of several rows (0.3: 4
    # of 9; 0.38 since the sixteenth stop, not where the words say which: answer/table_caps.py), an aggregate over
    # every row that leaves words unexplained (0.18: 8 of 32), and those it keeps: the count
    # of every row a question says it is about (0.5: 1 of 3, too few to move), the guessed rows' names (0.66: 13 of
    # 17), and a reading another table of the context rivals (0.8 × AMBIGUITY_FACTOR: 0.54, right on both of the
    # business checking half's). On the 340 checking questions this bar takes precision from 72.8% to 78.7% and exact
    # match from 50.3% to 46.8%; the business tables' exact match is unchanged (bench/table_qa.py --business). A
    # declined reading is still offered as the suggestion an analyst can accept.
    min_table_confidence: float = Field(
        0.4,
        ge=0.0,
        le=1.0,
        description="Answers computed from a spreadsheet (CSV, TSV, XLSX) below this calibrated confidence are "
        "declined with 422 `no_answer` (with the plan they would have run); tables inside prose use min_confidence.",
    )
    log_questions: bool = Field(
        True, description="Record every typed question, its answer or decline, per tenant (GET /v1/questions)."
    )


class IngestSettings(BaseModel):
    """Chunking and fetching of documents."""

    chunk_tokens: int = Field(200, description="Token budget of a chunk (the local embedder reads 256).")
    overlap_tokens: int = 30
    url_timeout_s: float = 15.0
    url_max_bytes: int = 20 * 1024 * 1024
    allow_private_urls: bool = Field(False, description="Allow fetching loopback/private addresses.")


class RateLimitSettings(BaseModel):
    """Per-key request rate (a token bucket per API key and process)."""

    per_minute: float = Field(600.0, description="Sustained requests per minute per key; 0 disables limiting.")
    burst: int = Field(60, description="Requests a key may make at once before the rate applies.")


class JobSettings(BaseModel):
    """How background work runs: extraction grids and batch-ingest jobs."""

    grid_workers: int = Field(0, ge=0, description="A grid's documents answered at once per process; 0: one per core.")
    stale_s: float = Field(
        60.0,
        gt=0,
        description="A running grid or job whose heartbeat is older than this was interrupted (its process died): "
        "a grid is resumed by another process, a batch job is reported interrupted. A grid beats after each "
        "document and a job every 5 s, so this must exceed one document's time.",
    )


class Settings(BaseSettings):
    """The whole configuration; build one per process and pass it down."""

    model_config = SettingsConfigDict(env_prefix="ANSWERBASE_", env_nested_delimiter="__", extra="ignore")

    data_dir: Path = Field(Path(".answerbase"), description="Root of all local state.")
    engine: Literal["auto", "offline", "llm", "local"] = Field(
        "auto",
        description="`auto` uses `llm` when a model endpoint or key is configured, else `local` (the local model "
        "once its file is present and loaded, the offline engine until then).",
    )
    default_tenant: str = "default"
    public_base_url: str | None = Field(None, description="Base URL used in document source links.")
    max_body_bytes: int = 1024 * 1024
    max_upload_mb: int = 50
    store: StoreSettings = Field(default_factory=StoreSettings)
    embedder: EmbedderSettings = Field(default_factory=EmbedderSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    local: LocalSettings = Field(default_factory=LocalSettings)
    search: SearchSettings = Field(default_factory=SearchSettings)
    answer: AnswerSettings = Field(default_factory=AnswerSettings)
    ingest: IngestSettings = Field(default_factory=IngestSettings)
    rate_limit: RateLimitSettings = Field(default_factory=RateLimitSettings)
    jobs: JobSettings = Field(default_factory=JobSettings)

    @property
    def store_uri(self) -> str:
        """The LanceDB URI in use: the configured one, or a directory under the data dir."""
        return self.store.uri or str(self.data_dir / "lancedb")

    @model_validator(mode="after")
    def _standard_openai_variables(self) -> Settings:
        """The standard ``OPENAI_BASE_URL``/``OPENAI_API_KEY`` fill what ``ANSWERBASE_LLM__*`` left unset."""
        if self.llm.base_url is None and os.environ.get("OPENAI_BASE_URL"):
            self.llm.base_url = os.environ["OPENAI_BASE_URL"]
        if self.llm.api_key is None and os.environ.get("OPENAI_API_KEY"):
            self.llm.api_key = os.environ["OPENAI_API_KEY"]
        return self

    def llm_configured(self) -> bool:
        """True when a model endpoint or key is set (here or through the standard OpenAI variables)."""
        return bool(self.llm.base_url or self.llm.api_key)

    @property
    def engine_name(self) -> str:
        """The answer engine `auto` resolves to."""
        if self.engine != "auto":
            return self.engine
        return "llm" if self.llm_configured() else "local"


# Variables the native and Hugging Face libraries read when they are imported (so the package's root applies them
# before anything imports lancedb or transformers): per-query deprecation warnings from LanceDB's Rust core are noise
# in our logs (a user's own LANCEDB_LOG wins), and the embedder's weights come from the installed package, never the
# hub: no network at run time.
PROCESS_ENVIRONMENT_DEFAULTS = {"LANCEDB_LOG": "error"}
PROCESS_ENVIRONMENT_FORCED = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


def apply_process_environment() -> None:
    """Set the variables above for this process (idempotent)."""
    for name, value in PROCESS_ENVIRONMENT_DEFAULTS.items():
        os.environ.setdefault(name, value)
    os.environ.update(PROCESS_ENVIRONMENT_FORCED)
