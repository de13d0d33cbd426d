"""Forms found on fresh WikiTableQuestions training questions over the tuning half's tables (2026-11-28, fifth stop;
the tables here are small ones of my own in their shape): a participle said with its agent names its column, the
last of the nouns after "which" that name columns is the one asked for, "who" a row's Name, the year of a date cell
asked for as a year, a number said after a column's name picks the row a shift starts from, "the amount of times"
counts rows, a cell's words split by "the" are one value, a kind of value is a word of several values, the row after
a run of one value is after its last, "the most" of a column of words counts its rows, what appears the most is the
value of the most rows, what two named rows both are is the value they share, a percentage said compares a column of
percentages, a day said in full is compared though a cell holds one of its words, "people" name a Population, a
comparison set off by commas still compares; and, from the eighth stop's slice, a value two named columns hold belongs
to the one named just before it, "country" names a Nationality, and the first of a column is its first filled cell;
and, from the ninth stop's, years asked for as a list of numbers are read from their rows, a value said and left
out of the rows a plan picks is not trusted, and a number compared belongs to the column named next to it."""

from __future__ import annotations

import pytest

from backend.answer.table_cap_levels import VALUE_LEFT_OUT
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

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
Bobruisk,Bobruisk,Spartak Stadium,3550
Belshina,Bobruisk,Spartak Stadium,3550
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
    assert answer("who would the next opponent be after week 4?", schedule, "string") == "Chicago Bears"  # no "at"
    assert answer("who was the opponent before week 2?", schedule, "string") == "Detroit Lions"
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
    # a role's column of names still answers ("the president after Dong Biwu" read the first ladies' Name column)
    ladies = table_of(
        "Name,Birth date,President\nWang Guangmei,1921,Liu Shaoqi\nHe Lianying,1900,Dong Biwu\n"
        "Lin Jiamei,1926,Li Xiannian\n",
        "first_ladies.csv",
    )
    assert answer("who was the president immediately after dong biwu?", ladies, "string") == "Li Xiannian"


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


RESULTS = """Year,Competition,Venue,Position,Event
2011,World Championships,Daegu,5th,3000 m
2012,Olympic Games,London,8th,5000 m
2013,World Championships,Moscow,4th,5000 m
2013,Diamond League,Eugene,2nd,3000 m
2013,Diamond League,Rome,1st,10000 m
"""

ROSTER = """Number,Name,Team,Position
7,Ann Lee,Boston Celtics,Guard
41,Bo Diaz,Utah Jazz,Forward
23,Cy Park,Boston Celtics,Center
32,Di Moss,Boston Celtics,Guard
"""

STAFF = """Name,Department,City
Ana,Sales,Leeds
Ben,Sales,York
Cy,Finance,Leeds
"""


def test_the_most_of_a_column_of_words_counts_its_rows():
    # "what is the year with the most events" took the largest event (3000, of "3000 m") as a number; then it added
    # up the distances of each year's events
    results = table_of(RESULTS, "results.csv")
    assert answer("what is the year with the most events?", results, "integer") == 2013
    reading = parse.read("what is the year with the most events?", results, AnswerType.INTEGER)
    assert reading is not None and reading.plan.group_by == 0 and reading.plan.column is None


def test_what_appears_the_most_is_the_value_of_the_most_rows():
    # "what team appears on this table the most" took the team of the largest Number
    roster = table_of(ROSTER, "roster.csv")
    assert answer("what team appears on this table the most?", roster, "string") == "Boston Celtics"
    assert answer("which position is listed the most?", roster, "string") == "Guard"


def test_what_two_named_rows_both_are_is_the_value_they_share():
    # "Ana and Ben both work in what" answered one of the two names
    staff = table_of(STAFF, "staff.csv")
    assert answer("ana and ben both work in what?", staff, "string") == "Sales"


SEASONS = """Opponent,Played,Won,Lost,Drawn,% Won Overall
Australia,4,4,0,0,100%
Canada,21,19,2,0,90.48%
France,30,12,16,2,40%
Italy,25,20,5,0,80%
"""

LETTERS = """No.,Title,Date
1,Qui pluribus,9 November 1846
2,Nostis et nobiscum,8 December 1849
3,Neminem vestrum,2 February 1854
4,Optime noscitis,5 November 1855
5,Singulari quidem,17 March 1856
6,Levate,27 October 1867
7,Respicientes,1 November 1870
"""

