"""The question forms, as named rules in the order they are tried: the first rule that reads the question wins.

Each rule looks at a :class:`~backend.tables.question.ParsedQuestion` and returns a ``Reading``, ``None`` (not its
form: the next rule tries), or :data:`~backend.tables.question.NO_READING` (its form, but the table cannot answer it:
no rule after it may read the question otherwise). The order is the parser's judgement of which form a question is
when several match: a score before a length, a comparison before a count, a count before a superlative. Adding a form
is adding a rule to :data:`RULES` at its place, with its tests; ``tests/unit/tables/golden.jsonl`` shows whether any
other question's reading moved. The rules that compute over rows (groups, averages, streaks, row totals) are in
``aggregations.py``, those that read a row by its place (last place, next or previous, first or last row) in
``placed_rows.py``, the one over scores in a cell in ``scores.py``, the yes/no one ("any", "all") in
``every_said.py``; the others are here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from backend.tables.aggregations import (
    ADDITIVE,
    average,
    date_part_group,
    distinct,
    groups_of_so_many_rows,
    median,
    per_group,
    row_totals,
    streak,
)
from backend.tables.average_compared import than_the_average
from backend.tables.changes_said import change_across, change_across_columns, grew_the_most
from backend.tables.columns import length_column
from backend.tables.comparisons import (
    Compared,
    part_of_a_level,
    remaining,
    share,
    share_of_level,
    short_of,
    spread,
    than_the_rest,
    two_columns,
)
from backend.tables.conditions import dated_steps, filled_or_empty
from backend.tables.counts import counted_plan
from backend.tables.either_number import either_number
from backend.tables.every_said import exists
from backend.tables.level_gaps import gap_to_a_level
from backend.tables.meter_readings import change_of_readings
from backend.tables.never_said import never_held
from backend.tables.per_group_average import per_group_average
from backend.tables.placed_rows import first_or_last_row, last_place, next_or_previous
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.question import NO_READING, Outcome, ParsedQuestion, Reading
from backend.tables.ranked_periods import ranked_period_column
from backend.tables.recurring_revenue import recurring_revenue
from backend.tables.scores import scores
from backend.tables.shares_said import measure_of_the_part, rates_named, share_of_each
from backend.tables.superlatives import Ranking, superlative_plan
from backend.tables.top_rows import aggregate_of_top_rows
from backend.tables.two_values import two_values
from backend.tables.words import FROM_A_LEVEL, LEVEL_NAME
from backend.text import stem
from backend.types import AnswerType


@dataclass(frozen=True)
class Rule:
    """A question form: its name (what a reading of this form is called in tests and notes) and its reader."""

    name: str
    read: Callable[[ParsedQuestion], Outcome]


def first_reading(p: ParsedQuestion) -> Reading | None:
    """The reading of the first rule that reads the question, or None."""
    for rule in RULES:
        outcome = rule.read(p)
        if outcome is NO_READING:
            return None
        if isinstance(outcome, Reading):
            return outcome
    return None


def length(p: ParsedQuestion) -> Outcome:
    """ "how long is the Seikan tunnel", "how long is Die Slow": the row's length, when a column holds lengths (not
    the years its rows span, comparisons.spread). "How long" asks for that column, whatever other column a word names
    ("how long did Spokane take to finish": its Time, not its Finished place)."""
    if not p.q.startswith("how long") or not p.where or p.is_max or p.is_min:
        return None
    # not a column of yes and no ("On Time": "how long did SH-104 take to deliver" read its "No")
    flags = {c for c, flag in enumerate(p.index.flags) if flag}
    column = length_column(p.table, p.condition_columns | flags)
    if column is None:
        return None
    reading = p.reading(Plan(Operation.ROWS, select=(column,), where=p.where, limit=1), ReadingKind.LOOKUP)
    reading.guessed_answer_column = False
    return reading


def comparison(p: ParsedQuestion) -> Outcome:
    """Two amounts compared: a share ("what percent"), a spread (highest minus lowest), two values' difference or
    the larger of two, either of two numbers, two columns of one row."""
    q, table, where = p.q, p.table, p.where
    flagged = tuple(c for c in where if p.index.flags[c.column])  # "the churn rate": Churned = Yes
    listed = p.answer_column if p.answer_type.is_array and not p.guessed else None  # "which donors gave to A or B"
    yes_no = p.element is AnswerType.BOOLEAN
    changed = change_across(q, where, p.measure) or change_across_columns(q, table, where)
    changed = changed or change_of_readings(q, table, where, p.measure)  # "how much did Van 1's mileage increase"
    if changed is not None and yes_no:
        # "did email revenue grow from January to March": whether the one the verb says is the larger (it counted the
        # rows, "grow" left out, at 0.18; my own web traffic table, 2026-11-29)
        changed = (changed[0], ReadingKind.LARGER, changed[2])
    ranked = _rate_of_each_group(p, flagged)
    if ranked is not None:
        return p.reading(*ranked)
    grew = grew_the_most(q, table, where, p.answer_column, p.is_max) if p.wants_text and p.is_max != p.is_min else None
    if grew is not None:
        return p.reading(grew, ReadingKind.SUPERLATIVE)
    compared = (
        (changed if p.numeric_answer or yes_no else None)
        # "how much did revenue grow from Jan to Mar" (of a Month column, or of a column for each month)
        or (share_of_level(q, table, p.named, where) if p.numeric_answer else None)  # "what % of her target"
        or (
            share(
                q,
                where,
                filled_or_empty(q, table, p.named, p.condition_columns, p.index),
                p.mentions,
                flagged,
                rates=rates_named(p, flagged),
                measure=measure_of_the_part(p),
                index=p.index,
            )
            if p.numeric_answer and not part_of_a_level(q, table, p.named)
            else None
        )
        or (
            spread(q, table, where, p.measure, p.condition_columns, p.is_max and p.is_min) if p.numeric_answer else None
        )
        or two_values(q, table, p.mentions, p.conditions, p.measure, p.wants_text, yes_no, listed)
        or either_number(q, p.conditions, p.measure)
        or (than_the_rest(q, where, p.measure) if p.numeric_answer else None)
        or (than_the_average(q, where, p.measure, p.mentions) if p.numeric_answer else None)
        or (two_columns(q, table, p.named, where, p.condition_columns) if p.numeric_answer else None)
        or (short_of(q, table, p.named, where) if p.numeric_answer else None)
        or (remaining(q, table, p.named, where) if p.numeric_answer else None)
    )
    return p.reading(*compared) if compared is not None else None


def _rate_of_each_group(p: ParsedQuestion, flagged: tuple[Condition, ...]) -> Compared | None:
    """ "Which source has the highest conversion rate", "which doctor has the most no-show rate": the share of each
    group's rows that say the value (or a column of yes and no says yes for), the groups ranked by it (it ordered the
    sources by their Deal Value, "conversion rate" left out, at 0.8; my own leads table, 2026-11-29)."""
    column = p.answer_column
    if not (p.wants_text and p.is_max != p.is_min and column is not None and column not in p.condition_columns):
        return None
    if p.table.columns[column].kind != "text" or p.index.distinct[column] >= p.table.row_count:
        return None  # no groups: each row its own
    rate = share(p.q, p.where, (), p.mentions, flagged, rates=rates_named(p, flagged), index=p.index)
    part, whole = (rate[0], rate[2]) if rate is not None else share_of_each(p.q, p.where, p.mentions) or (None, None)
    if part is None or whole is None or part.operation is not Operation.COUNT:
        return None
    ranked = replace(part, group_by=column, descending=p.is_max)
    return ranked, ReadingKind.GROUP_RATE, replace(whole, group_by=column, descending=p.is_max)


def count_or_total(p: ParsedQuestion) -> Outcome:
    """ "how many ...", "the total of ...": rows counted or a column added up. Settles the measure for the rules
    after it: "the total of Switzerland" orders by its row's Total column when no count is read."""
    counted, p.measure = counted_plan(
        p.q, p.table, p.where, p.conditions, p.condition_columns, p.measure, p.mentions, p.named, p.index, p.element
    )
    return p.reading(*counted) if counted is not None else None


