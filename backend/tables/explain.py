"""How much of a question a reading explains: which of its content words the plan accounts for (a cell value it
compares, a column it reads, a number a condition holds, a word the plan's kind says), its ``coverage`` and the words
left ``unexplained``. ``answer/tables.py`` turns that into a confidence; ``parse.py`` asks here once a plan is read.
"""

from __future__ import annotations

from typing import NamedTuple

from backend.tables.cells import iso_week, parse_number
from backend.tables.infer import TypedTable
from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.plan_cues import cue_words_explained, moved_but_held, reads_money
from backend.tables.positions import Ranked
from backend.tables.quantities import SaidNumber
from backend.tables.row_nouns import about_every_row, may_name_the_rows, row_words_explained
from backend.tables.vocabulary import Index
from backend.tables.words import (
    BOUND_NEGATION,
    CUE_WORDS,
    NEGATION,
    NO_CELLS,
    PERSONS,
    PLAIN_VERBS,
)
from backend.text import STOP_WORDS

_AVERAGING = {Operation.AVG, Operation.MEDIAN}  # plans that account for "average" and "mean"

# Verbs whose object "us" is the pronoun ("what did Northwind charge us", "how much did it cost us")
_TO_US = {"charge", "charged", "charges", "bill", "billed", "bills", "invoice", "invoiced", "cost", "costs"}
_TO_US |= {"owe", "owes", "pay", "paid", "pays", "send", "sent", "give", "gave", "sell", "sold", "sells", "lent"}


def explain(
    plan: Plan,
    second: Plan | None,
    kind: ReadingKind,
    words: list[str],
    stems: list[str],
    covered: set[int],
    named: list[int],
    numbers: list[SaidNumber],
    ranked: Ranked | None,
    table: TypedTable,
    index_: Index,
) -> Explained:
    """What a reading explains of the question (``covered``: the words of the cell values and the numbered column
    names the question says)."""
    explained = set(covered)
    # the words naming a column the plan compares ("number 1 in the UK": "Peak chart positions UK")
    for column in {*named, *(c.column for c in plan.where if c.view == "number")}:
        explained |= {i for i, s in enumerate(stems) if s in index_.names[column]}
    # "items below their reorder level": a column the question compares with, which the plan does not read (it
    # compares no column with another), is not explained by being named; nor is a state said of the rows ("how many
    # deals are closed" of a Close Date column the count never reads): a condition the plan does not hold
    used = _columns_of(plan) | (_columns_of(second) if second else set())
    for column in set(named) - used:
        explained -= {
            i
            for i, s in enumerate(stems)
            if s in index_.names[column]
            and (_compared_with(words, stems, i, index_.names[column]) or _state_said(words, i))
        }
    explained |= _numbers_explained(plan, second, words, numbers, ranked)
    explained |= cue_words_explained(plan, second, kind, words, table, index_)
    explained |= row_words_explained(stems, table)
    explained |= _kind_of_value_explained(stems, words, _columns_of(plan), table, index_)
    if plan.having is not None:  # "more than once", "at least twice": how many rows each group has
        explained |= {i for i, w in enumerate(words) if w in _HOW_OFTEN}
    # "how many people attended" added up as an Attended count: the people are what it counts (held at 0.28 with
    # "people" unexplained; my own events table, 2026-11-29)
    if plan.operation is Operation.SUM and plan.group_by is None:
        explained |= {i for i, s in enumerate(stems) if s in PERSONS and words[max(0, i - 2) : i] == ["how", "many"]}
    # "what other languages are listed besides Sotho": a plan that excludes a value accounts for "other"; "non-billable"
    # (and "unpaid", read "non paid") for its prefix; one of a number at 0 for "free" ("free shipping")
    said_no = any(c.op == "=" and isinstance(c.value, str) and c.value.strip().lower() in NO_CELLS for c in plan.where)
    excludes = said_no or any(c.op in ("!=", "lacks", "empty") for c in plan.where)  # "late": "On Time" = "No"
    excludes |= kind in (ReadingKind.NEVER, ReadingKind.NEVER_COUNT)  # the values no row saying it holds
    free = any(c.op == "=" and c.view == "number" and c.value == 0 for c in plan.where)  # "free", "no losses"
    # "stayed within budget": a plan that keeps one column at most another accounts for "within"
    within = any(c.op == "<=" and c.view == "column" for c in plan.where)
    # "than every other team", "than the rest": a second plan of the rows the first does not pick
    rest = second is not None and any(c.op == "!=" for c in second.where) and not any(c.op == "!=" for c in plan.where)
    explained |= {
        i
        for i, w in enumerate(words)
        if (excludes and w in (BOUND_NEGATION, *NEGATION))
        or (free and w in ("free", "no"))
        or (within and w == "within")
        or (rest and w in _THE_REST)
    }
    content = [i for i, w in enumerate(words) if w not in STOP_WORDS and w not in CUE_WORDS and w not in PLAIN_VERBS]
    # "us" after a verb is the pronoun ("how much did UPS charge us": held at 0.72, "us" left out; my own shipments
    # table, 2026-12-07), not the United States a question may name ("how many us drivers")
    content = [i for i in content if not (words[i] == "us" and i and words[i - 1] in _TO_US)]
    content = [i for i in content if not (words[i] == "t" and i and words[i - 1] in NEGATION)]  # "didn't": "didn t"
    # "the total stock value" is money (In Stock times Unit Cost, no column of its own): a cue word when the plan
    # reads a money column ("the average order value" of Revenue), else a word the plan does not account for
    if not reads_money(plan, table):
        content += [i for i, w in enumerate(words) if w == "value" and i not in explained]
    content += moved_but_held(plan, words, table)  # "sold" of an In Stock
    # "not" and "no" are stop words, so a negation the plan holds nothing of was no word left out: "which customers did
    # not order in March" listed those who did, explained whole (my own orders table, 2026-12-07). Now it is one (1 dev
    # or fresh reading moved, wrong, held lower). A plan that compares a number or an outcome may hold it
    # in how it compares ("did not score less than 7": 7 or more; "did not win": the losses): made a dropped word of
    # every reading, it cost 13 right answers (and held 18 wrong ones, most already under 0.5, lower).
    conditions = [c for p in (plan, second) if p is not None for c in p.where]
    read_another_way = any(c.view == "number" or c.op in ("!=", "lacks", "empty", "in") for c in conditions)
    if not excludes and not read_another_way:
        content += [i for i, w in enumerate(words) if w in ("not", "no") and i not in explained and i not in content]
    # "how many orders does a customer place on average" counted every order, at 0.62 (my own orders table,
    # 2026-12-07): an average said of a plan that averages nothing is a word it leaves out
    averaged = any(p is not None and p.operation in _AVERAGING for p in (plan, second))
    averaged |= kind is ReadingKind.PER_GROUP_AVERAGE  # "the average number of orders per customer"
    # "the average cost per kg": the total cost over the total weight, each kg alike (it was held at 0.28)
    averaged |= plan.per is not None and plan.operation is Operation.SUM
    if not averaged and not any(c.view == "average" for c in plan.where):
        content += [i for i, w in enumerate(words) if w in ("average", "mean") and i not in explained]
    unexplained = [i for i in content if i not in explained]
    # "the budget per head" read as the budget: a rate whose divisor is left out leaves its "per" out too
    rate_left = [i for i, w in enumerate(words[:-1]) if w == "per" and i + 1 in unexplained]
    content += rate_left
    unexplained = [j for i in unexplained for j in ((i - 1, i) if i - 1 in rate_left else (i,))]
    coverage = (len(content) - len(unexplained)) / len(content) if content else 1.0
    # (a comparison dropped is left unexplained, but is no content word: the question is as much about the table)
    unexplained += _comparison_dropped(plan, second, words)
    unexplained += _each_read_as_either(plan, second, words)
    every_row = about_every_row(words, unexplained) and may_name_the_rows(stems, unexplained, table)
    asked = {*plan.select, *([plan.column] if plan.column is not None else [])}
    qualifying = [i for i in unexplained if not (excludes and words[i] in NEGATION)]
    modified = _asked_modified(stems, qualifying, [index_.names[c] for c in asked])
    return Explained(coverage, tuple(words[i] for i in unexplained), every_row, modified)


