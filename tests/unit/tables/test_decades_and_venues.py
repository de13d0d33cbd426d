"""Readings found on 2026-12-06 (twenty-fourth stop): "no losses" is a count of 0 whether or not a row has one; an
opponent's name without where the game was played ("at", "vs."); "the top year for votes" is the year of the most
votes; a decade ("in the 1920's", "in their 20's") is a range of years or ages; both ends of a range hold one
column; "won 1 game" compares the Won column, not a Result of "Won"; "born in the same year as X" compares the
years of a date column; a box score's "Team" row above its totals is no player, and no row comes after the last."""

from __future__ import annotations

from backend.answer.table_cap_levels import FIRST_OF_SEVERAL
from backend.tables import parse
from backend.tables.plan import ReadingKind
from backend.tables.rephrase import rephrased
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

CLUBS = "Club,Wins,Draws,Losses\nCordoba,16,8,6\nMalaga,14,10,6\nGranada,15,6,9\n"
SCHEDULE = (
    "Date,Opponent,Result,Attendance\nSep 11,Baylor*,W 21-14,88622\nSep 18,at Michigan State,W 31-10,73483\n"
    "Oct 9,Wisconsin,L 0-6,88344\nDec 17,vs. BYU*,W 47-17,52533\n"
)
VOTES = "Election year,Party list votes,Seats\n1965,664193,0\n1969,1422010,0\n1972,207465,0\n"
ROUTES = "Route,Formed,Length\nA,1921,10\nB,1929,12\nC,1930,8\nD,1905,3\nE,1999,4\n"
DELEGATES = "Region,Contestant,Age,Height\nAlta,Ana,23,174\nChima,Bea,19,183\nCiudad,Cora,29,177\nIzabal,Dina,18,175\n"


def test_no_losses_is_a_count_of_none():
    clubs = table_of(CLUBS, "clubs.csv")
    # it asked whether any club existed, "yes" at 0.8 (fresh tuning nt-3032)
    assert answer("Were there any clubs that had no losses?", clubs, "boolean") is False
    assert answer("Were there any clubs that had 6 losses?", clubs, "boolean") is True
    reading = parse.read("how many clubs had zero wins", clubs, AnswerType.INTEGER)
    assert reading is not None and [(c.column, c.op, c.value) for c in reading.plan.where] == [(1, "=", 0.0)]


def test_an_opponent_is_named_without_where_the_game_was_played():
    schedule = table_of(SCHEDULE, "schedule.csv")
    # "vs. BYU", "at Detroit Waza" answered "who was the last opponent" (fresh tuning nt-7035, nt-7001)
    assert answer("Who was the last opponent?", schedule, "string") == "BYU"  # (its footnote mark too: 2026-12-06)
    assert answer("Who was the opponent on Sep 18?", schedule, "string") == "Michigan State"
    # one cell that starts so is a name ("At Last"), not a place
    songs = table_of("Title,Year\nAt Last,1960\nFever,1956\n", "songs.csv")
    assert answer("What is the first title?", songs, "string") == "At Last"


def test_the_top_row_for_a_measure_is_its_highest():
    votes = table_of(VOTES, "votes.csv")
    # it read the first year, at 0.8 (fresh tuning nt-2997)
    reading = parse.read("what was the top year for party list votes?", votes, AnswerType.INTEGER)
    assert reading is not None and reading.kind is ReadingKind.SUPERLATIVE
    assert answer("what was the top year for party list votes?", votes, "integer") == 1969


def test_a_decade_is_a_range_of_years():
    assert rephrased("routes formed in the 1920's?") == "routes formed between 1920 and 1929?"
    assert rephrased("films produced in the 2000s") == "films produced between 2000 and 2009"
    assert rephrased("districts created in the 1900's") == "districts created between 1900 and 1999"  # a century
    assert rephrased("chassis in the 80's") == "chassis between 1980 and 1989"
    assert rephrased("how many are not in the 1920s") == "how many are not in the 1920s"  # no range negated
    routes = table_of(ROUTES, "routes.csv")
    assert answer("How many routes were formed in the 1920's?", routes, "integer") == 2
    assert answer("How many routes were formed in the 1900s?", routes, "integer") == 5


def test_ages_in_their_twenties_and_a_range_of_one_column():
    delegates = table_of(DELEGATES, "delegates.csv")
    # the second end read the Height: 29 named no column of its own ("between 20 and 29")
    reading = parse.read("how many delegates are in their 20's", delegates, AnswerType.INTEGER)
    assert reading is not None and {c.column for c in reading.plan.where} == {2}
    assert answer("How many delegates are in their 20's?", delegates, "integer") == 2
    assert answer("How many delegates are between 20 and 29?", delegates, "integer") == 2


