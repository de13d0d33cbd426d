"""Readings found on 2026-12-06 (twenty-first stop): over a fleet's maintenance log, what a number asked for is read
from when the question names a text column too, and "ever" in a yes/no question; over a schedule, the games an
outcome records are counted as such, not as rows the question names; and (2026-12-07) "how many days" of a column of
days adds them up."""

from __future__ import annotations

from backend.answer.table_cap_levels import COUNTED_ONE
from backend.answer.table_confidence import EXPLAINS_ALL, reading_confidence
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

LOG = (
    "Vehicle,Date,Service,Mileage,Cost,Garage\n"
    "Van 1,2025-01-08,Oil change,42150,85,QuickFix\n"
    "Truck 2,2025-04-09,Inspection,87600,150,HeavyServe\n"
    "Van 1,2025-04-25,Oil change,47800,85,QuickFix\n"
    "Car 3,2025-04-01,Tyres,20100,380,AutoCare\n"
    "Truck 2,2025-05-14,Brakes,90200,610,HeavyServe\n"
)


def test_a_number_asked_for_is_read_from_the_number_column_named_not_a_text_one():
    log = table_of(LOG, "maintenance.csv")
    # "service" names the Service column too; a number is asked for: the Mileage of Van 1's latest row
    assert answer("What was Van 1's mileage at its last service?", log, "integer") == 47800
    assert answer("What did Truck 2 cost at its last service?", log, "integer") == 610
    assert answer("What was Van 1's last service?", log, "string") == "Oil change"  # words asked for: the Service


def test_ever_in_a_yes_no_question_is_explained():
    log = table_of(LOG, "maintenance.csv")
    for question, expected in (
        ("Was Car 3 ever serviced at HeavyServe?", False),
        ("Was Truck 2 ever serviced at HeavyServe?", True),
    ):
        assert answer(question, log, "boolean") is expected
        reading = parse.read(question, log, AnswerType.BOOLEAN)
        assert reading is not None and reading.unexplained == ()
        assert reading_confidence(reading, log) == EXPLAINS_ALL


def test_a_count_of_the_games_an_outcome_records_is_not_a_count_of_rows_named():
    # the games lost are the cells of its Result that record a loss, one a game: no rows the question names one by
    # one (it was declined at COUNTED_ONE, and such counts were right on 3 of 3 tuning questions)
    schedule = table_of(
        "Date,Opponent,Result\nNov 2,Navy,W 50–41\nNov 9,Temple,L 32–36\nNov 16,Duke,W 61–40\nNov 23,Penn,L 43–49\n",
        "schedule.csv",
    )
    question = "How many games did the Hoyas lose?"
    reading = parse.read(question, schedule, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ("games", "hoyas")
    assert answer(question, schedule, "integer") == 2
    assert cap_of(question, schedule) is None
    # two rows the question names, one each, are still counted warily: the number may be a cell of theirs
    named = "How many points did Temple and Penn score against the Hoyas?"
    cap = cap_of(named, schedule)
    assert cap is not None and cap.level == COUNTED_ONE


def test_a_count_of_a_column_of_days_adds_up_its_days():
    # "how many days" of a "Downtime Days" of 1 and 6: the days added up, not its 2 different numbers (at 0.8; my own
    # fleet log, 2026-12-07); a numbered Week is still counted (test_units_gifts_and_weeks.py)
    downtime = table_of(
        "Vehicle,Date,Service,Downtime Days\nTruck 1,2025-01-22,Tyres,1\nVan 1,2025-02-10,Brakes,1\n"
        "Truck 1,2025-03-03,Engine repair,6\n",
        "maintenance.csv",
    )
    assert answer("How many days was Truck 1 out of service?", downtime, "integer") == 7
    assert answer("How many days of downtime did we have?", downtime, "integer") == 8
    assert answer("How many services did Truck 1 have?", downtime, "integer") == 2