# What a number is called after the name of its column: "the average satisfaction score", "the lowest satisfaction
# rating" of a Satisfaction column (right, and held at 0.28 with the word unexplained; my own tickets table,
# 2026-11-29).
_KIND_OF_VALUE = {"score", "scores", "rating", "ratings", "level", "levels"}


def _kind_of_value_explained(
    stems: list[str], words: list[str], read: set[int], table: TypedTable, index_: Index
) -> set[int]:
    """The words of :data:`_KIND_OF_VALUE` said right after a word naming a number column the plan reads, that name
    no column themselves."""
    numbers = [index_.names[c] for c in read if table.columns[c].numeric]
    return {
        i
        for i, w in enumerate(words)
        if i > 0
        and w in _KIND_OF_VALUE
        and any(stems[i - 1] in names for names in numbers)
        and not any(stems[i] in names for names in index_.names)
    }


def _comparison_dropped(plan: Plan, second: Plan | None, words: list[str]) -> list[int]:
    """The "than" of a comparison said ("who paid less than the standard price") that the reading compares nothing
    by: no condition compares, and no second value is read to compare with (it listed every Standard ticket, at 0.8;
    my own registrations table, 2026-11-29). Such a "than" is a word left unexplained (table_confidence: a condition
    dropped)."""
    compared = any(c.op in (">", "<", ">=", "<=") for p in (plan, second) if p is not None for c in p.where)
    if compared or second is not None or plan.having is not None:  # "more than once": the groups' rows compared
        return []
    return [i for i in range(1, len(words)) if words[i] == "than" and words[i - 1] in _COMPARATIVES]


