"""Numbers as said (2026-12-06): with a scale word ("140 million", "2.5 million dollars", "40 thousand") a number
compares as the number it names, and the scale word is explained with it (it compared 140 with cells of
142,691,767); after "than" mistyped ("less that 1 goal") it still compares."""

from __future__ import annotations

from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

DEALS = (
    "Deal,Owner,Value\nD-1,Ana,950000\nD-2,Bo,1800000\nD-3,Ana,2600000\nD-4,Cy,40000\nD-5,Bo,3100000\nD-6,Cy,52000\n"
)


def test_a_number_said_in_millions_or_thousands_compares_as_that_number():
    deals = table_of(DEALS, "deals.csv")
    question = "How many deals have a value over 1.5 million?"
    assert answer(question, deals, "integer") == 3
    reading = parse.read(question, deals, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()
    assert reading.plan.where[0].value == 1_500_000
    assert answer("How many deals are worth less than 50 thousand?", deals, "integer") == 1
    assert answer("How many deals by Bo are over 2 million?", deals, "integer") == 1


def test_a_table_that_keeps_its_numbers_in_millions_compares_the_number_as_said():
    films = table_of("Film,Gross (millions)\nAlpha,2.1\nBeta,3.4\nGamma,0.8\n", "films.csv")
    assert answer("How many films grossed more than 2 million?", films, "integer") == 2
    budgets = table_of("Project,Budget (€m)\nAtlas,12\nBeacon,4\n", "projects.csv")
    assert answer("Which project has a budget over 10 million?", budgets, "string") == "Atlas"


def test_than_mistyped_before_a_number_still_compares():
    # "less that 1 goal" counted every player (WikiTableQuestions nt-5022); "more then 30" the same
    squad = table_of("name,caps,goals\nAna,6,0\nBo,2,0\nCy,5,4\nDe,4,1\n", "squad.csv")
    assert answer("How many players have less that 1 goal?", squad, "integer") == 2
    assert answer("How many players have more then 3 caps?", squad, "integer") == 3
    assert answer("Which player has more goals than Bo?", squad, "string_array") == ["Cy", "De"]  # "than" as typed
