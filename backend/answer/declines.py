"""How an answer that does not clear its bar is declined: a table reading with the plan it would have run, the words
it left out and the reading offered to accept (``suggestion``); a text answer with the closest passage, so the caller
can look for themselves. ``service.py`` decides when; this says what the decline says.
"""

from __future__ import annotations

import math

from backend.answer.engine import Answer, Proposal, Span
from backend.answer.tables import TableProposal
from backend.errors import NoAnswer
from backend.models import ACCEPT_READING_HINT, SearchHit
from backend.types import AnswerType


def computed_answer(proposal: TableProposal, answer_type: AnswerType, threshold: float) -> Answer:
    """A table's answer, or :class:`NoAnswer`: a reading below ``threshold`` is declined with the plan it would
    have run, and a result that is not of the type with the reason."""
    if proposal.confidence < threshold:
        raise NoAnswer(weak_table_reason(proposal, threshold), suggestion=_suggestion(proposal))
    if proposal.value is None:
        raise NoAnswer(proposal.reason, answer_type=proposal.fits.value if proposal.fits else None)
    confidence = round(proposal.confidence, 4)
    return Answer(proposal.value, answer_type, confidence, [proposal.hit], [], proposal.evidence, "table")


def weak_table_reason(proposal: TableProposal, threshold: float) -> str:
    """Why a table's weak reading is declined, with the words it left out, so the analyst can rephrase, and how to
    accept the reading as it is."""
    caution = f" {proposal.evidence.caution}" if proposal.evidence.caution else ""
    if proposal.value is None and proposal.reason:
        caution += f" {proposal.reason}"  # not of the type asked, or no row matches: said too
    left_out = ", ".join(f'"{word}"' for word in proposal.unexplained)
    rephrase = (
        f" It does not account for {left_out}: the table's column names or values say it better." if left_out else ""
    )
    accept = (
        f' {ACCEPT_READING_HINT} "min_confidence": {_accepting(proposal.confidence)}.' if _offered(proposal) else ""
    )
    return (
        f"Computed from {proposal.evidence.table} ({proposal.evidence.plan}), but a question read this way is right "
        f"too seldom to trust (confidence {proposal.confidence:.2f}, below the {threshold:.2f} required)."
        f"{caution}{rephrase}{accept}"
    )


def _offered(proposal: TableProposal) -> bool:
    """Whether a declined reading's value may be offered to accept: it computed one, and no cap says that no one value
    answers the question ("how many orders did each region place" read as every order counted)."""
    return proposal.value is not None and proposal.offers_value


def _suggestion(proposal: TableProposal) -> dict | None:
    """The weak reading as the decline's ``suggestion`` (None when it has no value to offer, see :func:`_offered`)."""
    if not _offered(proposal):
        return None
    return {
        "reading": proposal.evidence.plan,
        "table": proposal.evidence.table,
        "confidence": round(proposal.confidence, 4),
        "min_confidence": _accepting(proposal.confidence),
        "unexplained": list(proposal.unexplained),
    }


def _accepting(confidence: float) -> float:
    """The bar that accepts a reading of ``confidence``: rounded down, so the reading clears it again."""
    return math.floor(confidence * 10_000) / 10_000


def text_decline_reason(proposal: Proposal, evidence: list[SearchHit], threshold: float) -> str:
    """Why a weak proposal is declined, naming the closest passage so the caller can look for themselves."""
    closest = _sentence_around(evidence, proposal.spans[0]) if proposal.spans else ""
    where = f' The closest passage says: "{closest}"' if closest else ""
    return (
        f"The documents do not clearly answer this (confidence {proposal.confidence:.2f}, "
        f"below the {threshold:.2f} required).{where}"
    )


def _sentence_around(evidence: list[SearchHit], span: Span, width: int = 160) -> str:
    """Up to ``width`` characters of the passage around ``span``, on word boundaries."""
    if span.passage >= len(evidence):
        return ""
    text = evidence[span.passage].text
    start = max(0, span.start - width // 2)
    end = min(len(text), span.end + width // 2)
    snippet = text[start:end]
    if start > 0:
        snippet = "…" + snippet.split(" ", 1)[-1]
    if end < len(text):
        snippet = snippet.rsplit(" ", 1)[0] + "…"
    return " ".join(snippet.split())
