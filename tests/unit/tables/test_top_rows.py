"""Aggregates of the first few rows of an order (tables/top_rows.py): "the total sales of the top three reps", "the
average of the first two", "the combined depth of the three deepest lakes"; and column names that end in a unit said
as words ("max. depth in meter"); "name the largest lake" asks for a kind of row, as "which" does."""

from __future__ import annotations

from backend.tables import parse
from backend.tables.plan import Operation, Plan
from backend.tables.plan_words import describe
from backend.tables.positions import Ranked
from backend.tables.query import execute
from backend.tables.top_rows import rows_ranked
from backend.types import AnswerType
from tests.unit.tables.sample import answer, run, table_of

REPS = "Rep,Region,Sales\nAna,East,100\nBo,West,300\nCy,East,250\nDee,West,50\nEd,North,400\n"
LAKES = (
    'Name,Area in km²,"max. depth\nin meter"\n'
    "Lake Geneva,580.03,310\nLake Constance,536.00,252\nLake Maggiore,210.12,372\nLake Lugano,48.67,288\n"
    "Lake Zug,38.41,198\n"
)


def test_the_top_rows_by_the_measure_are_added_up():
    reps = table_of(REPS, "reps.csv")
    # the three largest Sales (400 + 300 + 250), not every rep's (it read 1100, "three" left out)
    assert answer("What are the total sales of the top three reps?", reps, "integer") == 950
    assert answer("What is the sum of the 2 highest sales?", reps, "integer") == 700
    assert answer("What is the average sales of the top 3 reps?", reps, "float") == round(950 / 3, 9)
    assert answer("What were the combined sales of the bottom two reps?", reps, "integer") == 150
    reading = parse.read("What are the total sales of the top three reps?", reps, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()
    assert describe(reading.plan, reps) == "sum of 'Sales' of the first 3 rows of reps.csv, largest 'Sales' first"


def test_the_first_and_last_rows_are_taken_as_listed():
    reps = table_of(REPS, "reps.csv")
    assert answer("What were the total sales of the first two reps?", reps, "integer") == 400
    assert answer("What is the total of the last 2 reps' sales?", reps, "integer") == 450
    reading = parse.read("What is the total of the last 2 reps' sales?", reps, AnswerType.INTEGER)
    assert reading is not None and describe(reading.plan, reps) == "sum of 'Sales' of the last 2 rows of reps.csv"
    # conditions pick the rows first: the first two of the East's (Ana, Cy)
    assert answer("What were the total sales of the first two reps in the East?", reps, "integer") == 350


def test_a_count_before_a_superlative_ranks_by_what_the_adjective_measures():
    lakes = table_of(LAKES, "lakes.csv")
    # "depth" names the column although its name ends "in meter" (it was half of a name of three words: no reading)
    assert answer("What is the combined total depth of the three deepest lakes?", lakes, "integer") == 970
    assert answer("What is the depth of the deepest lake?", lakes, "integer") == 372
    # "the two largest" of lakes: by their Area (columns.measured_by), adding up the depth asked for
    assert answer("What is the total depth of the two largest lakes?", lakes, "integer") == 562


def test_a_place_compared_is_no_rows_ranked():
    words = "what is the total number of times he finished in the top 10".split()
    assert rows_ranked(words) is None  # a count of the rows placed in the top 10, not an aggregate of ten rows
    assert rows_ranked("how many points did the top 3 teams score in total".split()) == Ranked(3, True, 6)
    assert rows_ranked("what were the points of the top 3 teams".split()) is None  # nothing added up
    assert rows_ranked("the average of the first five nations".split()) == Ranked(5, True, 5, listed=True)


def test_an_aggregate_with_a_limit_is_of_the_first_rows_of_its_order():
    reps = table_of(REPS, "reps.csv")
    top = run(Plan(Operation.SUM, 2, order_by=2, descending=True, limit=2), reps)
    assert top[0][0] == 700
    listed = run(Plan(Operation.MAX, 2, limit=3), reps)  # the first three as listed: 100, 300, 250
    assert listed[0][0] == 300
    # the rows an answer shows are the ones it computed over, as the table lists them (it showed all five)
    result = execute(Plan(Operation.SUM, 2, order_by=2, descending=True, limit=3), reps)
    assert result.matched_count == 3
    assert [row["Rep"] for row in result.matched] == ["Bo", "Cy", "Ed"]


def test_a_question_that_starts_name_asks_for_a_kind_of_row():
    lakes = table_of(LAKES, "lakes.csv")
    # "lake" after "name the largest" is the kind of row asked for, not a word of the "Lake ..." cells: it picked the
    # cells holding it and answered from the column beside them
    assert answer("Name the largest lake", lakes, "string") == "Lake Geneva"
    assert answer("What was the deepest lake?", lakes, "string") == "Lake Maggiore"
    reading = parse.read("Name the largest lake", lakes, AnswerType.STRING)
    assert reading is not None and reading.plan.where == () and reading.plan.select == (0,)
