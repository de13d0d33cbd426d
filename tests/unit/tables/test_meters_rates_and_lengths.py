"""An analyst's odometers, prices per seat, gaps and lengths (my own fleet, staff, orders, subscriptions, campaigns and
leave tables, 2026-12-07): "how much did Van 1's mileage increase" is its latest reading less its earliest, not its
readings added up; "pays the most per seat" ranks the fee over the seats; "the revenue gap between Asia and Europe"
is a difference, of averages when "average" is said or of a rate each row has (a salary); "the average campaign
length" is its days from start to end; "who took leave" names the person, not the Leave Type; "how many services did
Van 1 have" of a maintenance log counts its services, not their kinds; "the average cost per repair" is of every
repair, not of the "Engine repair" rows; "when does Eve's leave start" is its From date; "who took the most leave"
adds up the Days; "sales in Q1" of a column for each month adds up its three months, and "the highest total sales"
ranks by the months named so."""

from __future__ import annotations

import pytest

from backend.answer.table_confidence import reading_confidence
from backend.tables import parse
from backend.tables.plan import Operation, ReadingKind
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

FLEET = (
    "Vehicle,Date,Service,Mileage,Cost\n"
    "Van 1,2025-01-08,Oil change,42150,85\n"
    "Truck 1,2025-01-22,Tyres,120400,960\n"
    "Van 1,2025-02-10,Brakes,44900,390\n"
    "Truck 1,2025-03-03,Engine repair,123900,2450\n"
    "Van 1,2025-04-25,Oil change,47800,85\n"
)
STAFF = (
    "Employee,Department,Salary\nAda,Engineering,98000\nBen,Engineering,72000\nCara,Sales,61000\n"
    "Dev,Sales,88000\nLeo,Engineering,112000\n"
)
ORDERS = "Order ID,Region,Revenue\nSO-1,Asia,259\nSO-2,Europe,396\nSO-3,Asia,1375\nSO-4,Europe,408\n"
SUBSCRIPTIONS = (
    "Customer,Plan,Monthly Fee,Seats\nAcme Corp,Enterprise,1200,40\nBlue Ocean,Team,300,10\n"
    "Evergreen,Enterprise,1500,55\nGranite Inc,Team,300,8\n"
)
CAMPAIGNS = (
    "Campaign,Channel,Start,End,Spend\nSpring Sale,Email,2025-03-01,2025-03-15,1200\n"
    "Brand Video,YouTube,2025-03-10,2025-04-10,8500\n"
)
LEAVE = (
    "Employee,Leave Type,From,To,Days\nAda Brooks,Vacation,2025-07-01,2025-07-11,9\n"
    "Ben Carter,Sick,2025-03-03,2025-03-04,2\nDev Patel,Parental,2025-05-01,2025-07-31,66\n"
)
TEAM_LEAVE = (
    "Employee,Team,Leave Type,Days\nAda,Platform,Vacation,9\nBen,Platform,Sick,2\nChloe,Sales,Vacation,10\n"
    "Dev,Sales,Parental,66\nAda,Platform,Sick,1\nBen,Platform,Vacation,5\nChloe,Sales,Sick,3\n"
)
MONTHLY_SALES = (
    "Region,Jan,Feb,Mar,Apr,Target\nNorth,12000,13500,12800,14100,50000\nSouth,9800,10200,11900,12500,45000\n"
    "East,15300,14900,16100,15800,60000\n"
)


def test_a_meter_reading_changes_by_its_latest_less_its_earliest():
    # it added Van 1's three odometer readings up (134,850), at 0.8
    fleet = table_of(FLEET, "maintenance.csv")
    assert answer("How much did Van 1's mileage increase?", fleet, "integer") == 5650
    assert answer("How much did the mileage of Truck 1 go up?", fleet, "integer") == 3500
    reading = parse.read("How much did Van 1's mileage increase?", fleet, AnswerType.INTEGER)
    assert reading is not None and reading.kind is ReadingKind.REMAINING


