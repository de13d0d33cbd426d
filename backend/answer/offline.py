"""The ``offline`` engine: extractive, typed answers with no model and no network.

It reads the evidence sentence by sentence, scores each sentence by how much of the question it
covers (and by its passage's rank), extracts candidates of the wanted type from the best sentences,
and prefers candidates close to the question's words and not already in the question. Below a
confidence threshold it declines rather than guess.
"""

from __future__ import annotations

import math
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
# Capitalised at a sentence start but never an answer on their own.
_LEADING_WORDS = set(
    "but however although though while after before during since until also then thus therefore later today "
    "in on at by for from with without as despite among".split()
)
_ORGANISATION_WORDS = set(
    "league conference bowl championship cup university college company inc corporation association council "
    "stadium trophy award game games committee party church school institute museum club network festival "
    "department ministry agency army navy society foundation".split()
)
_NEGATION = re.compile(r"\b(not|no|never|none|neither|nor|without|cannot)\b|n't\b", re.IGNORECASE)
_TOKEN = re.compile(r"[A-Za-z0-9]+")
# Sentence ends, but not after an initial ("John C. Messenger") or a title ("Dr. Smith").
_SENTENCE = re.compile(r"(?<!\b[A-Z]\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<=[.!?])\s+(?=[A-Z0-9\"'(])|\n+")
CONTEXT_WEIGHT = 0.7
COUNTED_NOUN_BOOST = 2.0
SCALAR_SENTENCES, ARRAY_SENTENCES = 8, 20  # best sentences read for one value / for a list
WINDOW_WORDS = 8
NEAREST_WEIGHT, WINDOW_WEIGHT = 0.5, 0.5  # how candidates' closeness to the question's words is judged
MIN_COVERAGE = 0.2


_IRREGULAR = {past: base for base, forms in {
    "lead": "led", "win": "won", "begin": "began begun", "write": "wrote written", "hold": "held", "build": "built",
    "make": "made", "take": "took taken", "give": "gave given", "sell": "sold", "buy": "bought", "run": "ran",
    "pay": "paid", "say": "said", "leave": "left", "meet": "met", "know": "knew known", "become": "became",
    "bring": "brought", "teach": "taught", "think": "thought", "find": "found", "see": "saw seen", "go": "went gone",
    "lose": "lost", "send": "sent", "spend": "spent", "fall": "fell fallen", "rise": "rose risen", "grow": "grew",
    "choose": "chose chosen", "speak": "spoke spoken", "sing": "sang sung", "draw": "drew drawn", "fight": "fought",
}.items() for past in forms.split()}


def stem(word: str) -> str:
    """A light English stem: enough to match 'employees'/'employee' and 'opened'/'opens'."""
    word = word.lower()
    if word in _IRREGULAR:
        return _IRREGULAR[word]
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
    weights: dict[str, float]  # the question's terms and their IDF weights over the evidence


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
        lines = [line for line in _SENTENCE.split(hit.text) if line.strip()]
        heading = set(terms(lines[0])) if lines and not lines[0].rstrip().endswith((".", "!", "?")) else set()
        previous: set[str] = set()
        for text in lines:
            own = set(terms(text))
            parsed.append((rank, text, own, (heading | previous) - own))
            previous = own
    count = len(parsed) or 1
    # Names in the question ("London", "Broncos") say what it is about: they count double.
    named = {stem(w) for w in _TOKEN.findall(question.text)[1:] if w[:1].isupper()}
    weight = {t: math.log(1 + count / (1 + sum(1 for _, _, own, _ in parsed if t in own))) * (2 if t in named else 1)
              for t in wanted}
    total = sum(weight.values())
    ranked = []
    for rank, text, own, context in parsed:
        covered = sum(weight[t] for t in wanted & own) + CONTEXT_WEIGHT * sum(weight[t] for t in wanted & context)
        coverage = covered / total
        ranked.append(Sentence(text, coverage + 0.05 / (1 + rank), coverage, weight))
    return sorted(ranked, key=lambda s: s.score, reverse=True)


def _window_coverage(sentence: Sentence, start: int, end: int) -> float:
    """The IDF-weighted share of the question's terms within ``WINDOW_WORDS`` words of the span.

    Answers sit next to the words that restate the question: "... head coach John Fox ..." for "Who was
    the head coach?". A sentence matched only through its heading still places the answer nearby (0.25).
    """
    before = sentence.text[:start].split()[-WINDOW_WORDS:]
    after = sentence.text[end:].split()[:WINDOW_WORDS]
    near = {stem(t) for t in _TOKEN.findall(" ".join(before + after)) if t.lower() not in _STOP}
    total = sum(sentence.weights.values()) or 1.0
    found = sum(w for t, w in sentence.weights.items() if t in near)
    return found / total if found else (0.25 if sentence.coverage > 0 else 0.0)


