"""The ``offline`` engine: extractive, typed answers with no model and no network.

It reads the evidence sentence by sentence, scores each sentence by how much of the question it
covers (and by its passage's rank), extracts candidates of the wanted type from the best sentences,
and prefers candidates close to the question's words and not already in the question. Every proposal
carries a calibrated confidence (``confidence.py``) and the span it was read from; a question about a
name or number that no passage mentions gets no value at all, with the reason.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from backend.answer import confidence
from backend.answer.candidates import MAX_PREFERENCE, Found, candidates, common_words, in_question
from backend.answer.engine import Proposal, Question, Span
from backend.answer.qualifiers import unmentioned_qualifiers
from backend.text import STOP_WORDS, split_sentences, stem, terms, words
from backend.types import AnswerType

if TYPE_CHECKING:
    from backend.config import Settings
    from backend.embed import Embedder

_RAW_WORD = re.compile(r"[^\W_]+")  # a word as written, letters with diacritics and all (text.words folds them)
_NEGATION = re.compile(r"\b(not|no|never|none|neither|nor|without|cannot)\b|n't\b", re.IGNORECASE)
# Words that put a value in the future of a plan ("for Q2 we forecast revenue of 2,000,000"), in a sentence or in a
# question that asks about such a value ("what is the Q2 forecast"). Only these: "an estimated 16,000 species", an
# "average budget", "expected", "predicted" state facts in passages as often as plans (with them, 7 of the 579
# typed-QA dev questions read with their own passage changed answer, all for the worse; with this list, none).
FORECAST = re.compile(r"\b(?:forecast\w*|outlook|guidance|projected)\b", re.IGNORECASE)
# The weights below were chosen on the whole typed-QA dev set by earlier sessions (bench/typed_qa.py, 2026-11,
# 61.5% there); this session re-measured them on the checking half (59.2%) and left them: they rank, and the
# confidence model in confidence.py, fitted on the tuning half only, decides what is good enough to return.
CONTEXT_WEIGHT = 0.7
SCALAR_SENTENCES, ARRAY_SENTENCES = 8, 20  # best sentences read for one value / for a list
WINDOW_WORDS = 8
NEAREST_WEIGHT, WINDOW_WEIGHT = 0.5, 0.5  # how candidates' closeness to the question's words is judged
MIN_COVERAGE = 0.2


@dataclass(frozen=True)
class Sentence:
    """One evidence sentence, where it sits in its passage, and how well it covers the question."""

    text: str
    passage: int  # index of its passage in the evidence
    offset: int  # where it starts in that passage's text
    score: float  # coverage of the question's terms, nudged by passage rank
    coverage: float
    weights: dict[str, float]  # the question's terms and their IDF weights over the evidence


def _sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) for every sentence of a passage: lines first (headings, rows), then sentence ends."""
    found, cursor = [], 0
    for line in text.split("\n"):
        for sentence in split_sentences(line):
            start = text.find(sentence, cursor)
            found.append((start, sentence))
            cursor = start + len(sentence)
    return found


def rank_sentences(question: Question) -> list[Sentence]:
    """Evidence sentences, best first, by the IDF-weighted share of the question's terms they contain.

    A term found in most evidence sentences ("Broncos" in a passage about the Broncos) tells little; a rare
    one ("receptions") tells a lot. A sentence's own terms count fully; its heading's and the previous
    sentence's count ``CONTEXT_WEIGHT``, because "It has 212 employees" under "# London office" is about London.
    """
    wanted = set(terms(question.text))
    if not wanted:
        return []
    parsed = []
    for rank, hit in enumerate(question.evidence):
        lines = _sentences(hit.text)
        first = lines[0][1] if lines else ""
        heading = set(terms(first)) if first and not first.rstrip().endswith((".", "!", "?")) else set()
        previous: set[str] = set()
        for offset, text in lines:
            own = set(terms(text))
            parsed.append((rank, offset, text, own, (heading | previous) - own))
            previous = own
    count = len(parsed) or 1
    # Names in the question ("London", "Broncos") say what it is about: they count double.
    named = {stem(w) for w in words(question.text)[1:] if w[:1].isupper()}
    weight = {
        t: math.log(1 + count / (1 + sum(1 for p in parsed if t in p[3]))) * (2 if t in named else 1) for t in wanted
    }
    total = sum(weight.values())
    ranked = []
    for rank, offset, text, own, context in parsed:
        covered = sum(weight[t] for t in wanted & own) + CONTEXT_WEIGHT * sum(weight[t] for t in wanted & context)
        coverage = covered / total
        ranked.append(Sentence(text, rank, offset, coverage + 0.05 / (1 + rank), coverage, weight))
    return sorted(ranked, key=lambda s: s.score, reverse=True)


