"""Recurring revenue of a table of subscriptions: "what is our MRR", "the MRR of the Team plan", "the monthly
recurring revenue in EMEA" are the monthly fees added up, of the subscriptions still active where a column of yes and
no says which are (a churned customer pays nothing a month).

"What is our MRR" had no reading, and "the MRR of the Team plan" read the first Team customer's fee (300 of 900, at
0.8; my own subscriptions table, 2026-12-07).
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.question import Outcome, ParsedQuestion

_RECURRING = re.compile(r"\b(?:mrr|recurring revenue)\b")
_MONTHLY_NAME = re.compile(r"(?i)^\s*(?:mrr\b|monthly (?:fee|price|charge|payment|subscription|recurring revenue))")
_ACTIVE_NAME = re.compile(r"(?i)^\s*(?:is )?active\s*$")


def recurring_revenue(p: ParsedQuestion) -> Outcome:
    """The table's one column of monthly fees added up over the rows of the conditions (for each value of the answer
    column, ranked: "which region has the highest MRR"), and of its active ones where no condition says which (an
    Active column of yes and no the question leaves unsaid)."""
    monthly = [c for c, column in enumerate(p.table.columns) if column.numeric and _MONTHLY_NAME.search(column.name)]
    if not _RECURRING.search(p.q) or len(monthly) != 1:
        return None
    ranked = p.wants_text and p.answer_column not in (None, monthly[0]) and p.is_max != p.is_min
    if not (p.numeric_answer or ranked):
        return None
    active = next(
        (
            c
            for c, column in enumerate(p.table.columns)
            if _ACTIVE_NAME.match(column.name) and p.index.flags[c] and c not in p.condition_columns
        ),
        None,
    )
    where = (*p.where, *((Condition(active, "=", p.index.flags[active]),) if active is not None else ()))
    if ranked:
        plan = Plan(Operation.SUM, monthly[0], group_by=p.answer_column, where=where, descending=p.is_max)
        return p.reading(replace(plan, limit=p.group_limit), ReadingKind.GROUP)
    return p.reading(Plan(Operation.SUM, monthly[0], where=where), ReadingKind.SUM)
