"""An analyst's "never", "above average", "per customer" and "MRR" (my own orders, maintenance, shipments, staff and
subscriptions tables, 2026-12-07): "which products were never cancelled" are those of no cancelled order, not those
of some order that was not; "how many orders were above the average revenue" compares each order with the average,
and asks for no average; "the average number of orders per customer" counts the orders over the customers; "the top
customer by revenue" adds up each one's; "the gap between the highest and lowest" is their difference; "the average
cost per kg" is the total over the total; a Salary is a year's pay, whatever "monthly" says; "our MRR" is the active
subscriptions' monthly fees added up."""

from __future__ import annotations

import pytest

from backend.answer.table_confidence import reading_confidence
from backend.tables import parse
from backend.tables.plan import Condition, InvalidPlan, Operation, Plan, ReadingKind, check
from backend.tables.plan_words import describe
from backend.tables.query import execute
from backend.tables.rows_shown import rows_read
from backend.types import AnswerType
from tests.unit.tables.sample import answer, run, table_of

ORDERS = (
    "Order ID,Customer,Product,Quantity,Revenue,Status\n"
    "SO-1,Umbrella,Travel Mug,34,408.0,Shipped\n"
    "SO-2,Hooli,Espresso Beans,14,259.0,Cancelled\n"
    "SO-3,Acme Corp,Milk Frother,25,1375.0,Shipped\n"
    "SO-4,Umbrella,French Press,28,1092.0,Pending\n"
    "SO-5,Hooli,Milk Frother,3,165.0,Shipped\n"
    "SO-6,Acme Corp,Travel Mug,30,360.0,Cancelled\n"
    "SO-7,Hooli,Travel Mug,8,96.0,Shipped\n"
)
SERVICES = (
    "Vehicle,Service,Garage\nVan 1,Oil change,QuickFix\nVan 2,Brakes,AutoCare\nTruck 1,Tyres,AutoCare\n"
    "Van 1,Brakes,QuickFix\nTruck 1,Brakes,AutoCare\n"
)


def test_never_is_the_values_no_row_saying_it_holds():
    # read row by row, every product of an order not cancelled was listed (Travel Mug too), at 0.8
    orders = table_of(ORDERS)
    assert answer("Which products were never cancelled?", orders, "string_array") == [
        "Milk Frother",
        "French Press",
    ]
    assert answer("Which customers have never cancelled an order?", orders, "string_array") == ["Umbrella"]
    assert answer("How many customers never cancelled an order?", orders, "integer") == 1
    assert answer("Which customers never ordered a Travel Mug?", orders, "string_array") == []
    services = table_of(SERVICES, "maintenance.csv")
    assert answer("Which vehicles never had an oil change?", services, "string_array") == ["Van 2", "Truck 1"]
    # every garage did brakes: none never did
    assert answer("Which garages were never used for brakes?", services, "string_array") == []


def test_never_shows_the_rows_of_the_values_never_said():
    # it showed every order beside "Milk Frother, French Press"
    orders = table_of(ORDERS)
    reading = parse.read("Which products were never cancelled?", orders, AnswerType.STRING_ARRAY)
    assert reading is not None
    shown, count = rows_read(reading, execute(reading.plan, orders), orders)
    assert count == 3 and [row["Order ID"] for row in shown] == ["SO-3", "SO-4", "SO-5"]


def test_never_of_a_column_of_one_value_a_row_is_read_row_by_row():
    orders = table_of(ORDERS)
    reading = parse.read("Which orders were never cancelled?", orders, AnswerType.STRING_ARRAY)
    assert reading is not None and reading.kind is ReadingKind.LIST
    assert answer("Which orders were never cancelled?", orders, "string_array") == [
        "SO-1", "SO-3", "SO-4", "SO-5", "SO-7",
    ]  # fmt: skip


def test_never_is_explained_and_said():
    orders = table_of(ORDERS)
    reading = parse.read("Which products were never cancelled?", orders, AnswerType.STRING_ARRAY)
    assert reading is not None and reading.kind is ReadingKind.NEVER and reading.second is not None
    assert reading.coverage == 1.0 and not reading.unexplained
    assert describe(reading.plan, orders) == "take each 'Product' once of orders.csv"
    assert describe(reading.second, orders) == "take each 'Product' once of orders.csv where 'Status' = 'Cancelled'"