def _window_coverage(sentence: Sentence, start: int, end: int) -> float:
    """The IDF-weighted share of the question's terms within ``WINDOW_WORDS`` words of the span.

    Answers sit next to the words that restate the question: "... head coach John Fox ..." for "Who was
    the head coach?". A sentence matched only through its heading still places the answer nearby (0.25).
    """
    before = sentence.text[:start].split()[-WINDOW_WORDS:]
    after = sentence.text[end:].split()[:WINDOW_WORDS]
    near = {stem(t) for t in words(" ".join(before + after)) if t.lower() not in STOP_WORDS}
    total = sum(sentence.weights.values()) or 1.0
    found = sum(w for t, w in sentence.weights.items() if t in near)
    return found / total if found else (0.25 if sentence.coverage > 0 else 0.0)


def _proximity(sentence: Sentence, start: int, end: int) -> float:
    """1 when a question term is right next to the span, falling with the gap in words."""
    gaps = []
    for match in _RAW_WORD.finditer(sentence.text):  # where each word is in the text as written
        if any(stem(w) in sentence.weights for w in words(match.group(0))):
            lo, hi = (match.end(), start) if match.end() <= start else (end, match.start())
            gaps.append(len(sentence.text[lo:hi].split()) if hi > lo else 0)
    return 1.0 / (1.0 + min(gaps) / 3) if gaps else 0.25


@dataclass
class _Scored:
    """A candidate value's best reading: its score, the sentence and span it came from, its closeness."""

    score: float
    sentence: Sentence
    found: Found
    closeness: float
    order: int
    rivals: int  # distinct candidates of the type in its sentence (the "alone" signal)


def unanswerable(question: Question) -> str:
    """Why the evidence cannot answer the question, whoever reads it ("" when it may): it never mentions a name
    or number the question is about, or a qualifier of what it asks for, or there is no evidence at all."""
    where = question.scope
    stems = confidence.evidence_stems(question.evidence)
    missing = confidence.unmentioned(confidence.key_terms(question.text), question.evidence, stems)
    if missing:
        return f"No passage {where} mentions {confidence.quoted(missing)}."
    # "the monthly parking allowance" where the passages know allowances and never say "parking": whatever value they
    # hold is another allowance's
    unqualified, noun = unmentioned_qualifiers(question.text, question.evidence, stems)
    if unqualified:
        return f"No passage {where} mentions {confidence.quoted(unqualified)}: the {noun} they speak of is another."
    if not question.evidence:
        return f"No passage {where} matches the question."
    return ""


