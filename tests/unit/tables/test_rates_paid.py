"""A price a row pays, said with a money verb (2026-12-07): "which guest paid the highest rate" ranks the bookings by
their Rate (it added up each guest's Totals, then each guest's Rates), and "paid" is accounted for by the Rate; and
who is paid for a deal: a "rep" is its Owner, and "the total value" of deals their Amount added up."""

from __future__ import annotations

from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

# Rates: Marco 260 and 150, Lena 140 and 260, Grace 240, Aiko 95. Totals: Grace 1680, Marco 1340.
BOOKINGS = (
    "Booking,Guest,Room Type,Nights,Rate,Total\n"
    "B-301,Lena Ortiz,Double,3,140,420\n"
    "B-302,Marco Rossi,Suite,4,260,1040\n"
    "B-303,Aiko Tanaka,Single,1,95,95\n"
    "B-305,Lena Ortiz,Suite,2,260,520\n"
    "B-308,Marco Rossi,Double,2,150,300\n"
    "B-309,Grace Lee,Suite,7,240,1680\n"
)


def test_the_highest_rate_paid_is_a_row_s_rate():
    bookings = table_of(BOOKINGS, "bookings.csv")
    # Marco and Lena both paid 260: no one answer, and both as a list
    assert answer("Which guest paid the highest rate?", bookings, "string") is None
    assert answer("Which guests paid the highest rate?", bookings, "string_array") == ["Marco Rossi", "Lena Ortiz"]
    assert answer("Which guest paid the lowest rate?", bookings, "string") == "Aiko Tanaka"
    reading = parse.read("Which guest paid the lowest rate?", bookings, AnswerType.STRING)
    assert reading is not None and reading.unexplained == ()


def test_what_a_guest_paid_is_still_added_up():
    bookings = table_of(BOOKINGS, "bookings.csv")
    assert answer("Who paid the most?", bookings, "string") == "Grace Lee"
    assert answer("How much did Marco Rossi pay?", bookings, "integer") == 1340


def test_a_rep_is_a_deal_s_owner():
    # "which rep has won the most revenue" named the largest deal, "rep" left out, at 0.66 (my own deals, 2026-12-07)
    deals = table_of(
        "Deal,Company,Owner,Stage,Amount\nD-01,Acme,Ana,Closed Won,12000\nD-05,Umbrella,Ben,Closed Won,30000\n"
        "D-10,Initech,Ana,Closed Won,7000\nD-03,Initech,Ana,Negotiation,25000\n",
        "deals.csv",
    )
    assert answer("Which rep has won the most revenue?", deals, "string") == "Ben"
    assert answer("How many deals has Ana won?", deals, "integer") == 2


def test_the_total_value_of_rows_is_their_money_added_up():
    # "the total value of open deals" read the first open deal's Amount, at 0.38 (my own deals table, 2026-12-07)
    deals = table_of(
        "Deal,Owner,Stage,Amount\nD-01,Ana,Closed Won,12000\nD-03,Ana,Negotiation,25000\nD-04,Cara,Proposal,15000\n"
        "D-02,Ben,Closed Lost,8000\n",
        "deals.csv",
    )
    assert answer("What is the total value of open deals?", deals, "integer") == 40000
    assert answer("What is the total value of won deals?", deals, "integer") == 12000
