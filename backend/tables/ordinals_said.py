"""A place in an order said as an ordinal: "the second highest sales", "the third most deals", "the 2nd lowest
price", "second to last", "next to last". The rules read the ranking ("the highest sales", "last"); ``placed_down``
moves the reading to the row so many places down it (``Plan.skip``), and says which words it explained.

Before it the ordinal was left out and the ranking's first row answered at full confidence: "which rep had the second
highest sales" named the rep with the highest (my own sales reps table, 2026-12-07), "which team came in second to
last place" the last team (fresh WikiTableQuestions checking nt-11869, no longer unseen). A reading the ordinal
cannot move (a count, rows tied, asked as a list) is left as it is, the ordinal unexplained and the reading marked as
qualified by a word it leaves out (``Reading.asked_modified``: under the table bar, the answer offered as a
suggestion).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import NamedTuple

from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.question import Reading

_PLACES = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5}
# "second to last", "third from last", "next to last": counted up from the foot of the order ("penultimate" and "last
# but one" are rephrased as "second to last": rephrase.py)
_FROM_LAST = re.compile(r"\b(second|third|fourth|fifth|2nd|3rd|4th|5th|next) (?:to|from) (?:the )?last\b")
# a superlative the ordinal ranks by: "highest", "most", "fewest", "best", "oldest"
_SUPERLATIVE = re.compile(r"(?:most|least|best|worst|\w{2,}est)$")
# the single-row rankings an ordinal moves down (a group's: "the region with the second highest sales")
_RANKINGS = {ReadingKind.SUPERLATIVE, ReadingKind.GROUP, ReadingKind.LAST, ReadingKind.FIRST}


@dataclass(frozen=True)
class PlaceSaid:
    """A place down an order (``skip``: the rows above it) and the positions of the words that say it."""

    skip: int
    words: frozenset[int]


def place_said(words: list[str]) -> PlaceSaid | None:
    """The place in an order the question says by an ordinal, or None ("the second highest": 1 row passed over;
    "second to last": 1 from the foot; "the second leg" ranks nothing)."""
    q = " ".join(words)
    at_foot = _FROM_LAST.search(q)
    if at_foot is not None:
        said, start = at_foot.group(1), len(q[: at_foot.start()].split())
        return PlaceSaid(1 if said == "next" else _PLACES[said] - 1, frozenset(range(start, start + 3)))
    for i, word in enumerate(words[:-1]):
        if word in _PLACES and _SUPERLATIVE.search(words[i + 1]):
            return PlaceSaid(_PLACES[word] - 1, frozenset({i}))
    return None


class Placed(NamedTuple):
    """A reading after ``placed_down``: moved to the place said, with the positions of the words that say it; or not
    moved, and ``unread`` when a place is said that it cannot move to ("the second highest", asked as a list)."""

    reading: Reading
    words: frozenset[int] = frozenset()
    unread: bool = False


def placed_down(reading: Reading, words: list[str]) -> Placed:
    """The reading moved to the place in its order the question says ("the second highest": its ranking's second row
    or group); unchanged when the question says none, or when it is no single-row ranking of that end of the order
    ("second to last" of a first row, "the second highest" asked as a list of rows tied): then unread."""
    said, plan, kind = place_said(words), reading.plan, reading.kind
    if said is None:
        return Placed(reading)
    if reading.second is not None or plan.shift:
        return Placed(reading, unread=True)
    if plan.operation in (Operation.MAX, Operation.MIN) and plan.group_by is None and plan.column is not None:
        # "what were the second highest sales": the column's cells in order, not its highest
        ranked = Plan(Operation.ROWS, select=(plan.column,), where=plan.where, order_by=plan.column, limit=1)
        plan, kind = (
            replace(ranked, descending=plan.operation is Operation.MAX, words=plan.words),
            ReadingKind.SUPERLATIVE,
        )
    from_last = "last" in (words[i] for i in said.words)
    # "second to last in sales" is the second lowest: placed_rows reads "last in sales" as the lowest, a superlative
    ranked_from_last = kind is ReadingKind.LAST or words[max(said.words) + 1 :][:1] == ["in"]
    one_row = plan.operation is Operation.ROWS and plan.limit == 1
    movable = kind in _RANKINGS and plan.limit is not None and (one_row or plan.group_by is not None)
    if not movable or from_last != ranked_from_last:
        return Placed(reading, unread=True)
    return Placed(replace(reading, plan=replace(plan, skip=said.skip), kind=kind), said.words)
