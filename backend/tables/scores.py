"""Scores written in one cell ("27–24", "W 67–55", "2–1 (a.e.t.)"): the plan a question about a game's margin or
its total points asks for ("the difference in points scored in 1996", "how many games were won by two or more
points", "which game had the largest margin").

Which columns hold scores is told by ``vocabulary.index`` (``Index.scores``); their numbers are read at query time
(``sql_fragments.score_part``). A column is read this way only when the question says a margin or a total and names
no column of numbers. ``scores`` is the rule of ``rules.RULES`` that reads them.
"""

from __future__ import annotations

import re

from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.quantities import SaidNumber
from backend.tables.question import Outcome, ParsedQuestion
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


_FINAL_SCORE = re.compile(r"\b(?:score|result)", re.I)


def scores(p: ParsedQuestion) -> Outcome:
    """ "the difference in points scored in 1996": of a "22-21" cell (whose first number is no measure to read)."""
    if (p.measure_named is not None and not p.index.scores[p.measure_named]) or (p.is_max and p.is_min):
        return None
    # of the columns of scores, one named for the final score ("Score", "Result") before a running one ("Goals":
    # "87' 2–0", the score when a goal went in; fresh WikiTableQuestions nt-12851, 2026-11-29), else the first
    final = [i for i, holds in enumerate(p.index.scores) if holds and _FINAL_SCORE.search(p.table.columns[i].name)]
    # one the question names before those ("the 1st leg"); two named ("the difference in the first and second leg"
    # for Belgium, of "1st leg" and "2nd leg": its goals in one less the other) compare columns, which no score plan
    # reads (it read the "Agg." margin; fresh WikiTableQuestions nt-5158, 2026-11-29)
    named = [c for c in p.named if p.index.scores[c] and c not in p.condition_columns]
    if len(named) > 1:
        return None
    final = named or final
    holding = tuple(i in final for i in range(len(p.index.scores))) if final else p.index.scores
    scored = score_plan(p.q, holding, p.where, p.numbers, p.numeric_answer, p.answer_column, p.is_max, p.is_min)
    if scored is None:
        return None
    reading = p.reading(*scored)
    # a margin with no "largest" said is one game's (score_plan reads it as the largest of the rows picked)
    reading.of_one_row = scored[1] is ReadingKind.MAX and not p.is_max and scored[0].score == "margin"
    return reading