VOTES = """Party,Votes,%
Labor,500,50.0
Liberal,400,40.0
Nationals,60,6.0
Independent,40,4.0
"""


def test_a_percentage_said_compares_a_column_of_percentages():
    # "won below 90%" compared the Won column (a count of games) with 90
    seasons = table_of(SEASONS, "seasons.csv")
    assert answer("for how many teams was the win percentage below 90%", seasons, "integer") == 2
    assert answer("how many teams won more than 15 games?", seasons, "integer") == 2


def test_a_day_said_in_full_is_compared_though_a_cell_holds_one_of_its_words():
    # "october 26, 1867" was read as the cell "27 October 1867" (the one cell that says "october"), so the count
    # between two days was of that row alone
    letters = table_of(LETTERS, "letters.csv")
    question = "how many encyclicals were issued between august 15, 1849 and october 26, 1867?"
    assert answer(question, letters, "integer") == 4


def test_a_share_of_two_values_said_is_read_not_a_crash():
    # two values said before "make up what percentage" raised a TypeError (a list looked up in a set)
    votes = table_of(VOTES, "votes.csv")
    reading = parse.read(
        "the nationals and independent party make up what percentage of votes?", votes, AnswerType.FLOAT
    )
    assert reading is not None


def test_people_name_a_population():
    # "the most people who reside in it" counted rows per municipality (no word named the Population)
    towns = table_of("Official Name,Area km2,Population\nDieppe,54,23310\nMoncton,141,69074\nRiverview,34,19128\n")
    assert answer("which municipality has the most number of people who reside in it?", towns, "string") == "Moncton"
    assert answer("how many people live in dieppe?", towns, "integer") == 23310


def test_a_comparison_set_off_by_commas_still_compares():
    # "play, at most, 9 games" counted the tournaments of exactly 9 games
    tournaments = table_of(
        "Tournament,Games played\n2003 EuroBasket,6\n2006 World Championship,9\n2011 EuroBasket,11\n"
    )
    assert answer("in how many tournaments did the team play, at most, 9 games?", tournaments, "integer") == 2


def test_a_value_two_named_columns_hold_is_the_one_named_just_before_it():
    # "teams located in bobruisk" counted the one team called Bobruisk: the counted noun named the Team column first
    # (nt-1941, a tuning question of the eighth stop's fresh slice)
    clubs = table_of(CLUBS, "clubs.csv")
    assert answer("what is the number of teams located in bobruisk?", clubs, "integer") == 2
    assert answer("how many teams called bobruisk are there?", clubs, "integer") == 1


def test_a_country_names_a_nation_or_nationality():
    # "which country had the most deputy judges" counted the judges' terms, "country" left out (nt-2007)
    judges = table_of(
        "Nationality,Name,Term as a Deputy Judge\nYugoslavia,Milovan Zoricic,1920-1930\n"
        "Norway,Frederik Beichmann,1920-1930\nYugoslavia,Mihajlo Jovanovic,1931-1936\n"
        "Finland,Rafael Erich,1931-1936\nYugoslavia,Ivan Subbotic,1931-1936\n",
        "judges.csv",
    )
    assert answer("which country had the most deputy judges?", judges, "string") == "Yugoslavia"
    assert parse.read("which country had the most deputy judges?", judges, AnswerType.STRING).unexplained == ()
    assert answer("what country is rafael erich from?", judges, "string") == "Finland"


def test_the_first_of_a_column_is_its_first_filled_cell():
    # "who was the first winning captain" read the first year's captain, left empty: no answer (nt-11900)
    finals = table_of(
        "Year,Winners,Winning Captain\n2000,Meath,\n2001,Kerry,Michael Slattery\n2002,Laois,John Lyons\n2003,Antrim,\n",
        "finals.csv",
    )
    assert answer("who was the first winning captain?", finals, "string") == "Michael Slattery"
    assert answer("who was the last winning captain?", finals, "string") == "John Lyons"
    assert answer("who were the first winners?", finals, "string") == "Meath"
    marked = table_of("Year,Winning Captain\n2000,N/A\n2001,Michael Slattery\n2002,John Lyons\n", "finals.csv")
    assert answer("who was the first winning captain?", marked, "string") == "Michael Slattery"


