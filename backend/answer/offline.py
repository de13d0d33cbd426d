"""The ``offline`` engine: extractive, typed answers with no model and no network.

It reads the evidence sentence by sentence, scores each sentence by how much of the question it
covers (and by its passage's rank), extracts candidates of the wanted type from the best sentences,
and prefers candidates close to the question's words and not already in the question. Below a
confidence threshold it declines rather than guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from backend.answer import extract
from backend.answer.engine import Question, register_engine
from backend.config import Settings
from backend.types import AnswerType

_STOP = set(
    "a an the of in on at to for from by with and or is are was were be been being do does did has have had "
    "what which who whom whose when where why how many much that this these those it its as into than then "
    "there their they he she his her i you we our your not no yes can could would should will shall may might "
    "about after before during over under between up down out if so such any all each some per".split()
)
_NEGATION = re.compile(r"\b(not|no|never|none|neither|nor|without|cannot)\b|n't\b", re.IGNORECASE)
_TOKEN = re.compile(r"[A-Za-z0-9]+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|\n+")
CONTEXT_WEIGHT = 0.7
MIN_COVERAGE = 0.34  # share of the question's terms the best sentence must contain to answer at all


def stem(word: str) -> str:
    """A light English stem: enough to match 'employees'/'employee' and 'opened'/'opens'."""
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def terms(text: str) -> list[str]:
    """The content terms of ``text``, stemmed, stop words removed."""
    return [stem(t) for t in _TOKEN.findall(text) if t.lower() not in _STOP]


@dataclass(frozen=True)
class Sentence:
    text: str
    score: float  # coverage of the question's terms, nudged by passage rank
    coverage: float


def rank_sentences(question: Question) -> list[Sentence]:
    """Evidence sentences, best first.

    A sentence's own terms count fully; its heading's and the previous sentence's count 0.7, because
    "It has 212 employees" under "# London office" answers a question about London.
    """
    wanted = set(terms(question.text))
    if not wanted:
        return []
    ranked = []
    for rank, hit in enumerate(question.evidence):
        lines = [line for line in _SENTENCE.split(hit.text) if line.strip()]
        heading = set(terms(lines[0])) if lines and not lines[0].rstrip().endswith((".", "!", "?")) else set()
        previous: set[str] = set()
        for text in lines:
            own = set(terms(text))
            context = (heading | previous) - own
            coverage = (len(wanted & own) + CONTEXT_WEIGHT * len(wanted & context)) / len(wanted)
            ranked.append(Sentence(text, coverage + 0.05 / (1 + rank), coverage))
            previous = own
    return sorted(ranked, key=lambda s: s.score, reverse=True)


def _proximity(sentence: str, start: int, end: int, wanted: set[str]) -> float:
    """1 when a question term is next to the span ``start:end``, falling with the gap in words."""
    gaps = []
    for match in _TOKEN.finditer(sentence):
        if stem(match.group(0)) in wanted:
            lo, hi = (match.end(), start) if match.end() <= start else (end, match.start())
            gaps.append(len(sentence[lo:hi].split()) if hi > lo else 0)
    # A sentence that matched only through its heading or neighbour still places the answer nearby.
    return 1.0 / (1.0 + min(gaps) / 3) if gaps else 0.25


def _wants_year(question: str) -> bool:
    q = question.lower()
    return bool(re.search(r"\b(what|which|in what) year\b|\bwhen\b|\byear\b", q)) and "how many" not in q


def _candidates(sentence: str, question: Question) -> list[tuple[Any, float, int, int]]:
    """(value, type preference, start, end) for each candidate of the wanted type in ``sentence``."""
    element = question.answer_type.element
    q_lower = question.text.lower()
    out: list[tuple[Any, float, int, int]] = []
    if element in (AnswerType.INTEGER, AnswerType.FLOAT):
        wants_year = element is AnswerType.INTEGER and _wants_year(question.text)
        wants_percent = bool(re.search(r"percent|%|proportion|share|rate", q_lower))
        for c in extract.numbers(sentence):
            if element is AnswerType.INTEGER and c.value != int(c.value):
                continue
            preference = 1.0
            if c.kind == "year":
                preference = 1.5 if wants_year else 0.5
            elif wants_year:
                preference = 0.2
            if element is AnswerType.FLOAT:
                preference *= 1.5 if (c.kind == "percent") == wants_percent else 0.6
            value = int(c.value) if element is AnswerType.INTEGER else c.value
            out.append((value, preference, c.start, c.end))
    elif element is AnswerType.DATETIME:
        out += [(c.value, 1.0, c.start, c.end) for c in extract.dates(sentence, question.now)]
        if not out:  # a year alone is a weak date
            out += [(f"{m.group(1)}-01-01T00:00:00Z", 0.3, m.start(), m.end()) for m in extract.YEAR.finditer(sentence)]
    elif element is AnswerType.STRING:
        wants_person = bool(re.match(r"\s*(who|whom|whose)\b", q_lower))
        for c in extract.names(sentence):
            words = c.value.split()
            if c.start == 0 and len(words) == 1 and c.value.lower() in _STOP:
                continue
            # People are usually named in two or more words; for "who" questions that matters most.
            preference = (0.8 + 0.4 * min(len(words) - 1, 2)) if wants_person else 1.0 + 0.2 * min(len(words) - 1, 2)
            out.append((c.value, preference, c.start, c.end))
    return out


def _in_question(value: Any, question: str) -> bool:
    text = str(value).lower()
    if isinstance(value, float) and value == int(value):
        text = str(int(value))
    return bool(text) and re.search(rf"(?<![\w.]){re.escape(text)}(?![\w])", question.lower()) is not None


@register_engine("offline")
class OfflineEngine:
    """Extractive typed answers from the evidence alone."""

    name = "offline"

    def __init__(self, settings: Settings | None = None) -> None:
        self._sentences = 8

    def propose(self, question: Question) -> Any:
        sentences = rank_sentences(question)
        if not sentences or sentences[0].coverage < MIN_COVERAGE:
            return [] if question.answer_type.is_array and sentences else None
        if question.answer_type.element is AnswerType.BOOLEAN:
            return self._boolean(question, sentences)
        wanted = set(terms(question.text))
        scored: dict[Any, float] = {}
        order: dict[Any, int] = {}
        for position, sentence in enumerate(sentences[: self._sentences]):
            for value, preference, start, end in _candidates(sentence.text, question):
                if _in_question(value, question.text):
                    continue
                score = sentence.score * preference * (0.5 + _proximity(sentence.text, start, end, wanted))
                if score > scored.get(value, 0.0):
                    scored[value] = score
                order.setdefault(value, position * 1000 + start)
        if not scored:
            return [] if question.answer_type.is_array else None
        best = max(scored.values())
        if question.answer_type.is_array:
            chosen = [v for v in scored if scored[v] >= 0.5 * best]
            return sorted(chosen, key=lambda v: order[v])
        return max(scored, key=lambda v: scored[v])

    def _boolean(self, question: Question, sentences: list[Sentence]) -> Any:
        """True when the best evidence states what the question asks; False when it negates it."""
        clauses = [c for c in re.split(r"\band\b|,|;", question.text) if terms(c)]
        if not question.answer_type.is_array or len(clauses) < 2:
            clauses = [question.text]
        answers = []
        for clause in clauses:
            best = sentences[0].text
            negated = bool(_NEGATION.search(best)) != bool(_NEGATION.search(clause))
            answers.append(not negated)
        return answers if question.answer_type.is_array else answers[0]