def test_a_column_compared_with_its_average():
    # "how many orders had revenue above average" answered the average revenue; the list had no reading
    orders = table_of(ORDERS)  # average revenue 536.43, average quantity 20.29
    assert answer("How many orders were above the average revenue?", orders, "integer") == 2
    assert answer("How many orders had revenue above average?", orders, "integer") == 2
    assert answer("Which orders had a quantity below average?", orders, "string_array") == ["SO-2", "SO-5", "SO-7"]
    assert answer("Which customers placed orders above average?", orders, "string_array") == ["Acme Corp", "Umbrella"]
    staff = table_of("Employee,Salary\nAda,98000\nBen,72000\nCara,61000\nDev,88000\n", "staff.csv")
    assert answer("Who earns less than the mean salary?", staff, "string_array") == ["Ben", "Cara"]
    reading = parse.read("Which employees earn more than the average salary?", staff, AnswerType.STRING_ARRAY)
    assert reading is not None and reading.coverage == 1.0
    assert describe(reading.plan, staff) == "take 'Employee' of staff.csv where 'Salary' > its average"
    # the average asked for is still an average
    assert answer("What is the average revenue?", orders, "float") == pytest.approx(536.43, abs=0.01)


def test_an_average_compared_with_leaves_a_totals_row_out():
    totals = table_of("Rep,Sales\nAna,100\nBo,300\nCy,200\nTotal,600\n", "sales.csv")
    compared = Plan(Operation.COUNT, where=(Condition(1, ">", None, "average"),))
    assert run(compared, totals) == [(1,)]  # Bo's 300 is above 200, the average of the three reps


def test_only_numbers_are_compared_with_their_average():
    orders = table_of(ORDERS)
    with pytest.raises(InvalidPlan):
        check(Plan(Operation.COUNT, where=(Condition(1, ">", None, "average"),)), orders)
    with pytest.raises(InvalidPlan):
        check(Plan(Operation.COUNT, where=(Condition(4, "=", None, "average"),)), orders)


def test_the_average_number_of_rows_per_value():
    # it counted every order, held at 0.25 with "average" and "per customer" unread
    orders = table_of(ORDERS)  # 7 orders of 3 customers
    assert answer("What is the average number of orders per customer?", orders, "float") == pytest.approx(7 / 3)
    assert answer("How many orders does a customer place on average?", orders, "float") == pytest.approx(7 / 3)
    assert answer("On average, how many orders does each customer place?", orders, "float") == pytest.approx(7 / 3)
    # of the cancelled ones: over every customer, or over those who cancelled? Not read so
    cancelled = parse.read("What is the average number of cancelled orders per customer?", orders, AnswerType.FLOAT)
    assert cancelled is None or cancelled.kind is not ReadingKind.PER_GROUP_AVERAGE
    reading = parse.read("What is the average number of orders per customer?", orders, AnswerType.FLOAT)
    assert reading is not None and reading.kind is ReadingKind.PER_GROUP_AVERAGE and reading.coverage == 1.0
    assert reading.each_ungrouped is None  # "per customer" is read
    # an amount that adds up is each customer's added up, averaged (it averaged the orders, held at 0.25)
    assert answer("What is the average revenue per customer?", orders, "float") == pytest.approx(3755 / 3)
    # an amount of each row is averaged as it is
    assert answer("What is the average quantity per order?", orders, "float") == pytest.approx(142 / 7)


def test_the_top_one_by_an_amount_adds_up_its_rows():
    # "who is our top customer by revenue" read the customer of the one largest order, at 0.8 ("top" no highest)
    orders = table_of(ORDERS)  # Umbrella 1500, Acme Corp 1735, Hooli 520
    assert answer("Who is our top customer by revenue?", orders, "string") == "Acme Corp"
    assert answer("Which is the top product by quantity?", orders, "string") == "Travel Mug"  # 72
    assert answer("Who is the top customer by revenue among shipped orders?", orders, "string") == "Acme Corp"
    # "the top laps" of a column named so is still the one row's
    laps = table_of("Location,Laps\nDover,400\nTexas,450\nDover,200\n", "races.csv")
    assert answer("Which location had the top laps?", laps, "string") == "Texas"


def test_the_gap_between_the_highest_and_lowest():
    # no reading: "gap" was no difference
    staff = table_of("Employee,Salary\nAda,98000\nBen,72000\nCara,41000\n", "staff.csv")
    assert answer("What is the salary gap between the highest and lowest paid?", staff, "float") == 57000.0
    reading = parse.read("What is the gap between the highest and lowest salary?", staff, AnswerType.FLOAT)
    assert reading is not None and reading.kind is ReadingKind.DIFFERENCE and not reading.unexplained


def test_the_average_cost_per_kg_is_the_total_over_the_total():
    # right, but held at 0.28 with "average" left unexplained
    shipments = table_of("Shipment,Weight (kg),Cost\nS-1,10,40\nS-2,30,60\n", "shipments.csv")
    reading = parse.read("What is the average cost per kg?", shipments, AnswerType.FLOAT)
    assert reading is not None and not reading.unexplained
    assert answer("What is the average cost per kg?", shipments, "float") == 2.5  # 100 / 40, not (4 + 2) / 2