def _proximity(sentence: Sentence, start: int, end: int) -> float:
    """1 when a question term is right next to the span, falling with the gap in words."""
    gaps = []
    for match in _TOKEN.finditer(sentence.text):
        if stem(match.group(0)) in sentence.weights:
            lo, hi = (match.end(), start) if match.end() <= start else (end, match.start())
            gaps.append(len(sentence.text[lo:hi].split()) if hi > lo else 0)
    return 1.0 / (1.0 + min(gaps) / 3) if gaps else 0.25


def _wants_year(question: str) -> bool:
    q = question.lower()
    return bool(re.search(r"\b(what|which|in what) year\b|\bwhen\b|\byear\b", q)) and "how many" not in q


@dataclass(frozen=True)
class Found:
    """A candidate value at ``start:end`` of a sentence, with how well its kind fits the question."""

    value: Any
    preference: float
    start: int
    end: int
    counted: bool = False  # a number written with the noun the question counts ("212 employees")


def _candidates(sentence: str, question: Question) -> list[Found]:
    """Every candidate of the wanted type in ``sentence``."""
    element = question.answer_type.element
    q_lower = question.text.lower()
    out: list[Found] = []
    if element in (AnswerType.INTEGER, AnswerType.FLOAT):
        wants_year = element is AnswerType.INTEGER and _wants_year(question.text)
        wants_percent = bool(re.search(r"percent|%|proportion|share|rate", q_lower))
        counted_match = re.search(r"how many (\w+)", q_lower)
        counted = stem(counted_match.group(1)) if counted_match else None
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
            is_counted = bool(counted) and counted in {
                stem(w) for w in _TOKEN.findall(" ".join(sentence[c.end:].split()[:3]))}
            if is_counted:
                preference *= COUNTED_NOUN_BOOST  # "212 employees" answers "how many employees"
            value = int(c.value) if element is AnswerType.INTEGER else c.value
            out.append(Found(value, preference, c.start, c.end, is_counted))
    elif element is AnswerType.DATETIME:
        out += [Found(c.value, 1.0, c.start, c.end) for c in extract.dates(sentence, question.now)]
        if not out:  # a year alone is a weak date
            out += [Found(f"{m.group(1)}-01-01T00:00:00Z", 0.3, m.start(), m.end())
                    for m in extract.YEAR.finditer(sentence)]
    elif element is AnswerType.STRING:
        wants_person = bool(re.match(r"\s*(who|whom|whose)\b", q_lower))
        asked = set(terms(question.text))
        for c in extract.names(sentence):
            words = _trim(c.value.split(), asked, trailing=wants_person)
            if not words:
                continue
            # People are usually named in two or more words, and not with words that name organisations.
            if wants_person:
                preference = 0.8 + 0.4 * min(len(words) - 1, 2)
                if any(w.lower() in _ORGANISATION_WORDS for w in words):
                    preference *= 0.5
            else:
                preference = 1.0 + 0.2 * min(len(words) - 1, 2)
            out.append(Found(" ".join(words), preference, c.start, c.end))
    return out


def _trim(words: list[str], asked: set[str], trailing: bool) -> list[str]:
    """Drop edge words the question already says, or capitalised function words ("But").

    Trailing words are kept unless ``trailing``: "Colorado Desert" answers "which desert?", while for "who"
    questions "Vince Lombardi Trophy" should lose its "Trophy".
    """

    def droppable(word: str) -> bool:
        bare = word.strip(".,;:'’\"").lower()
        return bare in _STOP or bare in _LEADING_WORDS or stem(bare) in asked

    while words and droppable(words[0]):
        words = words[1:]
    while trailing and words and droppable(words[-1]):
        words = words[:-1]
    return words


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
        self._settings = settings

    def propose(self, question: Question) -> Any:
        sentences = rank_sentences(question)
        if not sentences or sentences[0].coverage < MIN_COVERAGE:
            return [] if question.answer_type.is_array and sentences else None
        if question.answer_type.element is AnswerType.BOOLEAN:
            return self._boolean(question, sentences)
        scored: dict[Any, float] = {}
        order: dict[Any, int] = {}
        counted: set[Any] = set()
        depth = ARRAY_SENTENCES if question.answer_type.is_array else SCALAR_SENTENCES
        for position, sentence in enumerate(sentences[:depth]):
            for found in _candidates(sentence.text, question):
                if _in_question(found.value, question.text):
                    continue
                closeness = (NEAREST_WEIGHT * _proximity(sentence, found.start, found.end)
                             + WINDOW_WEIGHT * _window_coverage(sentence, found.start, found.end))
                score = sentence.score * found.preference * (0.5 + closeness)
                if score > scored.get(found.value, 0.0):
                    scored[found.value] = score
                order.setdefault(found.value, position * 1000 + found.start)
                if found.counted:
                    counted.add(found.value)
        if not scored:
            return [] if question.answer_type.is_array else None
        best = max(scored.values())
        if question.answer_type.is_array:
            chosen = [v for v in scored if scored[v] >= 0.5 * best]
            if len(counted) >= 2:  # "how many employees in each office": only numbers of employees
                chosen = [v for v in chosen if v in counted] or chosen
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
