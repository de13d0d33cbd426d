"""Readings found on 2026-12-06 (twenty-fifth stop): a footnote's mark after a name ("Lillestrøm*", "Calvin
Johnson†") is no part of it, compared, counted or answered; two number columns said "combined" are added up; a
person asked for by a noun no column says ("the tallest delegate") is asked as "who" is; a place column with "DNF"
cells compares its places as numbers."""

from __future__ import annotations

from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

MEDALS = (
    "Season,Gold,Silver\n1976,Lillestrøm,Mjøndalen\n1977,Lillestrøm*,Bodø\n1978,Start,Lillestrøm\n"
    "1979,Start*,Viking\n1980,Lillestrøm,Start\n"
)
BOX_SCORE = "Name,Assists,Turnovers\nAnn,5,2\nBea,—,1\nCora,3,4\n"


def test_a_footnote_mark_is_no_part_of_a_name():
    medals = table_of(MEDALS, "medals.csv")
    # it counted 4 of Lillestrøm's 5 golds, at 0.8: the fifth is "Lillestrøm*" (fresh tuning nt-1808)
    assert answer("How many times did Lillestrøm win gold?", medals, "integer") == 3
    assert answer("How many times did Start win gold?", medals, "integer") == 2
    assert answer("Who won gold in 1977?", medals, "string") == "Lillestrøm"
    assert answer("Which team won the most golds?", medals, "string") == "Lillestrøm"
    # marks alone are a cell's value, not a mark on one ("****" of a rating)
    ratings = table_of("Album,Rating\nA,****\nB,***\nC,**\n", "ratings.csv")
    assert answer("What is the rating of album A?", ratings, "string") == "****"


def test_an_opponent_said_with_where_the_game_was_played_is_compared_without_it():
    schedule = table_of(
        "Date,Opponent,Save\nJul 13,@ Marlins,\nJul 14,@ Marlins,Cishek\nJul 20,Mets,Rauch\nJul 21,@ Marlins,Dunn\n",
        "games.csv",
    )
    # the question's value as a cell says it, "@ Marlins", matched no cell once the cells' marks were taken off
    # (0 at 0.1; fresh tuning nt-1830)
    assert answer("What is the number of saves for the @ Marlins?", schedule, "integer") == 2


def test_two_columns_said_combined_are_added():
    box = table_of(BOX_SCORE, "box_score.csv")
    # it added up the Assists alone, at 0.8 (fresh tuning nt-1702); Bea's "—" assists add nothing to her turnover
    reading = parse.read("total number of assists and turnovers combined", box, AnswerType.INTEGER)
    assert reading is not None and reading.plan.plus == 2 and not reading.unexplained
    assert answer("total number of assists and turnovers combined", box, "integer") == 15
    assert answer("What is the total of assists plus turnovers?", box, "integer") == 15
    assert answer("How many assists in total?", box, "integer") == 8  # one column said: its own total
    # a difference between the two takes one from the other (an analyst's "total revenue and cost": 1700, not added)
    apart = parse.read("What is the difference between the total assists and turnovers?", box, AnswerType.INTEGER)
    assert apart is not None and apart.plan.plus is None


DELEGATES = "Represented,Contestant,Age,Height\nAzua,Patricia,21,1.78\nBonao,Jeimi,24,1.81\nSantiago,Amelia,18,1.83\n"


def test_a_person_asked_by_a_noun_is_a_who():
    delegates = table_of(DELEGATES, "pageant.csv")
    # it answered the province, "Santiago", at 0.66 (fresh tuning nt-3951)
    assert answer("the tallest delegate", delegates, "string") == "Amelia"
    assert answer("Which delegate is the oldest?", delegates, "string") == "Jeimi"
    # a number asked is no person ("how old is the tallest delegate"), and a noun a column says is that column
    assert answer("How old is the tallest delegate?", delegates, "integer") == 18
    assert answer("Which contestant is the oldest?", delegates, "string") == "Jeimi"


RESULTS = "Pos,Team,Laps\n1,Perkins,125\n2,Seton,125\n3,Mobil,124\nDNF,Nissan,51\nDNF,Holden,49\n"


def test_places_beside_dnf_are_numbers():
    results = table_of(RESULTS, "results.csv")
    # "Pos." of 24 places and 12 "DNF" was text: "the top five positions" compared the "Qual. Pos." beside it, and
    # "the last place finisher" read the last row, a DNF (fresh tuning nt-1762, nt-1087)
    assert results.columns[0].numeric and results.columns[0].kind == "text"
    assert answer("How many teams finished in the top 2 positions?", results, "integer") == 2
    assert answer("How many laps did the last place finisher complete?", results, "integer") == 124
    assert answer("How many teams did not finish?", results, "integer") == 2  # the cells still say "DNF"
    # a column of names with a few outcomes stays text ("Ret" is no place of a column of drivers)
    drivers = table_of("Driver,Pos\nAnn,1\nRet,2\nBea,3\n", "drivers.csv")
    assert not drivers.columns[0].numeric


def test_what_a_stadium_holds_is_its_capacity():
    grounds = table_of(
        "Team,Stadium,Capacity,Seated\nMerthyr,Penydarren Park,10000,\nPaulton,Athletic Field,5000,253\n"
    )
    # it counted the stadiums by name, nothing at 0.72 (fresh tuning nt-9200)
    reading = parse.read("which stadium holds the most?", grounds, AnswerType.STRING)
    assert reading is not None and reading.plan.order_by == 2
    assert answer("which stadium holds the most?", grounds, "string") == "Penydarren Park"
