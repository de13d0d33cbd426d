"""Conditions that compare two columns of each row: "items whose stock is below their reorder level", "orders
delivered after their due date", "tickets resolved on the same day", "homes sold above asking"; "how many teams
scored more than they conceded" is not one (no second column is named). The column compared with is named right
after the comparison; the one compared is named before it, or is the table's only other column of the same kind, or
its one column of stock (or, compared with a budget, of spending).
"""

from __future__ import annotations

import re

from backend.tables.column_kinds import is_year_or_rank
from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.tables.vocabulary import Index
from backend.tables.words import ABBREVIATIONS, ACHIEVED_NAME, HELD_NAME, LEVEL_NAME, LEVEL_WORDS
from backend.text import stem

_COMPARED = [
    (r"below|under|less than|fewer than|lower than|smaller than", "<"),
    (r"above|over|more than|greater than|higher than|larger than|exceed(?:s|ed|ing)?", ">"),
    (r"at least", ">="),
    (r"at most", "<="),
    (r"after|later than", ">"),
    (r"before|earlier than", "<"),
]
_OF_TIME = (r"after|later than", r"before|earlier than")  # the only comparisons one date column makes of another
# "more stock than their reorder level": the compared column named inside the comparison
_SPLIT = [
    (r"(?:more|greater|higher|larger)\s+(?:\w+\s+){1,3}?than", ">"),
    (r"(?:less|fewer|lower|smaller)\s+(?:\w+\s+){1,3}?than", "<"),
]
# "which reps beat their target", "who missed their quota": verbs of meeting a level, said only of a column that
# holds one (a target, quota or goal: "reached the final" compares nothing)
_MET = [
    (r"beat|beats|surpass(?:ed|es)?|outperform(?:ed|s)?", ">"),
    (r"hit|hits|met|meet|meets|reach(?:ed|es)?|achiev(?:ed|es)?|made", ">="),
    (r"miss(?:ed|es)?|fell short of|falls? short of", "<"),
]
# "how many departments stayed within budget": at most the Budget (declined, "within" left out; my own budget against
# actuals table, 2026-11-29), said only of a level or a budget ("shipped within a day" compares no two dates)
_WITHIN = (r"within", "<=")
_DETERMINER = r"(?:(?:the|their|its|his|her|our|a)\s+)?"
# "items below their reorder level": a level is compared with what is held, the table's one column of stock or units
# (words.HELD_NAME: In Stock, On Hand, Quantity) when other columns of numbers are there too (Unit Cost)
# "which items need reordering", "how many products are due for a restock": what is held is at or under the level at
# which it is reordered (the usual rule of a reorder point), a column named for reordering ("Reorder Level")
NEEDS_REORDER = re.compile(
    r"\b(?:needs?|needing|due for|should|must)\s+(?:we\s+)?(?:to be\s+|be\s+|to\s+|a\s+)?"
    r"(?:reorder(?:ing|ed)?|restock(?:ing|ed)?|replenish(?:ing|ed)?)\b"
)  # ("how many items do we need to reorder" counted every item, at 0.28; my own inventory table, 2026-12-07)
_REORDER = re.compile(r"(?i)\b(?:reorder|restock|min(?:imum)?)\b")
# "which products are out of stock", "sold out": none held. ("How many Espresso Beans are in stock" asks for its
# stock, not whether it has some: "in stock" is no condition.)
OUT_OF_STOCK = re.compile(r"\b(?:out of stock|sold out|(?:no|zero|without) stock)\b")


def column_comparisons(words: list[str], named: list[int], table: TypedTable, index: Index) -> list[Condition]:
    """``A op B`` for each comparison the question makes of a column ``A`` with a column ``B`` it names right
    after the comparison word, both of numbers or both of dates."""
    q = " ".join(words)
    stems = [stem(ABBREVIATIONS.get(w, w)) for w in words]
    found = []
    for pattern, op in [*_COMPARED, *_SPLIT, *_MET, _WITHIN]:
        for match in re.finditer(rf"\b(?:{pattern})\s+{_DETERMINER}", q):
            said_at, after = len(q[: match.start()].split()), len(q[: match.end()].split())
            other = _named_at(after, stems, named, table, index)
            met = (pattern, op) in _MET
            if other is None or (met and not LEVEL_NAME.search(table.columns[other].name)):
                continue
            if (pattern, op) == _WITHIN and not LEVEL_OR_BUDGET.search(table.columns[other].name):
                continue
            if _kind(table, other) == "date" and op in ("<", ">") and pattern not in _OF_TIME:
                continue  # "assets under warranty" compares no Purchase Date with the Warranty Ends
            before = " ".join(words[:said_at])
            if re.search(r"\bhow (?:much|many)$|\bhow (?:much|far)\b", before):
                continue  # "how much more revenue than cost", "by how much did Bo beat his target": a difference
            # the words naming the column compared: before the comparison, or inside it ("more stock than")
            naming = set(stems[:said_at]) | set(stems[said_at + 1 : after])
            compared = _compared(naming, other, named, table, index)
            if compared is not None:
                found.append(Condition(compared, op, other, "column"))
    return found


