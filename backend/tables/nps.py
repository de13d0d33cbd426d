"""The Net Promoter groups an analyst says of a survey's 0-10 score: promoters (9 or 10), passives (7 or 8) and
detractors (0 to 6). "How many detractors are there" counts the rows of a score of 6 or less; "which region has the
most promoters" counts each region's scores of 9 or more. ``conditions.py`` asks here for the conditions, and
``plan_cues.py`` for the words they explain.
"""

from __future__ import annotations

import re

import pyarrow.compute as pc

from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.text import stem

# The groups by the stems their names say, and the scores each holds (the standard cut of the Net Promoter Score)
_GROUPS = {
    stem("promoters"): ((">=", 9.0),),
    stem("passives"): ((">=", 7.0), ("<=", 8.0)),
    stem("detractors"): (("<=", 6.0),),
}
# A column of 0-10 answers to "how likely are you to recommend us": named for a score, a rating or the NPS itself
_SCORE_NAME = re.compile(r"(?i)\b(?:score|nps|rating|recommend\w*|likelihood)\b")


def nps_conditions(words: list[str], table: TypedTable) -> list[Condition]:
    """The conditions a Net Promoter group the question says puts on the table's one 0-10 score column, or none."""
    said = [_GROUPS[s] for s in (stem(w) for w in words) if s in _GROUPS]
    column = score_column(table) if said else None
    if column is None or len(said) != 1:  # "promoters or detractors": no one group
        return []
    return [Condition(column, op, value, "number") for op, value in said[0]]


def nps_words(words: list[str], where: tuple[Condition, ...], table: TypedTable) -> set[int]:
    """The positions of the group's name, when the plan holds its conditions on the score column."""
    column = score_column(table)
    if column is None or not any(c.column == column and c.view == "number" for c in where):
        return set()
    return {i for i, w in enumerate(words) if stem(w) in _GROUPS}


def score_column(table: TypedTable) -> int | None:
    """The table's one number column named for a score whose values all lie from 0 to 10, or None."""
    found = []
    for i, column in enumerate(table.columns):
        if not column.numeric or not _SCORE_NAME.search(column.name):
            continue
        numbers = table.data.column(f"n{i}")
        low, high = pc.min(numbers).as_py(), pc.max(numbers).as_py()
        if low is not None and high is not None and 0 <= low and high <= 10:
            found.append(i)
    return found[0] if len(found) == 1 else None