def test_an_amount_each_row_adds_is_no_meter():
    # Van 1's costs went down and up again: no reading of its first and last cost, and "increase" stays unexplained
    fleet = table_of(FLEET, "maintenance.csv")
    reading = parse.read("How much did Van 1's costs increase?", fleet, AnswerType.INTEGER)
    assert reading is not None and reading.kind is not ReadingKind.REMAINING
    assert "increase" in reading.unexplained


def test_pays_per_seat_is_the_fee_over_the_seats():
    # it ranked the Monthly Fee alone (Evergreen), and read Acme's whole fee, both at 0.8
    subscriptions = table_of(SUBSCRIPTIONS, "subscriptions.csv")
    assert answer("Which customer pays the most per seat?", subscriptions, "string") == "Granite Inc"
    assert answer("Which customer pays the least per seat?", subscriptions, "string") == "Evergreen"
    assert answer("How much does Acme Corp pay per seat?", subscriptions, "float") == pytest.approx(30.0)
    assert answer("Who pays the most?", subscriptions, "string") == "Evergreen"


def test_a_gap_between_two_values_is_their_difference():
    # it added Asia and Europe up, "gap" left out, at 0.72
    orders = table_of(ORDERS)
    assert answer("What's the revenue gap between Asia and Europe?", orders, "float") == pytest.approx(830.0)


def test_two_values_compared_and_taken_together_are_held_as_unsure():
    # "compared to" averaged both departments' salaries together, at 0.8
    cap = cap_of("What is the average salary in Sales compared to Engineering?", table_of(STAFF, "staff.csv"))
    assert cap is not None and cap.level < 0.4 and "together" in cap.why


def test_a_difference_in_averages_takes_the_averages():
    # it took the two departments' totals, "average" left out, at 0.72
    staff = table_of(STAFF, "staff.csv")
    question = "What is the difference in average salary between Sales and Engineering?"
    assert answer(question, staff, "float") == pytest.approx(94000 - 74500)
    reading = parse.read(question, staff, AnswerType.FLOAT)
    assert reading is not None and reading.plan.operation is Operation.AVG and not reading.unexplained


def test_a_gap_in_a_rate_each_row_has_takes_the_averages():
    # "the salary gap between Sales and Engineering" took the totals, at 0.8: a salary is each row's rate, so two
    # departments compare their averages, as revenue compares its totals (above)
    staff = table_of(STAFF, "staff.csv")
    assert answer("What is the salary gap between Sales and Engineering?", staff, "float") == pytest.approx(19500)
    # of one row each, average and total are the same
    assert answer("How much more does Ada earn than Ben?", staff, "float") == pytest.approx(26000)


def test_how_much_more_than_the_average_is_one_value_less_the_average():
    # "how much more does Leo earn than the average" answered Leo's own salary, at 0.8
    staff = table_of(STAFF, "staff.csv")
    assert answer("How much more does Leo earn than the average?", staff, "float") == pytest.approx(112000 - 86200)
    # the average of the rows said after it: the engineers' (Ada, Ben, Leo)
    assert answer("How much more does Leo earn than the average in Engineering?", staff, "float") == pytest.approx(
        112000 - 94000
    )


def test_a_length_no_column_holds_is_the_days_from_start_to_end():
    # it averaged the Spend, "length" left out, at 0.28
    campaigns = table_of(CAMPAIGNS, "campaigns.csv")
    assert answer("What was the average campaign length in days?", campaigns, "float") == pytest.approx(22.5)
    assert answer("What was the length of Spring Sale?", campaigns, "integer") == 14
    reading = parse.read("What is the average duration of a campaign?", campaigns, AnswerType.FLOAT)
    assert reading is not None and reading_confidence(reading, campaigns) >= 0.8