def reorder_condition(q: str, table: TypedTable) -> Condition | None:
    """``held <= level`` when the question asks what needs reordering of a table with one column of stock and one of
    the level it is reordered at."""
    if not NEEDS_REORDER.search(q):
        return None
    numbers = [c for c in range(len(table.columns)) if _kind(table, c) == "number"]
    levels = [c for c in numbers if _REORDER.search(table.columns[c].name)]
    held = [c for c in numbers if HELD_NAME.search(table.columns[c].name) and c not in levels]
    return Condition(held[0], "<=", levels[0], "column") if len(levels) == 1 and len(held) == 1 else None


def stock_condition(q: str, table: TypedTable) -> Condition | None:
    """``held = 0`` of what is out of stock, of a table with one column of stock."""
    if not OUT_OF_STOCK.search(q):
        return None
    numbers = [c for c in range(len(table.columns)) if _kind(table, c) == "number"]
    held = [c for c in numbers if HELD_NAME.search(table.columns[c].name)]
    return Condition(held[0], "=", 0.0, "number") if len(held) == 1 else None


# "which invoices were paid late", "how many tasks finished late": the date a row was done after the one it was due
# by (a column named for a due date or a deadline, beside the date the question's verb names: "paid" of "Paid On")
_LATE = re.compile(r"\b(?:late|past due)\b")
# and "paid on time": by the due date (it counted every paid invoice, "time" left out, at 0.72; my own invoices table,
# 2026-11-29), unless a column says it ("On Time" of a shipments table)
_ON_TIME = re.compile(r"\bon time\b")
_DUE_NAME = re.compile(r"(?i)\b(?:due|deadline)\b")


def late_condition(q: str, table: TypedTable, index: Index) -> Condition | None:
    """``done > due`` when the question asks what was done late of a table with one due date and one other date its
    words name (a cell said may name it too: "paid" of a Status "Paid" and a "Paid On" date); ``done <= due`` when
    it asks what was done on time."""
    late = bool(_LATE.search(q))
    on_time = not late and _ON_TIME.search(q) and not any(_ON_TIME.search(c.name.lower()) for c in table.columns)
    if not (late or on_time):
        return None
    stems = {stem(ABBREVIATIONS.get(w, w)) for w in q.split()}
    dates = [c for c in range(len(table.columns)) if _kind(table, c) == "date"]
    due = [c for c in dates if _DUE_NAME.search(table.columns[c].name)]
    done = [c for c in dates if c not in due and index.names[c] & stems]
    return Condition(done[0], ">" if late else "<=", due[0], "column") if len(due) == 1 and len(done) == 1 else None


# "how many tickets were resolved on the same day", "... the same day they were opened": the date the verb names equal
# to the table's other date (it counted every resolved ticket, "day" left out, at 0.72; my own tickets table,
# 2026-11-29)
_SAME_DAY = re.compile(r"\b(?:on |in )?(?:the )?same[- ]day\b")


def same_day_condition(q: str, table: TypedTable, index: Index) -> Condition | None:
    """``done = started`` when the question asks what happened on the same day of a table with two date columns (or
    more, two of them named), one of them named."""
    if not _SAME_DAY.search(q):
        return None
    # ("day" of "the same day" names every Date column: "shipped on the same day they were ordered" names two of
    # three by their verbs, the Ship Date and the Order Date; it counted the delivered ones, at 0.72, of my own
    # shipments table, 2026-11-29)
    stems = {stem(ABBREVIATIONS.get(w, w)) for w in q.split()} - {stem("date")}
    dates = [c for c in range(len(table.columns)) if _kind(table, c) == "date"]
    named = [c for c in dates if index.names[c] & stems]
    pair = dates if len(dates) == 2 and named else named if len(named) == 2 else []
    return Condition(pair[1], "=", pair[0], "column") if pair else None


_MET_WORDS = re.compile(rf"\b(?:{'|'.join(pattern for pattern, _ in _MET)})\b")


