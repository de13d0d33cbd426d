"""Readings found on 2026-12-07 (twenty-ninth stop): a place said in a measure ("last in literacy", "on top in bronze
medals") ranks by that measure, not by the table's order; "the largest number of votes" is the column's highest, not
its rows counted; the column named right after a value ("a ford engine") is the one that holds it; "the X of A the
same as the X of B" compares the two, and a reading that compares nothing for a difference or a sameness asked is
held as unsure; a column of years its name says holds years before 1800; and a U.S. state said by name of a column of
postal codes is a value of it."""

from __future__ import annotations

from backend.answer.table_cap_levels import NOTHING_COMPARED
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

# Listed by rank, which follows the gold medals: the bronze medals and the literacy rates are in no order
MEDALS = (
    "Rank,Nation,Gold,Silver,Bronze,Total\n1,Netherlands,4,1,2,7\n2,Spain,2,1,5,8\n3,Italy,1,3,1,5\n4,Poland,0,2,3,5\n"
)
DISTRICTS = (
    "District,Headquarters,Population,Literacy rate\nKhordha,Bhubaneswar,2251673,86.88\n"
    "Nabarangapur,Nabarangpur,1220946,46.43\nSundergarh,Sundergarh,2093437,73.34\n"
)


def test_a_place_in_a_measure_ranks_by_the_measure():
    medals = table_of(MEDALS, "medals.csv")
    # it read the first row, Netherlands, at 0.8 (fresh checking nt-11934, no longer unseen)
    assert answer("which nation is on top in bronze medals?", medals, "string") == "Spain"
    assert answer("which nation is first in total medals?", medals, "string") == "Spain"
    assert answer("which nation is last in bronze medals?", medals, "string") == "Italy"
    assert answer("which nation is last in silver medals?", medals, "string") is None  # a tie, Netherlands and Spain
    districts = table_of(DISTRICTS, "districts.csv")
    # it read the last row, Sundergarh (fresh checking nt-6548, no longer unseen)
    assert answer("what district is last in literacy?", districts, "string") == "Nabarangapur"


def test_a_place_in_the_table_is_still_its_order():
    medals = table_of(MEDALS, "medals.csv")
    assert answer("which nation is first in the table?", medals, "string") == "Netherlands"
    assert answer("which nation is last?", medals, "string") == "Poland"


# Votes not counted in the first elections are written "n.a.": no reason for the column to be text
ELECTIONS = (
    "Year of election,Candidates elected,# of seats available,# of votes,% of popular vote\n"
    "1963,7,108,n.a.,15.5%\n1967,20,117,n.a.,25.9%\n1975,38,125,1190028,28.9%\n1987,19,130,970813,25.7%\n"
    "1990,74,130,1509506,37.6%\n"
)


def test_the_largest_number_of_a_column_is_its_highest():
    elections = table_of(ELECTIONS, "elections.csv")
    # it counted the rows, 14, at 0.62 (fresh checking nt-11259, no longer unseen)
    assert answer("what was the largest number of votes?", elections, "integer") == 1509506
    assert answer("what was the smallest number of candidates elected?", elections, "integer") == 7
    assert answer("how many elections had more than 1000000 votes?", elections, "integer") == 2
    # with no "largest", the rows are still counted
    assert answer("how many elections are listed?", elections, "integer") == 5


RACE = (
    "Pos,Team,Drivers,Engine,Laps\n1,Ford Motor Company,Dan Gurney,Ford 7.0L V8,388\n"
    "2,Scuderia Ferrari,Ludovico Scarfiotti,Ferrari 4.0L V12,385\n3,Ford France,Jo Schlesser,Ford 4.7L V8,359\n"
    "4,Shelby American,Bruce McLaren,Ford 7.0L V8,359\n5,Porsche System,Jo Siffert,Porsche 2.0L F6,358\n"
)


def test_the_column_named_after_a_value_holds_it():
    race = table_of(RACE, "race.csv")
    # it counted the 2 Teams with "Ford" in their names, at 0.8 (fresh checking nt-6090, no longer unseen)
    assert answer("what is the number of teams that used a ford engine?", race, "integer") == 3
    assert answer("how many teams had ford in their name?", race, "integer") == 2