def test_a_count_beside_a_word_compares_the_column_it_names():
    tours = table_of(
        "Tournament,Played,Won,Lost,Result\nWorld Series,8,6,2,Won\nRothmans Cup,5,1,4,Runner-up\n"
        "Austral-Asia Cup,4,1,3,Won\nSharjah Cup,3,3,0,Won\n",
        "tournaments.csv",
    )
    # it counted the rows whose Result is "Won" (fresh tuning nt-1492)
    assert answer("In how many tournaments did they win 1 game?", tours, "integer") == 2
    assert answer("How many tournaments won 1 game?", tours, "integer") == 2
    assert answer("How many tournaments were won?", tours, "integer") == 3  # the word alone is the cell


def test_the_same_year_as_a_row_compares_the_years_of_its_date():
    players = table_of(
        "No,Name,Position,Date of birth\n1,Marcus Popp,S,23 September 1981\n2,Victor Le Guennec,C,19 June 1994\n"
        "3,Cyril Guittet,L,13 August 1992\n4,Guillaume Di Betta,S,2 March 1994\n",
        "players.csv",
    )
    # it read his Date of birth (fresh tuning nt-10753)
    question = "What other player was born in the same year as Victor Le Guennec?"
    assert answer(question, players, "string") == "Guillaume Di Betta"


def test_the_same_measure_as_a_row_is_the_column_said_after_same():
    grounds = table_of(
        "Team,Stadium,Capacity\nDidcot Town,Loop Meadow,3000\nSwindon Supermarine,Webb's Wood,3000\n"
        "Yate Town,Lodge Road,2000\n",
        "grounds.csv",
    )
    # it compared the Stadium, the word before "same" (fresh tuning nt-9621)
    reading = parse.read("which team has the same capacity as didcot town?", grounds, AnswerType.STRING)
    assert reading is not None and [(c.column, c.op) for c in reading.plan.where] == [(2, "="), (0, "!=")]
    assert answer("Which team has the same capacity as Didcot Town?", grounds, "string") == "Swindon Supermarine"


def test_a_box_scores_team_row_is_no_player():
    box = table_of(
        "#,Player,Points,3PT\n14,Katie Hill,8,–/–\n15,Amber Merritt,41,0/1\n,Team,19,\n,Team Totals,243,2/10\n",
        "box_score.csv",
    )
    assert box.row_count == 4 and box.has_summary
    # it answered "Team" (fresh tuning nt-2926, nt-4209)
    assert answer("Who is the last player?", box, "string") == "Amber Merritt"
    assert answer("How many players are there?", box, "integer") == 2
    assert answer("Who is listed after Amber Merritt?", box, "string") is None


def test_an_opponent_said_is_either_game_against_it():
    season = table_of(
        'Week,Date,Opponent,Result\n1,"September 28, 1952",at Dallas Texans,W 24–6\n'
        '2,"October 4, 1952",at Philadelphia Eagles,W 31–7\n3,"October 12, 1952",at Cleveland Browns,W 17–9\n'
        '4,"October 19, 1952",Chicago Cardinals,L 24–23\n5,"October 26, 1952",Philadelphia Eagles,L 14–10\n',
        "season.csv",
    )
    # "besides the" read no row named: it listed the Results (fresh tuning nt-10647)
    question = "Besides the Philadelphia Eagles, who were the other opponents in October?"
    assert answer(question, season, "string_array") == ["Cleveland Browns", "Chicago Cardinals"]
    # each team once, wherever they played it; the Week numbers the games, no amount (it read the last week's
    # opponent, seen in the console)
    reading = parse.read("which opponent did they play the most?", season, AnswerType.STRING)
    assert reading is not None and reading.kind is ReadingKind.GROUP
    assert answer("Which opponent did they play the most?", season, "string") == "Philadelphia Eagles"
    assert answer("How many different opponents did they play?", season, "integer") == 4
    # "the other 2": how many it expects, no Week of 2
    question = "Besides the Philadelphia Eagles, who were the other 2 opponents in October?"
    assert answer(question, season, "string_array") == ["Cleveland Browns", "Chicago Cardinals"]
    # two games against them: the first of two is no sure answer (it read the home game's alone, at 0.8)
    cap = cap_of("what was the result against the philadelphia eagles?", season, AnswerType.STRING)
    assert cap is not None and cap.level == FIRST_OF_SEVERAL


def test_a_time_of_day_is_no_number_compared():
    games = table_of(
        "Week,Kickoff,Record\n1,1:00 pm,1-0\n2,4:05 pm,1-1\n3,1:00 pm,2-1\n4,8:30 pm,3-1\n", "kickoffs.csv"
    )
    # "1" of "1:00 pm" compared the Record with 1 (WikiTableQuestions nt-10724)
    reading = parse.read("how many games were not scheduled for 1:00 pm?", games, AnswerType.INTEGER)
    assert reading is not None and [(c.column, c.op, c.value) for c in reading.plan.where] == [(1, "!=", "1:00 pm")]
    assert answer("How many games were not scheduled for 1:00 pm?", games, "integer") == 2
