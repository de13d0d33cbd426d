"""An analyst's words over more business tables of my own (2026-11-29, fourteenth stop: shipments with an order, a
ship and a delivery date, weekly timesheets, a sales pipeline, purchase orders, a site's monthly energy against a
target, a survey): a unit said in full names the column whose name abbreviates it, "the same day" between the two
dates its verbs name, "the fewest" of an amount added up per group, a column's name said whole is not a part of a
longer one, a win rate is of the decided deals, "arrive" ends at the date a thing was received, a month said in full
is its abbreviated cell, "energy" is the kWh and not its target, a target is of the column its name measures, and a
survey's promoters, passives and detractors are its 0-10 scores of 9 and 10, 7 and 8, 6 or less; and (2026-12-07)
a group's share of its rows ranks the groups, and the value of the heaviest row is that row's."""

from __future__ import annotations

import pytest

from backend.answer.table_confidence import reading_confidence
from backend.tables import parse
from backend.tables.plan import ReadingKind
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

SHIPMENTS = """Shipment ID,Order Date,Ship Date,Delivered Date,Carrier,Origin,Weight (kg),Cost,Status
SH-1,2024-03-01,2024-03-02,2024-03-05,DHL,Berlin,12.5,48.00,Delivered
SH-2,2024-03-01,2024-03-03,2024-03-09,UPS,Berlin,30.0,95.50,Delivered
SH-3,2024-03-02,2024-03-02,,FedEx,Hamburg,8.2,36.75,In Transit
SH-4,2024-03-03,2024-03-04,2024-03-06,DHL,Munich,55.0,120.00,Delivered
SH-5,2024-03-06,2024-03-08,,FedEx,Munich,41.7,88.00,Lost
SH-6,2024-03-07,2024-03-07,2024-03-12,UPS,Berlin,19.9,61.40,Delivered
"""

TIMESHEETS = """Employee,Department,Week,Project,Hours,Overtime Hours,Hourly Rate,Billable
Ana Lopez,Engineering,2024-W10,Atlas,40,4,65,Yes
Ben Carter,Engineering,2024-W10,Atlas,38,0,60,Yes
Chloe Kim,Design,2024-W10,Brand Refresh,35,0,55,No
Ana Lopez,Engineering,2024-W11,Atlas,42,6,65,Yes
Ben Carter,Engineering,2024-W11,Internal Tools,40,2,60,No
Chloe Kim,Design,2024-W11,Brand Refresh,40,3,55,Yes
Dev Patel,Finance,2024-W11,Budget Review,37,0,50,No
Dev Patel,Finance,2024-W10,Budget Review,36,0,50,No
"""

DEALS = """Deal,Account,Owner,Stage,Amount,Close Date
D-01,Acme Corp,Priya Shah,Closed Won,45000,2024-02-14
D-02,Globex,Tom Reed,Negotiation,72000,2024-04-30
D-03,Initech,Priya Shah,Closed Lost,18000,2024-03-01
D-04,Umbrella,Sara Diaz,Prospecting,120000,2024-06-30
D-05,Hooli,Tom Reed,Closed Won,98000,2024-03-22
D-06,Stark Ind,Priya Shah,Closed Won,61000,2024-01-30
D-07,Wayne Ent,Tom Reed,Closed Lost,54000,2024-02-28
"""


def test_a_unit_said_in_full_names_the_column_that_abbreviates_it():
    # it counted FedEx's rows (2), "kilograms" left out, at 0.72
    shipments = table_of(SHIPMENTS, "shipments.csv")
    assert answer("How many kilograms did FedEx carry?", shipments, "float") == 49.9
    assert answer("How many kg did FedEx carry?", shipments, "float") == 49.9


def test_a_superlative_said_of_one_row_is_that_rows_not_a_groups_total():
    # it added up each destination's shipments (Paris, 110) for "the most expensive shipment" (Rome's, 90), at 0.8
    shipments = table_of(
        "Shipment,Destination,Cost\nS1,Paris,50\nS2,Paris,60\nS3,Rome,90\nS4,Madrid,20\n", "shipments.csv"
    )
    assert answer("Which destination had the most expensive shipment?", shipments, "string") == "Rome"
    assert answer("Which destination cost the most?", shipments, "string") == "Paris"  # each one's shipments together


def test_the_same_day_compares_the_two_dates_its_verbs_name_of_three():
    # "day" named every date column, so none was compared: it counted the delivered shipments (4), at 0.72
    shipments = table_of(SHIPMENTS, "shipments.csv")
    assert answer("How many shipments were shipped on the same day they were ordered?", shipments, "integer") == 2
    q = "Which shipments shipped the same day they were ordered?"
    assert answer(q, shipments, "string_array") == ["SH-3", "SH-6"]


