"""Caps on a table reading's confidence set by what its plan matched once it ran: no row, the one row a count or a
ranking reads, the first of several rows, a count that may be of rows or of values or of a column's total, a unit the
column read does not hold (``matched_caps``). Each cap's level is read off WikiTableQuestions questions, as its
comment in ``table_cap_levels.py`` says; ``answer/tables.py`` applies them to ``table_confidence.reading_confidence``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from backend.answer.table_cap_levels import (
    ANSWERS_MISCOUNTED,
    ASKED_PICKED,
    CELL_WORD_LEFT_OUT,
    COUNTED_ONE,
    EACH_UNGROUPED,
    FIRST_OF_SEVERAL,
    MANY_COUNTED,
    MANY_ROWS,
    NAME_FOR_A_WORD,
    NAMED_ONE,
    NOTHING_COMPARED,
    NOTHING_MATCHED,
    ONE_OF_ALIKE,
    OTHER_UNIT,
    RANKED_ONE,
    ROWS_OR_TOTAL,
    ROWS_OR_VALUES,
    SEVERAL_GAMES,
    THIN_LEAD,
    THIN_LEAD_ROWS,
    VALUE_LEFT_OUT,
)
from backend.answer.table_confidence import AGGREGATES, EXPLAINS_EVERY_WORD
from backend.tables import parse
from backend.tables.column_kinds import MONEY_NAME, tells_rows_apart
from backend.tables.infer import TypedTable
from backend.tables.outcomes_said import values_named
from backend.tables.plan import MAX_LIMIT, Operation, ReadingKind
from backend.tables.results import Result
from backend.tables.rows_or_values import MOSTLY_DIFFERENT
from backend.tables.words import normal

_RANKINGS = {
    ReadingKind.SUPERLATIVE, ReadingKind.TIED, ReadingKind.GROUP, ReadingKind.GROUPS, ReadingKind.MAX, ReadingKind.MIN,
    ReadingKind.GROUP_RATE,
}  # fmt: skip
_TIME_UNITS = {  # each unit as a column's name writes it ("Duration (min)", "Term (months)", "Monthly Cost")
    "second": r"sec(?:ond)?s?",
    "minute": r"min(?:ute)?s?",
    "hour": r"h(?:ou)?rs?|hourly",
    "day": r"days?|daily",
    "week": r"w(?:ee)?ks?|weekly",
    "month": r"months?|monthly",
    "year": r"y(?:ea)?rs?|yearly|annual",
}
# A unit asked as a rate's period ("the annual cost" of a Monthly Cost: 710 read as the year's, at 0.8; my own fleet
# table, 2026-11-29)
_PERIOD_ASKED = {
    "hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annual": "year",
}  # fmt: skip
_SAYS_WHICH_WAY = AGGREGATES - {ReadingKind.GROUP, ReadingKind.GROUPS}  # "before", "more": what they compute
_MEASURED = {  # readings whose value is in the unit of the column read (a count is in rows)
    ReadingKind.LOOKUP, ReadingKind.SUM, ReadingKind.AVG, ReadingKind.MEDIAN, ReadingKind.MAX, ReadingKind.MIN,
}  # fmt: skip


@dataclass(frozen=True)
class Cap:
    """A ceiling on a reading's confidence set by what its plan matched, and why, as a decline says it."""

    level: float
    why: str
    offers_value: bool = True  # False where no one value answers the question: the decline offers none to accept