def test_a_column_of_days_says_the_length_itself():
    leave = table_of(LEAVE, "leave.csv")
    assert answer("What is the average length of a leave?", leave, "float") == pytest.approx(77 / 3)


def test_who_and_a_verb_asks_for_the_person_not_the_column_its_object_names():
    # "who took leave" read the Leave Type, 'Vacation', at 0.8
    leave = table_of(LEAVE, "leave.csv")
    assert answer("Who took sick leave?", leave, "string_array") == ["Ben Carter"]
    # and whoever took leave in July was away in it: Dev's leave from May to July as well as Ada's from July 1
    assert sorted(answer("Who took leave in July?", leave, "string_array")) == ["Ada Brooks", "Dev Patel"]
    # (the days taken in July are those of the leaves that began in it: a span's days are not split by month)
    assert answer("How many leave days were taken in July?", leave, "integer") == 9


def test_whose_asks_for_the_person_the_noun_is_of():
    # "whose leave is still waiting for approval" read the Leave Type, 'Vacation', at 0.8
    leave = table_of(
        "Employee,Leave Type,Days,Approved\nAda,Vacation,9,Yes\nEve,Vacation,6,No\nBen,Sick,2,Yes\n", "leave.csv"
    )
    assert answer("Whose leave is still waiting for approval?", leave, "string") == "Eve"
    assert answer("Whose vacation is the longest?", leave, "string") == "Ada"
    # (a name is what "whose name" asks for)
    assert answer("Whose name is listed after Ada?", leave, "string") == "Eve"


def test_the_services_of_a_maintenance_log_are_its_rows():
    # it counted Van 1's different kinds of service (2), at 0.8
    fleet = table_of(FLEET, "maintenance.csv")
    assert answer("How many services did Van 1 have?", fleet, "integer") == 3
    assert answer("How many different services did Van 1 have?", fleet, "integer") == 2
    # "done" says nothing the plan leaves out (held at 0.72)
    reading = parse.read("How many oil changes were done?", fleet, AnswerType.INTEGER)
    assert reading is not None and not reading.unexplained
    assert answer("How many oil changes were done?", fleet, "integer") == 2


def test_a_word_after_per_is_the_unit_not_part_of_a_cell():
    # "repair" read the "Engine repair" rows alone (2450), at 0.8
    fleet = table_of(FLEET, "maintenance.csv")
    assert answer("What is the average cost per repair?", fleet, "float") == pytest.approx(794.0)


def test_when_a_leave_starts_is_its_from_date():
    # "leave" named the Leave Type: 'Vacation', at 0.8
    leave = table_of(LEAVE, "leave.csv")
    assert answer("When does Dev Patel's leave start?", leave, "datetime") == "2025-05-01T00:00:00Z"
    assert answer("When does Dev Patel's leave end?", leave, "datetime") == "2025-07-31T00:00:00Z"


def test_the_most_leave_is_the_most_days_of_it():
    # it counted each team's leaves (Platform, 4 of them, 17 days), at 0.8: Sales took 79 days
    leave = table_of(TEAM_LEAVE, "leave.csv")
    assert answer("Which team took the most leave?", leave, "string") == "Sales"
    assert answer("Who took the most sick leave?", leave, "string") == "Chloe"
    # a file whose rows are counted keeps its count: "the most orders" of orders.csv
    orders = table_of("Order ID,Customer,Quantity\nSO-1,Hooli,50\nSO-2,Acme,2\nSO-3,Acme,3\n")
    assert answer("Which customer placed the most orders?", orders, "string") == "Acme"


def test_a_quarter_of_a_column_for_each_month_adds_up_its_months():
    # no reading
    sales = table_of(MONTHLY_SALES, "monthly_sales.csv")
    assert answer("How much did we sell in Q1?", sales, "integer") == 37100 + 38600 + 40800
    assert answer("How much did North sell in Q1?", sales, "integer") == 38300


