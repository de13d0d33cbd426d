"""Places said as ordinals and compared ("finished below 10th", "15th or lower", "10th or better"): the ranks a
question puts on the table's column of places. A worse place is a larger number, so "below 10th" is a place over 10
and "10th or better" one of 1 to 10. ``parse.py`` asks here beside ``quantities.said_numbers``; an ordinal said
with no comparison ("finished 15th") stays a cell the question names.
"""

from __future__ import annotations

import re

from backend.tables.quantities import SaidNumber

_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)")
# the comparison said before the place, and whether it asks for worse (larger) places
_BEFORE = re.compile(r"\b(below|lower than|worse than|behind|above|higher than|better than|ahead of)(?: the)?$")
_WORSE_BEFORE = {"below", "lower than", "worse than", "behind"}
# "15th or lower", "10th place or better"
_AFTER = re.compile(r"(?:place )?or (lower|worse|below|higher|better|above)\b")
_WORSE_AFTER = {"lower", "worse", "below"}


def compared_place(words: list[str], at: int) -> str | None:
    """The comparison a place said at ``words[at]`` is compared by (">" for "below 10th", "<=" for "10th or
    better"), or None when the word is no place or is said with no comparison."""
    said = _ORDINAL.fullmatch(words[at])
    if said is None:
        return None
    before = _BEFORE.search(" ".join(words[max(0, at - 3) : at]))
    if before is not None:
        return ">" if before.group(1) in _WORSE_BEFORE else "<"
    after = _AFTER.match(" ".join(words[at + 1 : at + 4]))
    if after is not None:
        return ">=" if after.group(1) in _WORSE_AFTER else "<="
    return None


def place_compared(words: list[str], start: int, end: int) -> bool:
    """Whether words ``start:end``, a cell the question seems to name, are a place it compares rows with: the ordinal
    alone or with its noun ("below 10th place" is no row of a "10th (h)"; it counted the rows listed after that row,
    at 0.62; fresh WikiTableQuestions tuning nt-13679, 2026-12-06)."""
    return compared_place(words, start) is not None and all(w in _PLACE_NOUNS for w in words[start + 1 : end])


_PLACE_NOUNS = {"place", "position", "spot"}


def said_places(words: list[str], covered: set[int]) -> list[SaidNumber]:
    """The places the question compares rows with, as numbers of the place column (``SaidNumber.place``), with the
    words of their comparison ("better", "worse", which no column names); not a word of a value said (``covered``:
    "who is above 5th Edition" names a row)."""
    places = []
    for at, word in enumerate(words):
        op = compared_place(words, at) if at not in covered else None
        if op is None:
            continue
        judged = tuple(i for i in range(max(0, at - 3), min(len(words), at + 4)) if words[i] in ("better", "worse"))
        places.append(SaidNumber(float(word[:-2]), op, (at, *judged), is_year=False, place=True))
    return places
