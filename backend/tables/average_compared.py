"""A column compared with its own average: "how many orders were above the average revenue", "which employees earn
less than the mean salary", "campaigns that spent more than average". The average is what each row is compared with
(a condition of view "average", over the table's rows), not what is asked for: the question counts or lists rows.

Read as an average, "how many orders had revenue above average" answered the average revenue (536.6, no count), and
"which orders were above the average revenue" had no reading (my own orders table, 2026-12-07).
"""

from __future__ import annotations

import re

from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.tables.vocabulary import Index
from backend.text import stem

_AGAINST_AVERAGE = re.compile(
    r"\b(?P<op>above|over|below|under|(?:more|less|fewer|greater|higher|lower|larger|smaller|bigger) than) "
    r"(?:the |our |an )?(?P<average>average|mean)\b(?: (?P<noun>\w+))?"
)
_BELOW = re.compile(r"below|under|less|fewer|lower|smaller")


def average_compared(q: str, table: TypedTable, measure: int | None, index: Index) -> tuple[Condition, str] | None:
    """The condition that compares a number column with its average, and the question without the average said
    (no rule after it reads an average asked for), or None. The column is the one named right after "average" ("the
    average revenue"), else the measure the question reads ("revenue above average", "orders above average")."""
    said = _AGAINST_AVERAGE.search(q)
    if said is None:
        return None
    noun = stem(said["noun"]) if said["noun"] else None
    after = next((c for c, names in enumerate(index.names) if noun in names and table.columns[c].numeric), None)
    column = after if after is not None else measure
    if column is None or not table.columns[column].numeric:
        return None
    op = "<" if _BELOW.match(said["op"]) else ">"
    return Condition(column, op, None, "average"), (q[: said.start("average")] + q[said.end("average") :]).strip()