@pytest.mark.parametrize("question", ["Which region had the highest total sales?", "Which region sold the most in Q1?"])
def test_a_ranking_by_the_months_said_is_no_guess(question):
    # ranked by the months' columns, which "total sales" and "Q1" name, it was held at 0.25 as a guessed column
    sales = table_of(MONTHLY_SALES, "monthly_sales.csv")
    reading = parse.read(question, sales, AnswerType.STRING)
    assert reading is not None and not reading.measure_guessed
    assert answer(question, sales, "string") == "East"
    assert reading_confidence(reading, sales) >= 0.8


def test_a_ratio_ranked_of_repeating_groups_is_each_ones_total_over_its_total():
    # it ranked the one cheapest shipment per kg (DHL's 40 kg at 3.0), at 0.8: UPS carries more for less over all
    shipments = table_of(
        "Shipment ID,Carrier,Weight (kg),Cost\nS-1,DHL,40,120\nS-2,DHL,2,30\nS-3,UPS,10,35\nS-4,UPS,10,35\n",
        "shipments.csv",
    )
    assert answer("Which carrier is the cheapest per kg?", shipments, "string") == "UPS"  # 3.5 against DHL's 3.57
    reading = parse.read("Which carrier has the lowest cost per kg?", shipments, AnswerType.STRING)
    assert reading is not None and reading.kind is ReadingKind.GROUP and reading.plan.per is not None
    # each shipment is its own row: its own cost per kg
    assert answer("Which shipment had the lowest cost per kg?", shipments, "string") == "S-1"


def test_relative_to_is_one_amount_over_the_other():
    # it ranked the Reorder Level, "relative" left out, at 0.8
    stock = table_of(
        "Item,In Stock,Reorder Level\nKettle,40,20\nPaper Filters,400,100\nCold Brew Bottle,3,12\n", "inventory.csv"
    )
    question = "Which item has the most stock relative to its reorder level?"
    assert answer(question, stock, "string") == "Paper Filters"
    assert (
        answer("Which item has the least stock relative to its reorder level?", stock, "string") == "Cold Brew Bottle"
    )


def test_with_us_the_longest_is_the_earliest_start():
    # no reading
    subscriptions = table_of(
        "Customer,Start Date,Monthly Fee\nBlue Ocean,2025-06-15,300\nAcme Corp,2025-03-01,1200\n", "subscriptions.csv"
    )
    assert answer("Which customer has been with us the longest?", subscriptions, "string") == "Acme Corp"


def test_the_busiest_has_the_most_rows():
    # no reading of either; "most often" left "often" out (0.72)
    fleet = table_of(FLEET, "maintenance.csv")
    assert answer("Which vehicle was the busiest?", fleet, "string") == "Van 1"
    assert answer("Which vehicle was the quietest?", fleet, "string") == "Truck 1"
    orders = table_of(
        "Order ID,Order Date,Customer,Product\nSO-1,2025-01-05,Hooli,Kettle\nSO-2,2025-03-02,Hooli,Mug\n"
        "SO-3,2025-03-09,Acme,Mug\nSO-4,2025-03-20,Hooli,Mug\n"
    )
    assert answer("What was the busiest month?", orders, "string") == "March"
    reading = parse.read("Which product did Hooli order most often?", orders, AnswerType.STRING)
    assert reading is not None and not reading.unexplained
    assert answer("Which product did Hooli order most often?", orders, "string") == "Mug"


def test_a_half_of_the_year_leaves_no_year_out():
    # "year" was left out (0.72)
    orders = table_of("Order ID,Order Date,Revenue\nSO-1,2025-01-05,100\nSO-2,2025-08-02,250\n")
    reading = parse.read("What was revenue in the first half of the year?", orders, AnswerType.FLOAT)
    assert reading is not None and not reading.unexplained
    assert answer("What was revenue in the first half of the year?", orders, "float") == 100
