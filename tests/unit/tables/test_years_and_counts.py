"""Ranges of years and columns of counts (2026-11-29, fifteenth stop: a yearly revenue table of my own and the
fresh WikiTableQuestions tuning questions of that stop): "from 2020 to 2022" is every year between, a change "from 2019
to 2023" is the last year's less the first's, "headcount" names a Headcount column, and "how many appearances" of an
"Appearance" column of numbers adds them up, where "how many weeks" of a "Week" that numbers the rows counts them."""

from __future__ import annotations

from tests.unit.tables.sample import answer, table_of

YEARLY = """Year,Region,Revenue,Customers,Headcount
2019,North,120000,40,12
2020,North,135000,44,13
2021,North,150000,51,15
2022,North,171000,58,16
2023,North,190000,63,18
2019,South,90000,30,9
2020,South,88000,29,9
2021,South,97000,33,10
2022,South,105000,36,11
2023,South,118000,41,12
"""

# a player's seasons, as WikiTableQuestions' tables/203-csv/34.csv writes them (a dash: none that season)
SEASONS = """Season,Appearance,Interchange,Tries,Goals,Points
2000(Bulldogs),–,1,–,–,0
2001(Bulldogs),21,3,13,1,55
2002(Bulldogs),17,–,10,–,42
2003(Bulldogs),19,–,8,–,34
2004(Bulldogs),25,1,8,–,34
2005(Bulldogs),23,–,11,1,49
2006(Roosters),16,–,–,–,0
"""

CHART = """Week,Date,Song title,Performer
1,3 January 2014,Timber,Pitbull
2,10 January 2014,Timber,Pitbull
3,17 January 2014,I See Fire,Ed Sheeran
4,24 January 2014,I See Fire,Ed Sheeran
5,31 January 2014,I See Fire,Ed Sheeran
"""


def test_from_one_year_to_another_is_every_year_between():
    # it added up 2020 and 2022 alone (306,000, at 0.8)
    yearly = table_of(YEARLY, "yearly.csv")
    assert answer("How much revenue did North make from 2020 to 2022?", yearly, "integer") == 456000
    assert answer("How much revenue did North make between 2020 and 2022?", yearly, "integer") == 456000
    assert answer("How much revenue did the South make in 2021 and 2022?", yearly, "integer") == 202000  # the two
    # a season written with its club ("2000(Bulldogs)") is still its year: nt-5532 (it counted 1, at 0.8)
    seasons = table_of(SEASONS, "seasons.csv")
    assert answer("how many interchanges were recorded from 2000 to 2005", seasons, "integer") == 5


def test_a_change_from_one_year_to_another_is_the_last_years_less_the_firsts():
    # it added up the five years (766,000, at 0.72: "grow" left out)
    yearly = table_of(YEARLY, "yearly.csv")
    assert answer("How much did North's revenue grow from 2019 to 2023?", yearly, "integer") == 70000
    assert answer("How many customers did North gain from 2019 to 2023?", yearly, "integer") == 23
    assert answer("By how much did South's revenue fall from 2019 to 2020?", yearly, "integer") == 2000
    assert answer("Did South's revenue grow from 2019 to 2020?", yearly, "boolean") is False


def test_headcount_names_a_headcount_column():
    # "the average headcount" averaged the Revenue, at 0.8 ("headcount" is a cue to count rows elsewhere)
    yearly = table_of(YEARLY, "yearly.csv")
    # 68 / 6, as the service rounds it
    assert answer("What was the average headcount from 2019 to 2021?", yearly, "float") == 11.3333333333
    assert answer("What was North's headcount in 2023?", yearly, "integer") == 18
    staff = table_of("Employee,Department\nAna,Sales\nBo,Sales\nCy,Ops\n", "staff.csv")
    assert answer("What is the headcount of Sales?", staff, "integer") == 2  # no such column: its rows counted


def test_a_column_of_counts_named_in_the_singular_is_added_up():
    # nt-10123: "how many appearances" counted the season's one row (1, at 0.8)
    seasons = table_of(SEASONS, "seasons.csv")
    assert answer("how many appearances did he have in 2001?", seasons, "integer") == 21
    # a Week that numbers the rows is no count: "how many weeks" counts the song's rows (nt-3152, right before)
    chart = table_of(CHART, "chart.csv")
    assert answer('how many weeks was "i see fire" at number one?', chart, "integer") == 3
