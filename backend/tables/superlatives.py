"""Superlative readings: the row with the highest or lowest value, the value most rows have, the longest span.

"Which region had the highest sales", "the top 3 salaries", "which country has produced the most drivers",
"which series ran the longest", "after Sedan, which township has the next highest population". The parser
(``parse.py``) has already found the conditions, the measure the question names and the column it asks for;
this module chooses how to rank: by which column, in which direction, and what a row or a group answers.
Whether a question asks for the highest or the lowest at all is settled once for every rule
(:func:`highest_or_lowest`, called by ``understand.understand``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from backend.tables.adjective_measures import measured_other
from backend.tables.answered import answered_column
from backend.tables.column_kinds import age_column, chart_places, is_rank, names_a_chart
from backend.tables.columns import (
    EARLIEST_OR_LATEST,
    LONG_AGO,
    SENIORITY,
    pace_column,
    superlative_column,
)
from backend.tables.infer import TypedTable
from backend.tables.named_rows import next_after_row
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.positions import Ranked
from backend.tables.spans import lasting_columns, took_to
from backend.tables.tallies import amount_of_the_files_noun, kinds_column
from backend.tables.vocabulary import Index
from backend.tables.words import ABBREVIATIONS, MAX_WORDS, MIN_WORDS, name_stems
from backend.text import stem
from backend.types import AnswerType

# "who had the best time": of a column of times the best is the shortest, the worst the longest
_JUDGED = re.compile(r"\b(?:best|worst)\b")
_TIMED = re.compile(r"\b(?:time|times|duration)\b", re.I)
_PACED = re.compile(r"speed|pace|mph|km/h", re.I)
# Words that say a number is a chart's place (column_kinds.chart_places; a chart's name says so too: names_a_chart)
# ("this chart" is the table, "the position of minister" an office: neither says so; in-process diff, 2026-12-06)
_CHARTED = re.compile(r"\b(?:chart positions?|charted|peak|peaked)\b")
_PLACED = re.compile(r"\b(?:highest|lowest|top|best|worst|bottom)\b")  # a place judged, not a time ("earliest")
# "the next highest population after Sedan": the best of the rows below Sedan's value (conditions.next_after_row)
_NEXT_BEST = re.compile(r"\bnext (?:highest|largest|biggest|greatest|most|lowest|smallest|least|fewest)\b")
# "the most drivers", "the largest number of titles": how many rows, not a column's value ("most recently" is the
# latest; "the most of ..." and "the most in ..." name what is counted elsewhere)
_COUNTS_ROWS = re.compile(
    r"\b(?:most|least|fewest)\s+(?!\w+ of\b|recent)\w+|\b(?:largest|highest|greatest|smallest|lowest) number of"
    r"|\b(?:busiest|quietest)\b"  # "which garage was the busiest": the most rows (no reading; my own fleet log)
)
# "which product was returned the most": what most rows are about, not the row with the largest Refund Amount
# "what team appears on this table the most", "which location is listed the most": the value of the most rows
_PASSIVE_MOST = re.compile(
    r"\b(?:was|were|is|are|been|got) \w+ed (?:the )?(?:most|least)\W*$"
    r"|\b(?:appears?|appeared|occurs?|occurred|listed|shows? up)\b.* (?:the )?(?:most|least)\W*$"
)
_RANKED_NOUN = re.compile(r"\b(?:most|least|fewest) (\w+)")  # "the most orders": the noun ranked
_MOST_OF = re.compile(r"\b(?:most|least) (\w+)(?: (\w+))?")  # "the most sick leave": the noun ranked, of two words
_PER = re.compile(r"\b(?:in (?:one|a single|a|any one)|per|each) (\w+)")  # "the most albums released in one year"


def highest_or_lowest(
    q: str, table: TypedTable, measure: int | None, named: list[int], taken: set[int]
) -> tuple[bool, bool, int | None]:
    """Whether the question asks for the highest and for the lowest (both: a range), and the measure it ranks by:
    ``measure`` (the one it names), or the time or speed column when it asks for the fastest or slowest (``taken``:
    the columns its conditions hold)."""
    bounded = re.sub(r"\bat (?:least|most)\b", " ", q)  # "at least 15 sacks" compares; it asks for no least
    is_max = any(re.search(rf"\b{w}\b", bounded) for w in MAX_WORDS)
    top = re.search(r"\btop (\w+)", q)  # "the top laps": the most laps, when "laps" names a number column
    if (
        measure is not None
        and top
        and stem(ABBREVIATIONS.get(top.group(1), top.group(1))) in name_stems(table.columns[measure].name)
    ):
        is_max = True
    is_min = any(re.search(rf"\b{w}\b", bounded) for w in MIN_WORDS)
    tenure = SENIORITY.search(q)
    if tenure and measure is None:  # "the longest-serving employee": the one who started first; "shortest", last
        is_max = "shortest" in tenure.group(0)
        is_min = not is_max
    if re.search(r"\b" + LONG_AGO, q):  # "which vehicle was serviced longest ago": the earliest
        is_max, is_min = False, True
    aged = re.search(r"\b(oldest|youngest)\b", q)
    if aged and measure is None and age_column(table) is None:  # "the oldest asset": the earliest Purchase Date
        is_max, is_min = aged.group(1) == "youngest", aged.group(1) == "oldest"
    fast, slow = bool(re.search(r"\b(fastest|quickest)\b", q)), bool(re.search(r"\bslowest\b", q))
    asks_pace = (fast or slow) and not (is_max or is_min)
    paced = pace_column(table, named, taken) if asks_pace else None
    if paced is not None:  # "the fastest": the shortest time, or the highest speed
        measure, holds_times = paced
        is_max, is_min = (slow, fast) if holds_times else (fast, slow)
    return is_max, is_min, measure


@dataclass(frozen=True)
class Ranking:
    """What the parser read before ranking: the highest (or lowest) of what, among which rows, answered how."""

    highest: bool
    measure: int | None  # the number column the question names, when it names one
    answer_column: int | None
    where: tuple[Condition, ...]
    condition_columns: set[int]
    answer_type: AnswerType
    group_limit: int  # how many groups a group ranking keeps
    ranked: Ranked | None = None  # "the top 3": the few rows ranked
    several_columns: bool = False  # "the last model and its origin": the answer lists several columns


_DATE_RANKED = re.compile(EARLIEST_OR_LATEST + r"((?: \w+){1,3})")  # and the words after it
# "which show", "who"; not "what was the earliest date"
_ASKS_ROW = re.compile(r"^(?:who\b|(?:which|what) (?!is\b|was\b|are\b|were\b)(\w+))")


def _date_ranked(q: str, table: TypedTable, column: int) -> bool:
    """Whether the date column the question names is what it ranks by, not what it asks for: named in the words
    right after "earliest" or "latest", in a question that asks which row ("which show", "who"), by a noun that
    is not the column's own ("what date was the earliest" asks for the date)."""
    dated = table.columns[column]
    if not (dated.kind == "date" or (dated.numeric and re.search(r"year|date|season", dated.name, re.I))):
        return False
    named = name_stems(dated.name)
    ranked, asks = _DATE_RANKED.search(q), _ASKS_ROW.search(q)
    if ranked is None or asks is None or not named - {"date"}:
        return False
    row_noun = asks.group(1)
    said_after = {stem(w) for w in ranked.group(1).split()}
    return (row_noun is None or stem(row_noun) not in named) and bool((named - {"date"}) & said_after)