def test_a_salary_is_a_years_pay():
    # "the average monthly salary" averaged a Salary of 98,000 a year, at 0.8
    staff = table_of("Employee,Salary\nAda,98000\nBen,72000\n", "staff.csv")
    monthly = parse.read("What is the average monthly salary?", staff, AnswerType.FLOAT)
    assert monthly is not None and "monthly" in monthly.unexplained
    annual = parse.read("What is the average annual salary?", staff, AnswerType.FLOAT)
    assert annual is not None and not annual.unexplained
    # a Salary its name says is monthly is read as it says
    paid = table_of("Employee,Monthly Salary\nAda,8000\nBen,6000\n", "staff.csv")
    assert answer("What is the average monthly salary?", paid, "float") == 7000.0
    reading = parse.read("What is the average monthly salary?", paid, AnswerType.FLOAT)
    assert reading is not None and not reading.unexplained


SUBSCRIPTIONS = (
    "Customer,Plan,Monthly Fee,Region,Active\n"
    "Acme Corp,Enterprise,1200,EMEA,Yes\nBlue Ocean,Team,300,AMER,Yes\nCobalt Ltd,Starter,49,APAC,No\n"
    "Delta Foods,Team,300,EMEA,Yes\nEvergreen,Enterprise,1500,AMER,Yes\nFjord AS,Team,300,EMEA,No\n"
)


def test_recurring_revenue_is_the_active_monthly_fees_added_up():
    # "what is our MRR" had no reading; "the MRR of the Team plan" read the first Team fee (300), at 0.8
    subscriptions = table_of(SUBSCRIPTIONS, "subscriptions.csv")
    assert answer("What is our MRR?", subscriptions, "float") == 3300.0  # not the churned 49 and 300
    assert answer("What is our monthly recurring revenue?", subscriptions, "float") == 3300.0
    assert answer("What is the MRR of the Team plan?", subscriptions, "float") == 600.0
    assert answer("What is the MRR from churned customers?", subscriptions, "float") == 349.0
    assert answer("Which region has the highest MRR?", subscriptions, "string") == "AMER"  # 1800 to EMEA's 1500
    reading = parse.read("What is our monthly recurring revenue?", subscriptions, AnswerType.FLOAT)
    assert reading is not None and not reading.unexplained
    assert describe(reading.plan, subscriptions) == "sum of 'Monthly Fee' of subscriptions.csv where 'Active' = 'Yes'"
    # a year's is no month's
    annual = parse.read("What is our annual recurring revenue?", subscriptions, AnswerType.FLOAT)
    assert annual is not None and "annual" in annual.unexplained


MONTHLY = (
    "Region,Jan,Feb,Mar,Apr,Target\nNorth,12000,13500,12800,14100,50000\nSouth,9800,10200,11900,12500,45000\n"
    "East,15300,14900,16100,15800,60000\n"
)


def test_the_row_that_grew_the_most_across_columns_of_months():
    # it ranked the rows' totals (East), "grew" left out, at 0.8
    monthly = table_of(MONTHLY, "monthly_sales.csv")
    assert answer("Which region grew the most from January to April?", monthly, "string") == "South"  # +2,700
    assert answer("Which region grew the least from Jan to Apr?", monthly, "string") == "East"  # +500
    reading = parse.read("Which region grew the most from January to April?", monthly, AnswerType.STRING)
    assert reading is not None and not reading.unexplained
    # how far a row is from its target is not its target: no reading (it named the largest Target, at 0.8)
    assert parse.read("Which region is furthest from its target?", monthly, AnswerType.STRING) is None
    assert answer("Which region has the highest target?", monthly, "string") == "East"


def test_an_analysts_words_for_spend_requests_and_length():
    # each right, and held under 0.5 with a word left out: "ad", "requests", "length"
    campaigns = table_of("Campaign,Channel,Spend\nSpring Sale,Email,1200\nBrand Video,YouTube,8500\n", "campaigns.csv")
    spend = parse.read("What is our total ad spend?", campaigns, AnswerType.FLOAT)
    assert spend is not None and not spend.unexplained
    leave = table_of(
        "Employee,Leave Type,Days,Approved\nAda,Vacation,9,Yes\nBen,Sick,2,Yes\nEve,Vacation,6,No\n", "leave.csv"
    )
    approved = parse.read("What percentage of leave requests were approved?", leave, AnswerType.FLOAT)
    assert approved is not None and not approved.unexplained
    assert answer("What percentage of leave requests were approved?", leave, "float") == pytest.approx(200 / 3)
    length = parse.read("What is the average length of leave?", leave, AnswerType.FLOAT)
    assert length is not None and not length.unexplained
    assert answer("What is the average length of leave?", leave, "float") == pytest.approx(17 / 3)


