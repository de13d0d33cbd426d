"""Scores written in one cell ("27–24", "W 67–55", "2–1 (a.e.t.)"): the plan a question about a game's margin or
its total points asks for ("the difference in points scored in 1996", "how many games were won by two or more
points", "which game had the largest margin").

Which columns hold scores is told by ``vocabulary.index`` (``Index.scores``); their numbers are read at query time
(``query._score``). A column is read this way only when the question says a margin or a total and names no column
of numbers.
"""

from __future__ import annotations

import re

from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.quantities import SaidNumber
from backend.tables.words import AVERAGE

# "won by more than 3 points", "a loss by only one goal": a margin said by what it was won or lost by
_MARGIN = re.compile(r"\bmargin\b|\bdifferen(?:ce|tial)\b|\bby (?:\w+ ){1,3}(?:points?|goals?|runs?)\b")
_TOTAL = re.compile(
    r"\b(?:total|combined|altogether)\b.*\b(?:points|goals|runs)\b|\b(?:points|goals|runs)\b.*\b(?:total|combined)\b"
)
# The words a plan over scores accounts for ("the margin of points", "the total goals scored").
SCORE_WORDS = set("margin difference differential points goals runs score scores scored total combined".split())


def score_plan(
    q: str,
    scores: tuple[bool, ...],
    where: tuple[Condition, ...],
    numbers: list[SaidNumber],
    numeric_answer: bool,
    answer_column: int | None,
    is_max: bool,
    is_min: bool,
) -> tuple[Plan, ReadingKind] | None:
    """The plan over the table's first column of scores when ``q`` asks for a margin or a total of points (and the
    caller found no column of numbers it names), with its kind; None otherwise."""
    column = next((i for i, holds in enumerate(scores) if holds), None)
    part = "margin" if _MARGIN.search(q) else "total" if _TOTAL.search(q) else None
    if column is None or part is None:
        return None
    if not numeric_answer:  # "which game had the largest margin": that row's answer column
        if answer_column is None or is_max == is_min:
            return None
        plan = Plan(
            Operation.ROWS,
            select=(answer_column,),
            where=where,
            order_by=column,
            descending=is_max,
            limit=1,
            score=part,
        )
        return plan, ReadingKind.SUPERLATIVE
    words = q.split()
    # a number compared ("by more than 3 points"), or one said as what a game was won by ("won by only one point")
    compared = next((n for n in numbers if n.op != "=" or "by" in words[max(0, n.words[0] - 3) : n.words[0]]), None)
    if compared is not None:  # "won by a margin of two or more points": the rows whose margin compares so
        kept = tuple(c for c in where if not (c.view == "number" and c.value == compared.value))
        return Plan(
            Operation.COUNT, where=(*kept, Condition(column, compared.op, compared.value, part))
        ), ReadingKind.COUNT
    if AVERAGE.search(q):
        operation = Operation.AVG
    elif is_max != is_min:
        operation = Operation.MAX if is_max else Operation.MIN
    else:  # one game's margin ("in 1996"), or the points of the games the conditions pick, added up
        operation = Operation.MAX if part == "margin" else Operation.SUM
    return Plan(operation, column, where=where, score=part), ReadingKind(operation)  # avg, max, min, sum