def _each_read_as_either(plan: Plan, second: Plan | None, words: list[str]) -> list[int]:
    """The "both" before two values ("which donors gave to both the Winter Appeal and the School Fund") of a plan that
    keeps the rows of either (an "in" condition): it listed every donor to either, at 0.8 (my own donations table,
    2026-12-08). Each is not either, and no plan keeps the groups with rows of each: the word is left unexplained
    (table_confidence: a condition dropped). A "both" after the values ("X and Y both played which position") is said
    of the rows they name, which an "in" condition keeps."""
    if not any(c.op == "in" for p in (plan, second) if p is not None for c in p.where):
        return []
    return [i for i, w in enumerate(words) if w == "both" and "and" in words[i + 2 : i + 8]]


_HOW_OFTEN = {"once", "twice", "times", "exactly"}  # the words of a group's number of rows said (Plan.having)
_THE_REST = {"other", "others", "rest"}  # the rows a second plan keeps where the first picks one value

_COMPARATIVES = {
    *"less more fewer greater higher lower larger smaller bigger cheaper".split(),
    *"older younger earlier later longer shorter".split(),
}


class Explained(NamedTuple):
    """A reading's share of the question's content words explained, the words it leaves unexplained, whether the
    question says it is about every row, and whether a word left out qualifies the value asked for."""

    coverage: float
    unexplained: tuple[str, ...]
    says_every_row: bool
    asked_modified: bool


def _asked_modified(stems: list[str], unexplained: list[int], asked_names: list[set[str]]) -> bool:
    """Whether a word left unexplained comes right before a word naming a column the plan reads the answer from: "the
    *remaining* budget of Fornax" is not its Budget, "what *other* driver" not the row's Drivers."""
    return any(
        i + 1 < len(stems) and any(stems[i + 1] in names and stems[i] not in names for names in asked_names)
        for i in unexplained
    )


def _numbers_explained(
    plan: Plan, second: Plan | None, words: list[str], numbers: list[SaidNumber], ranked: Ranked | None
) -> set[int]:
    """The words of the numbers a condition holds. A number that no condition holds is unexplained: "1919" of "the
    teams that played 1919 Brazilian football", where no team played 1919 games (columns.number_column); "orders
    over 2,000" when no column reaches 2,000. "All 14" only counts the rows; a time said in minutes is held in
    seconds."""
    conditions = [c for p in (plan, second) if p is not None for c in p.where]
    held = {c.value for c in conditions if c.view != "text" and c.op != "in"}
    # "weeks 1 and 2" of a Week of numbers, "week 2" of one of ISO weeks ("2024-W02")
    held |= {parse_number(str(cell)) or iso_week(str(cell)) for c in conditions if c.op == "in" for cell in c.value}
    held |= {v / unit for v in held if isinstance(v, int | float) for unit in (60, 3600)}
    held.add(plan.limit)
    held.add(plan.having[1] if plan.having else None)  # "more than 5 times": the rows each group has
    explained = {i for n in numbers if n.value in held or words[max(n.words[0] - 1, 0)] == "all" for i in n.words}
    if ranked is not None and plan.limit == ranked.size:  # "top 3", "the first five", "the three deepest"
        explained |= {ranked.at, ranked.at - 1}
    return explained


def _state_said(words: list[str], at: int) -> bool:
    """Whether ``words[at]`` is a state said of the rows: a participle after "are", "were", "is" or "was" ("are
    not closed", "were already shipped"), or a noun after a preposition of state ("are out of warranty", "are still
    under warranty": a Warranty Ends date the count never compares, read at 0.8 over my own IT assets, 2026-11-28)."""
    before = [w for w in words[:at] if w not in _BEFORE_STATE]
    stated = before[-2:] == ["out", "of"] or before[-1:] in (["under"], ["past"], ["beyond"])
    before = before[: -2 if before[-2:] == ["out", "of"] else -1] if stated else before
    return bool(before) and before[-1] in ("are", "were", "is", "was") and (stated or words[at].endswith("ed"))


_BEFORE_STATE = {"not", "still", "already", "yet"}


def _columns_of(plan: Plan) -> set[int]:
    """The columns a plan reads."""
    said = {plan.column, plan.order_by, plan.until, plan.group_by, plan.paired, *plan.select}
    compared = {c.value for c in plan.where if c.view == "column"}  # "below their reorder level"
    return (
        {c for c in said if c is not None}
        | {c.column for c in plan.where}
        | {a for c in plan.where for a in c.also}
        | compared
    )


_AGAINST = {"below", "above", "under", "over", "than", "exceed", "exceeds", "exceeded", "exceeding"}
_DETERMINERS = {"the", "their", "its", "his", "her", "our", "a"}


def _compared_with(words: list[str], stems: list[str], at: int, names: set[str]) -> bool:
    """Whether the column name the word at ``at`` is part of follows a comparison ("below their reorder level")."""
    i = at - 1
    while i >= 0 and (stems[i] in names or words[i] in _DETERMINERS):
        i -= 1
    return i >= 0 and words[i] in _AGAINST
