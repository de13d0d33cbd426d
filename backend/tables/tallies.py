"""Columns that keep counts, and what a count is of: a column of counts to add up (``holds_counts``: an
"Appearance" of 21, 17, 19), one kept of what was done to the rows a question counts (``done_to`` and
``counted_beside``: "how many calls did Ava resolve" of a Resolved beside the Calls), and how many rows each group a
count keeps must have (``rows_each_group_has``: "how many donors gave more than once"). ``counts.py`` reads them."""

from __future__ import annotations

import re

from backend.tables.column_kinds import numbers_in_order
from backend.tables.infer import TypedTable
from backend.tables.vocabulary import Index
from backend.tables.words import ABBREVIATIONS, PERSONS, name_stems, normal, row_noun
from backend.text import stem


def holds_counts(table: TypedTable, column: int) -> bool:
    """Whether a column named in the singular holds counts to add up ("how many appearances did he have in 2001" of
    an "Appearance" column of 21, 17, 19: it counted the season's one row, at 0.8; nt-10123 of the fifteenth stop's
    tuning questions): plain numbers that neither number the rows in order (a "Week" of 1, 2, 3: "how many weeks was
    Timber on the list" counts its rows) nor are a code its name marks ("Car #")."""
    if table.columns[column].kind != "number" or table.columns[column].name.rstrip().endswith("#"):
        return False
    numbers = [v for v in table.data.column(f"n{column}").slice(0, 1000).to_pylist() if v is not None]
    return not numbers_in_order(numbers)


def done_to(q: str, name: str, names: set[str]) -> bool:
    """Whether a column is named as what was done ("Resolved", or "sent" of a Sent, "unsubscribed" of Unsubscribes),
    not as a thing ("how many silver medals ... no gold medals": the Gold is no count of silver medals)."""
    return normal(name).endswith("ed") or any(
        (w.endswith("ed") or w in _IRREGULAR_DONE) and stem(w) in names for w in q.split()
    )


_IRREGULAR_DONE = frozenset("sent sold won made held seen taken given paid spent bought kept lost built".split())


def counted_beside(noun: str, table: TypedTable, measure: int) -> bool:
    """Whether the noun counted is what a column of counts done to it counts: "calls" of a Calls beside a Resolved,
    "emails" of emails.csv whose rows are sends with a Sent count, "people" of an Attended count."""
    said = stem(ABBREVIATIONS.get(noun, noun))
    named = said == row_noun(table) or said in PERSONS
    return holds_counts(table, measure) and (
        named or any(i != measure and c.numeric and said in name_stems(c.name) for i, c in enumerate(table.columns))
    )


_SO_MANY_ROWS = re.compile(
    r"\b(more than|over|at least|fewer than|less than|at most|exactly) (once|twice|one|two|three|four|five|\d+)\b"
    r"(?![,.]\d)(?: times)?(?: (\w+))?"
)
# The most rows a group is said to have ("more than once", "at least three loans"); above it, an amount. Every count of
# a group's rows said in the dev and fresh questions and my own tables is under 5; the amounts they compare start at
# 100 ("penanced at least 100 people", nt-4492, dev checking, which a first version of this rule read as tribunals of
# 100 rows; in-process diff, 2026-11-29, sixteenth stop)
_FEW_ROWS = 10
_HOW_OFTEN = {"once": 1, "one": 1, "twice": 2, "two": 2, "three": 3, "four": 4, "five": 5}
_HAVING_OPS = {"more than": ">", "over": ">", "at least": ">=", "fewer than": "<", "less than": "<", "at most": "<="}


def rows_each_group_has(q: str, table: TypedTable, index_: Index) -> tuple[str, float] | None:
    """How many rows each counted group must have, as a comparison and a number ("more than once": > 1), when the
    question says so of rows ("more than one loan"), not of a number column ("more than 5 goals"); else None."""
    said = _SO_MANY_ROWS.search(q)
    if said is None:
        return None
    noun = said.group(3)
    if noun and any(stem(noun) in names and table.columns[c].numeric for c, names in enumerate(index_.names)):
        return None  # "at least 2 goals" of a Goals column: its numbers
    times = said.group(2)
    having = _HAVING_OPS.get(said.group(1), "="), float(_HOW_OFTEN.get(times) or times)
    # "at least one" is every group the rows have, counted as such; a number over ten is an amount ("how many
    # tribunals penanced at least 100 people": its Penanced, 5 of them, not tribunals of 100 rows)
    return None if having == (">=", 1.0) or having[1] > _FEW_ROWS else having