def _longest(
    span: tuple[int, int], answer_column: int, where: tuple[Condition, ...], is_max: bool
) -> tuple[Plan, ReadingKind]:
    """The row that lasted (or took) the longest, or the shortest: ordered from its start column to its end one."""
    start, end = span
    plan = Plan(
        Operation.ROWS, select=(answer_column,), where=where, order_by=start, until=end, descending=is_max, limit=1
    )
    return plan, ReadingKind.SUPERLATIVE


def superlative_plan(q: str, table: TypedTable, index_: Index, asked: Ranking) -> tuple[Plan, ReadingKind] | None:
    """The plan and its kind for a question that asks for the highest or lowest of something, or None when no
    ranking fits (the parser then tries the other readings)."""
    columns = table.columns
    numeric_answer = asked.answer_type.element in (AnswerType.INTEGER, AnswerType.FLOAT)
    wants_text = asked.answer_type.element is AnswerType.STRING
    measure, answer_column, where, is_max = asked.measure, asked.answer_column, asked.where, asked.highest
    took = took_to(q, table) if wants_text else None
    if took is not None and answer_column is not None:  # "which order took the longest to ship": not its Shipping
        return _longest(took, answer_column, where, is_max)
    if wants_text and measure is None and answer_column is not None and _date_ranked(q, table, answer_column):
        # "which show had the earliest opening date": the date orders the rows and the rows' names answer (it took
        # the Opening date and ordered by the Closing date beside it; WikiTableQuestions nt-8782, nt-5539, tuning)
        measure = answer_column
        answer_column, _ = answered_column(q, [], table, asked.condition_columns | {measure}, measure, True)
    order = (
        measure
        if measure is not None
        else superlative_column(q, table, asked.condition_columns, answer_column, index_.names)
    )
    # "the highest UK Singles chart position" is its smallest number (it took 71 for 40, at 0.8; fresh tuning nt-2746's
    # table, 2026-12-06)
    charted = order is not None and _chart_judged(q, table, order)
    if charted and order is not None and wants_text and answer_column == order:
        # "which single had the highest UK Singles chart position": the row placed, not its place ("single" names the
        # chart's column too; it answered "3"; fresh tuning nt-2746's table, 2026-12-06)
        answer_column, _ = answered_column(q, [], table, asked.condition_columns | {order}, order, True)
    if asked.ranked is not None and order is not None:  # "the top 3 salaries", "the bottom 5 products by sales"
        # "the two best positions he ranked", "what are the 3 highest salaries": the ranked column is what is asked
        # (it listed the Venues of his two best Positions, at 0.66; fresh WikiTableQuestions tuning nt-8853)
        words = q.split()[asked.ranked.at + 1 :]
        noun = next((w for w in words if w not in MAX_WORDS and w not in MIN_WORDS), "")
        shown = measure if numeric_answer and measure is not None else answer_column
        # (by the column's own name: "the two newest hires" of a Start Date "hired" names still asks for the people)
        top = _top_n(
            asked, table, index_, order, order if stem(noun) in name_stems(table.columns[order].name) else shown
        )
        if top is not None:
            return top
    # "the highest salary"; "which season has the least appearances" asks for the season (a number, a year here)
    asks_row = answer_column not in (None, measure) and re.match(r"(?:which|who)\b", q)
    if numeric_answer and measure is not None and not asks_row:
        by = measured_other(q, table, measure)
        if by is not None:  # "the cost of the heaviest shipment": the Cost of the row of the largest Weight
            plan = Plan(Operation.ROWS, select=(measure,), where=where, order_by=by, descending=is_max, limit=1)
            return plan, ReadingKind.SUPERLATIVE
        extreme = (Operation.MAX, ReadingKind.MAX) if is_max != charted else (Operation.MIN, ReadingKind.MIN)
        return Plan(extreme[0], measure, where=where), extreme[1]
    most_rows = _most_rows(q, asked, table, index_, numeric_answer) if measure is None else None
    if most_rows is not None:
        return most_rows
    lasting = lasting_columns(q, table, asked.condition_columns) if order is None else None
    if lasting is not None and answer_column is not None:  # "which series ran the longest": the longest span
        return _longest(lasting, answer_column, where, is_max)
    after = (
        next_after_row(where, table, order, is_max)
        if order is not None and columns[order].numeric and _NEXT_BEST.search(q)
        else None
    )
    if after is not None:  # "after Sedan, which township has the next highest population": one of Sedan's kind
        where, answer_column = after[0], after[1] if wants_text else answer_column
    if order is not None and answer_column is not None:
        descending = is_max
        if is_rank(columns[order].name) and measure is None:
            descending = not descending  # "top" of a ranking is its smallest number
        elif charted:
            descending = not descending
        elif _JUDGED.search(q) and _TIMED.search(columns[order].name) and not _PACED.search(columns[order].name):
            descending = not descending  # "the best time" is the shortest (it read the longest)
        if asked.answer_type.is_array and not asked.several_columns:  # "the countries with the least silver medals"
            plan = Plan(
                Operation.ROWS, select=(answer_column, order), where=where, order_by=order, descending=descending
            )
            return plan, ReadingKind.TIED  # every row tied for it
        plan = Plan(
            Operation.ROWS, select=(answer_column,), where=where, order_by=order, descending=descending, limit=1
        )
        return plan, ReadingKind.SUPERLATIVE
    if answer_column is not None and re.search(r"\bmost\b|\bleast\b", q):
        return _rows_per_group(q, table, index_, answer_column, where, is_max, asked.group_limit), ReadingKind.GROUP
    return None


