"""Readings found on 2026-12-06 (twenty-seventh stop): a team said by name of a column of its codes ("Houston" of
"HOU"), a place compared with its noun ("below 10th place"), "Qual." as "qualifying", the different values of the
column a noun names ("how many different teams"), the top ten of a chart named after it ("of the US Hot 100"), and a
chart's highest place as its smallest number."""

from __future__ import annotations

from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

SEASONS = (
    "Year,Team,Games,Sacks\n2004,HOU,16,4.0\n2005,HOU,12,4.0\n2006,HOU,15,5.0\n2007,JAX,16,2.0\n2008,SEA,16,0.0\n"
    "2009,PHI,12,2.5\n"
)
RESULTS = (
    "Year,Competition,Position\n1996,Juniors,8th\n1996,Olympics,11th (sf)\n1997,Europeans,1st\n"
    "1997,Worlds,36th (h)\n1998,Juniors,10th (h)\n1998,Europeans,28th (h)\n1999,Worlds,2nd\n2000,Olympics,12th (sf)\n"
)
GRID = "Pos.,Team,Laps,Qual. Pos.\n1,Perkins,125,2\n2,Jackson,125,4\n3,Mobil,124,6\n4,Jackson,123,7\n5,Brock,123,1\n"


def test_a_team_said_by_name_of_a_column_of_codes():
    seasons = table_of(SEASONS, "sacks.csv")
    # it added up every season's sacks, "houston" left out (fresh tuning nt-8978)
    assert answer("what is the total amount of sacks with houston?", seasons, "integer") == 13
    assert answer("how many games did he play for seattle?", seasons, "integer") == 16
    # a plural is no name: "seasons" is not SEA's (dev tuning nt-6222)
    assert answer("how many consecutive seasons with 16 games played?", seasons, "integer") == 2


def test_a_place_said_with_its_noun_is_compared():
    results = table_of(RESULTS, "results.csv")
    # it counted the rows listed after the first "10th (h)", at 0.62 (fresh tuning nt-13679)
    assert answer("how many times did the runner finish below 10th place?", results, "integer") == 4
    assert answer("how many times did she finish worse than 10th?", results, "integer") == 4
    assert answer("how many times did she finish higher than 5th place?", results, "integer") == 2


def test_qual_is_qualifying():
    grid = table_of(GRID, "grid.csv")
    # it counted the teams of fewer than 5 rows, at 0.62 (fresh tuning nt-13602)
    assert answer("how many teams had less than five qualifying positions?", grid, "integer") == 3


def test_different_values_of_the_column_the_noun_names():
    grid = table_of(GRID, "grid.csv")
    # it counted the different "Qual. Pos." of the top five rows, the last word's column (nt-1762's table)
    assert answer("how many different teams are in the top five positions?", grid, "integer") == 4
    assert answer("how many different teams are there?", grid, "integer") == 4


SINGLES = (
    'Year,Song,US Hot 100,UK Singles\n1991,"""Don\'t Treat Me Bad""",19,71\n1991,"""Love of a Lifetime""",5,40\n'
    '1992,"""Reach for the Sky""",83,67\n1995,"""I Live My Life for You""",26,8\n'
)
FILMS = (
    'Rank,Title,Studio,Director,Gross\n1.,The Sound of Music,20th Century Fox,Robert Wise,"$163,214,286"\n'
    '2.,Doctor Zhivago,Metro-Goldwyn-Mayer,David Lean,"$111,721,910"\n3.,Thunderball,United Artists,Terence Young,'
    '"$63,595,658"\n4.,Those Magnificent Men,20th Century Fox,Ken Annakin,"$31,111,111"\n'
)


def test_the_top_ten_of_a_chart_named_after_it():
    singles = table_of(SINGLES, "singles.csv")
    # it read the first row, "ten" left out, at 0.8 (fresh tuning nt-2877)
    question = "what was the first song to be in the top ten of the us hot 100 list?"
    assert answer(question, singles, "string") == '"Love of a Lifetime"'
    assert answer("how many songs were in the top 10 of the uk singles?", singles, "integer") == 1
    # a Gross is no chart's places: "the top 10 grossing films" keeps every film (fresh tuning nt-1834)
    films = table_of(FILMS, "films.csv")
    question = "how many movies did 20th century fox create that were in the top 10 grossing films of 1965?"
    assert answer(question, films, "integer") == 2


def test_the_highest_place_on_a_chart_is_its_smallest_number():
    singles = table_of(SINGLES, "singles.csv")
    # it took the largest number, 83, for the highest place (fresh tuning nt-2746's table)
    assert answer("which song had the best position on the us hot 100?", singles, "string") == '"Love of a Lifetime"'
    assert answer("which song had the lowest position on the us hot 100?", singles, "string") == '"Reach for the Sky"'
    assert answer("what was the top uk singles chart position?", singles, "integer") == 8
    # the row placed, not its place, where the noun also names the chart ("single": it answered 40; nt-2746)
    assert answer("what was the top uk single?", singles, "string") == '"I Live My Life for You"'
    # "position" is the chart's place the reading ranks by, nothing it leaves out (the console said it did)
    reading = parse.read("which song had the best position on the us hot 100?", singles, AnswerType.STRING)
    assert reading is not None and reading.unexplained == ()
