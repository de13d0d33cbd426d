"""A question as the reading rules see it: what it says about one table, read once (``understand.py``), and what a
rule makes of it (a ``Reading``).

``parse.read`` finds what the question says (cells, column names, numbers, days); ``understand.understand`` settles
the rest every rule shares: the conditions, the column that answers, the measure, whether it asks for a highest or
lowest. The rules (``rules.py``) then each look at this one object.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Final

from backend.tables.column_kinds import units_column
from backend.tables.columns import measured_by
from backend.tables.differences_said import comparison_asked
from backend.tables.infer import TypedTable
from backend.tables.periods import period_columns
from backend.tables.plan import MAX_LIMIT, Condition, Operation, Plan, ReadingKind
from backend.tables.positions import Ranked
from backend.tables.quantities import SaidDate, SaidNumber
from backend.tables.tallies import value_counted
from backend.tables.vocabulary import Index
from backend.tables.words import (
    Mention,
)
from backend.types import AnswerType


@dataclass
class Reading:
    """What the parser made of a question: the plan, how much of the question it explains, and its kind.

    ``second`` is the plan whose value a difference subtracts; ``limit_to`` the rows of a comparison.
    """

    plan: Plan
    kind: ReadingKind
    coverage: float
    second: Plan | None = None
    guessed_answer_column: bool = False
    unexplained: tuple[str, ...] = ()  # the content words the plan does not account for
    says_every_row: bool = False  # "how many episodes are listed", "on this list": the question is about every row
    asked_modified: bool = False  # "the remaining budget": a word left out qualifies the value asked for
    # (a column read, another its words name just as well): "Widget's sales" of a "Q1 Sales" and a "Q2 Sales"
    alike: tuple[int, int] | None = None
    different_said: bool = False  # "how many different teams": the values counted, asked for as such
    # words left out that other cells of a column the plan picks rows by hold, with that column (a value dropped)
    left_out_values: tuple[tuple[str, int], ...] = ()
    # words left out that cells of some column hold, with the first such column (a value said, read as nothing)
    cell_words_left_out: tuple[tuple[str, int], ...] = ()
    each_ungrouped: int | None = None  # the column asked "each" of that the plan neither groups nor picks rows by
    of_one_row: bool = False  # "the difference in points in 1996": a value of the one row its conditions pick
    # "the first album released in 2011", "the last time it was held here": which of the matching rows is asked for
    row_said: bool = False
    # "which team finished last": the column the "which" asks for (Team), when the plan picks rows by it and reads
    # another column (the Driver)
    asked_picked: int | None = None
    answers_said: int | None = None  # "which 4 countries": how many answers the question expects
    ways_offered: tuple[str, str] | None = None  # "above or below": the two words its answer is one of
    # "the difference in rank between the u.s. and canada": "difference"; "is A the same as B": "same" (else "")
    comparison_asked: str = ""
    # the column added up or ranked by is no column the question names ("the total payroll" of a table of expense
    # claims: their one Amount); between two tables that read a question as well, the other
    measure_guessed: bool = False
    # "how many Travel Mugs do we have" of orders.csv: its rows counted are orders, not the mugs a Quantity keeps
    # (between two tables, the one whose rows or units are what is counted: answer/table_choice.py)
    counts_a_value_kept_in_units: bool = False


# What a question-form rule (rules.RULES) returns: a Reading, None (not its form: the next rule tries), or NO_READING.
class _NoReading:
    """The outcome of a rule whose form the question has but the table cannot answer."""

    def __repr__(self) -> str:
        return "NO_READING"


NO_READING: Final = _NoReading()
Outcome = Reading | _NoReading | None


# "what year did ...", "what is the year with the most events": a year, read from its row
ASKS_YEAR = re.compile(r"^(?:in )?(?:what|which) (?:is |was )?(?:the )?(?:\w+ )?years?\b")  # "which election year"
ASKS_WHO = re.compile(r"^(?:who|whom|whose)\b")  # a person or an organisation: a name, whatever type was asked


@dataclass
class ParsedQuestion:
    """One question read against one table: what it says, and what every reading rule needs of it.

    The rules read it in order (``rules.RULES``); a rule that settles something for the rules after it says so
    (the count rule may settle the measure).
    """

    q: str  # the question's words, normalised and joined
    table: TypedTable
    index: Index
    answer_type: AnswerType
    mentions: list[Mention]  # cell values the question says
    named: list[int]  # columns it names
    numbers: list[SaidNumber]
    dates: list[SaidDate]
    hinted: list[int]  # columns it names by any word of their names
    ranked: Ranked | None  # "the top 3", "the first five nations": the few rows ranked
    conditions: list[Condition]
    condition_columns: set[int]
    compared_row: int | None  # the column of a row the question compares another with ("the same age as X")
    # Settled by understand.understand(), in this order:
    measure: int | None = None  # the number column read: named, or the table's one amount
    measure_named: int | None = None  # the measure, when the question names its column
    answer_column: int | None = None
    guessed: bool = False  # the answer column was not named by the question
    extra: tuple[int, ...] = ()  # more columns asked for beside the answer ("the last model and its origin")
    is_max: bool = False
    is_min: bool = False

    @property
    def where(self) -> tuple[Condition, ...]:
        return tuple(self.conditions)

    @property
    def element(self) -> AnswerType:
        return self.answer_type.element

    @property
    def wants_text(self) -> bool:
        return self.element is AnswerType.STRING

    @property
    def numeric_answer(self) -> bool:
        return self.element in (AnswerType.INTEGER, AnswerType.FLOAT)

    @property
    def group_limit(self) -> int:
        """How many groups a group ranking keeps: a list takes every group tied first."""
        return MAX_LIMIT if self.answer_type.is_array else 3

    def reading(self, plan: Plan, kind: ReadingKind, second: Plan | None = None) -> Reading:
        """The reading of ``plan``, showing the extra columns asked for that no condition holds ("which items are
        discontinued and supplied by Northwind" lists no supplier column)."""
        shown = tuple(c for c in self.extra if c not in {w.column for w in plan.where})
        if (
            self.answer_type.is_array
            and plan.operation == Operation.ROWS
            and shown
            and plan.select == (self.answer_column,)
        ):
            plan = replace(plan, select=(*plan.select, *shown))
        reading = Reading(plan, kind, 0.0, second, self.guessed)
        measure = plan.column if plan.column is not None else plan.order_by
        # ("the heaviest shipment" ranks by its Weight: named by the adjective that measures it; the columns of the
        # months a total or a quarter says are named so: "which region had the highest total sales" of a column for
        # each month, periods.across_months; not of years, whose "total" may be a row's own: fresh WikiTableQuestions
        # checking nt-320, "the largest total win record", wrong at 0.62 so)
        reading.measure_guessed = (
            measure is not None
            and measure not in self.named
            and not (plan.across and _of_months(plan.across, self.table))
            and measured_by(self.q, self.table, [measure]) is None
        )
        reading.comparison_asked = comparison_asked(self.q, self.table)
        reading.counts_a_value_kept_in_units = (
            plan.operation is Operation.COUNT
            and units_column(self.table, self.condition_columns) is not None
            and value_counted(self.q, self.conditions, self.table)
        )
        return reading


def _of_months(columns: tuple[int, ...], table: TypedTable) -> bool:
    """Whether the columns are each a month's or a quarter's ("Jan", "Q1"), not a year's."""
    periods = {column for key, column in period_columns(table).items() if not key.isdigit()}
    return set(columns) <= periods