def matched_caps(reading: parse.Reading, result: Result, table: TypedTable) -> Cap | None:
    """What caps a reading's confidence once its plan has run (see NOTHING_MATCHED, EACH_UNGROUPED, VALUE_LEFT_OUT,
    ASKED_PICKED, ANSWERS_MISCOUNTED, NOTHING_COMPARED, NAME_FOR_A_WORD, NAMED_ONE, COUNTED_ONE, SEVERAL_GAMES,
    NOTHING_COMPARED again (two values taken together), RANKED_ONE, THIN_LEAD, ROWS_OR_VALUES, ROWS_OR_TOTAL,
    OTHER_UNIT, ONE_OF_ALIKE, FIRST_OF_SEVERAL, then the weakest two, MANY_COUNTED and CELL_WORD_LEFT_OUT: the first
    that applies), or None."""
    plan, matched_count = reading.plan, result.matched_count
    # a share of none ("the churn rate on the Enterprise plan": no Enterprise customer churned) is an answer: 0%; so
    # is a yes/no question's "no" ("Is Ben remote?"), which is what no row matching means (the 8 values that fitted
    # NOTHING_MATCHED were counts and lookups)
    of_a_whole = reading.kind in (ReadingKind.PERCENT, ReadingKind.SHARE, ReadingKind.EXISTS, ReadingKind.EVERY)
    if plan.where and matched_count == 0 and not of_a_whole:
        return Cap(NOTHING_MATCHED, "No row matches its conditions.")
    if reading.each_ungrouped is not None:
        name = table.columns[reading.each_ungrouped].name
        why = f"It asks for a value for each {name!r}, and its reading computes one over them all: name one {name!r}."
        return Cap(EACH_UNGROUPED, why, offers_value=False)
    if reading.left_out_values:
        word, column = reading.left_out_values[0]
        name = table.columns[column].name
        return Cap(VALUE_LEFT_OUT, f"Cells of {name!r} say {word!r}, but the rows it reads are not picked by it.")
    if reading.asked_picked is not None:
        name = table.columns[reading.asked_picked].name
        return Cap(ASKED_PICKED, f"It asks which {name!r}, yet reads another column of the rows it picks by {name!r}.")
    said, found = reading.answers_said, len(result.rows)
    if said and reading.kind not in AGGREGATES and plan.operation is Operation.ROWS and found != said:
        return Cap(ANSWERS_MISCOUNTED, f"It asks for {said}, and its reading finds {found}.")
    if reading.kind in (ReadingKind.LIST, ReadingKind.GROUPS) and plan.limit and found < plan.limit < MAX_LIMIT:
        return Cap(ANSWERS_MISCOUNTED, f"It asks for the first {plan.limit}, and its reading finds {found}.")
    asked = reading.comparison_asked
    if asked == "difference" and reading.kind not in AGGREGATES and plan.operation is Operation.ROWS:
        why = "It asks for a difference, and its reading reads a cell: nothing is subtracted."
        return Cap(NOTHING_COMPARED, why, offers_value=False)
    if asked == "same" and reading.kind is ReadingKind.EXISTS:
        why = "It asks whether two values are the same, and its reading only finds rows: nothing is compared."
        return Cap(NOTHING_COMPARED, why, offers_value=False)
    named = result.rows[0][0] if result.rows and result.rows[0] and reading.kind not in _SAYS_WHICH_WAY else None
    if reading.ways_offered and isinstance(named, str) and normal(named) not in reading.ways_offered:
        way, other = reading.ways_offered
        return Cap(NAME_FOR_A_WORD, f"It asks {way} or {other}, and its reading names {named!r}.", offers_value=False)
    counted = _count_cap(reading, result, table)
    if counted is not None:
        return counted
    if reading.of_one_row and matched_count > 1:
        why = f"{matched_count} rows match its conditions: it reads the margin of one game's score."
        return Cap(SEVERAL_GAMES, why)
    together = any(c.op == "in" and len(c.value) == 2 for c in plan.where)
    if asked == "difference" and together and plan.operation is not Operation.ROWS and reading.second is None:
        # "the average salary in London compared to Berlin": the two taken together, not told apart (it averaged
        # both offices' salaries, at 0.8; my own staff table, 2026-12-07)
        why = "It compares two values, and its reading takes them together: nothing is subtracted."
        return Cap(NOTHING_COMPARED, why, offers_value=False)
    if reading.kind in _RANKINGS and plan.where and matched_count == 1 and not reading.of_one_row:
        return Cap(RANKED_ONE, "One row matches its conditions: there is nothing to rank it against.")
    thin = _thin_lead(reading, result, table)
    if thin is not None:
        return thin
    values = result.rows[0][0] if reading.kind is ReadingKind.DISTINCT and result.rows else None
    if values is not None and not reading.different_said and matched_count * MOSTLY_DIFFERENT < values < matched_count:
        return Cap(ROWS_OR_VALUES, f"{matched_count} rows match, with {values} different values: it counts the values.")
    asked_in = _other_unit(reading, table)
    if asked_in:
        return Cap(OTHER_UNIT, f"It asks in {asked_in}s; the column read is in other units, and nothing converts them.")
    compared_in = _compared_in_other_unit(reading, table)
    if compared_in:
        return Cap(OTHER_UNIT, f"It compares a number of {compared_in}s with a column in other units.")
    if reading.alike is not None:
        read, other = (table.columns[c].name for c in reading.alike)
        return Cap(ONE_OF_ALIKE, f"Its words name {read!r} and {other!r} alike: this reads {read!r}.")
    first_taken = reading.kind is ReadingKind.LOOKUP and plan.order_by is None and plan.limit == 1
    if (
        first_taken
        and plan.where
        and matched_count > 1
        and not reading.row_said
        and not result.agree_on(plan.select, table)
    ):
        return Cap(FIRST_OF_SEVERAL, f"{matched_count} rows match its conditions: this is the first of them.")
    if reading.kind is ReadingKind.COUNT and matched_count > MANY_ROWS:
        return Cap(MANY_COUNTED, f"It counts {matched_count} rows: one row read wrong changes a count this large.")
    if reading.cell_words_left_out:
        word, column = reading.cell_words_left_out[0]
        return Cap(CELL_WORD_LEFT_OUT, f"Cells of {table.columns[column].name!r} say {word!r}; its reading uses none.")
    return None


