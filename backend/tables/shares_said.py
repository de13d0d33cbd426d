"""What a share the question asks for is of: the number column its whole names ("what share of revenue came from
Asia": the rows' Revenue added up, not the rows counted), and whether a "rate" it says is a column of rates or a share
of the rows a yes/no column says ("the churn rate"), and the part a group's share is of ("the highest share of delivered
shipments"). ``rules.comparison`` reads shares with them."""

from __future__ import annotations

import re

from backend.tables.column_kinds import MONEY_NAME
from backend.tables.columns import the_amount
from backend.tables.comparisons import rate_of_a_flag
from backend.tables.plan import Condition, Operation, Plan
from backend.tables.question import ParsedQuestion
from backend.tables.words import ABBREVIATIONS, Mention
from backend.text import stem


def measure_of_the_part(p: ParsedQuestion) -> int | None:
    """The number column named by the word right after "what share of" or the one after it ("... of revenue", "of all
    revenue", "of the total revenue", "of shipping costs"), or the one named elsewhere of the whole said as such ("what
    percentage of the total is Asia revenue": it gave Asia's share of the rows, at 0.8; my own orders table,
    2026-12-07), or the table's one amount of money for "the money"; else None."""
    said = re.search(
        r"\b(?:percent(?:age)?|share|proportion|fraction) of (?:the |our |all (?:the )?)?(total )?(\w+)(?: (\w+))?", p.q
    )
    if said is None:
        return None
    named, word = p.measure_named, said.group(2)
    if named is None:
        # "what share of the money came from Canada": the table's one amount of money (it gave Canada's share of the
        # gifts, "money" left out, at 0.72; my own donations table, 2026-12-08)
        money = the_amount(p.table, p.condition_columns) if word == "money" else None
        return money if money is not None and MONEY_NAME.search(p.table.columns[money].name) else None
    if word == "total" or (said.group(1) and word in ("is", "was", "are", "were", "came", "comes")):
        return named
    # the word after, or the one after it ("what fraction of shipping costs went to DHL": its Cost, not its rows, read
    # at 0.8 with nothing left out; my own shipments table, 2026-12-08)
    return named if any(stem(ABBREVIATIONS.get(w, w)) in p.index.names[named] for w in said.groups()[1:] if w) else None


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
