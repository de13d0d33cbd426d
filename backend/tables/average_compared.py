"""A column compared with its own average: "how many orders were above the average revenue", "which employees earn
less than the mean salary", "campaigns that spent more than average". The average is what each row is compared with
(a condition of view "average", over the table's rows), not what is asked for: the question counts or lists rows.
And by how much one value is above it: "how much more does Leo earn than the average" (``than_the_average``).

Read as an average, "how many orders had revenue above average" answered the average revenue (536.6, no count), and
"which orders were above the average revenue" had no reading (my own orders table, 2026-12-07).
"""

from __future__ import annotations

import re

from backend.tables.infer import TypedTable
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.vocabulary import Index
from backend.tables.words import Mention
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


# "how much more does Leo Zhang earn than the average (engineer)": one value less the average (it answered Leo's own
# salary, "more" and "than" taken as explained, at 0.8; my own staff table, 2026-12-07)
_MORE_THAN_AVERAGE = re.compile(
    r"\bhow (?:much|many) (?:more|less|fewer|higher|lower)\b.* than (?:the |our |an )?(?P<average>average|mean)\b"
)


def than_the_average(
    q: str, where: tuple[Condition, ...], measure: int | None, mentions: list[Mention]
) -> tuple[Plan, ReadingKind, Plan] | None:
    """The measure of the rows the values said before "average" pick, against its average over the rows the values
    said after it pick ("than the average engineer": the Engineers'; with none, every row): how far apart they are.
    None unless a value said before it picks rows and a number column is read."""
    said = _MORE_THAN_AVERAGE.search(q)
    if said is None or measure is None:
        return None
    at = len(q[: said.start("average")].split())
    after = {cell for m in mentions if m.start >= at for cell in m.cells.values()}
    whole = tuple(c for c in where if c.view == "text" and c.value in after)
    picked = tuple(c for c in where if c not in whole)
    if not any(c.view == "text" and c.op == "=" for c in picked):
        return None
    return Plan(Operation.AVG, measure, where=picked), ReadingKind.DIFFERENCE, Plan(Operation.AVG, measure, where=whole)
