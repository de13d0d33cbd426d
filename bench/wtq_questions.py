"""More WikiTableQuestions questions for bench/table_qa.py: lines of WTQ's ``data/training.tsv`` typed by the rules of
../shared/data/tableqa/README.md and kept when they ask about one of the dev set's tables.

    .venv/bin/python bench/wtq_questions.py SLICE.tsv [...] >> bench/wtq_fresh.jsonl

Each line of a slice is ``id<TAB>question<TAB>csv/NNN-csv/N.csv<TAB>target[<TAB>target ...]`` (WTQ's own layout;
a slice may start or end mid-line: such lines are skipped). A question is kept when its table is one of the 360 in
../shared/data/tableqa/tables, its id is neither a dev question nor already in bench/wtq_fresh.jsonl, and its targets
type by the README's rules (the rules drop some: partial dates, numbers with scale words or more text). Written
out in the dev set's format, so `table_qa.py --questions` reads them, each on its table's half (bench/common.half).

The ``category`` is a cheap tag from the question's words (first match wins), as the dev set's is; the dev set's own
tagger is not published, so this one is a close reading of its tags, not the same code: use it for the breakdowns
only, never to compare categories across the two sets.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import ROOT, SHARED_DATA

DATA = SHARED_DATA / "tableqa"
FRESH = ROOT / "bench" / "wtq_fresh.jsonl"

_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_MONTH_NUMBER = {name: n for n, names in enumerate(_MONTHS.split("|")[:12], 1) for name in (names, names[:3])}
_MONTH_NUMBER["sept"] = 9
_FULL_DATES = (  # the README's full dates: "January 26, 1995", "Dec. 17, 2007", "27 August 2005", "2004-02-27"
    re.compile(rf"(?P<month>{_MONTHS})\.? (?P<day>\d{{1,2}}), (?P<year>\d{{4}})", re.I),
    re.compile(rf"(?P<day>\d{{1,2}}) (?P<month>{_MONTHS})\.? (?P<year>\d{{4}})", re.I),
    re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})"),
)
_PARTIAL_DATE = re.compile(rf"^({_MONTHS})\.?\b", re.I)  # "October 17", "October 2011", "March 26-29, 2009"
_NUMBER = re.compile(r"^([-+]?)(?:US\$|[$£€¥])?(\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+|(?=\.\d))(\.\d+)?(%?)$")
_NUMBER_AND_TEXT = re.compile(r"^([-+]?(?:US\$|[$£€¥])?[\d,]+(?:\.\d+)?) (.+)$")
_QUANTITY_CUES = re.compile(
    r"\b(how (many|much|long|old|far|tall|high|big|wide|deep|heavy)|number|total|difference|average|sum|amount)\b"
)
_SCALE_WORDS = {"thousand", "million", "billion", "trillion"}
_CATEGORIES = (  # first match wins
    ("yesno", re.compile(r"^(is|are|was|were|did|does|do|has|have|had|can|could|true or false)\b")),
    ("arithmetic", re.compile(r"\b(difference|combined|how much (more|less|higher|lower)|sum of)\b")),
    ("count", re.compile(r"\b(how many|number of|total|count)\b")),
    ("superlative", re.compile(r"\b(most|least|largest|highest|lowest|first|last|top|best|worst|\w+est)\b")),
    ("relative", re.compile(r"\b(before|after|previous|next|same|below|above|prior)\b")),
    ("comparison", re.compile(r"\b(more|less|than|or)\b")),
)


def _full_date(text: str) -> str | None:
    """``YYYY-MM-DDT00:00:00Z`` for one of the README's full dates (a trailing " (...)" ignored), else None."""
    text = re.sub(r" \(.*\)$", "", text.strip())
    for pattern in _FULL_DATES:
        match = pattern.fullmatch(text)
        if match:
            month = match["month"]
            number = int(month) if month.isdigit() else _MONTH_NUMBER[month.lower().rstrip(".")]
            return f"{int(match['year']):04d}-{number:02d}-{int(match['day']):02d}T00:00:00Z"
    return None


