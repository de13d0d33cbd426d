"""What one cell states: a number as people write it, a date, a duration, a span of years, several values, or nothing.

Cells are read as people write them: thousands separators (``1,234``, ``1 234``), decimal commas when a column
writes them (``1.234,5``, ``3,50 €``), currency signs, percentages (kept in percent units: ``48.4%`` → 48.4),
accounting negatives ``(12)``, footnote marks (``12[3]``, ``7*``), race times (``4:09.695``), spans of years
(``1996–99``) and dates in the common written forms. ``infer.py`` decides from these which views a column gets.
"""

from __future__ import annotations

import re
from datetime import datetime

# "TBD": not known yet; "n.a." as "n/a" (a column of votes with two "n.a." read as text; fresh WikiTableQuestions
# checking nt-11259, 2026-12-07)
MISSING = set("- — – n/a na n.a. n.a none null ? ... tbd tba".split()) | {""}
# The end of a span still running ("2011 – Present"): no value to compute with, and no reason for a column of
# years to read as text. Unlike MISSING, the cell is filled.
ONGOING = {"present", "current", "incumbent", "ongoing", "now"}
# How a results table writes a place no one reached ("DNF", "Ret"): no number, and no sign that the column is text
# (infer.py leaves them out of its share: a "Pos." of 24 places and 12 "DNF" was text, so "how many teams are in the
# top five positions" compared the "Qual. Pos." beside it; fresh WikiTableQuestions tuning nt-1762, 2026-12-06).
RACE_OUTCOMES = frozenset({"dnf", "dns", "dnq", "dnpq", "dsq", "dq", "ret", "nc", "wd", "exc"})


def race_outcomes(cells: list[str]) -> int:
    """How many of ``cells`` say a place no one reached (:data:`RACE_OUTCOMES`)."""
    return sum(cell.strip().lower() in RACE_OUTCOMES for cell in cells)


_FOOTNOTE = re.compile(r"(\[[^\]]{1,6}\]|[*†‡§])+$")
_NUMBER = re.compile(
    r"^(?P<neg>[-−+])?\s*(?:US\$|[$£€¥₹])?\s*(?P<paren>\()?\s*(?:US\$|[$£€¥₹])?"
    r"(?P<num>\d{1,3}(?:[, \u00a0\u202f]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s*(?P<pct>%)?\)?$"
)
# A number a cell starts with; not one a comma and digits go on from ("2642,64", "3,4"): a number not read whole
_LEADING = re.compile(r"^[-−]?(?:US\$|[$£€¥₹])?((?>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))(?![,.]\d)")
DATE_FORMATS = [
    "%Y-%m-%d",
    "%Y-%m-%dT%H:%M:%S",
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%dT%H:%M:%SZ",  # an export's timestamps: "2026-09-15T18:40:00Z", "2026-09-15 18:40"
    "%Y-%m-%d %H:%M",
    "%Y-%m-%dT%H:%M",
    "%Y/%m/%d",
    "%B %d, %Y",
    "%b %d, %Y",
    "%b. %d, %Y",
    "%d %B %Y",
    "%d %b %Y",
    "%B %d %Y",
    "%d/%m/%Y",
    "%m/%d/%Y",
    "%d.%m.%Y",
    "%B %Y",
    "%b %Y",
]


_DECIMAL_COMMA = re.compile(
    r"^[-−]?(?:\d{1,3}(?:[.\u00a0\u202f ]\d{3})+|\d+),\d+$|^[-−]?\d{1,3}(?:\.\d{3})+$"  # "2642,64" too
)
_CURRENCY_AFTER = re.compile(r"\s?(?:[$£€¥₹]|EUR|USD|GBP)$")
_CURRENCY_BEFORE = re.compile(r"^([-−]?)\s*(?:US\$|[$£€¥₹]|EUR|USD|GBP)\s?")  # "€60,78", "-€5,20"


def _bare(cell: str) -> str:
    """A cell without its currency sign (before or after) and percent sign: the number as written."""
    return _CURRENCY_BEFORE.sub(r"\1", _CURRENCY_AFTER.sub("", cell.strip())).rstrip("%").strip()