def _rows_per_group(
    q: str, table: TypedTable, index_: Index, group_by: int, where: tuple[Condition, ...], is_max: bool, limit: int
) -> Plan:
    """How many rows each group has, or how many different values of the column the noun ranked names ("which
    customer placed the most orders" of order lines: its different Order IDs, not its lines; a tie of lines,
    declined; my own order lines table, 2026-11-29)."""
    ranked = _RANKED_NOUN.search(q)
    kinds = kinds_column(ranked.group(1), table, index_) if ranked else None
    # (a noun that names two text columns alike, "titles" of a Western and a Japanese Title, counts the rows)
    said = stem(ranked.group(1)) if ranked else ""
    alike = sum(said in names and c.kind == "text" for names, c in zip(index_.names, table.columns, strict=True))
    if kinds is not None and kinds != group_by and alike < 2:
        return Plan(Operation.COUNT_DISTINCT, kinds, group_by=group_by, where=where, descending=is_max, limit=limit)
    held = _MOST_OF.search(q)
    said_after = [w for w in held.groups() if w] if held else []
    amount = next((a for w in said_after if (a := amount_of_the_files_noun(w, table)) is not None), None)
    if amount is not None:  # "which team took the most (sick) leave": the Days of leave.csv added up
        return Plan(Operation.SUM, amount, group_by=group_by, where=where, descending=is_max, limit=limit)
    return Plan(Operation.COUNT, group_by=group_by, where=where, descending=is_max, limit=limit)


