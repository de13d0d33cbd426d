"""How many rows each value of a column has, on average: "the average number of orders per customer", "how many
tickets does an agent handle on average". The table's rows counted, over how many different values the column holds.

It counted every order (24) and held it at 0.25, its "average" and "per customer" left unread (my own orders table,
2026-12-07). Of a column of amounts ("the average quantity per order") the average is the column's (``rules.average``).
"""

from __future__ import annotations

import re

from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.question import Outcome, ParsedQuestion
from backend.tables.words import row_noun
from backend.text import stem

_SAID = (
    # "the average number of orders per customer", "average orders for each agent"
    re.compile(r"\baverage (?:number of )?(?P<rows>\w+) (?:per|for each|for every|by each|for an?) (?P<group>\w+)"),
    # "how many orders does a customer place on average", "on average, how many tickets does each agent handle"
    re.compile(r"\bhow many (?P<rows>\w+) (?:does|did|do) (?:an?|each|every) (?P<group>\w+)\b.*\bon average\b"),
    re.compile(r"\bon average,? how many (?P<rows>\w+) (?:does|did|do) (?:an?|each|every) (?P<group>\w+)\b"),
)


def rows_per_group(p: ParsedQuestion) -> Outcome:
    """The rows (of the conditions) counted, over the different values of the column the group noun names, where the
    rows noun says what a row is (orders of orders.csv) and that column's values repeat."""
    said = next((m for pattern in _SAID if (m := pattern.search(p.q))), None)
    if said is None or not p.numeric_answer or stem(said["rows"]) != row_noun(p.table):
        return None
    group = stem(said["group"])
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
    counted = Plan(Operation.COUNT, where=p.where)
    return p.reading(counted, ReadingKind.ROWS_PER_GROUP, Plan(Operation.COUNT_DISTINCT, column, where=p.where))