def decimal_comma(cells: list[str]) -> bool:
    """Whether a column writes numbers the continental way (``1.234,5``, ``3,5 €``, ``1.084.831``): some cell shows
    it unmistakably (a comma followed by other than three digits, or two dot groups) and none is written the English
    way (``1,234.5``, ``1,234``). ``1.500`` alone could be either and is read the English way."""
    bare = [_bare(c) for c in cells]
    english = any(re.search(r",\d{3}\.\d", c) or re.fullmatch(r"\d{1,3}(,\d{3})+", c) for c in bare)
    telling = any(
        _DECIMAL_COMMA.match(c) and (re.search(r",(\d{1,2}|\d{4,})$", c) or re.search(r"(\.\d{3}){2}", c)) for c in bare
    )
    return telling and not english


_ISO_WEEK = re.compile(r"^\s*\d{4}-?W(\d{1,2})\s*$")


def iso_week(cell: str) -> int | None:
    """The week of the year an ISO week cell names ("2024-W02": 2), else None."""
    week = _ISO_WEEK.match(cell)
    return int(week.group(1)) if week else None


def parse_number(cell: str, decimal_comma: bool = False) -> float | None:
    """The number a cell states, or None: ``$1,234.50`` → 1234.5, ``(12)`` → -12, ``48.4%`` → 48.4; with
    ``decimal_comma``, ``1.234,50 €`` → 1234.5."""
    text = _FOOTNOTE.sub("", cell.strip()).strip()
    if decimal_comma:
        percent = text.endswith("%")
        text = _bare(text)
        if not _DECIMAL_COMMA.match(text) and not re.fullmatch(r"[-−]?\d+", text):
            return None
        text = re.sub(r"[.\u00a0\u202f ]", "", text).replace(",", ".") + ("%" if percent else "")
    match = _NUMBER.match(text)
    if not match:
        return None
    value = float(re.sub(r"[, \u00a0\u202f]", "", match.group("num")))
    negative = match.group("neg") in ("-", "−") or match.group("paren") is not None
    return -value if negative else value


_DURATION = re.compile(r"^(?P<sign>[-−+])?(?:(?P<h>\d+):)?(?P<m>\d{1,2}):(?P<s>\d{2}(?:\.\d+)?)$")


def parse_duration(cell: str) -> float | None:
    """The seconds a race time or a duration states (``4:09.695`` → 249.695, ``2:05:33`` → 7533, ``+1:26.78``), or
    None."""
    match = _DURATION.match(_FOOTNOTE.sub("", cell.strip()).strip())
    if not match:
        return None
    seconds = int(match.group("h") or 0) * 3600 + int(match.group("m")) * 60 + float(match.group("s"))
    return -seconds if match.group("sign") in ("-", "−") else seconds


# A height in feet and inches ("6 ft 2 in (1.88 m)", "6'5\""): ranked by its first number alone, every player was
# 6 ft tall ("who was the tallest player drafted" read the first 6-footer; fresh WikiTableQuestions checking
# nt-9250, 2026-12-07)
_FEET_AND_INCHES = re.compile(r"^(\d+)\s*(?:ft|feet|foot|'|′)\s*(\d{1,2}(?:\.\d+)?)\s*(?:in\b|inches\b|\"|″|'')")


def leading_number(cell: str) -> float | None:
    """The number a cell starts with (``1st`` → 1, ``17 years`` → 17; a height's feet and inches as feet,
    ``6 ft 3 in`` → 6.25), or None."""
    height = _FEET_AND_INCHES.match(cell.strip())
    if height:
        return int(height.group(1)) + float(height.group(2)) / 12
    match = _LEADING.match(cell.strip())
    if not match:
        return None
    value = float(match.group(1).replace(",", ""))
    return -value if cell.strip()[0] in "-−" else value


_YEAR_RANGE = re.compile(r"^(\d{4})(?:\s*(?:–|—|-|to)\s*(\d{4}|\d{2}))?$")


