"""What a share the question asks for is of: the number column its whole names ("what share of revenue came from
Asia": the rows' Revenue added up, not the rows counted), and whether a "rate" it says is a column of rates or a share
of the rows a yes/no column says ("the churn rate"), and the part a group's share is of ("the highest share of delivered
shipments"). ``rules.comparison`` reads shares with them."""

from __future__ import annotations

import re

from backend.tables.comparisons import rate_of_a_flag
from backend.tables.plan import Condition, Operation, Plan
from backend.tables.question import ParsedQuestion
from backend.tables.words import ABBREVIATIONS, Mention
from backend.text import stem


def measure_of_the_part(p: ParsedQuestion) -> int | None:
    """The number column named by the word right after "what share of" ("... of revenue", "of all revenue", "of the
    total revenue"), or the one named elsewhere of the whole said as such ("what percentage of the total is Asia
    revenue": it gave Asia's share of the rows, at 0.8; my own orders table, 2026-12-07), or None."""
    said = re.search(
        r"\b(?:percent(?:age)?|share|proportion|fraction) of (?:the |our |all (?:the )?)?(total )?(\w+)", p.q
    )
    named = p.measure_named
    if said is None or named is None:
        return None
    word = said.group(2)
    if word == "total" or (said.group(1) and word in ("is", "was", "are", "were", "came", "comes")):
        return named
    return named if stem(ABBREVIATIONS.get(word, word)) in p.index.names[named] else None


def rates_named(p: ParsedQuestion, flagged: tuple[Condition, ...]) -> bool:
    """Whether a column of rates is what "rate" names, not a share of the rows a flag says ("the churn rate")."""
    return any("rate" in names for names in p.index.names) and not rate_of_a_flag(p.q, flagged, p.index)


# "which carrier has the highest share of delivered shipments": each group's share of rows, ranked (it ranked the
# carriers by their Cost, "share" left out, at 0.8; my own shipments table, 2026-12-07)
_RANKED_SHARE = re.compile(
    r"\b(?:highest|lowest|largest|smallest|biggest|greatest|best|worst|top|most|least) "
    r"(?:share|percentage|proportion|fraction|percent) of\b"
)


def share_of_each(q: str, where: tuple[Condition, ...], mentions: list[Mention]) -> tuple[Plan, Plan] | None:
    """The part and the whole of a group's share the question ranks by ("the highest share of delivered shipments":
    the rows whose cell says Delivered, of all the group's rows), the part being the values said after "share of";
    None when it ranks no share or says no value after it."""
    said = _RANKED_SHARE.search(q)
    if said is None:
        return None
    at = len(q[: said.end()].split())
    after = {cell for m in mentions if m.start >= at for cell in m.cells.values()}
    part = [c for c in where if c.view == "text" and c.op == "=" and c.value in after]
    if not part:
        return None
    whole = tuple(c for c in where if c not in part)
    return Plan(Operation.COUNT, where=where), Plan(Operation.COUNT, where=whole)
