"""A date named after "earliest" or "latest" orders the rows it asks about, a "which" question with a
superlative asks for a row (2026-12-04, nineteenth stop: the fresh WikiTableQuestions tuning questions of the
eighteenth): "which show had the earliest opening date" is the Title of the row with the smallest Opening date
(it took the Opening date, ordered by the Closing date beside it), "which representative was the earliest to take
office" is the Name of the smallest Took Office, and "which season has the least number of appearances" is the
Season of the fewest Appearances, even where the season is a year and the answer a number (it added up every
Appearance); the top row of a table is its first ("the score in the top row": not the highest score); and a value
said matches the cells that list it among others ("the zx platform" of "ZX, BBC")."""

from __future__ import annotations

from tests.unit.tables.sample import answer, table_of

# Broadway shows, as WikiTableQuestions' tables/204-csv/592.csv writes them
SHOWS = """#,Title,Type,Opening date,Closing date,Performances
1,The Phantom of the Opera,Musical,"January 26, 1988",,10000
2,Cats,Musical,"October 7, 1982","September 10, 2000",7485
3,Lightnin',Play,"August 26, 1918","August 27, 1921",1291
4,Grease,Musical,"February 14, 1972","April 13, 1980",3388
"""

REPRESENTATIVES = """Name,Took Office,Left Office,Party
James S. Davenport,"November 16, 1907","March 4, 1909",Democratic
Charles E. Creager,"March 4, 1909","March 3, 1911",Republican
Dick Thompson Morgan,"March 4, 1911","March 3, 1915",Republican
Joseph Bryan Thompson,"March 4, 1915","September 18, 1919",Democratic
Manuel Herrick,"March 4, 1921","March 3, 1923",Republican
"""

SEASONS = """Season,Appearance,Tries,Points
2001,21,13,55
2002,17,10,42
2003,19,8,34
2004,25,8,34
"""


def test_a_date_named_after_earliest_orders_the_rows_asked_about():
    shows = table_of(SHOWS, "shows.csv")
    assert answer("which show had the earliest opening date?", shows, "string") == "Lightnin'"
    assert answer("which show had the latest closing date?", shows, "string") == "Cats"
    # the question that asks for the date itself still reads it
    assert answer("what was the earliest opening date?", shows, "string") == "August 26, 1918"
    representatives = table_of(REPRESENTATIVES, "representatives.csv")
    earliest = answer("which representative was the earliest to take office?", representatives, "string")
    assert earliest == "James S. Davenport"


def test_which_row_with_a_superlative_is_no_total():
    seasons = table_of(SEASONS, "seasons.csv")
    assert answer("which season has the least number of appearances?", seasons, "integer") == 2002
    assert answer("which season has the most tries?", seasons, "integer") == 2001
    # a count asked for stays a total
    assert answer("how many appearances were there in total?", seasons, "integer") == 82


def test_the_top_row_is_the_first():
    # "the score in the top row" is the first row's, not the highest score (it took "4-3", at 0.8: nt-1335)
    matches = table_of("Date,Opponent,Score\n2 May 2010,Iran,1-0\n9 May 2010,Iraq,4-3\n", "matches.csv")
    assert answer("what is the score in the top row?", matches, "string") == "1-0"
    assert answer("who was the opponent in the bottom row?", matches, "string") == "Iraq"


GAMES = """Year,Game,Developer,Platform
1982,Autochef,CCS,ZX
1983,Bankrupt,KW Software,ZX
1984,Dodgy Dealer,O.I. Consultants,"ZX, BBC"
1986,Chancellor,Incentive,"C64, ZX"
1987,Starship,Mirrorsoft,BBC
"""


def test_a_value_said_matches_the_cells_that_list_it():
    # "the zx platform" of "ZX" and "ZX, BBC": every game on it, not only those on the ZX alone (it kept 1984, at 0.8:
    # nt-2164)
    games = table_of(GAMES, "games.csv")
    assert answer("what year was the last game on the zx platform?", games, "integer") == 1986
    assert answer("how many games were released for the zx?", games, "integer") == 4
    assert answer("how many games were released for the bbc?", games, "integer") == 2