def superlative(p: ParsedQuestion) -> Outcome:
    """ "which region had the highest sales", "the top 3 salaries", "who was hired first" (the earliest Hire
    Date): the row, rows or group ranked first."""
    is_max, is_min = p.is_max, p.is_min
    # "the top 3 salaries", "the bottom 5 products by sales"; a superlative said ranks as it reads ("the top 3
    # longest-serving": the earliest hired; it listed the latest, at 0.8; my own staff table, 2026-12-07)
    if p.ranked is not None and is_max == is_min:
        is_max, is_min = p.ranked.highest, not p.ranked.highest
    columns = p.table.columns
    dated = [c for c in p.named if columns[c].kind == "date" and c not in p.condition_columns and c != p.answer_column]
    if dated and not (is_max or is_min) and p.wants_text:
        is_min, is_max = bool(re.search(r"\bfirst\b", p.q)), bool(re.search(r"\b(?:last|most recently)\b", p.q))
    if is_max == is_min:
        return None
    if FROM_A_LEVEL.search(p.q) and p.measure is not None and LEVEL_NAME.search(p.table.columns[p.measure].name):
        return NO_READING  # "furthest from its target" is no largest Target (it read that, at 0.8; 2026-12-07)
    asked = (p.measure, p.answer_column, p.where, p.condition_columns, p.answer_type, p.group_limit, p.ranked)
    ranking = superlative_plan(p.q, p.table, p.index, Ranking(is_max, *asked, bool(p.extra)))
    counted = ranking is not None and ranking[1] is ReadingKind.GROUP and ranking[0].operation is Operation.COUNT
    if ranking is not None and (counted or ranking[0].operation is Operation.ROWS):
        # "which agent resolved the most tickets": each one's rows that fill the Resolved date it names (it counted
        # every ticket, a tie, declined); "the oldest open ticket": of the rows whose Resolved date is empty (it ranked
        # them all, by the Resolved date; my own tickets table, 2026-12-07). A date only: a text column named and
        # filled was no step taken on 3 dev and fresh questions (two right answers lost, one turned wrong)
        plan = ranking[0]
        taken = {c for c in (*p.condition_columns, plan.group_by, plan.order_by) if c is not None}
        steps = dated_steps(p.q, p.table, p.named, taken, p.index, reached=counted)
        ranking = (replace(plan, where=(*plan.where, *steps)), ranking[1])
    return p.reading(*ranking) if ranking is not None else None


