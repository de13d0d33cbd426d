"""The offline semantic parser: a question → a query plan over one table, with no model.

What the question says about the table (cell values, column names, numbers, days: ``words.py``) becomes
conditions; cue words choose the operation (how many, total, average, highest, first, next, difference, or) and
the column it answers with. The reading's
``coverage`` is the share of the question's content words that the plan accounts for: a question it only half
understands gets a low coverage, and the answering code steps aside for the text engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from backend.tables.columns import (
    answered_column,
    column_named_by,
    is_year_or_rank,
    length_column,
    pace_column,
    placing_column,
    shift_unit,
    the_amount,
    valued_column,
    year_column,
)
from backend.tables.comparisons import either_number, share, spread, two_columns, two_values
from backend.tables.conditions import cells_saying, filled_or_empty, question_conditions
from backend.tables.counts import EARNED, UNITS_MOVED, counted_plan, units_column
from backend.tables.explain import explain
from backend.tables.infer import TypedTable
from backend.tables.mentions import said_values, spelt_as_in_table
from backend.tables.plan import MAX_LIMIT, Condition, Plan
from backend.tables.positions import in_time_order, shift_of, the_row_shifted_from, top_n
from backend.tables.quantities import (
    SaidDate,
    SaidNumber,
    compared_number,
    said_dates,
    said_numbers,
)
from backend.tables.scores import score_plan
from backend.tables.superlatives import Ranking, superlative_plan
from backend.tables.words import (
    ABBREVIATIONS,
    MAX_WORDS,
    MIN_WORDS,
    ORDINAL_WORDS,
    Index,
    Mention,
    index,
    name_stems,
    named_columns,
    normal,
    table_words,
    unprefixed,
)
from backend.text import stem
from backend.types import AnswerType


@dataclass
class Reading:
    """What the parser made of a question: the plan, how much of the question it explains, and its kind.

    ``second`` is the plan whose value a difference subtracts; ``limit_to`` the rows of a comparison.
    """

    plan: Plan
    kind: str
    coverage: float
    second: Plan | None = None
    guessed_answer_column: bool = False
    unexplained: tuple[str, ...] = ()  # the content words the plan does not account for
    says_every_row: bool = False  # "how many episodes are listed", "on this list": the question is about every row


# Words that ask for an amount without naming its column ("how much did we spend", "the largest expense", "who
# earns more").
_AMOUNT_CUE = re.compile(
    r"\b(?:total|sum|how much|average|mean|median|largest|biggest|highest|smallest|lowest|earns?|earned|paid|pays"
    r"|spent|spend|costs?)\b"
    r"|\b(?:revenue|income|billed?|money|grossed)\b"
)
_ADDS_UP = re.compile(r"\b(?:sold|sells?|bought|purchased|ordered|spent|spends?|paid)\b")
_ASKS_YEAR = re.compile(r"^(?:in )?(?:what|which) year\b")
_RANKED_AT = re.compile(
    r"\b(?:ranked|placed|finished|came in|came)\s+(?:in\s+)?(?:the\s+)?"
    r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\b"
)


def read(question: str, table: TypedTable, answer_type: AnswerType, words_of: Index | None = None) -> Reading | None:
    """The best plan for ``question`` over ``table``, or None when no plan fits at all (``words_of``: the table's
    :func:`index`, when the caller keeps it)."""
    index_ = words_of or index(table)
    words = unprefixed(spelt_as_in_table(normal(question).split(), index_), index_)
    if not words:
        return None
    # "a total over 100": a number said after a comparison is compared with, not a cell "100" looked for
    mentions = [m for m in said_values(words, index_) if not compared_number(words, m)]
    covered = {i for m in mentions for i in range(m.start, m.end)}
    stems = [stem(ABBREVIATIONS.get(w, w)) for w in words]
    named = named_columns(stems, covered, index_)
    # A day said in full ("the 22nd of june 1930") compares dates, unless it is a whole cell the question names.
    dates = [
        d for d in said_dates(" ".join(words), table) if not any(_overlap(m, d) and not m.partial for m in mentions)
    ]
    mentions = [m for m in mentions if not any(_overlap(m, d) for d in dates)]
    covered = {i for m in mentions for i in range(m.start, m.end)}
    covered |= {i for d in dates for i in d.words}
    numbers = said_numbers(question, words, covered)
    q = " ".join(words)
    hinted = named_columns(stems, covered, index_, share=0.0)
    # "the population of Leeds in 2011": a number said in a column's name picks that column ("Population 2011")
    by_number = {n: c for n in numbers if (c := column_named_by(n, hinted, table)) is not None}
    named = [*dict.fromkeys([*by_number.values(), *named])]
    numbers = [n for n in numbers if n not in by_number]
    # "the top 3 salaries", asked as a list: how many, not a salary of 3 ("how many of the top 10" picks ranks)
    ranked = top_n(words) if answer_type.is_array else None
    if ranked is not None:
        numbers = [n for n in numbers if ranked[2] not in n.words]
    # "in what year did he force 15 sacks": a year is read from its row, not computed from numbers
    asked_as = AnswerType.STRING if answer_type is AnswerType.INTEGER and _ASKS_YEAR.search(q) else answer_type
    reading = _plan(q, table, mentions, named, numbers, asked_as, dates, hinted, index_, ranked)
    if reading is None:
        return None
    explained = covered | {i for n in by_number for i in n.words}
    reading.coverage, reading.unexplained, reading.says_every_row = explain(
        reading.plan, reading.second, reading.kind, words, stems, explained, named, numbers, ranked, table, index_
    )
    return reading


def _plan(
    q: str,
    table: TypedTable,
    mentions: list[Mention],
    named: list[int],
    numbers: list[SaidNumber],
    answer_type: AnswerType,
    dates: list[SaidDate],
    hinted: list[int],
    index_: Index,
    ranked: tuple[int, bool, int] | None = None,
) -> Reading | None:
    columns = table.columns
    numeric = [i for i, c in enumerate(columns) if c.numeric]
    conditions, condition_columns, compared_row = question_conditions(
        q, table, mentions, named, numbers, dates, hinted, index_
    )
    measure = next(
        (c for c in named if c in numeric and c not in condition_columns and not is_year_or_rank(table, c)), None
    )
    measure_named = measure
    if measure is None and _AMOUNT_CUE.search(q) and not re.search(r"\bhow many\b|\bnumber of\b", q):
        measure = the_amount(table, condition_columns)  # "the total spent on travel": the table's one amount
    # "how many Cold Brew Kits were sold": the units moved, added up; "how many orders were shipped" counts the rows
    # the table is named for
    moved = UNITS_MOVED.search(q)
    if measure is None and moved and stem(moved.group(1)) not in table_words(table):
        measure = units_column(table, condition_columns)
    element = answer_type.element
    wants_text = element is AnswerType.STRING
    # "which songs do not have a producer listed": a column the question says is left empty is a condition, not
    # the answer
    left_empty = {c.column for c in filled_or_empty(q, table, named, condition_columns, index_) if c.op == "empty"}
    answer_column, guessed = answered_column(
        q,
        named,
        table,
        condition_columns | left_empty,
        measure,
        wants_text,
        element in (AnswerType.INTEGER, AnswerType.FLOAT),
    )
    # "what episode had the most viewers": the column asked for is not also the one to order by
    if measure is not None and measure == answer_column and not guessed and wants_text:
        measure = next((c for c in named if c in numeric and c not in (answer_column, *condition_columns)), measure)
        measure_named = measure
    # "of Beijing and Shanghai, which has the most people", "what delegate is the same age as X": with no column
    # asked for, the answer is one of the values the question lists, or another row of X's column.
    options = next((c.column for c in conditions if c.op == "in"), compared_row)
    if guessed and wants_text and options is not None:
        answer_column = options
    # "which party has the most members": "party" is part of the cells of the column whose values are parties
    # ("Liberal Party"); the word says what kind of value answers, not which rows.
    values_said = {i for m in mentions if not m.partial for i in range(m.start, m.end)}
    kind_of = valued_column(q, index_, values_said) if guessed and wants_text else None
    if kind_of is not None:
        answer_column, word = kind_of
        conditions = [c for c in conditions if not (c.op == "contains" and c.value == word)]
        condition_columns = {c.column for c in conditions} - ({compared_row} if compared_row is not None else set())
    # "what year did the Bulldogs score the most tries": a year, from the column of years ("2001 (Bulldogs)")
    years = year_column(table) if guessed and _ASKS_YEAR.search(q) else None
    if years is not None:
        answer_column = years

    # "what is the last model and its origin?": a list of several named columns of one row.
    extra = tuple(
        c for c in named if c != answer_column and c not in condition_columns and c != measure and " and " in q
    )

    def reading(plan: Plan, kind: str, second: Plan | None = None) -> Reading:
        # not a column a condition found later holds ("which items are discontinued and supplied by Northwind")
        shown = tuple(c for c in extra if c not in {w.column for w in plan.where})
        if answer_type.is_array and plan.operation == "rows" and shown and plan.select == (answer_column,):
            plan = replace(plan, select=(*plan.select, *shown))
        return Reading(plan, kind, 0.0, second, guessed)

    # "what city was ranked first": the row the table's rank column puts first (a rank of 1, not "1st" in a cell)
    ranked_at = _RANKED_AT.search(q)
    placing = placing_column(table) if ranked_at else None
    if ranked_at and placing is not None and placing not in condition_columns:
        said = ranked_at.group(1)
        place = ORDINAL_WORDS.index(said) + 1 if said in ORDINAL_WORDS else int(re.sub(r"\D", "", said))
        conditions = [*conditions, Condition(placing, "=", float(place), "number")]
        condition_columns = {*condition_columns, placing}
    where = tuple(conditions)
    group_limit = MAX_LIMIT if answer_type.is_array else 3  # groups ranked: a list takes every group tied first
    bounded = re.sub(r"\bat (?:least|most)\b", " ", q)  # "at least 15 sacks" compares; it asks for no least
    is_max = any(re.search(rf"\b{w}\b", bounded) for w in MAX_WORDS)
    top = re.search(r"\btop (\w+)", q)  # "the top laps": the most laps, when "laps" names a number column
    if (
        measure is not None
        and top
        and stem(ABBREVIATIONS.get(top.group(1), top.group(1))) in name_stems(columns[measure].name)
    ):
        is_max = True
    is_min = any(re.search(rf"\b{w}\b", bounded) for w in MIN_WORDS)
    fast, slow = bool(re.search(r"\b(fastest|quickest)\b", q)), bool(re.search(r"\bslowest\b", q))
    paced = pace_column(table, named, condition_columns) if (fast or slow) and not (is_max or is_min) else None
    if paced is not None:  # "the fastest": the shortest time, or the highest speed
        measure, holds_times = paced
        is_max, is_min = (slow, fast) if holds_times else (fast, slow)

    numeric_answer = element in (AnswerType.INTEGER, AnswerType.FLOAT)
    # "the difference in points scored in 1996": of a "22-21" cell (whose first number is no measure to read)
    if (measure_named is None or index_.scores[measure_named]) and not (is_max and is_min):
        scored = score_plan(q, index_.scores, where, numbers, numeric_answer, answer_column, is_max, is_min)
        if scored is not None:
            return reading(*scored)
    # "how long is the Seikan tunnel", "how long is Die Slow": the row's length, when a column holds lengths (not
    # the years its rows span, comparisons.spread)
    length = length_column(table, condition_columns) if q.startswith("how long") and measure is None else None
    if length is not None and where and not (is_max or is_min):
        return reading(Plan("rows", select=(length,), where=where, limit=1), "lookup")
    compared = (
        (
            share(q, where, filled_or_empty(q, table, named, condition_columns, index_), mentions)
            if numeric_answer
            else None
        )
        or (spread(q, table, where, measure, condition_columns, is_max and is_min) if numeric_answer else None)
        or two_values(q, table, mentions, conditions, measure, wants_text)
        or either_number(q, conditions, measure)
        or (two_columns(q, table, named, where, condition_columns) if numeric_answer else None)
    )
    if compared is not None:
        return reading(*compared)

    if element is AnswerType.BOOLEAN:
        presence = filled_or_empty(q, table, named, condition_columns, index_)  # "is anyone in Finance remote"
        return reading(Plan("count", where=(*where, *presence)), "exists")
    if re.search(r"how many (?:different|distinct|unique)|number of (?:different|distinct|unique)", q):
        target = answer_column if not guessed else next((c for c in named if c not in condition_columns), None)
        if target is not None:
            return reading(Plan("count_distinct", target, where=where), "distinct")
    # "the longest losing streak", "the most consecutive wins": the longest run of matching rows
    if re.search(r"\bstreak\b|\b(?:most|longest) consecutive\b", q) and numeric_answer and where:
        return reading(Plan("longest_run", where=where), "longest_run")
    # "which month had the most orders": the months of the table's dates, each one's rows counted (or its amounts
    # added up, or averaged), when no column is called month
    part = _date_part_asked(q, table, condition_columns, index_)
    if part is not None and is_max != is_min:
        operation = "avg" if re.search(r"\b(?:average|mean)\b", q) else "sum"
        plan = (
            Plan(operation, measure, where=where, descending=is_max, limit=group_limit) if measure is not None else None
        )
        plan = plan or Plan("count", where=where, descending=is_max, limit=group_limit)
        return reading(replace(plan, group_by=part[0], group_part=part[1]), "group")
    # "which product sold the most units", "who spent the most": what each one's rows add up to, not its biggest row
    per_group = re.search(r"\b(average|mean|total|sum)\b", q) or EARNED.search(q) or _ADDS_UP.search(q)
    # "which category has the most stock": "the most" of an amount, where the answer's values repeat, adds them up
    repeats = answer_column is not None and len(index_.values[answer_column]) < table.row_count
    per_group = per_group or (re.search(r"\b(?:most|least)\b", q) if measure_named is not None and repeats else None)
    if per_group and is_max != is_min and wants_text and measure is not None and answer_column not in (None, measure):
        # "which agent has the highest average satisfaction": each agent's average, the highest first
        operation = "avg" if per_group.group(0) in ("average", "mean") else "sum"
        plan = Plan(operation, measure, group_by=answer_column, where=where, descending=is_max, limit=group_limit)
        return reading(plan, "group")
    if re.search(r"\baverage\b|\bmean\b", q) and measure is not None:
        return reading(Plan("avg", measure, where=where), "avg")
    if re.search(r"\bmedian\b", q) and measure is not None:
        return reading(Plan("median", measure, where=where), "median")
    placed_last = not where and re.search(r"\blast[- ]place\b|\b(?:placed|finished|came) last\b", q)
    placing = placing_column(table) if placed_last else None
    if placed_last and (placing is not None or not any(columns[c].kind == "date" for c in named)):
        # "how many laps did the last place finisher complete": the last-ranked row (the table's last without
        # ranks); "which order was placed last" of a table of order dates is the latest (below)
        shown = measure if numeric_answer and measure is not None else answer_column
        if shown is not None:
            plan = Plan("rows", select=(shown,), order_by=placing, descending=True, limit=1)
            return reading(plan, "last")
    counted, measure = counted_plan(
        q, table, where, conditions, condition_columns, measure, mentions, named, index_, element
    )
    if counted is not None:  # "how many ...", "the total of ...": rows counted or a column added up
        return reading(*counted)
    if ranked is not None:  # "the top 3 salaries", "the bottom 5 products by sales"
        is_max, is_min = ranked[1], not ranked[1]
    dated = [c for c in named if columns[c].kind == "date" and c not in condition_columns and c != answer_column]
    if dated and not (is_max or is_min) and wants_text:  # "who was hired first": the earliest Hire Date
        is_min, is_max = bool(re.search(r"\bfirst\b", q)), bool(re.search(r"\b(?:last|most recently)\b", q))
    if (is_max or is_min) and not (is_max and is_min):  # "which region had the highest sales"
        highest = Ranking(
            is_max, measure, answer_column, where, condition_columns, answer_type, group_limit, ranked, bool(extra)
        )
        ranking = superlative_plan(q, table, index_, highest)
        if ranking is not None:
            return reading(*ranking)
    said = {i for m in mentions for i in range(m.start, m.end)}
    said |= {i for n in numbers if n.op != "=" for i in range(max(0, n.words[0] - 3), n.words[0])}  # "after 2010"
    shift = shift_of(q, bool(mentions or any(d.op == "=" for d in dates)), said)  # "after June 2024" compares
    if shift and where:
        # "which winner came after X": the asked column may be the one X is in (the next row's winner). A column
        # named just before the shift word is its unit, not what is asked ("who won the month before?").
        unit = shift_unit(q, index_)
        asked = answered_column(q, [c for c in named if c != unit], table, set(), measure, wants_text)
        shifted = asked[0] if not asked[1] and asked[0] is not None else answer_column
        if asked[1] and guessed and wants_text:  # "what is next after Joan O.": the next row's value of her column
            shifted = next((c.column for c in where if c.view == "text" and c.op == "="), shifted)
        if shifted is None:
            return None
        where = cells_saying(the_row_shifted_from(q.split(), where, mentions), index_)
        down = in_time_order(shift, q, table)
        return reading(Plan("rows", select=(shifted,), where=where, shift=down), "next" if down > 0 else "previous")
    if answer_column is None:
        return None
    if re.search(r"\b(first|top)\b", q) and not where:
        return reading(Plan("rows", select=(answer_column,), limit=1), "first")
    if re.search(r"\b(last|final|bottom)\b", q) and not where:
        # "who was last": the last ranked, when rows are ranked (an unranked "DNS" at the foot is not last)
        placing = placing_column(table)
        return reading(Plan("rows", select=(answer_column,), order_by=placing, descending=True, limit=1), "last")
    # "name one nation that did not earn a bronze medal": a named column left empty (or at 0)
    absent = [c for c in filled_or_empty(q, table, named, condition_columns, index_) if c.op in ("empty", "=")]
    where = (*where, *(c for c in absent if c.column != answer_column))
    if not where and re.search(r"\bonly\b", q) and answer_column in named and index_.gaps[answer_column]:
        where = (Condition(answer_column, "filled", None),)  # "the only attendance listed": the one cell filled in
    if not where:
        return None
    if answer_type.is_array:
        # every matching row (up to query.MAX_ROWS: answer/tables.py declines a list cut short)
        return reading(Plan("rows", select=(answer_column,), where=where), "list")
    # "who was the winner after 2007", "the match immediately before 2014": the nearest row past the value said
    nearest = next((c for c in where if c.op in (">", ">=", "<", "<=") and c.view in ("number", "year", "date")), None)
    if nearest is not None and re.search(r"\b(?:after|before|prior to|previous to|since)\b", q):
        plan = Plan("rows", select=(answer_column,), where=where, order_by=nearest.column, limit=1)
        return reading(replace(plan, descending=nearest.op.startswith("<")), "lookup")
    # "the last game played at X", "the latest championship in the Grand Slam category": of the matching rows,
    # the last in the table's order (a table with no date to order by lists its rows in time order)
    last = bool(re.search(r"\b(?:last|latest|most recent(?:ly)?)\b", q))
    # ... or, where a column of days says when each row was, its latest ("the last order from Hooli")
    by_day = next((i for i, c in enumerate(columns) if c.kind == "date" and i not in condition_columns), None)
    plan = Plan(
        "rows", select=(answer_column,), where=where, order_by=by_day if last else None, descending=last, limit=1
    )
    return reading(plan, "lookup")


_PART_ASKED = re.compile(r"\b(?:which|what) (month|year)\b")


def _date_part_asked(q: str, table: TypedTable, taken: set[int], index_: Index) -> tuple[int, str] | None:
    """The date column and the part of its dates ("month", "year") a question asks for when it asks "which month"
    or "what year" of a table with dates and no column of months or years, else None."""
    asked = _PART_ASKED.search(q)
    if asked is None or any(asked.group(1) in names for names in index_.names) or year_column(table) is not None:
        return None
    dated = next((i for i, c in enumerate(table.columns) if c.kind == "date" and i not in taken), None)
    return (dated, asked.group(1)) if dated is not None else None


def _overlap(mention: Mention, day: SaidDate) -> bool:
    return any(mention.start <= i < mention.end for i in day.words)
