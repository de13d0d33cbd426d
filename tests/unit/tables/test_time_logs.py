"""Questions over a log of time (my own timesheets table, 2026-12-07; bench/business/timesheets.csv, measured blind
once and then read): "time" names its Hours, an entry is one of its rows ("the most hours in a single entry", "hours
per entry"), "the longest entry" is the most Hours, "invoice" asks for the hours priced at their rate, and its people
are its employees, not its clients."""

from __future__ import annotations

import pytest

from backend.tables import parse
from backend.tables.plan import Operation, ReadingKind
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

TIMESHEETS = (
    "Date,Employee,Project,Client,Hours,Billable,Hourly Rate\n"
    "2025-09-01,Priya,Website,Northwind,7.5,Yes,120\n2025-09-01,Marco,Migration,Contoso,8,Yes,140\n"
    "2025-09-02,Priya,Website,Northwind,6,Yes,120\n2025-09-03,Marco,Migration,Contoso,9.5,Yes,140\n"
    "2025-09-04,Tom,Mobile App,Fabrikam,8,Yes,110\n2025-09-05,Tom,Mobile App,Fabrikam,5.5,Yes,110\n"
    "2025-09-08,Tom,Migration,Contoso,6.5,Yes,140\n"
)


def _timesheets():
    return table_of(TIMESHEETS, "timesheets.csv")


@pytest.mark.parametrize(
    ("question", "answer_type", "expected"),
    [
        # "time" names the Hours: each project's hours added up, not its entries counted (it counted them, at 0.72)
        ("Which project took the most time?", "string", "Migration"),
        ("Who logged the most time?", "string", "Tom"),
        # one entry's hours: the largest row, not each person's total ("single" was left out, at 0.72)
        ("Who logged the most hours in a single entry?", "string", "Marco"),
        ("What is the most hours logged in a single entry?", "float", 9.5),
        # "the longest entry": the most Hours (no reading)
        ("Who logged the longest entry?", "string", "Marco"),
        # "per entry" of a log: the average over its rows ("per" and "entry" were left out, at 0.25)
        ("On average, how many hours did Tom log per entry?", "float", 20 / 3),
        # "invoice" asks for money: the hours times their rate (it added up the hours, at 0.72)
        ("How much should we invoice Fabrikam?", "float", 13.5 * 110),
        # the people of an Employee beside a Client are its employees (it counted the entries, "people" left out)
        ("How many people logged time?", "integer", 3),
        ("How many people worked on Migration?", "integer", 2),
    ],
)
def test_a_log_of_hours_reads_as_an_analyst_means(question, answer_type, expected):
    timesheets = _timesheets()
    assert answer(question, timesheets, answer_type) == pytest.approx(expected)
    reading = parse.read(question, timesheets, AnswerType(answer_type))
    assert reading is not None and reading.unexplained == ()


def test_the_total_of_each_one_still_adds_up_its_entries():
    timesheets = _timesheets()
    reading = parse.read("Who logged the most hours?", timesheets, AnswerType.STRING)
    assert reading is not None and reading.kind is ReadingKind.GROUP and reading.plan.operation is Operation.SUM
    assert answer("Who logged the most hours?", timesheets, "string") == "Tom"  # 20 hours to Marco's 17.5
    # an entry of a file that is no log is not one of its rows
    orders = table_of("Customer,Revenue\nAcme,120\nHooli,80\n", "orders.csv")
    reading = parse.read("What is the average revenue per entry?", orders, AnswerType.FLOAT)
    assert reading is None or "entry" in reading.unexplained