def test_years_asked_for_as_numbers_are_read_from_their_rows():
    # "which election year had the least percentage of party list votes" asked as integers answered the lowest
    # share itself, not the years of its rows (nt-3564, a tuning question of the ninth stop's fresh slice)
    elections = table_of(
        "Election year,Party list votes,Share\n1976,122661,0.3\n1980,68096,0.2\n1983,91095,0.2\n1987,227054,0.6\n",
        "elections.csv",
    )
    assert answer("which election year had the least share?", elections, "integer_array") == [1980, 1983]
    assert answer("which years had the least share?", elections, "integer_array") == [1980, 1983]
    assert answer("what year had the most party list votes?", elections, "integer") == 1987
    assert answer("what was the least share?", elections, "float") == 0.2


def test_a_value_said_and_left_out_of_the_rows_picked_is_not_trusted():
    # "what is france and germany's deficit combined" read Germany's row alone at 0.8: "france", part of a cell of
    # the Country column the plan picks by, left out (nt-1137, a tuning question of the eighth stop's fresh slice)
    relay = table_of(
        "Rank,Country,Deficit\n1,Russia,0\n2,Germany,37.1\n3,France,32.8\n4,Norway,40.1\n"
        "5,Sweden Anna Olsson,45.0\n6,Italy Anna Rossi,46.0\n",
        "relay.csv",
    )
    cap = cap_of("what was germany's deficit, ahead of sweden?", relay, AnswerType.FLOAT)
    assert cap is not None and cap.level == VALUE_LEFT_OUT and "'sweden'" in cap.why and "'Country'" in cap.why
    # said beside a value of the same column with "and", the part names its one cell (as "adamson or pup stars")
    assert answer("what is the combined deficit of germany and sweden?", relay, "float") == 82.1
    assert cap_of("what is the deficit of germany?", relay, AnswerType.FLOAT) is None  # nothing said is left out
    assert cap_of("what was the deficit of the germany team?", relay, AnswerType.FLOAT) is None  # "team" is in no cell


def test_part_of_a_name_said_beside_a_whole_one_names_its_row():
    # "who had more tosses, adamson or pup stars" read the PUP Stars' Result alone ("adamson" is part of one cell;
    # nt-14142, a tuning question of the thirteenth stop's fresh slice)
    squads = table_of(
        "Team,Tosses,Result\nCCP Bobcats,66,Champion\nAdamson Pep Squad,48.5,Seventh place\n"
        "PUP Stars,49.5,Eighth place\nUP Pep Squad,62,Runner-up\n",
        "squads.csv",
    )
    assert answer("who had more tosses, adamson or pup stars?", squads, "string") == "PUP Stars"
    assert answer("who had more tosses, pup stars or adamson?", squads, "string") == "PUP Stars"
    # a word said of the value before it is no value of its own ("bobcats squad": no second team)
    assert answer("how many tosses did the ccp bobcats have?", squads, "float") == 66


def test_the_top_few_of_a_column_of_places_written_as_ordinals():
    # "how many times did he finish in the top 10" of a Finish of "7th", "24th" counted every finish (nt-14140, a
    # tuning question of the thirteenth stop's fresh slice), and "the top 5" the rows that finished 5th
    indy = table_of(
        "Year,Start,Finish\n1974,21st,7th\n1975,18th,4th\n1976,6th,5th\n1977,8th,15th\n1978,1st,24th\n"
        "1979,Failed to Qualify,\n",
        "indy.csv",
    )
    assert answer("how many times did he finish in the top 10?", indy, "integer") == 3
    assert answer("how many times did he finish in the top 5?", indy, "integer") == 2
    assert answer("how many times did he start in the top 10?", indy, "integer") == 3


def test_which_of_two_is_taller_by_the_height_and_the_column_both_name():
    # "who is taller, the delegate from jalapa or from villa nueva": Jalapa is a Represent and a Hometown, Villa Nueva
    # a Hometown only; it read Represent = Jalapa and Hometown = Villa Nueva, no row (nt-143, a tuning question of the
    # thirteenth stop's fresh slice); "which is taller, A or B" ordered by the Rank (a checking question turned right)
    delegates = table_of(
        "Rank,Represent,Contestant,Height,Hometown\n1,Guatemala,Ana Arana,1.79,Villa Nueva\n"
        "2,Jalapa,Luz Marroquin,1.76,Jalapa\n3,Peten,Eva Lopez,1.70,Flores\n",
        "delegates.csv",
    )
    assert answer("who is taller, the delegate from jalapa or from villa nueva?", delegates, "string") == "Villa Nueva"
    assert answer("who is shorter, jalapa or villa nueva?", delegates, "string") == "Jalapa"
    assert answer("which is taller, ana arana or eva lopez?", delegates, "string") == "Ana Arana"
    assert answer("which is taller, eva lopez or luz marroquin?", delegates, "string") == "Luz Marroquin"


