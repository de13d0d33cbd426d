"""Typed candidates for the offline engine: every value of the wanted type in a sentence, with how well its kind
fits the question (a year for "when", a person's name for "who", a number followed by the counted noun)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from backend.answer import extract
from backend.answer.engine import Question
from backend.text import STOP_WORDS, fold, stem, terms, words
from backend.types import AnswerType, normalise

# Chosen on the whole typed-QA dev set by earlier sessions (bench/typed_qa.py, 2026-11); see offline.py.
COUNTED_NOUN_BOOST = 2.0
MAX_PREFERENCE = 3.0  # the largest preference candidates() gives: a counted percentage, 1.5 x COUNTED_NOUN_BOOST
_LEADING_WORDS = set(
    "but however although though while after before during since until also then thus therefore later today "
    "in on at by for from with without as despite among".split()
)
_ORGANISATION_WORDS = set(
    "league conference bowl championship cup university college company inc corporation association council "
    "stadium trophy award game games committee party church school institute museum club network festival "
    "department ministry agency army navy society foundation".split()
)


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


def common_words(question: Question) -> frozenset[str]:
    """Words the evidence writes in lower case somewhere ("works", "laboratory", "hall"): in a capitalised name
    they name a thing ("Edison Machine Works"), not a person."""
    return frozenset(w for hit in question.evidence for w in re.findall(r"\b[a-z][a-z]{2,}\b", hit.text))


def candidates(sentence: str, question: Question, common: frozenset[str] = frozenset()) -> list[Found]:
    """Every candidate of the wanted type in ``sentence``; ``common`` is :func:`common_words` of the evidence."""
    element = question.answer_type.element
    q_lower = question.text.lower()
    out: list[Found] = []
    if element in (AnswerType.INTEGER, AnswerType.FLOAT):
        wants_year = element is AnswerType.INTEGER and _wants_year(question.text)
        wants_percent = bool(re.search(r"percent|%|proportion|share|rate", q_lower))
        counted_match = re.search(r"how many (\w+)", q_lower)
        counted = next(map(stem, words(counted_match.group(1))), None) if counted_match else None
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
            is_counted = bool(counted) and counted in {stem(w) for w in words(" ".join(sentence[c.end :].split()[:3]))}
            if is_counted:
                preference *= COUNTED_NOUN_BOOST  # "212 employees" answers "how many employees"
            value = int(c.value) if element is AnswerType.INTEGER else c.value
            out.append(Found(value, preference, c.start, c.end, is_counted))
    elif element is AnswerType.DATETIME:
        out += [Found(c.value, 1.0, c.start, c.end) for c in extract.dates(sentence, question.now)]
        if not out:  # a year alone is a weak date
            out += [
                Found(f"{m.group(1)}-01-01T00:00:00Z", 0.3, m.start(), m.end()) for m in extract.YEAR.finditer(sentence)
            ]
    elif element is AnswerType.STRING:
        wants_person = bool(re.match(r"\s*(who|whom|whose)\b", q_lower))
        asked = set(terms(question.text))
        for c in extract.names(sentence):
            name_words = _trim(c.value.split(), asked, trailing=wants_person)
            if not name_words:
                continue
            # People are usually named in two or more words, and not with words that name organisations or that
            # the evidence also writes in lower case (a capitalised word, that is: "von" in a name is lower case).
            if wants_person:
                preference = 0.8 + 0.4 * min(len(name_words) - 1, 2)
                thing = [w for w in name_words if w[:1].isupper() and w.strip(".,;:'’\"").lower() in common]
                if thing or any(w.lower() in _ORGANISATION_WORDS for w in name_words):
                    preference *= 0.5
            else:
                preference = 1.0 + 0.2 * min(len(name_words) - 1, 2)
            out.append(Found(" ".join(name_words), preference, c.start, c.end))
    # Values leave the engine in their canonical JSON form (an engine's duty, see engine.Proposal): normalised
    # here, once, so candidates that differ only in how they were written ("1,200" and "1200") are one value.
    return [replace(f, value=normalise(f.value, element)) for f in out]


def _trim(words: list[str], asked: set[str], trailing: bool) -> list[str]:
    """Drop capitalised function words ("But") at the front, and trailing words the question already says.

    Trailing words are kept unless ``trailing``: "Colorado Desert" answers "which desert?", while for "who"
    questions "Vince Lombardi Trophy" should lose its "Trophy".
    """

    def droppable(word: str, *, asked_too: bool = True) -> bool:
        bare = word.strip(".,;:'’\"").lower()
        return bare in STOP_WORDS or bare in _LEADING_WORDS or (asked_too and stem(bare) in asked)

    # Leading words the question says stay: "Super Bowl Opening Night" is the name asked for in "What was the
    # name of the Media Day event for Super Bowl 50?" (tuning half, bench/calibrate.py: strings 38.4% → 43.0%).
    while words and droppable(words[0], asked_too=False):
        words = words[1:]
    while trailing and words and droppable(words[-1]):
        words = words[:-1]
    return words


def in_question(value: Any, question: str) -> bool:
    """True when the question already says ``value`` (it is then no answer to it), diacritics aside: "Boleslaw II"
    asks of "Bolesław II"."""
    text = fold(str(value)).lower()
    if isinstance(value, float) and value == int(value):
        text = str(int(value))
    return bool(text) and re.search(rf"(?<![\w.]){re.escape(text)}(?![\w])", fold(question).lower()) is not None