def _thin_lead(reading: parse.Reading, result: Result, table: TypedTable) -> Cap | None:
    """THIN_LEAD: groups ranked by their rows counted whose first has too few rows to rank by, unless the question
    names the groups it compares ("did Mexico or Italy have more": the count decides between them as said)."""
    plan = reading.plan
    if reading.kind is not ReadingKind.GROUP or plan.operation is not Operation.COUNT or plan.group_by is None:
        return None
    lead = result.rows[0][1] if result.rows and len(result.rows[0]) > 1 else None
    if not isinstance(lead, int | float) or lead > THIN_LEAD_ROWS or any(c.column == plan.group_by for c in plan.where):
        return None
    if not plan.descending and len(result.rows) > 1 and result.rows[1][1] > lead:
        return None  # the fewest alone: a first of few rows is what "the fewest" finds (see THIN_LEAD)
    rows = "1 row" if lead == 1 else f"{lead:g} rows"
    name = table.columns[plan.group_by].name
    return Cap(THIN_LEAD, f"The first {name!r} has {rows}: too few to rank the groups by their count.")


def _count_cap(reading: parse.Reading, result: Result, table: TypedTable) -> Cap | None:
    """What caps a count of rows: of the one row a row's name picks (NAMED_ONE); one that leaves words of the question
    unexplained, whose words may ask for a cell of the rows it counts (COUNTED_ONE) or for a column's total
    (ROWS_OR_TOTAL)."""
    plan, matched_count = reading.plan, result.matched_count
    if reading.kind is not ReadingKind.COUNT or not plan.where:
        return None
    if reading.coverage >= EXPLAINS_EVERY_WORD:
        by_name = any(c.op in ("=", "contains") and tells_rows_apart(table, c.column) for c in plan.where)
        if matched_count == 1 and by_name:
            return Cap(
                NAMED_ONE, "It counts the one row whose name it says: the number asked for may be one of its cells."
            )
        return None
    if matched_count == 1:
        return Cap(COUNTED_ONE, "One row matches its conditions: the number asked for may be one of its cells.")
    holding = next((c.column for c in plan.where if c.op == ">" and c.value == 0 and c.view == "number"), None)
    if holding is not None:
        name = table.columns[holding].name
        return Cap(ROWS_OR_TOTAL, f"It counts the rows with some {name!r}: the words left out may ask for its total.")
    if matched_count == values_named(plan.where):
        return Cap(
            COUNTED_ONE,
            f"Its conditions match the {matched_count} rows it names, one each: the number asked for may be one of "
            "their cells.",
        )
    return None


def _other_unit(reading: parse.Reading, table: TypedTable) -> str:
    """The unit of time the question asks in and leaves unexplained, when the column read names another, or ""."""
    asked = [unit for unit in _TIME_UNITS if unit in reading.unexplained or f"{unit}s" in reading.unexplained]
    asked += [_PERIOD_ASKED[word] for word in reading.unexplained if word in _PERIOD_ASKED]
    if not asked or reading.kind not in _MEASURED:
        return ""
    read = reading.plan.select if reading.kind is ReadingKind.LOOKUP else (reading.plan.column,)
    names = " ".join(table.columns[c].name.lower() for c in read if c is not None)
    other = any(re.search(rf"\b{written}\b", names) for unit, written in _TIME_UNITS.items() if unit != asked[0])
    return asked[0] if other else ""


def _compared_in_other_unit(reading: parse.Reading, table: TypedTable) -> str:
    """The unit of time of a number compared that the question leaves unexplained, when the columns compared with a
    number are money ("more than 5 years" compared with the Salary: every row matched, at 0.62; my own staff table,
    2026-12-07), or ""."""
    asked = [unit for unit in _TIME_UNITS if f"{unit}s" in reading.unexplained or unit in reading.unexplained]
    compared = [c.column for c in reading.plan.where if c.view == "number"]
    if not asked or not compared:
        return ""
    # (of money only: a time compared with a Time, an Age or a Year column reads as it should, the unit unnamed; 21
    # dev and fresh answers, 19 right; and not a "Total time in office", whose "total" MONEY_NAME says: fresh tuning
    # nt-3446, right)
    names = [table.columns[c].name for c in compared]
    return asked[0] if all(MONEY_NAME.search(n) and not re.search(r"(?i)\btime\b", n) for n in names) else ""


def matched_cap(reading: parse.Reading, result: Result, table: TypedTable, confidence: float) -> float:
    """``confidence`` capped by what the plan matched once it ran (:func:`matched_caps`)."""
    cap = matched_caps(reading, result, table)
    return min(confidence, cap.level) if cap is not None else confidence