def test_the_fewest_hours_of_a_department_adds_up_its_weeks():
    # it took the department of the one shortest week (Design), at 0.8, where "the most" added them up
    timesheets = table_of(TIMESHEETS, "timesheets.csv")
    assert answer("Which department logged the fewest hours?", timesheets, "string") == "Finance"
    assert answer("Which department logged the most hours?", timesheets, "string") == "Engineering"


def test_hours_said_whole_are_the_hours_not_the_overtime_hours_too():
    # it counted only the billable weeks with overtime (122 of 308 hours), at 0.8
    timesheets = table_of(TIMESHEETS, "timesheets.csv")
    assert answer("What share of hours were billable?", timesheets, "float") == pytest.approx(160 / 308)


def test_a_win_rate_is_of_the_decided_deals():
    # "the win rate" read nothing ("win" taken for the kind asked), where "our win rate" counted the open deals as
    # not won (3 of 7)
    deals = table_of(DEALS, "deals.csv")
    assert answer("What is the win rate?", deals, "float") == 60.0  # 3 won of 5 closed
    assert answer("What is our win rate?", deals, "float") == 60.0
    assert answer("What is the win rate of Priya Shah?", deals, "float") == pytest.approx(200 / 3)


def test_a_group_s_share_of_its_rows_ranks_the_groups():
    # it ranked the carriers by their Cost, "share" left out, at 0.8
    shipments = table_of(SHIPMENTS, "shipments.csv")
    assert answer("Which carrier has the lowest share of delivered shipments?", shipments, "string") == "FedEx"
    assert answer("Which carrier has the highest percentage of lost shipments?", shipments, "string") == "FedEx"
    reading = parse.read("Which carrier has the lowest share of delivered shipments?", shipments, AnswerType.STRING)
    assert reading is not None and reading.kind is ReadingKind.GROUP_RATE
    assert reading_confidence(reading, shipments) == 0.8
    # a share no value says is no share the rows can give: held as a part asked for and left out
    reading = parse.read("Which carrier has the highest share of revenue?", shipments, AnswerType.STRING)
    assert reading is None or reading_confidence(reading, shipments) < 0.4


def test_the_value_of_the_heaviest_row_is_read_from_that_row():
    # "the cost of the heaviest shipment" gave the highest Cost (148.2), "heaviest" explained, at 0.8
    parcels = table_of("Shipment ID,Weight (kg),Cost\nS-1,12.5,148.2\nS-2,40,120\nS-3,3,20\n", "shipments.csv")
    assert answer("What was the cost of the heaviest shipment?", parcels, "float") == 120
    assert answer("What did the lightest shipment cost?", parcels, "float") == 20
    assert answer("What is the highest cost?", parcels, "float") == 148.2  # the measure's own superlative
    staff = table_of("Employee,Age,Salary\nAna,61,70000\nBen,25,52000\nCy,40,90000\n", "staff.csv")
    assert answer("What is the salary of the oldest employee?", staff, "integer") == 70000


def test_us_after_a_verb_is_the_pronoun():
    # "how much did UPS charge us" was held at 0.72, "us" left out as if it named the United States
    shipments = table_of(SHIPMENTS, "shipments.csv")
    said = (("How much did UPS charge us in total?", 156.9), ("What did lost shipments cost us?", 88))
    for question, expected in said:
        reading = parse.read(question, shipments, AnswerType.FLOAT)
        assert reading is not None and reading.unexplained == ()
        assert answer(question, shipments, "float") == pytest.approx(expected)


PURCHASE_ORDERS = """PO Number,Supplier,Item,Quantity,Unit Price,Order Date,Received Date,Status
PO-501,Northwind,Paper A4,200,4.50,2024-01-10,2024-01-15,Received
PO-502,Contoso,Toner,12,89.00,2024-01-12,,Pending
PO-503,Northwind,Staples,500,0.80,2024-02-01,2024-02-03,Received
PO-505,Contoso,Paper A4,300,4.20,2024-02-20,2024-03-01,Received
PO-507,Northwind,Toner,8,92.50,2024-03-10,2024-03-12,Received
"""

ENERGY = """Site,Month,kWh,Cost,Target kWh
Leeds,Jan,42000,6300,40000
Leeds,Feb,39000,5850,40000
Leeds,Mar,41000,6150,40000
York,Jan,18000,2790,20000
York,Feb,21000,3255,20000
York,Mar,19500,3022.5,20000
"""


def test_arrive_ends_at_the_date_a_thing_was_received():
    # "take to arrive" had no reading (it counted PO-505's one row, at 0.15)
    orders = table_of(PURCHASE_ORDERS, "purchase_orders.csv")
    assert answer("How many days did PO-505 take to arrive?", orders, "integer") == 10
    assert answer("Which order took the longest to arrive?", orders, "string") == "PO-505"
    assert answer("What is the average arrival time?", orders, "float") == pytest.approx(19 / 4)