def lookup(p: ParsedQuestion) -> Outcome:
    """The answer column of the matching rows: all of them for a list, else the one row the conditions find (the
    nearest past a value said, "the winner after 2007"; the latest, "the last order from Hooli")."""
    where = _with_absent(p)
    column = p.answer_column
    if not where or column is None:  # (first_or_last_row has declined a question with no answer column)
        return NO_READING
    if p.answer_type.is_array:
        # every matching row (up to query.MAX_ROWS: answer/tables.py declines a list cut short)
        return p.reading(Plan(Operation.ROWS, select=(column,), where=where), ReadingKind.LIST)
    nearest = next((c for c in where if c.op in (">", ">=", "<", "<=") and c.view in ("number", "year", "date")), None)
    if nearest is not None and re.search(r"\b(?:after|before|prior to|previous to|since)\b", p.q):
        plan = Plan(Operation.ROWS, select=(column,), where=where, order_by=nearest.column, limit=1)
        return p.reading(replace(plan, descending=nearest.op.startswith("<")), ReadingKind.LOOKUP)
    # "the last game played at X", "the latest championship in the Grand Slam category": of the matching rows, the
    # last in the table's order (a table with no date to order by lists its rows in time order) ... or, where a
    # column of days says when each row was, its latest
    last = bool(re.search(r"\b(?:last|latest|most recent(?:ly)?)\b", p.q))
    first = not last and bool(re.search(r"\b(?:first|earliest)\b", p.q))  # "the first order from Hooli": its earliest
    by_day = next((i for i, c in enumerate(p.table.columns) if c.kind == "date" and i not in p.condition_columns), None)
    by_day = by_day if last or first else None
    if by_day is None and p.numeric_answer and _of_rows_said(p, column):
        # "what is the MRR of active customers": money of several rows, added up (it read the first customer's,
        # declined at 0.38; my own subscriptions table, 2026-11-29)
        return p.reading(Plan(Operation.SUM, column, where=where), ReadingKind.SUM)
    plan = Plan(Operation.ROWS, select=(column,), where=where, order_by=by_day, descending=last, limit=1)
    reading = p.reading(plan, ReadingKind.LOOKUP)
    # "the top ranked runner of sweden": the first matching row of a table listed by rank
    reading.row_said = last or first or bool(_TOP_ONE.search(p.q))
    return reading


_TOP_ONE = re.compile(r"\btop (?!\d|ten\b|five\b|three\b|of\b)")


_OF_ROWS = re.compile(r"\b(?:of|for|from) (?:all |our |the |every )?(?:\w+ )?(\w+s)\b")


def _of_rows_said(p: ParsedQuestion, column: int) -> bool:
    """Whether an amount that adds up (revenue, costs, MRR) is asked of rows said in the plural ("the MRR of active
    customers")."""
    if not ADDITIVE.search(p.table.columns[column].name) or not p.table.columns[column].numeric:
        return False
    said = _OF_ROWS.search(p.q)
    return said is not None and any(stem(said.group(1)) in names for names in p.index.names)


def _with_absent(p: ParsedQuestion) -> tuple[Condition, ...]:
    """The conditions, with a named column left empty (or at 0: "name one nation that did not earn a bronze medal"),
    or the one cell filled in ("the only attendance listed")."""
    absent = [c for c in filled_or_empty(p.q, p.table, p.named, p.condition_columns, p.index) if c.op in ("empty", "=")]
    where = (*p.where, *(c for c in absent if c.column != p.answer_column))
    column = p.answer_column
    if not where and re.search(r"\bonly\b", p.q) and column in p.named and column is not None and p.index.gaps[column]:
        where = (Condition(column, "filled", None),)
    return where


# The question forms in the order they are tried.
RULES: list[Rule] = [
    Rule("month or quarter of the columns", ranked_period_column),
    Rule("scores", scores),
    Rule("length", length),
    Rule("aggregate of the top rows", aggregate_of_top_rows),
    Rule("comparison", comparison),
    Rule("row totals", row_totals),
    Rule("exists", exists),
    Rule("never", never_held),
    Rule("distinct", distinct),
    Rule("streak", streak),
    Rule("date part group", date_part_group),
    Rule("recurring revenue", recurring_revenue),
    Rule("average per group", per_group_average),
    Rule("per group", per_group),
    Rule("average", average),
    Rule("median", median),
    Rule("last place", last_place),
    Rule("count or total", count_or_total),
    Rule("gap to a level", gap_to_a_level),
    Rule("superlative", superlative),
    Rule("next or previous", next_or_previous),
    Rule("first or last row", first_or_last_row),
    Rule("groups of so many rows", groups_of_so_many_rows),
    Rule("lookup", lookup),
]
