"""Forms found on fresh WikiTableQuestions training questions over the tuning half's tables (2026-11-28, fifth stop;
the tables here are small ones of my own in their shape): a participle said with its agent names its column, the
last of the nouns after "which" that name columns is the one asked for, "who" a row's Name, the year of a date cell
asked for as a year, a number said after a column's name picks the row a shift starts from, "the amount of times"
counts rows, a cell's words split by "the" are one value, a kind of value is a word of several values, and the row
after a run of one value is after its last."""

from __future__ import annotations

from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

LOCOMOTIVES = """Number,Name,Operator,Status
37001,Ajax,EWS,Scrapped at Booth (2005)
37002,Boreas,EWS,Stored at Barrow Hill
37003,Comet,Fragonset,Exported Hungary. Operated Floyd ZRt.
37004,Dart,EWS,Preserved
37005,Eden,Fragonset,Exported Hungary. Operated Floyd ZRt.
"""

WINNERS = """Year,Winner,Album,Other finalists
2010,Aaradhna,Sweet Soul Music,Ladi6
2011,The Naked and Famous,Passive Me Aggressive You,Ladi6
2012,Lawrence Arabia,The Sparrow,Kimbra
2013,Dave Dobbyn,Treble & Reverb,Lorde
"""

SCHEDULE = """Week,Date,Opponent,Result,Attendance
1,"September 3, 1989",at Detroit Lions,W 20–10,50000
2,"September 10, 1989",Chicago Bears,L 13–28,60000
3,"September 17, 1989",at Green Bay Packers,W 31–17,55000
4,"September 24, 1989",at St. Louis Cardinals,W 24–17,40000
5,"October 1, 1989",at Chicago Bears,L 7–27,62000
"""

CLUBS = """Team,Location,Venue,Capacity
Dinamo,Minsk,Dinamo Stadium,41040
Torpedo,Minsk,Torpedo Stadium,5200
Shakhtyor,Soligorsk,Stroitel Stadium,4200
Dnepr,Mogilev,Spartak Stadium,7350
Traktor,Minsk,Traktor Stadium,17600
"""

RULERS = """Name,From,Until
Cosimo de' Medici (Cosimo the Elder),1434,1464
Piero di Cosimo de' Medici (Piero the Gouty),1464,1469
Lorenzo I de' Medici (Lorenzo the Magnificent),1469,1492
Piero di Lorenzo de' Medici (Piero the Unfortunate),1492,1494
Lorenzo II de' Medici,1513,1519
Alessandro de' Medici,1531,1537
"""


def test_a_participle_with_its_agent_names_its_column_not_a_state():
    # "operated by EWS" counted none: "operated" was read as the Status cells that say "Operated Floyd ZRt." too
    locomotives = table_of(LOCOMOTIVES, "locomotives.csv")
    assert answer("how many locomotives were operated by ews?", locomotives, "integer") == 3
    # the other operator alike
    assert answer("how many locomotives were operated by fragonset?", locomotives, "integer") == 2


def test_the_last_of_the_words_naming_columns_is_the_one_asked_for():
    # "what was the last winner's album name" read the Winner ("Dave Dobbyn"): both words name a column
    winners = table_of(WINNERS, "winners.csv")
    assert answer("what was the last winner's album name?", winners, "string") == "Treble & Reverb"
    assert answer("who was the last winner?", winners, "string") == "Dave Dobbyn"


def test_a_number_said_after_a_columns_name_picks_the_row_a_shift_starts_from():
    # "the next opponent after week 4" read week 4's own opponent at full coverage
    schedule = table_of(SCHEDULE, "schedule.csv")
    assert answer("who would the next opponent be after week 4?", schedule, "string") == "at Chicago Bears"
    assert answer("who was the opponent before week 2?", schedule, "string") == "at Detroit Lions"
    reading = parse.read("who was the opponent in week 4?", schedule, AnswerType.STRING)
    assert reading is not None and reading.plan.shift == 0


def test_the_amount_of_times_a_value_is_listed_counts_its_rows():
    # it added up the table's one amount (the Capacity) of Minsk's rows at full coverage
    clubs = table_of(CLUBS, "clubs.csv")
    assert answer("what were the total amount of times minsk is listed as a location?", clubs, "integer") == 3
    assert answer("what is the total capacity of the stadiums in minsk?", clubs, "integer") == 63840


def test_a_cells_words_split_by_the_are_one_value():
    # "after lorenzo the magnificent" also kept only the rows that say "lorenzo" (counted 1)
    rulers = table_of(RULERS, "rulers.csv")
    assert answer("how many medici served after lorenzo the magnificent?", rulers, "integer") == 3
    assert (
        answer("who came after piero the gouty?", rulers, "string") == "Lorenzo I de' Medici (Lorenzo the Magnificent)"
    )


MATCHES = """#,Date,Opponent,Result
1,21 December 2004,Thailand,5–1
2,26 March 2005,Slovenia,1–0
3,29 March 2009,China PR,2–0
"""

JUDGES = """Nationality,Name,Term as a Deputy Judge
Norway,Frede Castberg,15 January 1931 — 1 February 1936
Finland,Rafael Erich,15 January 1931 — 1 February 1936
Finland,Bruno Erich,1 February 1936 — 18 April 1946
"""


def test_the_year_asked_of_a_date_cell_is_its_year():
    # "what year" of a Date cell answered 29, the day of "29 March 2009"
    matches = table_of(MATCHES, "matches.csv")
    assert answer("what year was the only time china was the opponent?", matches, "integer") == 2009


def test_who_asks_for_the_rows_name_not_a_column_its_roles_words_name():
    # "who was the last deputy judge" read the "Term as a Deputy Judge" of the last Finnish row
    judges = table_of(JUDGES, "judges.csv")
    assert answer("who was the last deputy judge with finland nationality?", judges, "string") == "Bruno Erich"
    assert answer("who was the first deputy judge?", judges, "string") == "Frede Castberg"


SHOWS = """Title,Type,Performances,Comment
Cats,Musical,7485,Closed
Sleuth,Play,1222,"Won Outstanding Production award"
Torch Song Trilogy,Play,1222,Closed
Pippin,Musical,1944,Closed
"""

GAMES = """#,Date,Opponent,Result
1,21 December 2004,Thailand,5–1
2,21 December 2004,Thailand,5–1
3,26 March 2005,Slovenia,1–0
4,4 June 2005,Northern Ireland,4–1
"""


def test_a_kind_of_value_is_a_word_of_several_values_not_of_one_cell():
    # "which production" read the Comment column, one of whose cells says "Outstanding Production"
    shows = table_of(SHOWS, "shows.csv")
    question = "which production has the same number of performances as sleuth?"
    assert answer(question, shows, "string") == "Torch Song Trilogy"


def test_the_row_after_a_run_of_one_value_is_after_its_last():
    # "after Thailand on December 21, 2004" of two games that day answered Thailand, the second of them
    games = table_of(GAMES, "games.csv")
    assert answer("who did they face after thailand in december 21, 2004?", games, "string") == "Slovenia"
    assert answer("who did they face before slovenia?", games, "string") == "Thailand"
    assert answer("who did they face after slovenia?", games, "string") == "Northern Ireland"