def _top_n(
    asked: Ranking, table: TypedTable, index_: Index, order: int, shown: int | None
) -> tuple[Plan, ReadingKind] | None:
    """ "the top 3 salaries", "the bottom 5 products by sales": the first rows in order (their ``shown`` column), or
    the first groups when the answer's values repeat ("the top 3 customers by revenue": each customer's revenue added
    up, not its three biggest orders)."""
    columns, answer_column, limit = table.columns, asked.answer_column, asked.ranked.size if asked.ranked else 1
    repeats = shown == answer_column and shown is not None and index_.distinct[shown] < table.row_count
    where, is_max = asked.where, asked.highest
    if repeats and columns[order].numeric and not is_rank(columns[order].name):
        return Plan(
            Operation.SUM, order, group_by=shown, where=where, descending=is_max, limit=limit
        ), ReadingKind.GROUPS
    if shown is not None:
        plan = Plan(Operation.ROWS, select=(shown,), where=where, order_by=order, descending=is_max, limit=limit)
        return plan, ReadingKind.LIST
    return None


def _most_rows(
    q: str, asked: Ranking, table: TypedTable, index_: Index, numeric_answer: bool
) -> tuple[Plan, ReadingKind] | None:
    """With no measure, "the most" of rows: how many rows the busiest group has ("the most compilation albums
    released in one year"), or the value that most rows have ("which country has produced the most drivers")."""
    if not (_COUNTS_ROWS.search(q) or _PASSIVE_MOST.search(q)):
        return None
    where, is_max, answer_column = asked.where, asked.highest, asked.answer_column
    per = _PER.search(q)
    by = next((c for c, names in enumerate(index_.names) if stem(per.group(1)) in names), None) if per else None
    if by is not None and numeric_answer and by not in asked.condition_columns:
        return Plan(Operation.COUNT, group_by=by, where=where, descending=is_max, limit=1), ReadingKind.GROUP_COUNT
    if answer_column is not None and table.columns[answer_column].kind == "text":
        return _rows_per_group(q, table, index_, answer_column, where, is_max, asked.group_limit), ReadingKind.GROUP
    return None


def _chart_judged(q: str, table: TypedTable, order: int) -> bool:
    """Whether the question judges a place on a chart ("the highest UK Singles position", "the best position on the
    US Hot 100"), whose best is its smallest number: a column of places (column_kinds.chart_places) named as a chart's,
    or said to be one ("chart position", "peaked")."""
    if not _PLACED.search(q):
        return False
    return names_a_chart(table, order) or (bool(_CHARTED.search(q)) and chart_places(table, order))
