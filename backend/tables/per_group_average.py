"""What each value of a column has, on average: "the average number of orders per customer", "how many tickets does
an agent handle on average" (the rows counted), "the average revenue per customer" (an amount that adds up, added
up): over how many different values the column holds, not over the rows.

It counted every order (24), and averaged the orders' Revenue (536.6 for 2,146.5 a customer), both held at 0.25 with
"per customer" left unread (my own orders table, 2026-12-07). Of a column of one value a row ("the average quantity
per order", "the average MRR per customer" of one row each), or of a group that is the rows themselves ("the average
revenue per order" of orders.csv: it divided by the 22 different Order Dates, 585.4 for 536.6, 2026-12-08), the average
over the rows is the answer (``rules.average``).
"""

from __future__ import annotations

import re

from backend.tables.aggregations import ADDITIVE
from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.question import Outcome, ParsedQuestion
from backend.tables.row_nouns import row_words_explained
from backend.tables.words import HELD_NAME, row_noun
from backend.text import stem

_SAID = (
    # "the average number of orders per customer", "average revenue for each agent"
    re.compile(r"\baverage (?:number of )?(?P<rows>\w+) (?:per|for each|for every|by each|for an?) (?P<group>\w+)"),
    # "how many orders does a customer place on average", "on average, how many tickets does each agent handle"
    re.compile(r"\bhow many (?P<rows>\w+) (?:does|did|do) (?:an?|each|every) (?P<group>\w+)\b.*\bon average\b"),
    re.compile(r"\bon average,? how many (?P<rows>\w+) (?:does|did|do) (?:an?|each|every) (?P<group>\w+)\b"),
)
# Amounts that add up besides money (aggregations.ADDITIVE): what is held or moved, and time spent ("the average hours
# per employee" of a timesheet is each one's total hours over the employees, 24.5 and 21 for 6.25 a row, 2026-12-08).
# Prices, rates, scores and ages do not add up, and neither do a sports table's points or goals, whose "average points
# per game" is the rows' average: they stay out.
_TIME_SPENT_NAME = re.compile(r"(?i)^(?!.*\b(?:unit|per|rate|avg|average)\b).*\b(?:hours|days|minutes)\b")


def per_group_average(p: ParsedQuestion) -> Outcome:
    """The rows of the conditions counted (the rows noun says what a row is: orders of orders.csv), or the amount it
    names added up, over the different values of the column the group noun names, where those values repeat."""
    said = next((m for pattern in _SAID if (m := pattern.search(p.q))), None)
    if said is None or not p.numeric_answer:
        return None
    group, rows = stem(said["group"]), stem(said["rows"])
    if row_words_explained([group], p.table):  # "per order" of orders.csv, "per service" of maintenance.csv: a row
        return None
    column = next(
        (
            c
            for c, names in enumerate(p.index.names)
            if group in names and not p.table.columns[c].numeric and p.index.distinct[c] < p.table.row_count
        ),
        None,
    )
    if column is None:
        return None
    if rows == row_noun(p.table):
        counted = Plan(Operation.COUNT, where=p.where)
    else:
        amounts = [
            c
            for c, names in enumerate(p.index.names)
            if rows in names and p.table.columns[c].numeric and _adds_up(p.table.columns[c].name)
        ]  # of Hours and Hourly Rate, the Hours
        if len(amounts) != 1:
            return None
        counted = Plan(Operation.SUM, amounts[0], where=p.where)
    return p.reading(counted, ReadingKind.PER_GROUP_AVERAGE, Plan(Operation.COUNT_DISTINCT, column, where=p.where))


def _adds_up(name: str) -> bool:
    """Whether a column of this name holds amounts that add up over rows: money, units held or moved, time spent."""
    return bool(ADDITIVE.search(name) or HELD_NAME.search(name) or _TIME_SPENT_NAME.search(name))
