"""The row furthest from (or closest to) a level it is compared with: "which item is furthest below its reorder
level" ranks the items under it by how far under they are, Reorder Level less In Stock (it read the first item listed
under its level, at 0.8, "furthest" left to nothing), and "which item should we reorder first" by the same shortfall:
the one most urgently due (it read the first listed, at 0.8; my own inventory table, 2026-12-08).

Read of a question that compares two columns of each row (``against.column_comparisons``, ``reorder_condition``): the
gap is what the comparison says, the level less what is held below it, what is held less the level above it.
"""

from __future__ import annotations

import re

from backend.tables.against import NEEDS_REORDER
from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.question import Outcome, ParsedQuestion
from backend.tables.words import FROM_A_LEVEL

_FIRST_DUE = re.compile(r"\bfirst\b|\bmost urgent(?:ly)?\b")
_CLOSEST = re.compile(r"\b(?:closest|nearest)\b")


def gap_to_a_level(p: ParsedQuestion) -> Outcome:
    """The row (its answer column) whose gap to the level it is compared with is the largest, or the smallest for
    "closest"; None when the question ranks no such gap."""
    said = FROM_A_LEVEL.search(p.q) or (NEEDS_REORDER.search(p.q) and _FIRST_DUE.search(p.q))
    compared = [c for c in p.where if c.view == "column" and c.op in ("<", "<=", ">", ">=")]
    if not said or len(compared) != 1 or p.answer_column is None or not p.wants_text:
        return None
    condition = compared[0]
    held, level = condition.column, int(condition.value)
    under = condition.op in ("<", "<=")
    plan = Plan(
        Operation.ROWS,
        select=(p.answer_column,),
        where=p.where,
        order_by=level if under else held,
        less=held if under else level,
        descending=not _CLOSEST.search(p.q),
        limit=1,
    )
    return p.reading(plan, ReadingKind.SUPERLATIVE)
