"""Readings found on 2026-12-06 (twenty-second stop): a total "across the fleet" is every row's, with nothing left
unexplained; the last of rows placed alike is the last listed; a "Career" row is a totals row; "top-grossing" ranks;
"more, less, or equal" and "older" compare two named values; places and durations said are compared as numbers."""

from __future__ import annotations

from backend.answer.table_confidence import EXPLAINS_ALL, reading_confidence
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

LOG = (
    "Vehicle,Service,Cost,Downtime Days\n"
    "Van 1,Oil change,85,0\n"
    "Van 2,Brakes,420,2\n"
    "Truck 1,Tyres,960,1\n"
    "Truck 1,Engine repair,2450,6\n"
)


def test_a_total_across_the_whole_adds_up_every_row_and_explains_the_whole():
    log = table_of(LOG, "maintenance.csv")
    for question in ("What is the total downtime across the fleet?", "What is the total cost across all vehicles?"):
        reading = parse.read(question, log, AnswerType.INTEGER)
        assert reading is not None and reading.plan.where == ()
        assert reading.unexplained == ()  # "fleet" was left unexplained: held at 0.28, declined
        assert reading_confidence(reading, log) == EXPLAINS_ALL
        assert cap_of(question, log) is None
    assert answer("What is the total downtime across the fleet?", log, "integer") == 9
    assert answer("What is the total cost across all vehicles?", log, "integer") == 3915
    # a total of some rows says nothing of a whole: "across" names Truck 1, and is not explained by it
    truck = parse.read("What is the total downtime across Truck 1?", log, AnswerType.INTEGER)
    assert truck is not None and truck.unexplained == ("across",)
    assert answer("What is the total downtime across Truck 1?", log, "integer") == 7


def test_the_last_of_rows_placed_alike_is_the_last_listed():
    standings = table_of(
        "Place,Team,Titles\n1,Maccabi Tel Aviv,5\n2,Hapoel Jerusalem,2\n3,Ironi Nahariya,0\n3,Maccabi Ashdod,0\n",
        "standings.csv",
    )
    # sorted by Place, the last row is the last listed of the two placed 3rd (it read the first of them)
    assert answer("What is the last team?", standings, "string") == "Maccabi Ashdod"
    assert answer("Which team finished last?", standings, "string") == "Maccabi Ashdod"
    # the first of rows placed alike stays the first listed
    assert answer("What is the first team?", standings, "string") == "Maccabi Tel Aviv"


def test_a_career_row_at_the_foot_is_a_totals_row():
    stats = table_of(
        "Year,Team,Games,Sacks,Fumble Recoveries\n2004,HOU,16,4.0,2\n2005,HOU,12,4.0,0\n2011,PHI,16,18.0,0\n"
        "Career,,44,26.0,2\n",
        "stats.csv",
    )
    assert stats.has_summary
    # the career row is no year of his: it was ranked with them, its "Career" read as no year (None)
    assert answer("In what year did he have the most fumble recoveries?", stats, "integer") == 2004
    assert answer("In what year did he have the most sacks?", stats, "integer") == 2011
    assert answer("How many games did he play in total?", stats, "integer") == 44


def test_the_top_grossing_film_is_a_film_ranked_by_its_gross():
    weekends = table_of(
        'Date,Film,Gross\nJanuary 5,Frozen,"$2,441,278"\nApril 6,Captain America,"$8,596,889"\n'
        'March 23,Noah,"$5,743,388"\n',
        "weekends.csv",
    )
    # "top" ranks as "highest" does; the noun after it is what is asked (it read the Gross itself)
    assert answer("What is the top-grossing film on this list?", weekends, "string") == "Captain America"
    assert answer("What is the highest grossing film?", weekends, "string") == "Captain America"
    assert answer("What was the top gross?", weekends, "string") == "$8,596,889"


JUDGES = (
    "Nationality,Name\nNorway,Frederik Beichmann\nChina,Wang Ch'ung-hui\nYugoslavia,Mileta Novaković\n"
    "Yugoslavia,Mihajlo Jovanović\nNorway,Other Judge\n"
)


def test_more_less_or_equal_is_answered_as_more_or_less():
    judges = table_of(JUDGES, "judges.csv")
    # it read which of the two has more rows ("China", at 0.72): the options are the words
    assert answer("Did Yugoslavia have more, less, or equal judges to China?", judges, "string") == "more"
    assert answer("Did China have more, fewer or the same judges as Yugoslavia?", judges, "string") == "less"
    # equal counts answer none of "more" and "less": declined, not a guess
    assert answer("Did Norway have more, less, or equal judges to Yugoslavia?", judges, "string") is None


def test_older_or_younger_of_two_compares_their_age():
    delegates = table_of("Represent,Contestant,Age\nIzabal,Jessica Chávez,18\nJalapa,Luz Morán,20\n", "delegates.csv")
    # it read the first of the two listed (Izabal, at 0.38)
    assert answer("Which delegate is older, Izabal or Jalapa?", delegates, "string") == "Jalapa"
    assert answer("Which delegate is younger, Izabal or Jalapa?", delegates, "string") == "Izabal"


