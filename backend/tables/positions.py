"""The rows a question points at by their place: the row after or before one it names ("who won the year after
Ballymore Eustace"), the rows listed before or after it ("how many players were picked before X"), and the top or
bottom few ("the top 3 salaries").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from backend.tables.column_kinds import year_column
from backend.tables.infer import TypedTable
from backend.tables.plan import MAX_LIMIT, Condition
from backend.tables.quantities import SaidNumber
from backend.tables.vocabulary import Index
from backend.tables.words import MAX_WORDS, MIN_WORDS, Mention
from backend.text import stem

# Words that shift in time ("who won after X"), as opposed to on the page ("listed below X", "above")
_IN_TIME = {"after", "next", "following", "succeeded", "subsequent", "before", "previous", "preceding", "prior"}


def in_time_order(shift: int, q: str, table: TypedTable) -> int:
    """The shift down the table's rows for a shift in time: reversed when the rows run from the latest to the
    earliest ("which team won after Ballymore Eustace" in a list of winners, the newest first). A shift on the page
    ("listed after X in the table", "below") stays as said, as does what "comes" after X: the next one in the list
    ("what event comes after UFC 121" in a fighter's record, the newest first, is UFC 116; "what team comes before
    Confey" the row above it): wrong on all 3 tuning questions that said it, of the 7 that shifted in time (dev and
    fresh WikiTableQuestions, 2026-12-06)."""
    words = set(q.split())
    if not words & _IN_TIME or words & {"listed", "table", "below", "above", "comes"}:
        return shift
    years = year_column(table)
    dated = next((f"d{i}" for i, c in enumerate(table.columns) if c.kind == "date"), None)
    name = f"n{years}" if years is not None else dated
    if name is None:
        return shift
    times = [t for t in table.data.column(name).to_pylist() if t is not None]
    earlier = sum(b < a for a, b in zip(times, times[1:], strict=False))
    later = sum(b > a for a, b in zip(times, times[1:], strict=False))
    return -shift if earlier >= 2 and earlier > 2 * later else shift


def the_row_shifted_from(
    words: list[str], where: tuple[Condition, ...], mentions: list[Mention]
) -> tuple[Condition, ...]:
    """The conditions of a shifted row, naming one row: when the question says several values of a column ("which
    installment came next after NFL Blitz 2000" says "NFL Blitz" too), the one said just after the shift word."""
    at = next((i for i, word in enumerate(words) if word in _SHIFT_WORDS), None)
    said = next((m for m in mentions if at is not None and at < m.start <= at + 2), None)
    if said is None:
        return where
    return tuple(
        Condition(c.column, "=", said.cells[c.column]) if c.op == "in" and c.column in said.cells else c for c in where
    )


def numbered_row(words: list[str], where: tuple[Condition, ...], numbers: list[SaidNumber], index_: Index) -> bool:
    """Whether a number said just after a column's name picks a row ("week 4", "game 12"), not a year compared."""
    numbered = {c.column for c in where if c.view == "number" and c.op == "="}
    return any(
        n.op == "="
        and not n.is_year
        and n.words[0] > 0
        and any(stem(words[n.words[0] - 1]) in index_.names[c] for c in numbered)
        for n in numbers
    )


def rows_around(words: list[str], where: tuple[Condition, ...], mentions: list[Mention]) -> tuple[Condition, ...]:
    """The conditions with a row said just after "before" or "after" ("how many players were picked before Petr
    Novak") read as the rows listed before or after it, not as that row, and two rows said after "between" as the
    rows listed between them; unchanged when no row is said so."""
    between = next((i for i, word in enumerate(words) if word == "between"), None)
    two = next((c for c in where if c.op == "in" and c.view == "text" and len(c.value) == 2), None)
    if between is not None and two is not None and any(m.start == between + 1 for m in mentions):
        first, last = two.value  # in the order said: "between Frank Tripucka and Dale Armstrong"
        around = (Condition(two.column, ">", first, "position"), Condition(two.column, "<", last, "position"))
        return (*(c for c in where if c is not two), *around)
    for mention in mentions:
        said = words[max(0, mention.start - 2) : mention.start]
        # "before they faced Bristol": a subject and its verb between the word and the row (fresh WikiTableQuestions
        # nt-13834, 2026-11-29: it counted the games against Bristol)
        if mention.start >= 3 and words[mention.start - 2] in _SUBJECTS:
            said = [words[mention.start - 3]]
        op = "<" if set(said) & _BEFORE else ">" if set(said) & _AFTER else None
        named = next(
            (c for c in where if c.op in ("=", "contains") and c.view == "text" and c.column in mention.cells), None
        )
        if op is not None and named is not None:  # "before Watkins": the first row that holds it
            return tuple(Condition(c.column, op, c.value, "position") if c is named else c for c in where)
    return where


_BEFORE = {"before", "above", "prior", "preceding"}
_SUBJECTS = {"they", "he", "she", "it", "we", "i", "you"}
_AFTER = {"after", "below", "following"}
_SHIFT_WORDS = set("after next following below succeeded subsequent before previous preceding above prior".split())
_COUNTS = {w: i for i, w in enumerate("two three four five six seven eight nine ten".split(), start=2)}


class Ranked(NamedTuple):
    """The few rows a question ranks: how many ("the top 3"), whether from the top ("the bottom five": not), the
    position of the number's word, and whether in the table's own order ("the first 5 nations": as listed) rather
    than by a column."""

    size: int
    highest: bool
    at: int
    listed: bool = False


def top_n(words: list[str]) -> Ranked | None:
    """How many rows a question ranks ("the top 3", "the bottom five", "the 3 most sold", "the five largest"), or
    None when it ranks none."""
    for i, word in enumerate(words[1:], start=1):
        count = said_count(word)
        if count is not None and words[i - 1] in ("top", "bottom"):
            return Ranked(count, words[i - 1] == "top", i)
        # "the 3 most sold products": three ranked (it listed the first alone, at 0.8; my own orders, 2026-12-07)
        ranking = words[i + 1] if i + 1 < len(words) else ""
        if count is not None and words[i - 1] == "the" and (ranking in MAX_WORDS or ranking in MIN_WORDS):
            return Ranked(count, ranking in MAX_WORDS, i)
    # "which 3 products sold the most": the first three of the ranking (it listed the first alone, at 0.8)
    # ("who 2 players had at least 6 goals" ranks nothing)
    said = answers_said(words)
    later = list(enumerate(words))[said[1] + 1 :] if said else []
    superlative = next((w for i, w in later if (w in MAX_WORDS or w in MIN_WORDS) and words[i - 1] != "at"), None)
    return Ranked(said[0], superlative in MAX_WORDS, said[1]) if said and superlative else None


# "which 4 countries", "name the two kingdoms", "who were the other 2 opponents": how many answers the question
# expects, said before what it asks for (it read "which 4 countries" as a Bronze of 4; fresh WikiTableQuestions tuning
# nt-12786, 2026-12-06)
_EXPECTING = {"which", "what", "who", "name", "list", "other"}


def answers_said(words: list[str]) -> tuple[int, int] | None:
    """How many answers the question expects and the position of the number that says it ("which 4 countries": 4
    at 1), or None. "The top 3" is a ranking (:func:`top_n`), not this."""
    for i, word in enumerate(words[1:], start=1):
        count = said_count(word)
        before = words[max(0, i - 3) : i]
        if count is None or i + 1 >= len(words) or not before:
            continue
        # ("which of the 11 districts" counts the rows it ranks, not the answers)
        after_the = before[-1] == "the" and before[-2:] != ["of", "the"] and _EXPECTING & set(before)
        if before[-1] in _EXPECTING or after_the:
            return count, i
    return None


# "did tommy armour place above or below denny shute": the answer is one of the two words, not a name (a name read
# is declined: answer/table_cap_levels.NAME_FOR_A_WORD)
_WAYS = re.compile(
    r"\b(above|below|more|less|higher|lower|over|under|before|after|earlier|later) or "
    r"(above|below|more|less|fewer|higher|lower|over|under|before|after|earlier|later)\b"
)


def ways_offered(q: str) -> tuple[str, str] | None:
    """The two words a question offers as its answer ("above or below"), or None."""
    said = _WAYS.search(q)
    return (said.group(1), said.group(2)) if said else None


def said_count(word: str) -> int | None:
    """A number of rows said in digits or words ("3", "three"), when more than one and at most a plan's limit."""
    count = int(word) if word.isdigit() else _COUNTS.get(word)
    return count if count is not None and 1 < count <= MAX_LIMIT else None


def shift_of(q: str, names_a_row: bool, said: set[int]) -> int:
    """+1 for "the one after X", -1 for "the one before X" (when a value or a day names X), else 0. A word inside a
    value said or before a number compared (``said``: word positions) shifts nothing: "considered second fortress of
    Anjou, after Angers", "from South Korea after the year 2010"."""
    if not names_a_row:
        return 0
    words = [w for i, w in enumerate(q.split()) if i not in said]
    # "harry howell is before who": the row after him (it read the one before, at 0.8; fresh WikiTableQuestions
    # tuning nt-10049, 2026-12-06)
    turned = -1 if _ASKED_AFTER_THE_ROW.search(" ".join(words)) else 1
    if set(words) & {"after", "next", "following", "below", "succeeded", "subsequent"}:
        return turned * steps_said(words)
    if set(words) & {"before", "previous", "preceding", "above", "prior"}:
        return -turned * steps_said(words)
    return 0


_ASKED_AFTER_THE_ROW = re.compile(
    r"\b(?:is|was|comes|came|are|were) (?:listed |right |directly |just |immediately )?"
    r"(?:before|after|above|below) (?:who|whom|what|which)\b"
)


# "three spots before Outbound", "two places after Spokane": rows counted on the page (it read the row next to it, at
# 0.8; fresh tuning nt-7993). Units of time stay one row ("two years after" of a table with gaps is no two rows).
STEPS = re.compile(
    r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten) (?:places|spots|positions|ranks|rows|slots|spaces)"
    r" (?:after|before|below|above|behind|ahead)\b"
)
_STEP_WORDS = "two three four five six seven eight nine ten".split()


def steps_said(words: list[str]) -> int:
    """How many rows a shift goes: the number said before its unit ("three spots before"), else 1."""
    said = STEPS.search(" ".join(words))
    if said is None:
        return 1
    count = said.group(1)
    return int(count) if count.isdigit() else _STEP_WORDS.index(count) + 2