MAINTENANCE_LOG = (
    "Vehicle,Date,Service,Cost,Downtime Days\nVan 1,2025-01-08,Oil change,85,0\nVan 2,2025-02-15,Brakes,420,2\n"
    "Van 1,2025-02-10,Brakes,390,1\nTruck 1,2025-03-03,Engine repair,2450,6\n"
)


def test_a_maintenance_logs_rows_are_services():
    # "serviced", "maintain" left out (0.72); "the average downtime per service" declined as one value per Service
    log = table_of(MAINTENANCE_LOG, "maintenance.csv")
    serviced = parse.read("How many vehicles were serviced in February?", log, AnswerType.INTEGER)
    assert serviced is not None and not serviced.unexplained
    assert answer("How many vehicles were serviced in February?", log, "integer") == 2
    maintain = parse.read("Which vehicle costs the most to maintain?", log, AnswerType.STRING)
    assert maintain is not None and not maintain.unexplained
    assert answer("Which vehicle costs the most to maintain?", log, "string") == "Truck 1"
    downtime = parse.read("What is the average downtime per service?", log, AnswerType.FLOAT)
    assert downtime is not None and downtime.each_ungrouped is None
    assert answer("What is the average downtime per service?", log, "float") == 2.25


def test_a_month_negated_is_the_values_of_no_row_in_it():
    # "which customers did not order in March" listed those who did, at 0.8, explained whole
    dated = table_of(
        "Order ID,Order Date,Customer\nSO-1,2025-03-02,Hooli\nSO-2,2025-04-09,Acme Corp\nSO-3,2025-05-01,Hooli\n",
        "orders.csv",
    )
    assert answer("Which customers did not order in March?", dated, "string_array") == ["Acme Corp"]
    assert answer("Which customers didn't order in March?", dated, "string_array") == ["Acme Corp"]
    reading = parse.read("Which customers didn't order in March?", dated, AnswerType.STRING_ARRAY)
    assert reading is not None and not reading.unexplained
    # of one row each, the rows not in March
    assert answer("Which orders were not placed in March?", dated, "string_array") == ["SO-2", "SO-3"]


def test_a_negation_the_plan_holds_nothing_of_is_left_out():
    # "not" and "no" are stop words: a count of every row for "how many ranks have no name" was explained whole (0.8)
    ranks = table_of("Rank,Name,Points\n1,Ana,30\n2,,25\n3,Bo,20\n", "ranks.csv")
    reading = parse.read("How many ranks have no name?", ranks, AnswerType.INTEGER)
    assert reading is not None and "no" in reading.unexplained
    assert reading_confidence(reading, ranks) < 0.5
    # a number at 0 accounts for "no", as a condition that excludes accounts for "not"
    clubs = table_of("Club,Wins,Losses\nAsh,10,0\nElm,8,2\n", "clubs.csv")
    none_lost = parse.read("Which clubs had no losses?", clubs, AnswerType.STRING_ARRAY)
    assert none_lost is not None and not none_lost.unexplained
    assert answer("Which clubs had no losses?", clubs, "string_array") == ["Ash"]
    orders = table_of(ORDERS)
    shipped = parse.read("Which orders were not cancelled?", orders, AnswerType.STRING_ARRAY)
    assert shipped is not None and not shipped.unexplained


def test_vans_are_the_numbered_vans_but_not_the_vans_counted():
    log = table_of(MAINTENANCE_LOG, "maintenance.csv")
    # it averaged every vehicle's downtime, "vans" left out (0.28): the rows of "Van 1" and "Van 2"
    assert answer("What is the average downtime for vans?", log, "float") == 1
    assert answer("How much did we spend on the vans?", log, "integer") == 895
    # "how many vans" asks for vans, not the vans' services: still a word left out
    counted = parse.read("How many vans were serviced?", log, AnswerType.INTEGER)
    assert counted is None or "vans" in counted.unexplained
    # an amount is no kind: "two weeks" of a Week column of "Week 1", "Week 2"
    weeks = table_of("Week,Contestant\nWeek 1,Ann\nWeek 2,Bo\nFinal,Cy\n", "show.csv")
    lasted = parse.read("Which contestant lasted two weeks?", weeks, AnswerType.STRING)
    assert lasted is None or all(c.op != "contains" for c in lasted.plan.where)
