"""Yes/no questions of "all" and "every" (my own staff and orders tables, 2026-12-07): "are all engineers in London"
is whether no engineer is elsewhere, not whether any engineer is in London (True at 0.8, two of four being in
Berlin); a claim that cannot be turned round has no reading rather than the "any" one; "is anything out of stock"
is an "any"; "is Cobalt Ltd still a customer" is whether it is an active one. And two counts beside them: "more than 3
people" of staff.csv is of rows, and "more than 5 years" is no Salary of 5."""

from __future__ import annotations

import pytest

from backend.tables import parse
from backend.tables.plan import ReadingKind
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

STAFF = (
    "Employee,Department,Office,Salary,Remote\nAda,Engineering,London,98000,Yes\nBen,Engineering,Berlin,72000,No\n"
    "Gia,Finance,London,93000,No\nKim,Finance,London,64000,Yes\nLeo,Engineering,London,112000,No\n"
)
ORDERS = (
    "Order ID,Customer,Region,Status\nSO-1,Hooli,Asia,Shipped\nSO-2,Hooli,Asia,Pending\nSO-3,Umbrella,Europe,Shipped\n"
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Are all engineers in London?", False),
        ("Is every Finance employee in London?", True),
        ("Are all engineers paid more than 70000?", True),
        ("Are all engineers paid more than 80000?", False),
        ("Are all employees remote?", False),
    ],
)
def test_all_is_no_row_of_the_kind_saying_otherwise(question, expected):
    staff = table_of(STAFF, "staff.csv")
    assert answer(question, staff, "boolean") is expected
    reading = parse.read(question, staff, AnswerType.BOOLEAN)
    assert reading is not None and reading.kind is ReadingKind.EVERY


def test_all_of_a_value_said_picks_the_rows_it_is_about():
    orders = table_of(ORDERS)
    assert answer("Are all Hooli orders shipped?", orders, "boolean") is False
    assert answer("Were all of Umbrella's orders shipped?", orders, "boolean") is True
    assert answer("Are all of the orders from Asia?", orders, "boolean") is False  # about every order


def test_any_stays_any():
    staff = table_of(STAFF, "staff.csv")
    assert answer("Is anyone in Finance remote?", staff, "boolean") is True
    reading = parse.read("Is any engineer in Berlin?", staff, AnswerType.BOOLEAN)
    assert reading is not None and reading.kind is ReadingKind.EXISTS
    # "anything" says no more than "any" does (held at 0.18, "anything" left out)
    stock = table_of("Item,In Stock\nKettle,4\nCold Brew Bottle,0\n", "inventory.csv")
    reading = parse.read("Is anything out of stock?", stock, AnswerType.BOOLEAN)
    assert reading is not None and not reading.unexplained
    assert answer("Is anything out of stock?", stock, "boolean") is True


def test_a_claim_of_two_conditions_has_no_reading():
    # "in London and remote" cannot be turned round as one condition: read as "any", it would say yes
    assert (
        parse.read("Are all engineers in London and remote?", table_of(STAFF, "staff.csv"), AnswerType.BOOLEAN) is None
    )


def test_a_ranking_or_a_total_asked_yes_or_no_has_no_any_reading():
    # "is Asia our biggest region" said yes for Asia having rows; "more than 50 units in total" said no, Hooli having
    # no one order of over 50 (83 units in all): both at 0.8
    orders = table_of(
        "Order ID,Customer,Region,Quantity,Revenue\nSO-1,Hooli,Asia,34,816\nSO-2,Hooli,Asia,25,1375\n"
        "SO-3,Umbrella,Europe,38,2090\n"
    )
    assert parse.read("Is Asia our biggest region?", orders, AnswerType.BOOLEAN) is None
    assert parse.read("Did Hooli order more than 50 units in total?", orders, AnswerType.BOOLEAN) is None
    assert answer("Did Hooli order more than 30 units in one order?", orders, "boolean") is True


def test_a_number_said_in_a_column_compares_that_column():
    # "2000 in revenue" compared the year of the Order Date (every order after 2000: yes), at 0.8
    orders = table_of("Order ID,Order Date,Revenue\nSO-1,2025-01-05,816\nSO-2,2025-02-05,1375\n")
    assert answer("Did any order exceed 2000 in revenue?", orders, "boolean") is False
    assert answer("How many orders exceeded 1000 in revenue?", orders, "integer") == 1
    assert answer("How many orders were placed after 2000?", orders, "integer") == 2


def test_a_salary_is_compared_with_no_number_of_years():
    # "more than 5 years" compared the Salary with 5: every row, at 0.62; now held under the bar, the unit named
    cap = cap_of("How many people have been here more than 5 years?", table_of(STAFF, "staff.csv"))
    assert cap is not None and cap.level < 0.4 and "years" in cap.why


def test_groups_of_so_many_people_are_counted_in_rows():
    # "more than 3 people" compared the Salary with 3 and listed every department, at 0.8
    staff = table_of(STAFF, "staff.csv")
    assert answer("Which departments have more than 2 people?", staff, "string_array") == ["Engineering"]
    assert answer("Which offices have at least 4 people?", staff, "string_array") == ["London"]


def test_still_a_customer_is_an_active_one():
    # it asked whether Cobalt Ltd is listed (True at 0.8, its Active being No; my own subscriptions table, 2026-12-07)
    subscriptions = table_of(
        "Customer,Plan,Monthly Fee,Active\nAcme Corp,Enterprise,1200,Yes\nCobalt Ltd,Starter,49,No\n",
        "subscriptions.csv",
    )
    assert answer("Is Cobalt Ltd still a customer?", subscriptions, "boolean") is False
    assert answer("Is Acme Corp still one of our customers?", subscriptions, "boolean") is True
    # a table that says nothing of being active leaves the word unexplained: no sure "yes" for being listed
    orders = table_of("Order ID,Customer,Revenue\nSO-1,Hooli,120\n", "orders.csv")
    reading = parse.read("Is Hooli still a customer?", orders, AnswerType.BOOLEAN)
    assert reading is None or "active" in reading.unexplained
