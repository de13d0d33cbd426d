"""The numbers, days, months and quarters a question compares with: "more than 10,000", "after 1990", "3 or
fewer", "did not score less than 7" (at least 7), "over £100", "after march 10, 2011", "before February 2024", "in
March", "after January", "in Q1".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

import pyarrow.compute as pc

from backend.tables.cells import parse_number
from backend.tables.differences_said import differenced
from backend.tables.infer import TypedTable
from backend.tables.words import MONTH_NAMES, NEGATION, NEGATION_REACH, Mention, normal, unglued

COMPARATORS = [
    (
        r"(?:more|greater|higher|larger|bigger|longer|later|faster|taller|heavier|older|over|above"
        r"|exceed(?:ing|ed|s)?)(?: than)?",
        ">",
    ),
    (r"(?:at least|no less than|(?:or|and) more)", ">="),
    (r"(?:less|fewer|lower|smaller|shorter|earlier|slower|younger|lighter|under|below)(?: than)?", "<"),
    (r"(?:at most|no more than|up to)", "<="),
    (r"after|since", ">"),
    (r"before|prior to", "<"),
]
# A number glued to a word by a hyphen is part of a name, not a quantity: "U-502", "X-15", "COVID-19".
_NUMBER_IN_TEXT = re.compile(
    r"(?<![\w.])(?<![a-z]-)[-−]?[$£€¥₹]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])"
    r"|(?<![\w.])(?<![a-z]-)[-−]?[$£€¥₹]?(?:\d+(?:\.\d+)?|\.\d+)[%km]?(?![\w])"  # ".9 viewers" too
)
_SCALE_WORD = re.compile(r"\s+(thousand|million|billion)\b")
# A column's name that says its numbers are kept in thousands, millions or billions ("Gross (millions)", "Budget (€m)",
# "Sales ($000s)"); a bare "(m)" is metres
_IN_SCALE = re.compile(r"\b(?:thousands?|millions?|billions?|mn|bn|mln|000s?)\b|\(\s*[$€£¥]\s*[mkb]n?\s*\)", re.I)
_SCALE_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_SCALES = {"k": 1e3, "m": 1e6}  # "70k", "$1.5m" (millions only after a currency sign: "1.8m" may be metres)


@dataclass(frozen=True)
class SaidDate:
    """A whole day the question names, the comparison it is named with, its words, and the date column it is for."""

    value: datetime
    op: str
    words: tuple[int, ...]
    column: int


_DAY_IN_TEXT = re.compile(
    r"\b(?:(?P<month>" + "|".join(m[:3] for m in MONTH_NAMES) + r")[a-z]*\.? (?P<day>\d{1,2})(?:st|nd|rd|th)?"
    r"(?:,? (?P<year>\d{4}))?|(?P<day2>\d{1,2})(?:st|nd|rd|th)? (?:of )?(?P<month2>"
    + "|".join(m[:3] for m in MONTH_NAMES)
    + r")[a-z]*(?: (?P<year2>\d{4}))?)\b"
)


# "on 2026-09-03" (its words "2026 09 03"), where no cell says it whole: a column of timestamps ("2026-09-03 14:30")
_ISO_DAY_IN_TEXT = re.compile(r"\b(?P<year>\d{4}) (?P<month>\d{1,2}) (?P<day>\d{1,2})\b")
_MONTH_IN_TEXT = re.compile(r"\b(?P<month>" + "|".join(m[:3] for m in MONTH_NAMES) + r")[a-z]*\.? (?P<year>\d{4})\b")


def said_dates(q: str, table: TypedTable) -> list[SaidDate]:
    """Whole days the question names ("after march 10, 2011"), and months it compares with ("before February
    2024"), compared with the table's (first) date column."""
    column = next((i for i, c in enumerate(table.columns) if c.kind == "date"), None)
    if column is None:
        return []
    found: list[SaidDate] = []
    previous_end = None  # where the day said before this one ends
    days = [(match, _day_said(match, table, column)) for match in _DAY_IN_TEXT.finditer(q)]
    days += [(match, _iso_day(match)) for match in _ISO_DAY_IN_TEXT.finditer(q)]
    for match, day in sorted(days, key=lambda found_day: found_day[0].start()):
        if day is None:
            continue
        op = comparison_before(q[: match.start()])
        if op == "=":  # "between march 1 2025 and march 31 2025", "from ... to ...": both days included
            op = _range_end(q, match, previous_end, found[-1].op if found else None)
        previous_end = match.end()
        first = len(q[: match.start()].split())
        found.append(SaidDate(day, op, tuple(range(first, first + len(match.group(0).split()))), column))
    for match in _MONTH_IN_TEXT.finditer(q):  # "before February 2024": from the month's first day on
        op = comparison_before(q[: match.start()])
        if op == "=" or any(d.words[0] <= len(q[: match.start()].split()) <= d.words[-1] for d in found):
            continue  # "in March 2024" is its month and its year (parse.py reads both)
        month = next(n for n, name in enumerate(MONTH_NAMES, 1) if name.startswith(match.group("month")))
        year = int(match.group("year"))
        start = datetime(year, month, 1)
        following = datetime(year + month // 12, month % 12 + 1, 1)
        # after a month is from the next month's first day on; before it, up to its first day
        value, op = {">": (following, ">="), ">=": (start, ">="), "<": (start, "<"), "<=": (following, "<")}[op]
        first = len(q[: match.start()].split())
        found.append(SaidDate(value, op, (first, first + 1), column))
    return found


def _day_said(match: re.Match[str], table: TypedTable, column: int) -> datetime | None:
    """The day a match of :data:`_DAY_IN_TEXT` says, or None."""
    said = match.group("month") or match.group("month2")
    month = next(n for n, name in enumerate(MONTH_NAMES, 1) if name.startswith(said))
    # "on October 2": of the one year the column's dates are in (none said, a day of several years is no day)
    year = match.group("year") or match.group("year2") or _only_year(table, column)
    try:
        return datetime(int(year), month, int(match.group("day") or match.group("day2"))) if year else None
    except ValueError:
        return None


def _iso_day(match: re.Match[str]) -> datetime | None:
    """The day a match of :data:`_ISO_DAY_IN_TEXT` says, or None."""
    try:
        return datetime(int(match.group("year")), int(match.group("month")), int(match.group("day")))
    except ValueError:
        return None


def _only_year(table: TypedTable, column: int) -> int | None:
    """The one year every date of a date column is in, or None."""
    years = pc.unique(pc.year(table.data.column(f"d{column}").drop_null())).to_pylist()
    return years[0] if len(years) == 1 else None


def _range_end(q: str, match: re.Match[str], previous_end: int | None, previous_op: str | None) -> str:
    """ ">=" for the first day of a range ("between X and", "from X to"), "<=" for its last, else "="."""
    if (
        previous_end is not None
        and previous_op == ">="
        and re.fullmatch(r"\s+(?:and|to|until|through)\s+", q[previous_end : match.start()])
    ):
        return "<="
    before, after = q[: match.start()], q[match.end() :]
    if re.search(r"\bbetween\s*$", before) or (
        re.search(r"\bfrom\s*$", before) and re.match(r"\s+(?:to|until|through)\b", after)
    ):
        return ">="
    return "="


@dataclass(frozen=True)
class SaidNumber:
    """A number the question compares with, the comparison, its words, and whether it reads as a year."""

    value: float
    op: str
    words: tuple[int, ...]
    is_year: bool
    percent: bool = False  # said as a percentage ("20%")
    period: bool = False  # an end of a range of two years ("between 2008 and 2013"): a time, not an amount
    place: bool = False  # a place said as an ordinal ("below 10th"): compared with the table's places (places_said.py)
    duration: int = 0  # a duration said ("under 2:20"): its number of parts, its value in seconds (durations_said.py)


def kept_in_scale(table: TypedTable) -> bool:
    """Whether a number column's name says it keeps its numbers in thousands, millions or billions: "140 million" of
    such a table is 140 of its cells, and the scale word is not applied."""
    return any(column.numeric and _IN_SCALE.search(column.name) for column in table.columns)


def said_numbers(question: str, words: list[str], covered: set[int], scale_words: bool = True) -> list[SaidNumber]:
    """Numbers the question compares with ("more than 10,000", "after 1990", "in 2004"), outside cell values; with
    ``scale_words``, one said with its scale ("140 million") is the number it names (see :func:`kept_in_scale`)."""
    found = []
    lowered = unglued(question.lower())
    for match in _NUMBER_IN_TEXT.finditer(lowered):
        said = match.group(0)
        # a time of day ("not scheduled for 1:00 pm") is no number compared (a duration, "under 2:20", is
        # said_durations'): it compared the Record with 1 once "Week" was no amount (WikiTableQuestions nt-10724)
        if re.match(r":\d", lowered[match.end() :]) or re.search(r"\d:$", lowered[: match.start()]):
            continue
        scale = _SCALES.get(said[-1], 1.0) if said[-1] == "k" or said.lstrip("-−")[:1] in "$£€¥₹" else 1.0
        value = parse_number(said[:-1] if scale != 1.0 else said)
        if value is None:
            continue
        value *= scale
        key = normal(match.group(0))
        positions = tuple(i for i, w in enumerate(words) if w == key)
        if not positions or all(p in covered for p in positions):
            continue
        # "at least 140 million aggregate points", "grosses above 2.5 million dollars": the number and its scale word
        # (it compared 140 with cells of 142,691,767 and left "million" out, at 0.62; fresh WikiTableQuestions tuning
        # nt-4565, 2026-12-06); not where the table keeps a number in that scale (kept_in_scale).
        scaled = _SCALE_WORD.match(lowered[match.end() :]) if scale_words else None
        if scaled is not None:
            value *= _SCALE_WORDS[scaled.group(1)]
            positions += tuple(p + 1 for p in positions if p + 1 < len(words) and words[p + 1] == scaled.group(1))
        before = lowered[: match.start()].rstrip()
        op = comparison_before(before)
        after = _AFTER_NUMBER.match(lowered[match.end() :])  # "50 or more points", "3 or fewer"
        if op == "=" and after:
            op = ">=" if after.group(1) in _OR_MORE else "<="
        if op == "=" and re.search(r"\bbetween\s*$", before):
            op = ">="
        elif op == "=" and re.search(r"\bbetween\s+\S+\s+and\s*$", before):
            op = "<="
        # "from week 1 to week 3": a range said by its two ends (it read week 1 alone, at 0.72; my own weekly store
        # sales, 2026-11-29); years stay ("from 2005 to 2009" may name two columns: conditions.py reads their range)
        elif op == "=" and len(said) < 4 and _FROM_END.search(before) and _TO_END.match(lowered[match.end() :]):
            op = ">="
        elif op == "=" and len(said) < 4 and _FROM_TO_END.search(before):
            op = "<="
        # "after 1990" is a year; "over 2,000" and "$1,900" are amounts
        is_year = value.is_integer() and 1800 <= value <= 2100 and said.isdigit()
        # "the average number of games he played between 2008 and 2013": two years are a period, whatever column is
        # named beside them (it compared the Games with 2008, at 0.72; nt-6786, seventeenth stop's tuning questions)
        other_end = _YEAR_BEFORE.search(before) or (
            re.search(r"\bbetween\s*$", before) and _YEAR_AFTER.match(lowered[match.end() :])
        )
        period = is_year and other_end is not None and 1800 <= int(other_end.group(1)) <= 2100
        found.append(SaidNumber(value, op, positions, is_year, match.group(0).endswith("%"), period))
    # "at least two silver medals", "more than three goals": a number said in words is compared with only after a
    # comparison ("the only two" says no number to compare), and never "one" ("more than one word long", "before the
    # one in 1970"; fresh WikiTableQuestions, 2026-11-29)
    for match in _NUMBER_WORD.finditer(lowered):
        op = comparison_before(lowered[: match.start()])
        positions = tuple(i for i, w in enumerate(words) if w == match.group(0) and i not in covered)
        # "in the top ten": ranks 1 to 10, as "the top 10" (it read the first row, at 0.8; nt-9383 of the sixteenth
        # stop's tuning questions)
        topped = any(p > 0 and words[p - 1] == "top" for p in positions)
        if (op != "=" or topped) and positions:
            found.append(SaidNumber(float(_NUMBER_WORDS.index(match.group(0)) + 2), op, positions, False, False))
    # "which nations have won only one medal": 1 ("the only one released": none; fresh tuning nt-7726, 2026-12-06)
    for match in _ONLY_ONE.finditer(lowered):
        at = len(lowered[: match.start(1)].split())
        if at < len(words) and words[at] == "one" and at not in covered:
            found.append(SaidNumber(1.0, "=", (at,), False, False))
    return found


_ONLY_ONE = re.compile(r"(?<!\bthe )\b(?:only|just|exactly) (one) (?!of\b|who\b|that\b|which\b)[a-z]")


_YEAR_BEFORE = re.compile(r"\bbetween\s+(\d{4})\s+and\s*$")  # the first end of a range, before its second
_YEAR_AFTER = re.compile(r"\s+and\s+(\d{4})\b")  # and the second, after its first
_FROM_END = re.compile(r"\bfrom(?: (?:week|round|day|stage|lap|episode|quarter|q|game|season|month)s?)?\s*$")
_TO_END = re.compile(r"\s*(?:to|through|until|till)\b")
_FROM_TO_END = re.compile(
    r"\bfrom(?: (?:week|round|day|stage|lap|episode|quarter|q|game|season|month)s?)? [\d.,]+ (?:to|through|until|till)"
    r"(?: (?:week|round|day|stage|lap|episode|quarter|q|game|season|month)s?)?\s*$"
)
_NUMBER_WORDS = "two three four five six seven eight nine ten eleven twelve".split()
_NUMBER_WORD = re.compile(r"\b(?:" + "|".join(_NUMBER_WORDS) + r")\b")


_OR_MORE = ("more", "greater", "higher", "above", "over", "later", "after")
_AFTER_NUMBER = re.compile(
    r"\s*(?:\w+\s+)?(?:or|and)\s+(more|greater|higher|above|over|later|after|less|fewer|lower|below|under|earlier|before)\b"
)
_NEGATED = {">": "<=", ">=": "<", "<": ">=", "<=": ">"}
# "other players scored more than 10", "besides Bob, who earns over 50,000": no negation of the comparison
_NOT = NEGATION - {"besides", "except", "excluding", "other", "without"}


def comparison_before(text: str) -> str:
    """The comparison the text ends with ("more than", "after the year", "at least"), or "=" when none; negated
    when a negation comes just before it ("did not score less than 7": at least 7)."""
    # a comma after the comparison sets the number off: "play, at most, 9 games" (fresh WikiTableQuestions, 2026-11-28)
    before = text.rstrip().rstrip(",").rstrip()
    for pattern, symbol in COMPARATORS:
        found = re.search(rf"(?:{pattern})(?:\s+(?:the|a|an))?(?:\s+year)?\s*$", before)  # "at least a 0.2"
        if found:
            said = normal(before[: found.start()]).split()[-NEGATION_REACH:]
            return _NEGATED[symbol] if _NOT & set(said) else symbol
    return "="


_MONTH_PREFIXES = frozenset(m[:3] for m in MONTH_NAMES)


def compared_number(words: list[str], mention: Mention) -> bool:
    """Whether a value the question says is a number it compares with: after "more than", "over", or as an end of
    "between 45,000 and 60,000"; so is a number with its unit ("at least 5 kw" of cells "5 kW", "at least 3 acts")."""
    said = words[mention.start : mention.end]
    # a number and a unit word is still a number compared with (it looked for the cell "5 kW", at 0.72; nt-3842 and
    # nt-4824 of the sixteenth stop's tuning questions); a day ("after 1 december 1918") is not
    unit = said[1] if len(said) == 2 and parse_number(said[0]) is not None else ""
    with_unit = unit.isalpha() and unit[:3] not in _MONTH_PREFIXES
    if parse_number(" ".join(said)) is None and not with_unit:
        return False
    before = words[: mention.start]
    ranged = before[-1:] == ["between"] or (before[-1:] == ["and"] and "between" in before[-3:-1])
    return (ranged and not differenced(words)) or comparison_before(" ".join(before)) != "="
