"""Answering: a question → evidence from retrieval → a value proposed by an engine → a validated value.

Engines implement :class:`AnswerEngine`; they are picked by name from :data:`ENGINES`. Whatever an
engine proposes passes through ``backend.types.normalise`` here, the one place values are checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from backend.config import Settings
from backend.errors import NoAnswer
from backend.models import SearchHit
from backend.retrieval import Retriever
from backend.types import AnswerType, normalise


@dataclass(frozen=True)
class Question:
    """What an engine is asked: the text, the wanted type, the evidence, and the moment of asking."""

    text: str
    answer_type: AnswerType
    evidence: list[SearchHit]
    now: datetime
    context_scoped: bool  # True: answer only from the evidence; False: general knowledge allowed


@dataclass
class Answer:
    """A validated value with the evidence it came from."""

    value: Any
    answer_type: AnswerType
    evidence: list[SearchHit] = field(default_factory=list)


class AnswerEngine(Protocol):
    """Proposes a value for a question, or raises :class:`NoAnswer`."""

    name: str

    def propose(self, question: Question) -> Any: ...


ENGINES: dict[str, Callable[[Settings], AnswerEngine]] = {}


def register_engine(name: str) -> Callable:
    """Class decorator adding an engine factory to the registry under ``name``."""

    def add(factory: Callable[[Settings], AnswerEngine]) -> Callable[[Settings], AnswerEngine]:
        ENGINES[name] = factory
        return factory

    return add


def build_engine(settings: Settings) -> AnswerEngine:
    """The engine ``settings.engine_name`` names."""
    import backend.answer.llm  # noqa: F401  (registers "llm")
    import backend.answer.offline  # noqa: F401  (registers "offline")

    return ENGINES[settings.engine_name](settings)


class AnswerService:
    """Answers typed questions for a tenant, from its documents (one context, or all)."""

    def __init__(self, retriever: Retriever, engine: AnswerEngine, evidence_passages: int = 5) -> None:
        self._retriever = retriever
        self._engine = engine
        self._evidence_passages = evidence_passages

    def answer(self, tenant: str, text: str, answer_type: AnswerType, context_id: str | None = None) -> Answer:
        """A value of ``answer_type`` for the question, or :class:`NoAnswer`."""
        # A list is usually spread over more text than one fact: arrays read twice the evidence.
        passages = self._evidence_passages * (2 if answer_type.is_array else 1)
        evidence = self._retriever.search(tenant, text, context_id=context_id, limit=passages, per_document=False)
        question = Question(text, answer_type, evidence, datetime.now(UTC), context_scoped=context_id is not None)
        proposed = self._engine.propose(question)
        if proposed is None:
            raise NoAnswer("No answer of type {} was found{}.".format(
                answer_type.value, " in this context's documents" if context_id else ""))
        try:
            value = normalise(proposed, answer_type)
        except ValueError as exc:
            raise NoAnswer(f"The engine's answer was not a valid {answer_type.value}: {exc}") from exc
        return Answer(value, answer_type, evidence)
