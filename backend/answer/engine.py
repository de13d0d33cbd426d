"""The answer engines' contract: what they are asked (:class:`Question`), what they propose
(:class:`Proposal`), the validated result (:class:`Answer`), and the registry of engines by name.

An engine proposes a value with a calibrated confidence and the spans it read it from; it never decides
whether that is good enough to return. ``backend.answer.service`` does: it declines below the threshold.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from backend.models import SearchHit
from backend.types import AnswerType

if TYPE_CHECKING:
    from backend.config import Settings
    from backend.embed import Embedder


@dataclass(frozen=True)
class Question:
    """What an engine is asked: the text, the wanted type, the evidence, and the moment of asking."""

    text: str
    answer_type: AnswerType
    evidence: list[SearchHit]
    now: datetime  # aware, in the asker's time zone: "today" and "next Friday" are the asker's days
    context_scoped: bool  # True: answer only from the evidence; False: general knowledge allowed
    document_scoped: bool = False  # the evidence is one document's (an extraction grid's cell)

    @property
    def scope(self) -> str:
        """Where the evidence came from, in words for a reason ("No passage in this document mentions ...")."""
        if self.document_scoped:
            return "in this document"
        return "in this context" if self.context_scoped else "in your documents"


@dataclass(frozen=True)
class Span:
    """Where a value was read: characters ``start:end`` of evidence passage number ``passage``."""

    passage: int
    start: int
    end: int


@dataclass
class Proposal:
    """An engine's proposal: a value (None: nothing of the type was found), how likely it is to be right,
    where it was read, and, when the value is missing or weak, why in words a caller can act on.

    The value is already in its canonical JSON form (:func:`backend.types.normalise`): the engine normalises it,
    because it needs the typed value itself (to retry an invalid reply, to find it in the evidence, to merge
    candidates written differently), and nothing downstream normalises it again. An array keeps one element per
    ``element_confidences`` entry, in order.
    """

    value: Any
    confidence: float
    spans: list[Span] = field(default_factory=list)
    reason: str = ""
    # For arrays: one confidence per element (elements below the threshold are dropped).
    element_confidences: list[float] | None = None
    signals: Any = None  # what the confidence was computed from (bench/calibrate.py fits the model on these)
    engine: str = ""  # the engine that read it, when another than the one asked answered (the local one's fallback)

    @classmethod
    def nothing(cls, reason: str) -> Proposal:
        """No value at all, with the reason."""
        return cls(None, 0.0, reason=reason)


class Outcome(StrEnum):
    """What a second reading made of a question the rules read in part."""

    AGREES = "agrees"  # the model's plan gives the rules' value
    DIFFERS = "differs"  # it gives another value
    NO_PLAN = "no plan"  # the model says the table does not answer the question
    UNUSABLE = "unusable"  # its plan does not fit the table, or gives no value of the type, or the model failed


@dataclass(frozen=True)
class SecondReading:
    """What a model made of a table question the rules read in part: the outcome, and its value and plan in words
    when it wrote one."""

    outcome: Outcome
    value: Any = None
    plan: str = ""


@dataclass(frozen=True)
class TableEvidence:
    """How a value was computed from a table: the table, the plan in words, the SQL it ran (with its bound
    parameters), the first rows that matched (``matched_count`` in all), the question's words the plan does not
    account for, and what the plan matched that capped its confidence (both say why a reading's confidence is
    lower)."""

    document_id: str
    table: str
    plan: str
    sql: str
    parameters: list[Any]
    columns: list[str]
    rows: list[list[str]]
    matched_count: int
    unexplained: tuple[str, ...] = ()
    second_reading: SecondReading | None = None  # the local model's own plan, where the rules read in part
    caution: str = ""  # what the plan matched that capped the confidence ("It counts 13 rows: ..."), or ""


@dataclass
class Answer:
    """A validated value with its confidence, the evidence it came from and the spans it was read at; a value
    computed from a table carries how (``table``)."""

    value: Any
    answer_type: AnswerType
    confidence: float
    evidence: list[SearchHit] = field(default_factory=list)
    spans: list[Span] = field(default_factory=list)
    table: TableEvidence | None = None
    engine: str = ""  # what produced the value: "offline", "llm", "local", or "table" when computed


class AnswerEngine(Protocol):
    """Proposes a typed value for a question (it may raise an upstream error, never a decline)."""

    name: str

    def propose(self, question: Question) -> Proposal: ...


# engine name → "module:class", imported only when chosen (the LLM engines pull in the openai SDK; the local one
# loads llama.cpp only once its model is there).
ENGINES = {
    "offline": "backend.answer.offline:OfflineEngine",
    "llm": "backend.answer.llm_engine:LLMEngine",
    "local": "backend.answer.local:LocalEngine",
}


def build_engine(settings: Settings, embedder: Embedder | None = None) -> AnswerEngine:
    """The engine ``settings.engine_name`` names, built with the settings and the shared embedder."""
    name = settings.engine_name
    if name not in ENGINES:
        raise ValueError(f"unknown answer engine {name!r}; known: {', '.join(ENGINES)}")
    module_name, class_name = ENGINES[name].split(":")
    return getattr(importlib.import_module(module_name), class_name)(settings, embedder)
