"""The rows of one outcome a question asks for: the games a column of results records as won or lost ("how many
games did they win", "the last loss"; :func:`outcome_condition`), and the deals a salesperson closed, which are the
deals won (:func:`closed_won`). ``conditions.py`` gathers them with the rest. And how many rows a plan's conditions
name (:func:`values_named`), where cells that record outcomes name none."""

from __future__ import annotations

import re

from backend.tables.plan import Condition
from backend.tables.vocabulary import OUTCOME_CELLS, Index
from backend.tables.words import normal
from backend.text import stem

OUTCOME_WORDS = {w: "win" for w in "won win wins winning victory victories".split()}
OUTCOME_WORDS |= {w: "loss" for w in "lost loss losses lose losing defeat defeats defeated".split()}
_NOT = {"not", "never", "didn", "don", "doesn", "wasn", "weren", "without"}  # that turn a win into a loss, and back


def outcome_condition(words: list[str], index: Index, taken: set[int]) -> Condition | None:
    """The cells of the table's column of results that record the outcome a question asks for ("how many games did
    they win", "the last loss"; the other outcome just after a negation). None when the table has no such column, a
    condition is already on it ("Result = Won"), or the word names a column ("Wins")."""
    column = next((c for c, cells in enumerate(index.outcomes) if cells and c not in taken), None)
    if column is None:
        return None
    for i, word in enumerate(words):
        outcome = OUTCOME_WORDS.get(word)
        if outcome is None or any(stem(word) in name for name in index.names):
            continue
        if set(words[max(0, i - 2) : i]) & _NOT:  # "did not win"; "other than X, how many wins" negates X
            outcome = "loss" if outcome == "win" else "win"
        cells = index.outcomes[column].get(outcome)
        if cells:
            return Condition(column, "in", cells)
    return None


# "how much did Tom Reed close", "how many deals did he close", "the value of deals closed by Priya": what a
# salesperson closed is the deals won (it added up or counted every deal of his, open and lost ones too, at 0.8; my
# own deals table, 2026-11-29)
_CLOSED_MONEY = re.compile(
    r"\bhow (?:much|many)(?: \w+)? (?:did|has|have|does)\b.*\bclosed?\b|\b(?:revenue|value|amount)\b.*\bclosed by\b"
)


def closed_won(q: str, index: Index, taken: set[int]) -> Condition | None:
    """The stage of the deals won, where what a salesperson closed is asked (an amount, or how many deals) and a
    column holds a "Closed Won" cell; none for when a deal closes ("when did D-05 close": its Close Date)."""
    if not _CLOSED_MONEY.search(q) or re.search(r"\bclosed? (?:date|on)\b|\bwhen\b", q):
        return None
    for column, values in enumerate(index.values):
        if column not in taken and "closed won" in values:
            return Condition(column, "=", values["closed won"])
    return None


def values_named(where: tuple[Condition, ...]) -> int:
    """The most values one condition names ("= Acme": 1, "in (Acme, Hooli)": 2), or 0 when none names a value. The
    cells that record an outcome name no row ("how many away games did the hoyas lose": the four 'L 32–36', 'L 43–49'
    … cells of its Result, one a game; declined at answer.table_cap_levels.COUNTED_ONE, and right on 3 of 3 such tuning
    questions, 2026-12-06)."""
    named = [c for c in where if c.op in ("=", "in") and not records_outcomes(c)]
    return max((len(c.value) if c.op == "in" else 1 for c in named), default=0)


def records_outcomes(condition: Condition) -> bool:
    """Whether every value a text condition picks rows by records a game's outcome ('W 21–14', 'Lost')."""
    values = condition.value if condition.op == "in" else [condition.value]
    return all(isinstance(v, str) and (normal(v).split() or [""])[0] in OUTCOME_CELLS for v in values)
