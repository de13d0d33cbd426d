"""Qualifiers: whether the evidence mentions the thing a question asks about, qualifier and all.

"What is the monthly parking allowance?" over a memo that says "The daily meal allowance on business trips is 35.50
pounds" shares the noun (allowance) and not what qualifies it: no passage says "parking" at all, so any value read
there belongs to another allowance, however well the rest matches. The engine declines, naming the word.

A noun phrase here is what follows a determiner ("the", "a", "its", ...): lower-case words, none of them a stop
word or a number, the last one the noun. Names are the key terms' business (``confidence.key_terms``); verbs and
their objects ("who won Super Bowl XLIX") are no qualifiers, since they follow no determiner. Both sides must qualify
the noun: an unmentioned qualifier of a noun the passages never qualify ("the first half" against "the half") may be
a paraphrase; against another qualifier ("meal allowance") it is another thing.
"""

from __future__ import annotations

import re

from backend.models import SearchHit
from backend.text import STOP_WORDS, fold, stem

_DETERMINERS = {"the", "a", "an", "its", "their", "his", "her", "our", "your", "each", "every"}
MAX_PHRASE_WORDS = 3
# Words that say how big, how many, which one or whose a thing is, not what kind of thing it is: "the large work",
# "its own certification", "the different events" are the works, certifications and events the passages speak of.
# (The typed-QA dev questions, each with its own passage: 3 of 579 were declined without this list, for these words.)
# Degree words too: "the most receptions" asks which count is highest, "the very first test" is the first test (3 of
# 253 answerable typed-QA TUNING questions were declined for "most" or "very", bench/typed_qa.py 2026-11-26).
_NOT_KINDS = frozenset(
    "different same other large small big little own whole entire main first last final next new old "
    "most least more less fewer very".split()
)
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:'s)?|[^\sA-Za-z0-9]")


def qualified_nouns(question: str) -> list[tuple[list[str], str]]:
    """The question's noun phrases of two or three words after a determiner: (qualifiers, noun)."""
    tokens = _TOKEN.findall(question)
    phrases = []
    for i, token in enumerate(tokens):
        if token.lower() not in _DETERMINERS:
            continue
        run = []
        for word in tokens[i + 1 :]:
            if not _qualifies(word):
                break
            run.append(word)
        # two or three words: a longer run of lower-case words has run on into a verb ("the league begin having
        # schedules")
        if 2 <= len(run) <= MAX_PHRASE_WORDS:
            phrases.append((run[:-1], run[-1]))
    return phrases


def _qualifies(token: str) -> bool:
    return token.isalpha() and token.islower() and token not in STOP_WORDS


def _qualifiers_said(noun: str, evidence: list[SearchHit]) -> set[str]:
    """The stems of the lower-case words the passages write before ``noun`` (any form of it) to qualify it: "daily"
    and "meal" of "The daily meal allowance"."""
    said = set()
    for hit in evidence:
        tokens = _TOKEN.findall(hit.text)
        for at, word in enumerate(tokens):
            if stem(word.lower()) != noun:
                continue
            before = at - 1
            while before >= 0 and _qualifies(tokens[before]):
                said.add(stem(tokens[before]))
                before -= 1
    return said


def unmentioned_qualifiers(question: str, evidence: list[SearchHit], evidence_stems: set[str]) -> tuple[list[str], str]:
    """The qualifiers no passage mentions of a noun that the passages qualify otherwise, and that noun: "parking"
    of "the monthly parking allowance" when they speak of a "meal allowance" and never of parking; none found,
    ``([], "")``."""
    if question.islower():  # all lower case ("is the us part of nato"): names cannot be told from qualifiers
        return [], ""
    for qualifiers, noun in qualified_nouns(question):
        absent = [q for q in qualifiers if stem(fold(q)) not in evidence_stems and q not in _NOT_KINDS]
        if absent and _qualifiers_said(stem(noun), evidence) - {stem(q) for q in qualifiers}:
            return list(dict.fromkeys(absent)), noun
    return [], ""