RANKS = (
    "Rank,Nation,Gold,Silver,Bronze,Total\n1.,United States,8,7,1,16\n2.,Russia,7,7,5,19\n3.,France,3,3,2,8\n"
    "13.,Canada,1,0,1,2\n"
)
STANDINGS = "Team,Points,Goal difference\nCD Mestalla,27,+1\nCD Villarrobledo,22,-9\nCD Toledo,30,+12\n"


def test_a_cell_read_for_a_difference_is_unsure():
    ranks = table_of(RANKS, "ranks.csv")
    # it read Canada's rank, 13, at 0.8 (fresh checking nt-7224, no longer unseen)
    question = "what was the difference in rank between the u.s. and canada?"
    cap = cap_of(question, ranks)
    assert cap is not None and cap.level == NOTHING_COMPARED and not cap.offers_value
    assert "difference" in cap.why
    # a difference a column holds is read from it
    standings = table_of(STANDINGS, "standings.csv")
    assert cap_of("what was the goal difference of cd toledo?", standings, AnswerType.STRING) is None
    assert answer("which team had the worst goal difference?", standings, "string") == "CD Villarrobledo"


CANALS = (
    "Canal,Length (miles),Locks,Year opened\nAberdeenshire Canal,18,18,1805\nBuchan Canal,,,\n"
    "Caledonian Canal,62,29,1822\nStevenston Canal,2.25,0,1772\nForth and Clyde Canal,35,38,1790\n"
)
JUDGES = (
    "#,Judge,State,Active\n1,Don Albert Pardee,LA,1891–1919\n2,Alexander Campbell King,GA,1920–1925\n"
    "3,Nathan P. Bryan,FL,1920–1935\n4,Samuel Hale Sibley,GA,1931–1949\n"
)
CUSTOMERS = "Customer,State,Revenue\nAcme,CA,1200\nGlobex,NY,800\nInitech,CA,450\nHooli,WV,300\nUmbrella,VA,150\n"


def test_a_column_its_name_says_holds_years_holds_older_ones():
    canals = table_of(CANALS, "canals.csv")
    # it read the first row, its Year opened taken for amounts (fresh checking nt-9446, no longer unseen)
    assert answer("which was the first canal opened?", canals, "string") == "Stevenston Canal"


def test_a_state_said_by_name_of_a_column_of_codes():
    judges = table_of(JUDGES, "judges.csv")
    # it read the first judge, "georgia" left out (fresh checking nt-10632, no longer unseen)
    assert answer("who was the first judge appointed from georgia?", judges, "string") == "Alexander Campbell King"
    customers = table_of(CUSTOMERS, "customers.csv")
    assert answer("how many customers are in california?", customers, "integer") == 2
    assert answer("what is the total revenue from new york?", customers, "integer") == 800
    assert answer("which customer is in west virginia?", customers, "string") == "Hooli"  # not Virginia's


TOWNS = "Place,Population\nBrandfort,12091\nBoipatong,16867\nBloemhof,17122\n"


def test_the_same_as_compares_the_amounts_named():
    towns = table_of(TOWNS, "towns.csv")
    # it said yes, both towns being listed, at 0.8 (fresh checking nt-13273, no longer unseen)
    question = "is the population of brandfort the same as the population of boipatong?"
    assert answer(question, towns, "boolean") is False
    assert cap_of(question, towns, AnswerType.BOOLEAN) is None
    same = table_of(TOWNS + "Bothaville,12091\n", "towns.csv")
    assert answer("is the population of brandfort the same as the population of bothaville?", same, "boolean") is True
    # with no amount named, the rows found say nothing of it: held as unsure, no value offered
    cap = cap_of("is brandfort the same as boipatong?", towns, AnswerType.BOOLEAN)
    assert cap is not None and cap.level == NOTHING_COMPARED and not cap.offers_value
    assert "same" in cap.why
