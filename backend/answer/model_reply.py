"""What a small model's reply says beyond its JSON: how sure it was of the value's tokens, a date as it wrote it, a
number it wrote without the scale word the evidence gives ("12" for "12 million"). Used by the ``local`` engine."""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Any

from backend.answer import extract
from backend.answer.llm import Completion
from backend.types import AnswerType, format_datetime


def scaled(number: float, sentences: list[str]) -> float:
    """``number`` as the sentences the model read write it with a scale word, when they write it only so: the
    model's 12 for "12 million inhabitants" is 12000000; a number also written alone stays as it is. Only what the
    model read counts: a plain "12" in a passage it was not shown kept "over 12 million" at 12 (typed-QA tuning,
    2026-11-26).

    A number with the digits of such a mention but another magnitude is that mention too, the model having lost
    count of its zeros: 200000 for "$2 million" (a grid's cell, typed-QA tuning 2026-11-27; the alternatives at the
    sixth digit were a zero or the end, never " million"). A mention of the very number comes first."""
    plain, exact, magnitude = False, set(), set()
    for sentence in sentences:
        for found in extract.numbers(sentence):
            leading = re.match(r"[^\d]*([\d.,]+)", found.text)
            written = float(leading.group(1).replace(",", "")) if leading and leading.group(1)[0].isdigit() else None
            if found.kind == "scaled" and written == number:
                exact.add(found.value)
            elif found.value == number:
                plain = True
            elif found.kind == "scaled" and written is not None and _digits(written) == _digits(number):
                magnitude.add(found.value)
    candidates = exact or magnitude
    return candidates.pop() if len(candidates) == 1 and not plain else number


def _digits(number: float) -> str:
    """The significant digits of ``number``, without its magnitude: 2, 20 and 200000 are "2"; 1.2 is "12"."""
    return f"{abs(number):f}".replace(".", "").strip("0")


def read_written(text: str, element: AnswerType, now: datetime) -> Any:
    """The first number or date in what the model wrote, as the offline engine reads passages; :class:`ValueError`
    when there is none ("12 million" → 12000000.0, "June 11, 1962" → that day)."""
    found = extract.dates(text, now) if element is AnswerType.DATETIME else extract.numbers(text)
    if not found:
        if element is AnswerType.DATETIME and re.fullmatch(r"\s*\d{4}\s*", text):
            return f"{text.strip()}-01-01T00:00:00Z"  # a year alone: its first day, as a date
        raise ValueError(f"{text!r} holds no {element.value}")
    value = found[0].value
    return format_datetime(value) if element is AnswerType.DATETIME else value


def token_signals(completion: Completion) -> tuple[float, float]:
    """(probability of a value rather than null where the model chose, geometric mean probability of the value's
    tokens), from the reply's tokens: ``{"answer":`` is syntax; the tokens after it, but the closing brace, are
    the value's."""
    colon = completion.text.find(":")
    position, chose, logprobs = 0, None, []
    for token in completion.tokens:
        start, position = position, position + len(token.text)
        if position <= colon + 1 or not token.text.strip(" }"):
            continue  # the key, and the closing brace
        if chose is None:  # where it chose between a value and null
            alternatives = token.alternatives or {token.text: token.logprob}
            null = sum(math.exp(lp) for t, lp in alternatives.items() if t.lstrip('": ').startswith("null"))
            chose = 1.0 - null / (sum(math.exp(lp) for lp in alternatives.values()) or 1.0)
        if start >= colon + 1:
            logprobs.append(token.logprob)
    return (chose or 0.0), (math.exp(sum(logprobs) / len(logprobs)) if logprobs else 0.0)
