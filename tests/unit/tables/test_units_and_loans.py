"""An analyst's words over more business tables of my own (2026-11-28, second stop: site energy use, loans, hotel
bookings): a unit's name is one word ("kWh"), what an energy column is called, money spent read from the money column,
what was borrowed or lent, the largest single row, a row named by its identifier, and a cell in another unit of time
than the one asked for, a column of numbers before one of codes, and what a word two date columns share names."""

from __future__ import annotations

import pytest

from backend.answer.table_cap_levels import OTHER_UNIT
from backend.tables import parse
from backend.tables.words import name_stems
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

ENERGY = """Site,Month,kWh,Cost,Meter
London,2026-07,12500,3125.00,M-1
London,2026-08,13100,3275.00,M-1
Leeds,2026-07,8400,2016.00,M-2
Leeds,2026-08,9100,2184.00,M-2
York,2026-07,5200,1300.00,M-3
York,2026-08,4900,1225.00,M-3
"""

LOANS = """Loan ID,Borrower,Principal,Interest Rate,Term (months),Start Date,Status
L-1,Acme Ltd,50000,5.5,36,2025-01-15,Active
L-2,Beta LLC,120000,4.9,60,2024-06-01,Active
L-3,Gamma Inc,20000,7.2,12,2025-03-10,Repaid
L-4,Delta Co,75000,6.1,48,2023-11-20,Defaulted
L-5,Acme Ltd,30000,5.8,24,2026-02-01,Active
"""

BOOKINGS = """Booking ID,Guest,Room Type,Nights,Rate per Night,Check-in,Status
B-101,Ana Ruiz,Double,3,120,2026-10-02,Completed
B-102,Ben Cole,Suite,2,260,2026-10-05,Completed
B-103,Chen Li,Single,5,90,2026-10-07,Cancelled
B-104,Dara Shah,Double,1,120,2026-10-11,Completed
B-105,Eli Moss,Suite,4,250,2026-10-15,No-show
B-106,Ana Ruiz,Single,2,95,2026-10-20,Completed
"""


def test_a_unit_written_with_a_capital_inside_is_one_word():
    # "kWh" was split as camelCase into "k" and "wh", so "how many kWh did York use" counted York's rows (2) at 0.65
    assert name_stems("kWh") == {"kwh"}
    assert name_stems("unitPrice") == {"unit", "price"}  # camelCase still two words
    energy = table_of(ENERGY, "energy.csv")
    assert answer("How many kWh did York use?", energy, "integer") == 10100
    assert answer("What is the cost per kWh at York in July?", energy, "float") == pytest.approx(0.25)


def test_energy_and_consumption_name_the_column_of_kwh_and_spending_reads_the_money():
    # "how much energy did Leeds use in July" read its Cost (2016) at 0.8, "which site used the most energy" tied on
    # rows, "the total consumption" found no reading
    energy = table_of(ENERGY, "energy.csv")
    assert answer("How much energy did Leeds use in July?", energy, "integer") == 8400
    assert answer("Which site used the most energy?", energy, "string") == "London"
    assert answer("What was the total consumption?", energy, "integer") == 53200
    # what was spent on it is still the money column
    assert answer("How much did London spend on energy?", energy, "float") == 6400
    assert answer("Which month had the highest bill?", energy, "string") == "2026-08"


def test_borrowed_and_lent_add_up_the_principal_and_single_marks_one_row():
    # "who borrowed the most" counted each borrower's loans (Acme Ltd, 2) at 0.8; "how much has been lent to Acme Ltd"
    # read its first loan (50000); "the largest single loan" found no reading (no column was named as money)
    loans = table_of(LOANS, "loans.csv")
    assert answer("Who borrowed the most?", loans, "string") == "Beta LLC"
    assert answer("How much has been lent to Acme Ltd?", loans, "integer") == 80000
    assert answer("What is the largest single loan?", loans, "integer") == 120000
    assert answer("How many loans started in 2025?", loans, "integer") == 2


def test_a_cell_in_another_unit_of_time_than_asked_is_not_trusted():
    # "the term of L-3 in years" answered 12 (its months) at 0.8
    loans = table_of(LOANS, "loans.csv")
    cap = cap_of("What is the term of L-3 in years?", loans, AnswerType.FLOAT)
    assert cap is not None and cap.level == OTHER_UNIT and "years" in cap.why
    # asked in the column's own unit, it stands
    assert cap_of("What is the term of L-3 in months?", loans, AnswerType.FLOAT) is None


def test_the_row_a_question_names_by_its_noun_is_answered_by_its_identifier():
    # "what was the most expensive booking" grouped the bookings by Guest (Eli Moss) at 0.8: nothing but its Booking ID
    # names a booking
    bookings = table_of(BOOKINGS, "bookings.csv")
    assert answer("What was the most expensive booking?", bookings, "string") == "B-105"  # 4 × 250
    assert answer("Which booking was the most expensive?", bookings, "string") == "B-105"
    assert answer("How much did Ben Cole pay?", bookings, "float") == 520
    assert answer("How many room nights were sold?", bookings, "integer") == 17


INCIDENTS = """Incident,Service,Severity,Started,Duration (min),Root Cause
INC-1,API,High,2026-09-01 09:12,45,Deploy
INC-2,Web,Low,2026-09-03 14:30,10,Network
INC-3,API,Medium,2026-09-10 02:05,120,Database
INC-4,Payments,High,2026-09-15 18:40,30,Deploy
INC-5,Web,Medium,2026-09-21 11:00,25,Deploy
"""