def year_range(cell: str) -> tuple[int, int] | None:
    """The first and last year of a cell that spans years ("1996–99", "1954–1955", "1991–97, 2000–04"; "1956" is
    one year; "30 January 1920 — 6 December 1930"), or None."""
    days = date_range(cell)
    if days is not None:
        return days[0].year, days[1].year
    spans = []
    for part in cell.split(","):
        match = _YEAR_RANGE.match(part.strip())
        if not match:
            return None
        first = int(match.group(1))
        last = match.group(2) or match.group(1)
        if len(last) == 2:  # "1996–99": the century is the first year's, or the next one ("1998–02")
            last = str(first // 100 * 100 + int(last) + (100 if int(last) < first % 100 else 0))
        if int(last) < first:
            return None
        spans.append((first, int(last)))
    return (min(f for f, _ in spans), max(last for _, last in spans))


_RANGE_SEPARATOR = re.compile(r"\s*[—–]\s*|\s+(?:-|to)\s+")


def date_range(cell: str) -> tuple[datetime, datetime] | None:
    """The first and last day of a cell that spans days ("30 January 1920 — 6 December 1930"), or None."""
    parts = _RANGE_SEPARATOR.split(cell.strip())
    if len(parts) != 2:
        return None
    first, last = parse_date(parts[0]), parse_date(parts[1])
    return (first, last) if first is not None and last is not None and first <= last else None


LIST_BREAK = r"\s*(?:,|/|;|\band\b|&)\s*"  # (a regular expression DuckDB's RE2 reads as Python's re does)
_ITEM_BREAK = re.compile(LIST_BREAK)


def list_items(cell: str) -> list[str]:
    """The values a cell lists, in lower case ("ZX, BBC" → zx, bbc; "La Fiera and Mocho Cota"; "Whig/none"); a
    cell of one value is itself."""
    return [item for item in _ITEM_BREAK.split(cell.strip().lower()) if item]


# Month names in the languages a spreadsheet or a copied page often writes dates in (Italian, Spanish, French,
# German, Portuguese, Dutch), read as the English ones the date formats name: "23 settembre 1981" is a date of birth
# ("which player was born last" ordered no dates, and read the last row listed; fresh WikiTableQuestions tuning
# nt-12994, 2026-12-06).
_MONTHS_IN = {
    "January": "gennaio enero janvier januar janeiro januari",
    "February": "febbraio febrero février fevrier februar fevereiro februari",
    "March": "marzo mars märz maerz março marco maart",
    "April": "aprile abril avril",
    "May": "maggio mayo mai maio mei",
    "June": "giugno junio juin juni junho",
    "July": "luglio julio juillet juli julho",
    "August": "agosto août aout augustus",
    "September": "settembre septiembre setiembre septembre setembro",
    "October": "ottobre octubre octobre oktober outubro",
    "November": "novembre noviembre novembro",
    "December": "dicembre diciembre décembre decembre dezember dezembro",
}
_ENGLISH_MONTH = {name: english for english, names in _MONTHS_IN.items() for name in names.split()}
_FOREIGN_MONTH = re.compile(r"(?i)(?<![\w])(" + "|".join(sorted(_ENGLISH_MONTH, key=len, reverse=True)) + r")(?![\w])")


def in_english(cell: str) -> str:
    """A cell with the month names of ``_MONTHS_IN``'s languages written in English ("23 September 1981")."""
    return _FOREIGN_MONTH.sub(lambda m: _ENGLISH_MONTH[m.group(1).lower()], cell)


def parse_date(cell: str, formats: list[str] | None = None) -> datetime | None:
    """The date a cell states, in one of the common written forms, or None. Without ``formats``, a month may be
    named in one of ``_MONTHS_IN``'s languages; with them (a column's cells, read by ``infer``), the caller has
    written the cells :func:`in_english` once."""
    text = _FOOTNOTE.sub("", cell.strip()).strip()
    if formats is None:
        text = in_english(text)
    text = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text)
    text = re.sub(r"\s*\(.*\)$", "", text)  # "January 26, 1995 (Sunday)"
    for fmt in formats or DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt)
        except ValueError:
            continue
    return None