def test_a_number_said_after_a_columns_whole_name_compares_that_column():
    # "how many townships have a water area of 0" compared the Water % (a plain number column, before the Water area's
    # "0 (0)" cells), found no 0 there and counted the townships with some water, at 0.8 (nt-5060, a tuning question
    # of the tenth stop's fresh slice)
    townships = table_of(
        "Township,Land area km² (sq mi),Water area km² (sq mi),Water %\nBelleville,155 (60),0 (0),0.14%\n"
        "Caneyville,144 (55),1 (0),0.38%\nCedar,93 (36),0 (0),0.00%\nHarrison,92 (35),2 (1),2.10%\n",
        "townships.csv",
    )
    assert answer("How many townships have a water area of 0?", townships, "integer") == 2
    assert answer("How many townships have a land area over 100?", townships, "integer") == 2


def test_a_rate_said_after_its_noun_is_the_rate_asked_for():
    # "the difference in win pct under fred jordan and chal port" subtracted their Wins, at 0.8 (nt-5967, a tuning
    # question of the tenth stop's fresh slice)
    coaches = table_of(
        "Coach,Seasons,Wins,Losses,Pct\nChal Port,27,641,386,.624\nFred Jordan,22,726,552,.568\n", "coaches.csv"
    )
    assert answer("What is the difference in win pct under fred jordan and chal port?", coaches, "float") == (
        pytest.approx(0.056)
    )
    assert answer("What was the win pct of chal port?", coaches, "float") == 0.624
    assert answer("How many wins did chal port have?", coaches, "integer") == 641


def test_a_word_the_table_derives_is_no_misspelling():
    # "the only building in canada to have more than 60 floors" read "canada" as a misspelt "canadian", the First
    # Canadian Place, and answered its City, at 0.8 (nt-240, a tuning question of the eighth stop's fresh slice)
    towers = table_of(
        "Building,City,Floors\nFirst Canadian Place,Toronto,72\nScotia Plaza,Toronto,68\n"
        "Tour de la Bourse,Montreal,47\n",
        "towers.csv",
    )
    assert answer("What is the only building in canada to have more than 70 floors?", towers, "string") == (
        "First Canadian Place"
    )
    assert answer("Which city is first canadan place in?", towers, "string") == "Toronto"  # a misspelling still is


def test_a_number_compared_belongs_to_the_column_named_next_to_it():
    # "the only province with population density under 30" compared the Population, the first column its words
    # name, and found no province (nt-6555, a tuning question of the ninth stop's fresh slice)
    provinces = table_of(
        "Province,Population,Density\nAzua,214311,88.5\nPedernales,31587,15.4\nPeravia,184344,184.2\n", "provinces.csv"
    )
    assert answer("what is the only province with population density under 30?", provinces, "string") == "Pedernales"
    assert answer("which province has a population of over 200000?", provinces, "string") == "Azua"
    assert answer("which province has a population density of more than 150?", provinces, "string") == "Peravia"


def test_who_of_a_survey_asks_for_its_respondent():
    # "who has the longest tenure" answered the Team ("team" is a word for who), at 0.8 (my own survey table)
    survey = table_of(
        "Respondent,Team,Tenure (years),Satisfaction,Would Recommend\nR1,Sales,2,8,Yes\nR5,Support,4,4,No\n"
        "R7,Engineering,6,8,Yes\nR8,Sales,1,6,No\n",
        "survey.csv",
    )
    assert answer("Who has the longest tenure?", survey, "string") == "R7"
    assert answer("Who is the least satisfied?", survey, "string") == "R5"
    # a share said with no "of" before its verb is of every row (it read one respondent's Tenure)
    assert answer("What percentage would recommend?", survey, "float") == 50.0
