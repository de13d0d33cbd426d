"""An aggregate of the first few rows of an order: "the total sales of the top three reps" (the three largest Sales,
added up), "the combined depth of the three deepest lakes", "the average silver count of the first five nations".

Which rows: "top" and "bottom" rank by the measure the question adds up; "first" and "last" take the table's own
order (a table listed by rank or by date); a count before a superlative ("the three deepest") ranks by the column the
adjective measures (``columns.measured_by``), else by the measure. The plan is the aggregate with ``limit`` (and
``order_by``): query.py computes it over the first ``limit`` rows of that order. Before this rule the count was
left out and every row added up ("the total depth of the three deepest lakes": no reading, then the depth of all of
them; fresh WikiTableQuestions tuning nt-2569, 2026-12-06).
"""

from __future__ import annotations

import re

from backend.tables.columns import measured_by
from backend.tables.durations_said import holds_times
from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.positions import Ranked, said_count
from backend.tables.question import Outcome, ParsedQuestion
from backend.tables.words import AVERAGE, MAX_WORDS, MIN_WORDS

# The words that add rows up ("average" and "mean" average them)
_ADDED = re.compile(r"\b(?:total|combined|sum|altogether|together|in all)\b")
# "finished in the top 10", "ranked within the top five": a place compared, not rows ranked
_PLACED = {"in", "within", "into", "outside", "inside"}


def rows_ranked(words: list[str]) -> Ranked | None:
    """The few rows a question adds up or averages ("the top 3 reps", "the first five nations", "the three deepest
    lakes"), or None: no word adds, or no rows are ranked."""
    q = " ".join(words)
    if not (_ADDED.search(q) or AVERAGE.search(q)):
        return None
    for i, word in enumerate(words[1:], start=1):
        count = said_count(word)
        if count is None:
            continue
        before, after = words[i - 1], words[i + 1] if i + 1 < len(words) else ""
        if before in ("top", "bottom") and not _PLACED & set(words[max(0, i - 3) : i - 1]):
            return Ranked(count, before == "top", i)
        if before in ("first", "last"):
            return Ranked(count, before == "first", i, listed=True)
        if after in MAX_WORDS or after in MIN_WORDS:
            return Ranked(count, after in MAX_WORDS, i)
    return None


def aggregate_of_top_rows(p: ParsedQuestion) -> Outcome:
    """The measure the question names, added up (or averaged) over the few rows it ranks (:func:`rows_ranked`)."""
    ranked = p.ranked
    if ranked is None or p.answer_type.is_array or p.measure is None:
        return None
    if not p.numeric_answer and not holds_times(p.table, p.measure):  # "the combined time of the first three": "14:46"
        return None
    averaged = bool(AVERAGE.search(p.q))
    operation, kind = (Operation.AVG, ReadingKind.AVG) if averaged else (Operation.SUM, ReadingKind.SUM)
    if ranked.listed:  # "the first five": as the table lists them ("the last three": from its foot)
        plan = Plan(operation, p.measure, where=p.where, descending=not ranked.highest, limit=ranked.size)
        return p.reading(plan, kind)
    numbers = [c for c, column in enumerate(p.table.columns) if column.numeric]
    order = measured_by(p.q, p.table, numbers)  # "the three deepest lakes": by their depth
    order = p.measure if order is None else order
    plan = Plan(operation, p.measure, where=p.where, order_by=order, descending=ranked.highest, limit=ranked.size)
    return p.reading(plan, kind)