def level_words(words: list[str], where: tuple[Condition, ...], of: int | None, table: TypedTable) -> set[int]:
    """The positions of the words that say how conditions compare a row with a level: "need reordering", "out of
    stock" of a column of stock, "beat", "missed" of a target, "late" of a due date, or "reached" of a target the
    answer is a share of (``of``: the column the answer is a part of)."""
    q = " ".join(words)
    held = any(HELD_NAME.search(table.columns[c.column].name) for c in where)
    compared = [int(c.value) for c in where if c.view == "column"] + ([of] if of is not None else [])
    level = any(LEVEL_NAME.search(table.columns[c].name) for c in compared)
    late = any(_DUE_NAME.search(table.columns[int(c.value)].name) for c in where if c.view == "column")
    same_day = any(c.view == "column" and c.op == "=" and _kind(table, c.column) == "date" for c in where)
    patterns = [*((NEEDS_REORDER, OUT_OF_STOCK) if held else ()), *((_MET_WORDS,) if level else ())]
    patterns += [_LATE, _ON_TIME] if late else []
    patterns += [_SAME_DAY] if same_day else []
    explained = set()
    for said in (match for pattern in patterns for match in pattern.finditer(q)):
        start = len(q[: said.start()].split())
        explained |= set(range(start, start + len(said.group(0).split())))
    return explained


def _kind(table: TypedTable, column: int) -> str | None:
    """What a column is compared as: its numbers, its dates, or nothing."""
    if table.columns[column].kind == "date":
        return "date"
    return "number" if table.columns[column].numeric else None


def _named_at(at: int, stems: list[str], named: list[int], table: TypedTable, index: Index) -> int | None:
    """The named column of numbers or dates whose name the word at ``at`` begins."""
    if at >= len(stems):
        return None
    return next((c for c in named if stems[at] in index.names[c] and _kind(table, c) is not None), None)


def _compared(naming: set[str], other: int, named: list[int], table: TypedTable, index: Index) -> int | None:
    """The column compared with ``other``: one of its kind that ``naming`` (stems) names, else the table's only
    other column of that kind (ranks, years and the like left out), or of those its one column of stock."""
    kind = _kind(table, other)
    # a named column first, then one a word names that a cell took ("which homes sold above asking": "sold" is the
    # Status "Sold" and the Sold Price compared with the List Price; my own listings table, 2026-11-29)
    for column in [*named, *range(len(table.columns))]:
        if column != other and _kind(table, column) == kind and index.names[column] & naming:
            return column
    alike = [
        c
        for c in range(len(table.columns))
        if c != other and _kind(table, c) == kind and not (kind == "number" and is_year_or_rank(table, c))
    ]
    if len(alike) == 1:
        return alike[0]
    held = [c for c in alike if HELD_NAME.search(table.columns[c].name)]
    if len(held) == 1:
        return held[0]
    return achieved_against(other, alike, table)


def achieved_against(level: int, alike: list[int], table: TypedTable) -> int | None:
    """The one column of ``alike`` that a level is compared with: what was spent of a budget ("which campaigns went
    over budget" beside Clicks and Impressions), what was achieved of a target ("who beat their quota": the Actual)."""
    name = table.columns[level].name
    pattern = SPENT_NAME if BUDGET_NAME.search(name) else ACHIEVED_NAME if LEVEL_NAME.search(name) else None
    found = [c for c in alike if pattern is not None and pattern.search(table.columns[c].name)]
    if not found:
        # the column the level's name names without its level word: the "kWh" of a "Target kWh" (it read the
        # Target alone for "by how much did Leeds exceed its target", at 0.8; my own energy table, 2026-11-29)
        measured = " ".join(LEVEL_OR_BUDGET.sub(" ", name).split()).lower()
        found = [c for c in alike if measured and table.columns[c].name.strip().lower() == measured]
    return found[0] if len(found) == 1 else None


# A level to keep under: a budget, or an estimate ("which task overran its estimate": its Actual past its Estimate)
# (an allowance used up as a budget is spent: "how many leave days does Ana have left" of a "Leave Allowance" and a
# "Leave Taken" read her allowance, at 0.3; my own HR table, 2026-11-29)
BUDGET_NAME = re.compile(r"(?i)\b(?:budget(?:ed)?|estimated?|estimates|allowance|entitlement)\b")
# a level to reach, or to keep under
LEVEL_OR_BUDGET = re.compile(rf"(?i)\b(?:budget(?:ed)?|estimated?|estimates|{LEVEL_WORDS})\b")
SPENT_NAME = re.compile(r"(?i)\b(?:spent|spend|spending|actuals?|costs?|expenses?|taken|used)\b")