SEASONS = "Season,Division,Place\n1987/88,3a,15th\n1988/89,3a,2nd\n1989/90,3a,17th\n1990/91,3a,9th\n1991/92,3a,15th\n"


def test_a_place_said_as_an_ordinal_and_compared_picks_places_by_number():
    seasons = table_of(SEASONS, "seasons.csv")
    # a worse place is a larger number: "15th or lower" is 15th, 15th and 17th (it read the cell "15th" alone: 2)
    for question, expected, op in (
        ("How many seasons did they place 15th or lower?", 3, ">="),
        ("How many seasons did they finish below 10th?", 3, ">"),
        ("In how many seasons did they finish 10th or better?", 2, "<="),
        ("How many seasons did they finish better than 15th place?", 2, "<"),
    ):
        reading = parse.read(question, seasons, AnswerType.INTEGER)
        assert reading is not None and [(c.column, c.op, c.value) for c in reading.plan.where] == [
            (2, op, 15.0 if "15" in question else 10.0)
        ]
        assert answer(question, seasons, "integer") == expected
    # said with no comparison, a place is the cell it names
    assert answer("How many seasons did they finish 15th?", seasons, "integer") == 2


def test_a_column_for_each_year_is_read_by_the_year_said():
    sales = table_of("Region,2021,2022,2023\nEast,120,150,170\nWest,140,130,160\n", "sales.csv")
    assert answer("Which was higher in 2022, East or West?", sales, "string") == "East"
    assert answer("Which region had the highest sales in 2021?", sales, "string") == "West"
    assert answer("What were East's sales in 2023?", sales, "integer") == 170


def test_columns_for_each_year_are_totalled_as_columns_for_each_month_are():
    sales = table_of("Region,2021,2022,2023\nEast,120,150,170\nWest,140,130,160\nNorth,90,95,99\n", "sales.csv")
    assert answer("What were total sales in 2022?", sales, "integer") == 375  # its column added up (no reading)
    assert answer("What were East's total sales?", sales, "integer") == 440  # along its row, every year
    assert answer("Which region had the highest total sales?", sales, "string") == "East"
    assert answer("How many regions had sales in 2022?", sales, "integer") == 3  # counts rows, adds up no 2022


RESULTS = (
    "Rank,Athlete,Country,Time\n1,Ada,Kenya,3:20.10\n2,Bo,Kazakhstan,3:22.50\n3,Cy,Kenya,3:24.00\n"
    "4,Di,Kazakhstan,3:26.51\n"
)


def test_the_time_names_a_time_column_and_the_best_time_is_the_shortest():
    results = table_of(RESULTS, "results.csv")
    # "time" was a cue word only ("how many times"): the name of the Time column went unread
    assert answer("What is the time of the last finisher from Kazakhstan?", results, "string") == "3:26.51"
    assert answer("What was Bo's time?", results, "string") == "3:22.50"
    assert answer("Who had the best time?", results, "string") == "Ada"  # it read the longest
    assert answer("Who had the worst time?", results, "string") == "Di"
    assert answer("How many times did an athlete from Kenya finish?", results, "integer") == 2  # still a count
    counted = parse.read("How many times did an athlete from Kenya finish?", results, AnswerType.INTEGER)
    assert counted is not None and [c.column for c in counted.plan.where] == [2]  # no "Time is filled"


def test_a_shift_of_several_places_goes_that_many_rows():
    race = table_of(
        "Finished,Horse\n1st,Spokane\n2nd,Proctor Knott\n3rd,Once Again\n4th,Hindoocraft\n5th,Cassius\n", "race.csv"
    )
    # it read the row next to it, at 0.8, "two places" left unexplained
    for question, expected in (
        ("Which horse finished two places after Spokane?", "Once Again"),
        ("Name the horse that finished three spots before Cassius.", "Proctor Knott"),
        ("Which horse finished directly after Spokane?", "Proctor Knott"),
    ):
        reading = parse.read(question, race, AnswerType.STRING)
        assert reading is not None and reading.unexplained == ()
        assert answer(question, race, "string") == expected


def test_a_duration_said_and_compared_is_seconds_of_the_column_of_times():
    results = table_of(RESULTS, "results.csv")
    # "under 3:23" was read as the number 3 ("23" left out): no athlete
    assert answer("How many athletes had a time under 3:23?", results, "integer") == 2
    assert answer("How many athletes ran faster than 3:22.50?", results, "integer") == 1  # less time
    assert answer("How many athletes ran slower than 3:22.50?", results, "integer") == 2
    assert answer("Who ran 3:22.50?", results, "string") == "Bo"  # said alone, a cell
    marathon = table_of("Rank,Athlete,Time\n1,Ada,2:08:10\n2,Bo,2:12:30\n3,Cy,2:19:00\n4,Di,2:25:40\n", "marathon.csv")
    # two parts of a column of times over an hour are hours and minutes
    assert answer("How many runners finished in under 2:20?", marathon, "integer") == 3
    assert answer("How many runners finished under 2:15:00?", marathon, "integer") == 2
