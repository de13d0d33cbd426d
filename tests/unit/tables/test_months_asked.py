"""The month a question asks for, of a table of dates with no month column (2026-12-07): "which month had the highest
revenue" names the month of the Order Date it groups by, so it is no guess (it was held at 0.29, right); and the
numbers of a column that counts its rows off in order (an "Episode" of 1, 2, 3) are no amount to add up per month."""

from __future__ import annotations

from backend.answer.table_confidence import EXPLAINS_ALL, reading_confidence
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

# June's revenue 2,090 + 185; May's 1,363; March's 216 + 96
ORDERS = (
    "Order ID,Order Date,Customer,Revenue\nSO-1,2025-03-14,Acme,96\nSO-2,2025-03-25,Hooli,216\n"
    "SO-3,2025-05-26,Globex,1363\nSO-4,2025-06-03,Acme,2090\nSO-5,2025-06-05,Hooli,185\n"
)
# Two episodes aired in April, three in May, one in June
EPISODES = (
    "Episode,Airdate,Viewers\n1,17 April 2010,4.52m\n2,24 April 2010,4.41m\n3,1 May 2010,4.31m\n"
    "4,8 May 2010,4.10m\n5,15 May 2010,4.00m\n6,5 June 2010,3.90m\n"
)


def test_the_month_asked_is_named_by_the_question():
    orders = table_of(ORDERS, "orders.csv")
    assert answer("Which month had the highest revenue?", orders, "string") == "June"
    reading = parse.read("Which month had the highest revenue?", orders, AnswerType.STRING)
    assert reading is not None and reading.plan.group_part == "month"
    assert reading_confidence(reading, orders) == EXPLAINS_ALL


def test_numbers_that_count_the_rows_off_are_counted_not_added():
    episodes = table_of(EPISODES, "episodes.csv")
    # it added up the episodes' numbers per month: April 3, May 12, June 6
    assert answer("which month has the most episodes?", episodes, "string") == "May"
    assert answer("which month has the least number of episodes?", episodes, "string") == "June"
    # a column of amounts is still added up
    assert answer("Which month had the lowest revenue?", table_of(ORDERS, "orders.csv"), "string") == "March"
