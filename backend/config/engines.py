"""Settings of the models behind the answer engines: the OpenAI-compatible endpoint of the `llm` engine and the
GGUF model the `local` engine runs in this process; and the cores the local model may use.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field


class LLMSettings(BaseModel):
    """The OpenAI-compatible model behind the `llm` answer engine."""

    base_url: str | None = None
    api_key: str | None = None
    model: str = "gpt-4o-mini"
    response_format: Literal["json_schema", "json_object", "none"] = "json_schema"
    timeout_s: float = 30.0
    max_tokens: int = 512


def available_cores() -> int:
    """The CPU cores this process may run on: its affinity where the system says (a container's cpuset), else the
    machine's count."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # macOS and Windows have no affinity call
        return os.cpu_count() or 1


def _user_cache() -> Path:
    """The user's cache directory (``XDG_CACHE_HOME`` or ``~/.cache``): model files are kept once per machine."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


class LocalSettings(BaseModel):
    """The `local` answer engine: a GGUF model run in this process by llama.cpp (``xllamacpp``)."""

    models_dir: Path = Field(
        default_factory=lambda: _user_cache() / "answerbase" / "models",
        description="Where `answerbase models pull` keeps model files (once per machine).",
    )
    model: str = Field("qwen2.5-coder-1.5b-instruct", description="The catalogued model to load (models list).")
    model_path: Path | None = Field(None, description="Any GGUF file to load instead of a catalogued model.")
    threads: int = Field(0, ge=0, description="CPU threads for the model; 0: one per core.")
    context_tokens: int = Field(2048, description="The model's context window (prompt and reply).")
    # bench/typed_qa.py --engine local (2026-11-26): replies are {"answer": <value>} in 6-12 tokens; 48 leaves room for
    # a list of a few names and cuts a runaway string.
    max_tokens: int = Field(48, description="The most tokens a reply may have.")
    # bench/calibrate_local.py --tuning-only --sentences 3|5 (2026-11-26, 70 tuning questions and 42 unanswerable):
    # 5 sentences answered 75.7% of answerable questions right against 72.9% (two questions), each refitted at 0.56
    # 62.9% against 61.4% at precision 0.800 against 0.811, for 3.1 s a question against 2.1 s (332 prompt tokens
    # against 245): not worth a second a question.
    evidence_sentences: int = Field(
        3, ge=1, le=12, description="The best-ranked evidence sentences the model reads (within ~1,600 characters)."
    )
    # The text answers' default bar (AnswerSettings.min_confidence): a reading under it would be declined, so it is
    # read again on the next best sentences (answer/local.py read() has the figures).
    read_further_below: float = Field(
        0.56,
        ge=0.0,
        le=1.0,
        description="A reading less confident than this is read again on the next best evidence sentences, and the "
        "more confident of the two stands; 0: never read again.",
    )
    # bench/table_qa.py --checks (2026-11-26, Qwen2.5-Coder-1.5B, 50 WikiTableQuestions questions a half): its plans
    # agreed with the rules on 13 of 70 readings and, where they differed, were right on 1 of 23, at 4.6 s a plan.
    # Over all 400 dev questions (2026-11-27) its differing separates little at the levels that answer (checking
    # 0.65: the rules right on 10 of 12 it differs from, 10 of 11 it agrees with): no confidence is fitted on it.
    table_second_reading: bool = Field(
        False,
        description="Have the model write its own plan for a table question the rules read only in part, and show "
        "it beside the answer (computation.model_reading). Off: the default model's plans are rarely right.",
    )
    timeout_s: float = Field(60.0, description="The longest one question may take the model (a reply cut is a 504).")
    load_timeout_s: float = Field(120.0, description="How long a question waits for the model to load.")