class OfflineEngine:
    """Extractive typed answers from the evidence alone, with a calibrated confidence."""

    name = "offline"

    def __init__(self, settings: Settings | None = None, embedder: Embedder | None = None) -> None:
        self._embedder = embedder  # for the question-sentence similarity signal (0.5, neutral, without one)

    def propose(self, question: Question) -> Proposal:
        """The best-supported value of the wanted type, or nothing with the reason."""
        where = question.scope
        if reason := unanswerable(question):
            return Proposal.nothing(reason)
        stems = confidence.evidence_stems(question.evidence)
        asked = set(terms(question.text))
        absent = len(asked - stems) / len(asked) if asked else 1.0
        sentences = rank_sentences(question)
        if not sentences or sentences[0].coverage < MIN_COVERAGE:
            return Proposal.nothing(f"No passage {where} is about what the question asks.")
        if question.answer_type.element is AnswerType.BOOLEAN:
            return self._boolean(question, sentences, absent)
        scored = self._score_candidates(question, sentences)
        if not scored:
            return Proposal.nothing(
                f"The passages that match the question hold no {question.answer_type.element} value for it."
            )
        ranked = sorted(scored.values(), key=lambda c: c.score, reverse=True)
        if not FORECAST.search(question.text):
            # "what was the revenue": a value stated as a fact before one forecast or expected (a stable sort keeps
            # the score order within each); a question that speaks of a forecast or an estimate takes either
            ranked.sort(key=lambda c: bool(FORECAST.search(c.sentence.text)))
        if question.answer_type.is_array:
            return self._array(question, ranked, absent)
        best = ranked[0]
        margin = max(0.0, 1.0 - (ranked[1].score / best.score if len(ranked) > 1 and best.score > 0 else 0.0))
        similarity = self._similarities(question.text, [best.sentence.text])[0]
        signals = self._signals(best, absent, similarity, margin)
        return Proposal(
            best.found.value, confidence.probability(signals, question.answer_type), [_span(best)], signals=signals
        )

    def _score_candidates(self, question: Question, sentences: list[Sentence]) -> dict[Any, _Scored]:
        """Every candidate value of the wanted type in the best sentences, with its best reading."""
        scored: dict[Any, _Scored] = {}
        depth = ARRAY_SENTENCES if question.answer_type.is_array else SCALAR_SENTENCES
        common = common_words(question) if question.answer_type.element is AnswerType.STRING else frozenset()
        for position, sentence in enumerate(sentences[:depth]):
            found_here = candidates(sentence.text, question, common)
            rivals = len({f.value for f in found_here})
            for found in found_here:
                if in_question(found.value, question.text):
                    continue
                closeness = NEAREST_WEIGHT * _proximity(
                    sentence, found.start, found.end
                ) + WINDOW_WEIGHT * _window_coverage(sentence, found.start, found.end)
                score = sentence.score * found.preference * (0.5 + closeness)
                known = scored.get(found.value)
                if known is None or score > known.score:
                    order = known.order if known else position * 1000 + found.start
                    scored[found.value] = _Scored(score, sentence, found, closeness, order, rivals)
        return scored

    def _array(self, question: Question, ranked: list[_Scored], absent: float) -> Proposal:
        """Every candidate close enough to the best, in reading order, each with its own confidence.

        There is no array data to calibrate on: an element's confidence is the scalar model's, with the
        element's score relative to the best one standing in for the margin.
        """
        best = ranked[0].score
        chosen = [c for c in ranked if c.score >= 0.5 * best]
        counted = [c for c in chosen if c.found.counted]
        if len(counted) >= 2:  # "how many employees in each office": only numbers of employees
            chosen = counted
        chosen.sort(key=lambda c: c.order)
        similarities = self._similarities(question.text, [c.sentence.text for c in chosen])
        signals = [
            self._signals(c, absent, similarity, c.score / best)
            for c, similarity in zip(chosen, similarities, strict=True)
        ]
        confidences = [confidence.probability(s, question.answer_type) for s in signals]
        strongest = max(range(len(chosen)), key=lambda i: confidences[i])
        return Proposal(
            [c.found.value for c in chosen],
            confidences[strongest],
            [_span(c) for c in chosen],
            element_confidences=confidences,
            signals=signals[strongest],
        )

    def _boolean(self, question: Question, sentences: list[Sentence], absent: float) -> Proposal:
        """True when the best evidence states what the question asks; False when it negates it.

        The confidence is that of the best sentence stating the claim: how much of the question it covers
        and how similar it is to it (a passage merely on the topic does not state the claim).
        """
        clauses = [c for c in re.split(r"\band\b|,|;", question.text) if terms(c)]
        if not question.answer_type.is_array or len(clauses) < 2:
            clauses = [question.text]
        best = sentences[0]
        similarity = self._similarities(question.text, [best.text])[0]
        answers = [not (bool(_NEGATION.search(best.text)) != bool(_NEGATION.search(clause))) for clause in clauses]
        signals = confidence.Signals(best.coverage, absent, similarity, 1.0, 1.0, 1 / (1 + best.passage), 1.0, 1.0)
        value_confidence = confidence.probability(signals, question.answer_type)
        span = Span(best.passage, best.offset, best.offset + len(best.text))
        value = answers if question.answer_type.is_array else answers[0]
        return Proposal(
            value,
            value_confidence,
            [span],
            element_confidences=[value_confidence] * len(answers) if question.answer_type.is_array else None,
            signals=signals,
        )

    @staticmethod
    def _signals(candidate: _Scored, absent: float, similarity: float, margin: float) -> confidence.Signals:
        return confidence.Signals(
            candidate.sentence.coverage,
            absent,
            similarity,
            margin,
            min(1.0, candidate.closeness),
            1 / (1 + candidate.sentence.passage),
            1 / max(1, candidate.rivals),
            min(1.0, candidate.found.preference / MAX_PREFERENCE),
        )

    def _similarities(self, question: str, sentences: list[str]) -> list[float]:
        """Cosine similarity of the question and each sentence, by the shared embedder (vectors are unit length)."""
        if self._embedder is None or not sentences:
            return [0.5] * len(sentences)
        query = self._embedder.embed_query(question)
        unique = list(dict.fromkeys(sentences))
        vectors = self._embedder.embed_documents(unique)
        by_text = dict(zip(unique, (float(np.dot(query, v)) for v in vectors), strict=True))
        return [max(0.0, by_text[s]) for s in sentences]


def _span(candidate: _Scored) -> Span:
    """Where the candidate's text sits in its passage."""
    start = candidate.sentence.offset + candidate.found.start
    return Span(candidate.sentence.passage, start, candidate.sentence.offset + candidate.found.end)