def test_a_month_said_in_full_is_its_abbreviated_cell():
    # "January" was left out of a Month of "Jan", "Feb": every month was added up (declined at 0.25)
    energy = table_of(ENERGY, "energy.csv")
    assert answer("How much did we spend on energy in March?", energy, "float") == pytest.approx(9172.5)
    assert answer("Which site had the lowest consumption in February?", energy, "string") == "York"
    assert answer("What is the cost per kWh at York in January?", energy, "float") == pytest.approx(0.155)


def test_energy_is_the_kwh_and_a_target_is_of_the_column_its_name_measures():
    # "energy" read the Cost (a kWh beside a Target kWh named no column), "over target" counted every month
    energy = table_of(ENERGY, "energy.csv")
    assert answer("How much energy did Leeds use in total?", energy, "integer") == 122000
    assert answer("Which site used the most electricity?", energy, "string") == "Leeds"
    assert answer("How many months was Leeds over target?", energy, "integer") == 2
    assert answer("In which month did York exceed its target?", energy, "string") == "Feb"
    assert answer("By how much did Leeds exceed its target in January?", energy, "integer") == 2000


SURVEY = """Respondent,Region,Channel,Score
R-1,North,Email,9
R-2,South,Phone,6
R-3,North,Chat,10
R-4,East,Email,3
R-5,South,Chat,8
R-6,East,Phone,9
R-7,North,Email,7
R-8,West,Chat,10
"""


def test_net_promoter_groups_are_scores_of_a_0_to_10_column():
    # "how many detractors are there" counted every respondent (8), "detractors" left out, at 0.5: answered
    survey = table_of(SURVEY, "survey.csv")
    assert answer("How many detractors are there?", survey, "integer") == 2  # 6 or less
    assert answer("How many promoters are there?", survey, "integer") == 4  # 9 or 10
    assert answer("How many passives came from the North?", survey, "integer") == 1  # 7 or 8
    assert answer("Which region has the most promoters?", survey, "string") == "North"
    assert answer("What share of respondents are detractors?", survey, "float") == 0.25
    # a score column that is not from 0 to 10 has no such groups: every player is counted, not Cy's 9 alone
    ratings = table_of("Player,Score\nAna,45\nBo,12\nCy,9\n", "ratings.csv")
    assert answer("How many promoters are there?", ratings, "integer") == 3


def test_a_grade_written_in_capitals_is_a_cell_and_longest_ago_is_the_earliest():
    # "who got the most A grades" counted every grade (a tie, declined): the cell "A" was dropped as the article
    grades = table_of(
        "Student,Class,Grade\nAmira,Math,A\nBen,Math,F\nAmira,Physics,B\nBen,Physics,A\nAmira,Art,A\n", "grades.csv"
    )
    assert answer("Who got the most A grades?", grades, "string") == "Amira"
    assert answer("How many A grades were given?", grades, "integer") == 3
    assert answer("how many students are in a class?", grades, "integer") == 2  # "a" written small is no grade
    # "which vehicle was serviced longest ago" had no reading
    fleet = table_of("Vehicle,Last Service\nVAN-1,2024-01-15\nTRK-2,2023-09-30\nCAR-1,2024-03-05\n", "fleet.csv")
    assert answer("Which vehicle was serviced longest ago?", fleet, "string") == "TRK-2"


def test_what_a_salesperson_closed_is_the_deals_won():
    # it added up (counted) every deal of Tom's, the open and the lost one too, at 0.8
    deals = table_of(DEALS, "deals.csv")
    assert answer("How much did Tom Reed close?", deals, "float") == 98000
    assert answer("How many deals did Tom Reed close?", deals, "integer") == 1
    assert answer("What is the total value of deals closed by Priya Shah?", deals, "float") == 106000
    assert answer("When did D-05 close?", deals, "datetime") == "2024-03-22T00:00:00Z"  # its Close Date


def test_people_working_remotely_are_the_remote_flags_rows():
    # it counted the Managers of the rows whose Location is the cell "Remote" (2 for 3), at 0.8
    payroll = table_of(
        "Employee,Location,Remote,Manager\nAna Ruiz,London,No,Maya Chen\nBen Cole,Remote,Yes,Maya Chen\n"
        "Dev Rao,Remote,Yes,Tom Hill\nFinn Ode,Berlin,Yes,Maya Chen\n",
        "payroll.csv",
    )
    assert answer("How many people work remotely?", payroll, "integer") == 3
    assert answer("How many people work in a remote location?", payroll, "integer") == 2  # the cell said as it is


def test_what_a_person_earns_in_total_is_the_salary_and_the_bonus():
    # "who earns the most in total" of a Base Salary and a Bonus was a tie of rows, declined
    payroll = table_of(
        "Employee,Base Salary,Bonus\nAna Ruiz,72000,5000\nCara Diaz,55000,12000\nFinn Ode,75000,6000\n", "payroll.csv"
    )
    assert answer("Who earns the most in total?", payroll, "string") == "Finn Ode"
    assert answer("How much did Cara Diaz earn in total?", payroll, "float") == 67000
    assert answer("What is the total base salary?", payroll, "float") == 202000  # a column named is that column
