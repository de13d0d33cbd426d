"""Yes/no questions over the rows: whether any row matches ("is anyone in Finance remote": ``ReadingKind.EXISTS``), and
whether every row of a kind does ("are all engineers in London": ``ReadingKind.EVERY``, true when no engineer's row
is elsewhere; it read whether any engineer is in London, True at 0.8; my own staff table, 2026-12-07).

Of "all X Y", the conditions said right after "all" (or "every", "each") pick the rows the question is about (none:
every row, "are all orders shipped"), and the one other condition is what each must say: the plan counts the rows
about which it is false (its comparison turned round), and the answer is that there are none. A claim of two
conditions or more, or of one that cannot be turned round, has no reading: read as "any", it would be answered wrong.
Nor has a ranking ("is Asia our biggest region") or a total compared ("did Hooli order more than 50 units in total").
"""

from __future__ import annotations

import re

from backend.tables.conditions import filled_or_empty
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.question import NO_READING, Outcome, ParsedQuestion
from backend.types import AnswerType

# "are all engineers in London", "does every order have a status", "were all of the games won"
_EVERY = re.compile(r"^(?:are|were|is|was|do|does|did|have|has|had)\s+(?:all|every|each)\b")
# A comparison turned round: the rows a claim is false of ("in London": not in London)
_TURNED = {"=": "!=", "!=": "=", ">": "<=", ">=": "<", "<": ">=", "<=": ">", "filled": "empty", "empty": "filled"}
_TOTAL = re.compile(r"\b(?:in total|total|altogether|combined|overall)\b")  # an amount added up, not a row's
_ABOUT = 3  # the words after "all" the value of the rows the question is about may be said in ("all of the engineers")


def exists(p: ParsedQuestion) -> Outcome:
    """A yes/no question: whether any row matches ("is anyone in Finance remote"), or whether every row of a kind
    does ("are all engineers in London")."""
    if p.element is not AnswerType.BOOLEAN:
        return None
    if p.is_max != p.is_min or (_TOTAL.search(p.q) and any(c.view == "number" for c in p.where)):
        # "is Asia our biggest region", "did Hooli order more than 50 units in total": a ranking or a total compared,
        # which whether any row matches does not say (it said yes for Asia having rows, and no for Hooli having no
        # one order of over 50 units, each at 0.8; my own orders table, 2026-12-07)
        return NO_READING
    presence = filled_or_empty(p.q, p.table, p.named, p.condition_columns, p.index)
    said = _EVERY.search(p.q)
    if said is None:
        return p.reading(Plan(Operation.COUNT, where=(*p.where, *presence)), ReadingKind.EXISTS)
    after = len(p.q[: said.end()].split())
    # (the first value said after it: "are all engineers in London" is about the engineers, not the Londoners)
    about_at = min((m.start for m in p.mentions if after <= m.start < after + _ABOUT), default=None)
    about = [c for c in p.where if about_at in _said_at(c, p)]
    claimed = [c for c in (*p.where, *presence) if c not in about]
    if len(claimed) != 1 or claimed[0].op not in _TURNED:
        return NO_READING
    false_of = Condition(claimed[0].column, _TURNED[claimed[0].op], claimed[0].value, claimed[0].view)
    return p.reading(Plan(Operation.COUNT, where=(*about, false_of)), ReadingKind.EVERY)


def _said_at(condition: Condition, p: ParsedQuestion) -> set[int]:
    """Where the question says the value a condition compares with (the first word of each mention of it)."""
    return {m.start for m in p.mentions if m.cells.get(condition.column) is not None}
