"""Two numbers said as the options of one column ("more matches in 2007 or 2008": which year had more) or as the two
sides of a difference ("how much higher in week 15 than in week 14"); two named values of a column: ``two_values.py``.
"""

from __future__ import annotations

import re

from backend.tables.comparisons import Compared
from backend.tables.differences_said import asks_difference
from backend.tables.plan import Condition, Operation, Plan, ReadingKind


def either_number(q: str, conditions: list[Condition], measure: int | None) -> Compared | None:
    """Two numbers said as options of one column ("more matches in 2007 or 2008", "was attendance higher in week 5
    or week 9"): the plan of each one's rows, their measure summed or else counted. The answer is the option whose
    amount is the larger, or the smaller when the question asks for less (``descending`` of the plans says which);
    or, asked how much more one has ("how much higher ... in week 15 than in week 14"), the two amounts' difference.
    """
    said = [c for c in conditions if c.op == "=" and c.view in ("number", "year") and isinstance(c.value, float)]
    pair = next(
        ((a, b) for i, a in enumerate(said) for b in said[i + 1 :] if (a.column, a.view) == (b.column, b.view)), None
    )
    if pair is None:
        return None
    first, second = (f"{c.value:g}" for c in pair)
    difference = asks_difference(q)  # "how much higher was the attendance in week 15 than in week 14"
    if not difference and not re.search(rf"\b{first}\b.*\bor\b.*\b{second}\b", q):
        return None
    if difference and measure is None and not re.search(r"\bhow many\b|\bnumber of\b", q):
        return None
    rest = tuple(c for c in conditions if c not in pair)
    larger = not re.search(r"\b(less|fewer|lower|smaller|least|fewest|lowest)\b", q)

    def amount(option: Condition) -> Plan:
        where = (*rest, option)
        return (
            Plan(Operation.SUM, measure, where=where, descending=larger)
            if measure is not None
            else Plan(Operation.COUNT, where=where, descending=larger)
        )

    return amount(pair[0]), ReadingKind.DIFFERENCE if difference else ReadingKind.EITHER, amount(pair[1])
