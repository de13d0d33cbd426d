"""Grounding: where a proposed value (or a quoted sentence) occurs in the evidence, however it is written.

"212" is found as "212", "two hundred and twelve" or "212.0"; 1200000000 as "$1.2 billion"; a date as any
way of writing that day; a string case- and space-insensitively. An LLM's answer that occurs nowhere in
the evidence was not read from it.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from backend.answer import extract
from backend.answer.engine import Span
from backend.models import SearchHit
from backend.types import AnswerType, normalise


def find_value(value: Any, answer_type: AnswerType, evidence: list[SearchHit], now: datetime) -> list[Span]:
    """Every span of the evidence that states ``value`` (an element, for arrays) of ``answer_type``."""
    element = answer_type.element
    spans: list[Span] = []
    for passage, hit in enumerate(evidence):
        if element in (AnswerType.INTEGER, AnswerType.FLOAT):
            spans += [
                Span(passage, c.start, c.end)
                for c in extract.numbers(hit.text)
                if abs(c.value - float(value)) <= 1e-9 * max(1.0, abs(float(value)))
            ]
        elif element is AnswerType.DATETIME:
            wanted = normalise(value, AnswerType.DATETIME)[:10]  # the day is what a text states
            spans += [
                Span(passage, c.start, c.end)
                for c in extract.dates(hit.text, now)
                if normalise(c.value, AnswerType.DATETIME)[:10] == wanted
            ]
        elif element is AnswerType.STRING:
            spans += find_text(str(value), hit.text, passage)
    return spans


def find_text(needle: str, text: str, passage: int = 0) -> list[Span]:
    """Spans of ``text`` equal to ``needle`` ignoring case and runs of white space."""
    words = needle.split()
    if not words:
        return []
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words), re.IGNORECASE)
    return [Span(passage, m.start(), m.end()) for m in pattern.finditer(text)]


def find_quote(quote: str, evidence: list[SearchHit]) -> list[Span]:
    """Where a quoted sentence occurs in the evidence (ignoring case, spacing and a trailing full stop)."""
    quote = quote.strip().strip('"“”').rstrip(".")
    if len(quote) < 8:  # "yes" or "true" is no quote
        return []
    return [span for passage, hit in enumerate(evidence) for span in find_text(quote, hit.text, passage)]
