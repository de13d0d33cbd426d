"""Answering: a question → evidence from retrieval → an engine's proposal → a validated value, or a decline.

This is the one place that decides whether a proposal is good enough (its calibrated confidence against
``ANSWERBASE_ANSWER__MIN_CONFIDENCE``, or ``..._MIN_TABLE_CONFIDENCE`` for a value computed from a table) and where
every question is written to the question log. Values arrive normalised: each engine normalises what it proposes,
once (see ``engine.Proposal``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TypeGuard
from zoneinfo import ZoneInfo

from backend.answer.declines import computed_answer, text_decline_reason
from backend.answer.engine import Answer, AnswerEngine, Proposal, Question
from backend.answer.log import QuestionLog
from backend.answer.tables import TableAnswerer, TableProposal
from backend.config import AnswerSettings
from backend.errors import NoAnswer
from backend.retrieval import Retriever
from backend.types import AnswerType


def reference_moment(reference_date: date | None = None, timezone: str | None = None) -> datetime:
    """The moment relative dates are resolved against: noon of ``reference_date`` (a day, not a clock time)
    or now, in ``timezone`` (an IANA name; UTC by default)."""
    zone = ZoneInfo(timezone) if timezone else UTC
    if reference_date is None:
        return datetime.now(zone)
    return datetime(reference_date.year, reference_date.month, reference_date.day, 12, tzinfo=zone)


class AnswerService:
    """Answers typed questions for a tenant, from its documents (one context, or all)."""

    def __init__(
        self,
        retriever: Retriever,
        engine: AnswerEngine,
        settings: AnswerSettings,
        evidence_passages: int = 5,
        log: QuestionLog | None = None,
        tables: TableAnswerer | None = None,
    ) -> None:
        self._tables = tables
        self._retriever = retriever
        self._engine = engine
        self._settings = settings
        self._evidence_passages = evidence_passages
        self._log = log

    def answer(
        self,
        tenant: str,
        text: str,
        answer_type: AnswerType,
        context_id: str | None = None,
        *,
        now: datetime | None = None,
        document_id: str | None = None,
        log: bool = True,
        min_confidence: float | None = None,
    ) -> Answer:
        """A value of ``answer_type`` for the question, or :class:`NoAnswer` saying why; logged unless ``log`` is
        False (a grid's cells are its own record). ``document_id`` reads the evidence from that document only;
        ``min_confidence`` replaces the settings' thresholds, for text and computed answers alike."""
        bars = _Bars(
            self._settings.min_confidence if min_confidence is None else min_confidence,
            self._settings.min_table_confidence if min_confidence is None else min_confidence,
        )
        moment = now or reference_moment()
        if not log:
            return self._answer(tenant, text, answer_type, context_id, moment, document_id, bars)
        started = time.perf_counter()
        try:
            answer = self._answer(tenant, text, answer_type, context_id, moment, document_id, bars)
        except NoAnswer as exc:
            self._record(tenant, text, answer_type, context_id, started, reason=exc.message)
            raise
        self._record(tenant, text, answer_type, context_id, started, answer=answer)
        return answer

    def _answer(
        self,
        tenant: str,
        text: str,
        answer_type: AnswerType,
        context_id: str | None,
        now: datetime,
        document_id: str | None,
        bars: _Bars,
    ) -> Answer:
        """A table's reading when the question is about the table; else the text engine's answer, with a weaker
        reading of a spreadsheet in its place when the text has nothing better."""
        computed = None
        if self._tables is not None:  # in a context, or among the documents in none
            computed = self._tables.propose(tenant, context_id, text, answer_type, document_id)
        if computed is not None:
            # A question asked of a spreadsheet is about it; a table inside prose shares its document (and context)
            # with text the question may be about, so a reading of it must be as sure as a text answer.
            bar = bars.table if computed.spreadsheet else bars.text
            if (
                computed.about_the_table
                or (computed.value is None and computed.confidence >= bar)
                # a sheet's reading of every word stands even with no value of the type asked: the text engine would
                # guess from the sheet's retrieved rows ("who earns the most in Operations" asked for an integer got
                # another department's salary from the local model)
                or (computed.spreadsheet and computed.explains_every_word)
            ):
                return computed_answer(computed, answer_type, bar)
        # A reading that explains less than half the question: the table is not plainly where the answer is, so the
        # documents' text is asked first. A spreadsheet's value (shown with its plan and its confidence) stands when
        # the text has nothing and the question's closest passages are the sheet's rows, or when what the text
        # engine found is only a cell of those rows (a guess from the few rows retrieved, which computing over every
        # row replaces).
        standing = computed if computed is not None and computed.spreadsheet and _clears(computed, bars.table) else None
        # A list is usually spread over more text than one fact: arrays read twice the evidence.
        passages = self._evidence_passages * (2 if answer_type.is_array else 1)
        # Evidence is ranked as the offline engine's confidence was fitted on (bench/calibrate.py, 2026-11-24): with
        # the query's term share the checking half's precision fell 0.806 -> 0.787 (bench/typed_qa.py, 2026-11-26)
        # (the evidence reordered under a confidence fitted on the old order). Changing it is a change of its own, with
        # a refit.
        evidence = self._retriever.search(
            tenant,
            text,
            context_id=context_id,
            document_id=document_id,
            limit=passages,
            per_document=False,
            term_share=False,
        )
        try:
            question = Question(text, answer_type, evidence, now, context_id is not None, document_id is not None)
            answer = self._from_text(question, bars.text)
        except NoAnswer:
            if standing is None or not evidence or evidence[0].document_id != standing.evidence.document_id:
                raise  # a question closer to another document is about it, and its decline stands
            return computed_answer(standing, answer_type, bars.table)
        if standing is not None and _read_from(answer) == {standing.evidence.document_id}:
            return computed_answer(standing, answer_type, bars.table)
        return answer

    def _from_text(self, question: Question, threshold: float) -> Answer:
        """The text engine's answer from the question's evidence, or :class:`NoAnswer`."""
        answer_type, evidence = question.answer_type, question.evidence
        proposal = self._engine.propose(question)
        if proposal.value is None:
            raise NoAnswer(proposal.reason or f"No answer of type {answer_type.value} was found.")
        if answer_type.is_array:
            proposal = _keep_confident_elements(proposal, threshold)
        if proposal.confidence < threshold:
            raise NoAnswer(proposal.reason or text_decline_reason(proposal, evidence, threshold))
        # The value is already canonical: engines normalise what they propose (engine.Proposal), once.
        engine = proposal.engine or self._engine.name
        return Answer(
            proposal.value, answer_type, round(proposal.confidence, 4), evidence, proposal.spans, None, engine
        )

    def _record(
        self,
        tenant: str,
        text: str,
        answer_type: AnswerType,
        context_id: str | None,
        started: float,
        *,
        answer: Answer | None = None,
        reason: str = "",
    ) -> None:
        if self._log is not None and self._settings.log_questions:
            self._log.record(
                tenant=tenant,
                question=text,
                answer_type=answer_type.value,
                context_id=context_id,
                value=answer.value if answer else None,
                declined=answer is None,
                reason=reason,
                confidence=answer.confidence if answer else None,
                latency_ms=(time.perf_counter() - started) * 1000,
            )


@dataclass(frozen=True)
class _Bars:
    """The confidence an answer must reach: one read from text, one computed from a table."""

    text: float
    table: float


def _clears(proposal: TableProposal | None, threshold: float) -> TypeGuard[TableProposal]:
    """Whether a table's reading computed a value at or above ``threshold``."""
    return proposal is not None and proposal.value is not None and proposal.confidence >= threshold


def _read_from(answer: Answer) -> set[str]:
    """The documents whose passages a text answer's value was read from."""
    return {answer.evidence[span.passage].document_id for span in answer.spans if span.passage < len(answer.evidence)}


def _keep_confident_elements(proposal: Proposal, threshold: float) -> Proposal:
    """Drop array elements (and their spans) below ``threshold``; an empty list stands only when the engine was
    confident that the list is empty."""
    confidences = proposal.element_confidences
    if confidences is None or not proposal.value:
        return proposal
    kept = [i for i, c in enumerate(confidences) if c >= threshold]
    spans = [proposal.spans[i] for i in kept] if len(proposal.spans) == len(confidences) else proposal.spans
    return Proposal(
        [proposal.value[i] for i in kept],
        max((confidences[i] for i in kept), default=0.0),
        spans,
        proposal.reason,
        [confidences[i] for i in kept],
        engine=proposal.engine,
    )
