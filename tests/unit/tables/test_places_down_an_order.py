"""A place down an order said as an ordinal (tables/ordinals_said.py): "the second highest sales", "the third most
deals", "second to last". Before, the ordinal was left out and the ranking's first row answered at full confidence."""

from __future__ import annotations

import pytest

from backend.answer.table_confidence import PARTIAL, reading_confidence
from backend.tables import parse
from backend.tables.plan import InvalidPlan, Operation, Plan, check
from backend.tables.plan_words import describe
from backend.types import AnswerType
from tests.unit.tables.sample import answer, run, table_of

# Sales: Cara 150k, Eli 132k, Ana 120k, Ben 95k, Dev 87k. Deals: Dev 16, Ana 14, Eli 12, Ben 11, Cara 9.
# Regions by sales: East 270k, West 227k, North 87k.
REPS = (
    "Rep,Region,Sales,Deals\nAna,East,120000,14\nBen,West,95000,11\nCara,East,150000,9\nDev,North,87000,16\n"
    "Eli,West,132000,12\n"
)
# Listed by place; the last two rode for the same team
STAGE = (
    "Place,Cyclist,Team,Points\n1,John Degenkolb,Argos-Shimano,80\n2,André Greipel,Lotto-Belisol,60\n"
    "3,Alexander Kristoff,Team Katusha,50\n4,Matti Breschel,Team Saxo-Tinkoff,40\n5,Arnaud Démare,FDJ.fr,30\n"
)


def test_an_ordinal_before_a_superlative_moves_down_the_ranking():
    reps = table_of(REPS, "reps.csv")
    # it named Cara, the highest, at 0.8 (my own sales reps table, 2026-12-07)
    assert answer("which rep had the second highest sales?", reps, "string") == "Eli"
    assert answer("which rep had the second-highest sales?", reps, "string") == "Eli"
    assert answer("who had the third most deals?", reps, "string") == "Eli"
    assert answer("which rep had the 2nd lowest sales?", reps, "string") == "Ben"
    assert answer("who had the second fewest deals?", reps, "string") == "Ben"
    assert answer("what were the second highest sales?", reps, "integer") == 132000
    # a group's ranking too: the regions' sales added up
    assert answer("which region had the second highest sales?", reps, "string") == "West"
    # and the first place is still the first
    assert answer("which rep had the highest sales?", reps, "string") == "Cara"


def test_the_ordinal_is_explained_and_the_plan_says_the_place():
    reps = table_of(REPS, "reps.csv")
    reading = parse.read("which rep had the second highest sales?", reps, AnswerType.STRING)
    assert reading is not None
    assert reading.plan.skip == 1
    assert "second" not in reading.unexplained
    assert reading_confidence(reading, reps) == 0.8
    assert describe(reading.plan, reps).endswith("largest 'Sales' first, 1 row from place 2")


def test_second_to_last_is_one_up_from_the_foot():
    stage = table_of(STAGE, "stage.csv")
    # it read the last team, FDJ.fr, at 0.8 (fresh WikiTableQuestions checking nt-11869, no longer unseen)
    assert answer("which team came in second to last place?", stage, "string") == "Team Saxo-Tinkoff"
    assert answer("who finished next to last?", stage, "string") == "Matti Breschel"
    assert answer("who was the penultimate finisher?", stage, "string") == "Matti Breschel"
    assert answer("which team came in last place?", stage, "string") == "FDJ.fr"
    reps = table_of(REPS, "reps.csv")
    # "last in sales" ranks by the sales (placed_rows.py): second to last is the second lowest
    assert answer("which rep is second to last in sales?", reps, "string") == "Ben"


def test_a_place_tied_with_the_one_above_or_below_has_no_one_answer():
    # 100, 100, 90: "the second highest" is neither for sure; 100, 90, 90: both 90s are second; 100, 95, 90: B
    above = table_of("Name,Score\nA,100\nB,100\nC,90\n", "above.csv")
    assert answer("who had the second highest score?", above, "string") is None
    below = table_of("Name,Score\nA,100\nB,90\nC,90\n", "below.csv")
    assert answer("who had the second highest score?", below, "string") is None
    alone = table_of("Name,Score\nA,100\nB,95\nC,90\n", "alone.csv")
    assert answer("who had the second highest score?", alone, "string") == "B"


def test_a_place_the_reading_cannot_move_to_is_held_as_unsure():
    # asked as a list, the rows tied for a place are read for the first place only: the ordinal is left out, and the
    # reading is held under the table bar (0.25, declined with the answer as a suggestion), not at 0.8
    scores = table_of("Name,Score\nA,100\nB,90\nC,90\n", "scores.csv")
    reading = parse.read("who had the second highest score?", scores, AnswerType.STRING_ARRAY)
    assert reading is not None and reading.plan.skip == 0
    assert "second" in reading.unexplained and reading.asked_modified
    assert reading_confidence(reading, scores) == PARTIAL["rows, what is asked qualified"]


def test_an_ordinal_that_ranks_nothing_moves_nothing():
    reps = table_of(REPS, "reps.csv")
    # "second" names no place in an order here: no superlative follows it, and nothing is marked as qualified
    reading = parse.read("how many deals did ana close in the second quarter?", reps, AnswerType.INTEGER)
    assert reading is not None and reading.plan.skip == 0 and not reading.asked_modified
    assert answer("how many deals did ana close in the second quarter?", reps, "integer") == 14


def test_a_plan_skips_rows_only_before_a_limit():
    reps = table_of(REPS, "reps.csv")
    plan = Plan(Operation.ROWS, select=(0,), order_by=2, descending=True, limit=2, skip=1)
    assert run(check(plan, reps), reps) == [("Eli",), ("Ana",)]
    with pytest.raises(InvalidPlan, match="skip"):
        check(Plan(Operation.ROWS, select=(0,), order_by=2, skip=1), reps)
    with pytest.raises(InvalidPlan, match="skip"):
        check(Plan(Operation.ROWS, select=(0,), order_by=2, limit=1, skip=-1), reps)
