"""An analyst's questions over a campaigns table, a leave log and monthly sales in a column a month (my own tables,
2026-12-07): how long a row ran is its days from start to end, a "when" of a start or an end reads that date column,
and a range of months said adds up those months' columns."""

from __future__ import annotations

import pytest

from backend.answer.table_confidence import reading_confidence
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

CAMPAIGNS = (
    "Campaign,Channel,Start,End,Spend,Conversions\n"
    "Spring Sale,Email,2025-03-01,2025-03-15,1200,140\n"
    "Brand Video,YouTube,2025-03-10,2025-04-10,8500,95\n"
    "Retargeting Q2,Display,2025-04-01,2025-06-30,4300,210\n"
    "Black Friday,Instagram,2025-11-20,2025-11-30,9800,610\n"
)
LEAVE = (
    "Employee,Team,Leave Type,From,To,Days\n"
    "Ada Brooks,Platform,Vacation,2025-07-01,2025-07-11,9\n"
    "Dev Patel,Sales,Parental,2025-05-01,2025-07-31,66\n"
    "Eve Moss,Support,Vacation,2025-12-22,2025-12-31,6\n"
)
MONTHLY = (
    "Region,Jan,Feb,Mar,Apr,Target\nNorth,12000,13500,12800,14100,50000\nSouth,9800,10200,11900,12500,45000\n"
    "East,15300,14900,16100,15800,60000\n"
)


def test_how_long_a_row_ran_is_its_days_from_start_to_end():
    campaigns = table_of(CAMPAIGNS, "campaigns.csv")
    # it read 0 years from the Start alone, at 0.72; "last" and "running" had no reading
    assert answer("How long did Brand Video run?", campaigns, "integer") == 31  # under a year: in days
    assert answer("How many days did Brand Video last?", campaigns, "integer") == 31
    assert answer("How many days was Spring Sale running?", campaigns, "integer") == 14
    reading = parse.read("Which campaign ran the longest?", campaigns, AnswerType.STRING)
    assert reading is not None and reading.unexplained == ()
    assert answer("Which campaign ran the longest?", campaigns, "string") == "Retargeting Q2"


def test_when_of_a_start_or_an_end_reads_that_date():
    leave = table_of(LEAVE, "leave.csv")
    # it read Eve's Team, "Support", at 0.29
    assert answer("When does Eve's vacation start?", leave, "datetime") == "2025-12-22T00:00:00Z"
    assert answer("When does Eve's vacation end?", leave, "datetime") == "2025-12-31T00:00:00Z"
    assert answer("When did Dev's parental leave start?", leave, "datetime") == "2025-05-01T00:00:00Z"


def test_a_range_of_months_adds_up_their_columns():
    monthly = table_of(MONTHLY, "monthly.csv")
    # it read North's January, 12,000, at 0.8
    assert answer("What were North's total sales from January to April?", monthly, "float") == 52400
    assert answer("What were North's sales from February to March?", monthly, "float") == 26300
    assert answer("What were total sales from January to March?", monthly, "float") == 116500
    assert answer("Which region had the highest sales from January to March?", monthly, "string") == "East"
    # a change across the range is still the last month less the first
    assert answer("How much did South grow from January to April?", monthly, "float") == 2700


def test_a_half_year_picks_its_six_months():
    orders = table_of(
        "Order ID,Order Date,Revenue\nSO-1,2025-02-14,100\nSO-2,2025-06-30,40\nSO-3,2025-07-01,7\nSO-4,2025-11-20,3\n",
        "orders.csv",
    )
    # it added up the whole year, "half" left out, at 0.72
    assert answer("What was revenue in the first half of 2025?", orders, "float") == 140
    assert answer("What was revenue in H2?", orders, "float") == 10
    assert answer("What was revenue in the second half of the year?", orders, "float") == 10
    assert answer("What was revenue in Q3?", orders, "float") == 7


def test_per_dollar_is_per_the_money_and_a_return_left_out_is_a_measure_dropped():
    campaigns = table_of(CAMPAIGNS, "campaigns.csv")
    # "per dollar": over the one column of money, the Spend (held at 0.25, "per dollar" left out; 2026-12-08)
    assert answer("Which campaign had the most conversions per dollar?", campaigns, "string") == "Spring Sale"
    per_dollar = answer("How many conversions per dollar did Brand Video get?", campaigns, "float")
    assert per_dollar == pytest.approx(95 / 8500)
    # no revenue to return: "the return on ad spend" read the Spend at 0.72; a return left out caps the reading
    returned = parse.read("What was the return on ad spend for Brand Video?", campaigns, AnswerType.FLOAT)
    assert returned is None or reading_confidence(returned, campaigns) < 0.5
