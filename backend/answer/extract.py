"""Typed candidates in text: numbers (digits or words, scales, percentages), dates, and names.

Each candidate keeps its character span so the offline engine can score it by how close it sits to
the words of the question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from price_parser import Price
from text_to_num import text2num

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = {
    "hundred": 100,
    "thousand": 1_000,
    "million": 1_000_000,
    "billion": 1_000_000_000,
    "trillion": 1_000_000_000_000,
    "dozen": 12,
}
# Abbreviated scales count only after a currency sign: "$4bn" is four billion, but "100m" is a distance.
_MONEY_SCALES = {"k": 1_000, "m": 1_000_000, "mn": 1_000_000, "bn": 1_000_000_000, "b": 1_000_000_000}
_WORD = "|".join(sorted([*_UNITS, *_TENS], key=len, reverse=True))
_SCALE = "|".join(_SCALES)
_NUMBER_WORD = rf"(?:{_WORD}|hundred|thousand|million|billion|trillion)"
NUMBER = re.compile(
    rf"(?<![\w.])(?P<sign>[-−])?(?:(?P<currency>[$£€¥])\s?)?"
    # 1,500 and 1,500.25 | 3,5 before a scale word ("€3,5 million": a decimal comma) | 42 and 4.2
    rf"(?P<digits>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+,\d{{1,2}}(?=\s*(?:{_SCALE})\b)|\d+(?:\.\d+)?)"
    rf"|\b(?P<words>(?:{_WORD})(?:(?:[\s-]+|\s+and\s+){_NUMBER_WORD})*)\b",
    re.IGNORECASE,
)
_AFTER = re.compile(
    rf"^\s*(?:(?P<scale>{_SCALE})\b|(?P<abbrev>bn|mn|m|k|b)\b)?\s*(?P<pct>%|percent\b|per cent\b)?", re.IGNORECASE
)
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_TIME = r"(?:,?\s*(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?(?:\s*(?:UTC|GMT|Z|[+-]\d{2}:?\d{2}))?)?"
DATE = re.compile(
    rf"\b(?:\d{{4}}-\d{{2}}-\d{{2}}(?:[T ]\d{{2}}:\d{{2}}(?::\d{{2}})?(?:Z|[+-]\d{{2}}:?\d{{2}})?)?"
    rf"|(?:{_MONTH})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{3,4}}{_TIME}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH})\.?,?\s+\d{{3,4}}{_TIME}"
    rf"|(?:{_MONTH})\.?\s+\d{{4}})\b",
    re.IGNORECASE,
)
_WEEKDAY = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
RELATIVE_DATE = re.compile(
    rf"\b(?:today|tomorrow|yesterday|(?:next|last|this)\s+(?:{_WEEKDAY}|week|month|year)"
    rf"|in\s+\d+\s+(?:days?|weeks?|months?|years?)|\d+\s+(?:days?|weeks?|months?|years?)\s+ago)\b",
    re.IGNORECASE,
)
YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_WEEKDAYS = set("monday tuesday wednesday thursday friday saturday sunday".split())
_CALENDAR_WORDS = set(_MONTHS) | _WEEKDAYS


def _is_calendar_word(word: str) -> bool:
    """Months and weekdays ("Sundays" too) are dates, not names."""
    bare = word.lower().rstrip(".,")
    return bare in _CALENDAR_WORDS or (bare.endswith("s") and bare[:-1] in _WEEKDAYS)


_CONNECTORS = {"of", "de", "da", "del", "van", "von", "der", "la", "le", "the", "and", "&", "bin", "al"}
NAME = re.compile(r"[A-Z][\w'’.-]*(?:\s+(?:(?:of|de|da|del|van|von|der|la|le|the|bin|al|&)\s+)*[A-Z][\w'’.-]*)*")


@dataclass(frozen=True)
class Candidate:
    """A typed value found at ``start:end`` of a text."""

    value: Any
    start: int
    end: int
    text: str
    kind: str = ""  # "year", "percent", "count", "date", "name"...


def _words_to_number(words: str) -> int | None:
    """ "two hundred and twelve" → 212 (text2num's English grammar), None for a phrase that is no number."""
    try:
        return int(text2num(words.lower(), "en"))
    except ValueError:
        return None


def numbers(text: str) -> list[Candidate]:
    """Every number in ``text``, with scale words multiplied out and percentages kept in percent units."""
    found = []
    for match in NUMBER.finditer(text):
        if match.group("digits"):
            raw = match.group("digits")
            # price-parser reads digit groups the way people write them: "1,500", "3,5", "12,345.67"
            amount = Price.fromstring(raw).amount_float
            if amount is None:
                continue
            value: float = amount
            kind = "decimal" if re.search(r"[.,]\d{1,2}$", raw) or re.search(r"\.\d+$", raw) else "digits"
        else:
            parsed = _words_to_number(match.group("words"))
            if parsed is None:
                continue
            value, kind = float(parsed), "words"
        if match.group("sign"):
            value = -value
        after = _AFTER.match(text[match.end() :])
        end = match.end()
        if after and after.group("scale") and kind != "words":
            value *= _SCALES[after.group("scale").lower()]
            kind = "scaled"
        elif after and after.group("abbrev") and match.group("currency"):
            value *= _MONEY_SCALES[after.group("abbrev").lower()]
            kind = "scaled"
        elif after and (after.group("scale") or after.group("abbrev")):
            after = None  # "two million people" was read whole by text2num; "100m" is no money
        if after and after.group("pct"):
            kind = "percent"
        if after:
            end += len(after.group(0).rstrip())
        if kind == "digits" and 1000 <= value <= 2100 and len(match.group("digits")) == 4:  # "1,500" is no year
            kind = "year"
        found.append(Candidate(value, match.start(), end, text[match.start() : end], kind))
    return found


def dates(text: str, now: datetime | None = None) -> list[Candidate]:
    """Every date in ``text`` as an aware UTC datetime: absolute ones (with their time when written) and
    relative ones ("next Friday", "in 3 days") resolved against ``now``."""
    import dateparser

    settings = {
        "RETURN_AS_TIMEZONE_AWARE": True,
        "TIMEZONE": "UTC",
        "TO_TIMEZONE": "UTC",
        "PREFER_DAY_OF_MONTH": "first",
        "RELATIVE_BASE": (now or datetime.now(UTC)).replace(tzinfo=None),
    }
    found = []
    for match in RELATIVE_DATE.finditer(text):
        parsed = dateparser.parse(match.group(0), languages=["en"], settings=settings | {"PREFER_DATES_FROM": "future"})
        if parsed is not None:  # a relative day is a date: midnight, not the clock time of "now"
            day = parsed.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
            found.append(Candidate(day, match.start(), match.end(), match.group(0), "relative"))
    for match in DATE.finditer(text):
        raw = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", match.group(0)).replace(" of ", " ")
        parsed = dateparser.parse(raw, languages=["en"], settings=settings)
        if parsed is not None:
            found.append(Candidate(parsed.astimezone(UTC), match.start(), match.end(), match.group(0), "date"))
    return found


def names(text: str) -> list[Candidate]:
    """Capitalised spans (proper names), trimmed of leading/trailing connector words."""
    found = []
    for match in NAME.finditer(text):
        words = match.group(0).split()
        while words and words[-1].lower() in _CONNECTORS:
            words.pop()
        while words and words[0].lower() in _CONNECTORS:
            words.pop(0)
        span = " ".join(words).rstrip(".,;:'’")
        if span.endswith("'s") or span.endswith("’s"):
            span = span[:-2]
        if span and not all(_is_calendar_word(w) for w in span.split()):
            found.append(Candidate(span, match.start(), match.start() + len(span), span, "name"))
    return found