def _number(text: str) -> int | float | None:
    """The README's number (thousands separators, a currency sign dropped, a percent kept in percent units)."""
    match = _NUMBER.match(text.strip())
    if not match:
        return None
    value = float(match[1] + (re.sub(r"[, ]", "", match[2]) or "0") + (match[3] or ""))
    return int(value) if value.is_integer() else value


def type_target(target: str, question: str) -> tuple[str, object] | None:
    """(element type, typed value) of one target, or None when the README's rules drop the question."""
    text = target.strip()
    if text.lower() in ("yes", "no", "true", "false"):
        return "boolean", text.lower() in ("yes", "true")
    date = _full_date(text)
    if date is not None:
        return "datetime", date
    if _PARTIAL_DATE.match(text) and re.search(r"\d", text):
        return None
    number = _number(text)
    if number is not None:
        return ("integer" if isinstance(number, int) else "float"), number
    with_text = _NUMBER_AND_TEXT.match(text)
    if with_text and _QUANTITY_CUES.search(question.lower()):
        unit = with_text[2]
        if unit.lower() in _SCALE_WORDS or not re.fullmatch(r"[a-z]+\.?", unit):
            return None
        number = _number(with_text[1])
        if number is None:
            return None
        return ("integer" if isinstance(number, int) else "float"), number
    return "string", target


def typed_question(question: str, targets: list[str]) -> tuple[str, object] | None:
    """(answer type, gold) of a question's targets, or None when the rules drop it."""
    typed = [type_target(t, question) for t in targets]
    if any(t is None for t in typed):
        return None
    kinds = {t[0] for t in typed if t is not None}
    values = [t[1] for t in typed if t is not None]
    if len(typed) == 1:
        return typed[0]
    if kinds <= {"integer", "float"}:
        return ("integer_array" if kinds == {"integer"} else "float_array"), values
    if kinds == {"datetime"}:
        return "datetime_array", values
    return "string_array", list(targets)


def category(question: str, answer_type: str, gold: object) -> str:
    """A cheap tag from the question's words (see the module docstring)."""
    if answer_type == "integer" and isinstance(gold, int) and 1000 <= gold <= 2100 and "how" not in question:
        return "year"
    for name, pattern in _CATEGORIES:
        if pattern.search(question.lower()):
            return name
    return "lookup"


def known_ids() -> set[str]:
    """The ids of the dev questions and of those already in bench/wtq_fresh.jsonl."""
    paths = (DATA / "questions_dev.jsonl", FRESH)
    return {json.loads(line)["id"] for path in paths for line in path.read_text().splitlines() if line.strip()}


def fresh_questions(lines: list[str]) -> list[dict]:
    """The lines of a training.tsv slice that are new questions on the dev set's tables, typed."""
    tables = {p.relative_to(DATA).as_posix() for p in (DATA / "tables").glob("*/*.csv")}
    known = known_ids()
    kept = []
    for line in lines:
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 4 or not re.fullmatch(r"nt-\d+", fields[0]) or not fields[2].startswith("csv/"):
            continue
        question_id, question, table, targets = fields[0], fields[1], "tables/" + fields[2][4:], fields[3:]
        if question_id in known or table not in tables:
            continue
        typed = typed_question(question, targets)
        if typed is None:
            continue
        answer_type, gold = typed
        kept.append(
            {
                "id": question_id,
                "question": question,
                "table": table,
                "type": answer_type,
                "gold": gold,
                "targets": targets,
                "category": category(question, answer_type, gold),
            }
        )
        known.add(question_id)
    return kept


def main() -> None:
    lines = [line for path in sys.argv[1:] for line in Path(path).read_text(encoding="utf-8").splitlines()]
    for item in fresh_questions(lines):
        print(json.dumps(item, ensure_ascii=False))


if __name__ == "__main__":
    main()
