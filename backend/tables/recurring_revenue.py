"""Recurring revenue of a table of subscriptions: "what is our MRR", "the MRR of the Team plan", "the monthly
recurring revenue in EMEA" are the monthly fees added up, of the subscriptions still active where a column of yes and
no, or an end date, says which are (a churned customer pays nothing a month).

"What is our MRR" had no reading, and "the MRR of the Team plan" read the first Team customer's fee (300 of 900, at
0.8; my own subscriptions table, 2026-12-07).
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.question import Outcome, ParsedQuestion
from backend.tables.senses import ended_columns
from backend.tables.words import AVERAGE

_RECURRING = re.compile(r"\b(?:mrr|recurring revenue)\b")
_MONTHLY_NAME = re.compile(r"(?i)^\s*(?:mrr\b|monthly (?:fee|price|charge|payment|subscription|recurring revenue))")
_ACTIVE_NAME = re.compile(r"(?i)^\s*(?:is )?active\s*$")


def recurring_revenue(p: ParsedQuestion) -> Outcome:
    """The table's one column of monthly fees added up over the active rows of the conditions (for each value of the
    answer column, ranked: "which region has the highest MRR")."""
    monthly = [c for c, column in enumerate(p.table.columns) if column.numeric and _MONTHLY_NAME.search(column.name)]
    if not _RECURRING.search(p.q) or len(monthly) != 1:
        return None
    ranked = p.wants_text and p.answer_column not in (None, monthly[0]) and p.is_max != p.is_min
    # (an average, a median, the highest or lowest of it is no total: "the average MRR per customer")
    total = p.numeric_answer and not (p.is_max or p.is_min or AVERAGE.search(p.q) or "median" in p.q.split())
    if not (total or ranked):
        return None
    return p.reading(*_added_up(p, monthly[0], ranked))


def _added_up(p: ParsedQuestion, monthly: int, ranked: bool) -> tuple[Plan, ReadingKind]:
    """The monthly fees of the active rows of the conditions added up, for each value of the answer column when
    ``ranked``. Active: an Active column of yes and no says yes, or an end date ("Cancelled On") is empty, where no
    condition says which (a churned customer pays nothing a month)."""
    said = p.condition_columns
    columns = p.table.columns
    active = [c for c, column in enumerate(columns) if _ACTIVE_NAME.match(column.name) and p.index.flags[c]]
    ended = ended_columns(p.table)
    if active and not set(active) & said:
        where = (*p.where, Condition(active[0], "=", p.index.flags[active[0]]))
    elif ended and not active and not set(ended) & said:
        where = (*p.where, Condition(ended[0], "empty", None))
    else:
        where = p.where
    if ranked:
        plan = Plan(Operation.SUM, monthly, group_by=p.answer_column, where=where, descending=p.is_max)
        return replace(plan, limit=p.group_limit), ReadingKind.GROUP
    return Plan(Operation.SUM, monthly, where=where), ReadingKind.SUM