SERVICES = """Vehicle,Service Date,Odometer (km),Service Type,Cost
Van 1,2026-01-14,48200,Oil change,120.00
Van 2,2026-02-03,91500,Brakes,480.00
Van 1,2026-04-22,55100,Tyres,620.00
Van 2,2026-07-18,99800,Oil change,125.00
"""


def test_timestamps_are_dates_with_their_time_and_a_day_said_as_iso_picks_them():
    # "when did the Payments incident start" was declined: "2026-09-15 18:40" was no date, so no datetime
    incidents = table_of(INCIDENTS, "incidents.csv")
    assert answer("When did the Payments incident start?", incidents, "datetime") == "2026-09-15T18:40:00Z"
    assert answer("How many incidents started on September 15?", incidents, "integer") == 1
    # "2026-09-03" was read as the year 2026 (every incident) where no cell says it whole
    assert answer("How many incidents started on 2026-09-03?", incidents, "integer") == 1
    assert answer("How many incidents started after September 10?", incidents, "integer") == 2


def test_a_duration_in_minutes_is_named_by_minutes_and_not_trusted_in_hours():
    incidents = table_of(INCIDENTS, "incidents.csv")
    assert answer("What was the average duration in minutes?", incidents, "float") == 46
    cap = cap_of("What was the total duration in hours?", incidents, AnswerType.FLOAT)
    assert cap is not None and cap.level == OTHER_UNIT  # 230 minutes is not 230 hours


def test_mileage_is_the_odometer_and_a_service_is_named_by_its_type_not_its_date():
    # "the mileage of Van 2 at its last service" answered 2026, the year of its Service Date, at 0.8; "the most
    # expensive service" answered a Service Date
    services = table_of(SERVICES, "fleet_services.csv")
    assert answer("What is the mileage of Van 2 at its last service?", services, "integer") == 99800
    assert answer("What was the most expensive service?", services, "string") == "Tyres"
    assert answer("What was the date of the most expensive service?", services, "datetime") == "2026-04-22T00:00:00Z"


RENT_ROLL = """Unit,Tenant,Monthly Rent,Lease Start,Lease End,Bedrooms
1A,Olga Petrova,1450,2025-03-01,2026-02-28,2
1B,Sam Okafor,1200,2025-06-01,2026-05-31,1
2A,Lena Fischer,1800,2024-09-01,2026-08-31,3
3A,Tom Walsh,2100,2025-11-01,2027-10-31,3
"""


def test_a_column_of_numbers_is_the_measure_before_one_of_codes_and_a_shared_date_word_names_the_rows():
    # "the average rent of a unit" averaged the Unit codes' leading digits (1.8) at 0.8; "which leases end in 2026"
    # listed their Lease Start dates at 0.8: "lease", which both dates' names share, says what the rows are
    rents = table_of(RENT_ROLL, "rent_roll.csv")
    assert answer("What is the average rent of a unit?", rents, "float") == 1637.5
    assert answer("What is the highest rent of any unit?", rents, "integer") == 2100
    assert answer("Which leases end in 2026?", rents, "string_array") == ["Olga Petrova", "Sam Okafor", "Lena Fischer"]
    assert answer("When does Sam Okafor's lease end?", rents, "datetime") == "2026-05-31T00:00:00Z"


def test_a_number_word_joined_to_a_column_s_word_compares_that_column_and_the_measure_follows_average():
    # "the average rent for a one-bedroom unit" averaged the Bedrooms (2.0) at 0.8: "rent" follows "average", and
    # "one-bedroom" says Bedrooms = 1 as "1 bedroom" does (compared with Bedrooms, not the Unit codes' digits)
    rents = table_of(RENT_ROLL, "rent_roll.csv")
    assert answer("What is the average rent for a one-bedroom unit?", rents, "float") == 1200
    assert answer("What is the average rent for a 1 bedroom unit?", rents, "float") == 1200
    assert answer("How many three-bedroom units are there?", rents, "integer") == 2


PRODUCT_SALES = """Product,Category,Units Sold,Revenue,Rating
Aero Mug,Kitchen,1200,14400,4.5
Brew Kettle,Kitchen,450,20250,4.1
Cozy Throw,Home,800,31200,4.7
Desk Lamp,Office,620,18600,3.9
Ergo Chair,Office,150,44850,4.4
"""


def test_a_share_of_a_named_measure_adds_it_up_and_a_share_of_rows_counts_them():
    # "what share of revenue came from Office" counted Office's rows (2 of 5, 0.4) at 0.8
    sales = table_of(PRODUCT_SALES, "product_sales.csv")
    assert answer("What share of revenue came from Office?", sales, "float") == pytest.approx(63450 / 129300)
    assert answer("What share of units sold were Kitchen products?", sales, "float") == pytest.approx(1650 / 3220)
    assert answer("What percentage of products are in the Office category?", sales, "float") == 40


def test_an_amount_asked_per_another_period_than_its_columns_is_held_low():
    # "the annual cost" of a Monthly Cost read the month's 710 as the year's, at 0.8 (my own fleet table): nothing
    # converts it, so it is declined with the cell offered; "the monthly cost" is what the column holds
    fleet = table_of("Vehicle,Make,Monthly Cost\nV-01,Ford,620\nV-04,Ford,710\n", "fleet.csv")
    reading = parse.read("What is the annual cost of V-04?", fleet, AnswerType.FLOAT)
    assert "annual" in reading.unexplained
    assert cap_of("What is the annual cost of V-04?", fleet, AnswerType.FLOAT).level == OTHER_UNIT
    assert answer("What is the monthly cost of V-04?", fleet, "float") == 710
    assert parse.read("What is the monthly cost of V-04?", fleet, AnswerType.FLOAT).unexplained == ()
