"""Which month (or quarter) of a table with a column for each ranks first (my own monthly sales table, 2026-12-07; no
reading before): the month whose column adds up to the most over the rows asked about, named in full as a date
column's months are; months that add up the same tie; a month no column or cell says still has no reading."""

from __future__ import annotations

import pytest

from backend.tables import parse
from backend.tables.plan import ReadingKind
from backend.tables.results import compute
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

MONTHLY = (
    "Region,Jan,Feb,Mar,Apr,Target\nNorth,12000,13500,12800,14100,50000\nSouth,9800,10200,11900,12500,45000\n"
    "East,15300,14900,16100,15800,60000\nWest,7600,8100,8900,9400,36000\n"
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which month had the highest total sales?", "April"),  # 51,800 of the four regions
        ("What was our best month?", "April"),
        ("Which month had the lowest sales?", "January"),  # 44,700
        ("Which month did East sell the most?", "March"),  # 16,100 of East's row alone
    ],
)
def test_the_month_whose_column_adds_up_to_the_most(question, expected):
    monthly = table_of(MONTHLY, "monthly_sales.csv")
    assert answer(question, monthly, "string") == expected
    reading = parse.read(question, monthly, AnswerType.STRING)
    assert reading is not None and reading.kind is ReadingKind.PERIOD_COLUMN and reading.unexplained == ()


def test_quarters_tie_and_other_numbers_are_no_ranking_of_months():
    quarterly = table_of("Region,Q1,Q2,Q3\nNorth,10,30,20\nSouth,20,15,10\n", "quarterly.csv")
    assert answer("Which quarter had the highest sales?", quarterly, "string") == "Q2"  # 45
    reading = parse.read("Which quarter had the lowest sales?", quarterly, AnswerType.STRING)
    assert reading is not None
    typed = compute(reading, quarterly, AnswerType.STRING)[1]
    assert typed.value is None and "Q1 and Q3 tie" in typed.why  # 30 each
    monthly = table_of(MONTHLY, "monthly_sales.csv")
    assert parse.read("Which month had the highest target?", monthly, AnswerType.STRING) is None
    # a month no column's name or cell says
    regions = table_of("Region,Manager,Sales\nNorth,Ana,10\nSouth,Bo,20\n", "regions.csv")
    assert parse.read("Which month had the highest sales for North?", regions, AnswerType.STRING) is None
