"""Ranges of years, columns of counts, order lines and budgets (2026-11-29, fifteenth stop: a yearly revenue table, an
order lines table and a budget against actuals table of my own, and the fresh WikiTableQuestions tuning questions of
that stop): "from 2020 to 2022" is every year between, a change "from 2019 to 2023" is the last year's less the
first's, "headcount" names a Headcount column, "how many appearances" of an "Appearance" column of numbers adds them
up where "how many weeks" of a "Week" that numbers the rows counts them, a column of years is compared with years
only, the orders of order lines are their Order IDs, a line number is no amount, what was spent beside a budget is
the Actual, a variance is the Actual less the Budget, "within budget" is at most it, a quarter picks the cells of a
column of month names, "the conversion rate" is of a Converted column, a rate left out caps the answer, and "not
completed" keeps the rows that leave the date empty (a leads table and training records of my own), a stock
movement's In and Out are said "received" and "shipped out", and leaving is the End Date (a staff table)."""

from __future__ import annotations

from backend.answer.table_confidence import PARTIAL, reading_confidence
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

YEARLY = """Year,Region,Revenue,Customers,Headcount
2019,North,120000,40,12
2020,North,135000,44,13
2021,North,150000,51,15
2022,North,171000,58,16
2023,North,190000,63,18
2019,South,90000,30,9
2020,South,88000,29,9
2021,South,97000,33,10
2022,South,105000,36,11
2023,South,118000,41,12
"""

# a player's seasons, as WikiTableQuestions' tables/203-csv/34.csv writes them (a dash: none that season)
SEASONS = """Season,Appearance,Interchange,Tries,Goals,Points
2000(Bulldogs),–,1,–,–,0
2001(Bulldogs),21,3,13,1,55
2002(Bulldogs),17,–,10,–,42
2003(Bulldogs),19,–,8,–,34
2004(Bulldogs),25,1,8,–,34
2005(Bulldogs),23,–,11,1,49
2006(Roosters),16,–,–,–,0
"""

CHART = """Week,Date,Song title,Performer
1,3 January 2014,Timber,Pitbull
2,10 January 2014,Timber,Pitbull
3,17 January 2014,I See Fire,Ed Sheeran
4,24 January 2014,I See Fire,Ed Sheeran
5,31 January 2014,I See Fire,Ed Sheeran
"""


def test_from_one_year_to_another_is_every_year_between():
    # it added up 2020 and 2022 alone (306,000, at 0.8)
    yearly = table_of(YEARLY, "yearly.csv")
    assert answer("How much revenue did North make from 2020 to 2022?", yearly, "integer") == 456000
    assert answer("How much revenue did North make between 2020 and 2022?", yearly, "integer") == 456000
    assert answer("How much revenue did the South make in 2021 and 2022?", yearly, "integer") == 202000  # the two
    # a season written with its club ("2000(Bulldogs)") is still its year: nt-5532 (it counted 1, at 0.8)
    seasons = table_of(SEASONS, "seasons.csv")
    assert answer("how many interchanges were recorded from 2000 to 2005", seasons, "integer") == 5


def test_a_change_from_one_year_to_another_is_the_last_years_less_the_firsts():
    # it added up the five years (766,000, at 0.72: "grow" left out)
    yearly = table_of(YEARLY, "yearly.csv")
    assert answer("How much did North's revenue grow from 2019 to 2023?", yearly, "integer") == 70000
    assert answer("How many customers did North gain from 2019 to 2023?", yearly, "integer") == 23
    assert answer("By how much did South's revenue fall from 2019 to 2020?", yearly, "integer") == 2000
    assert answer("Did South's revenue grow from 2019 to 2020?", yearly, "boolean") is False


def test_headcount_names_a_headcount_column():
    # "the average headcount" averaged the Revenue, at 0.8 ("headcount" is a cue to count rows elsewhere)
    yearly = table_of(YEARLY, "yearly.csv")
    # 68 / 6, as the service rounds it
    assert answer("What was the average headcount from 2019 to 2021?", yearly, "float") == 11.3333333333
    assert answer("What was North's headcount in 2023?", yearly, "integer") == 18
    staff = table_of("Employee,Department\nAna,Sales\nBo,Sales\nCy,Ops\n", "staff.csv")
    assert answer("What is the headcount of Sales?", staff, "integer") == 2  # no such column: its rows counted


def test_a_column_of_counts_named_in_the_singular_is_added_up():
    # nt-10123: "how many appearances" counted the season's one row (1, at 0.8)
    seasons = table_of(SEASONS, "seasons.csv")
    assert answer("how many appearances did he have in 2001?", seasons, "integer") == 21
    # a Week that numbers the rows is no count: "how many weeks" counts the song's rows (nt-3152, right before)
    chart = table_of(CHART, "chart.csv")
    assert answer('how many weeks was "i see fire" at number one?', chart, "integer") == 3


def test_a_comparison_with_a_number_no_year_could_be_is_no_condition_on_a_column_of_years():
    # nt-5468: "at least five seasons" read as a Season of 5 or later, and counted every row (at 0.72)
    curling = table_of("Season,Skip\n1995–96,Arnold Asham\n1996–97,Dale Duguid\n1997–98,Randy Ferbey\n", "teams.csv")
    reading = parse.read("how many players were in at least five seasons?", curling, AnswerType.INTEGER)
    assert reading is None or not any(c.column == 0 and c.op == ">=" for c in reading.plan.where)
    assert answer("how many seasons were after 1996?", curling, "integer") == 2  # a year compared still is


LINES = """Order ID,Line,Product,Category,Qty,Unit Price,Order Date,Customer
O-100,1,Espresso Beans,Coffee,3,14.50,2024-05-02,Harbor Cafe
O-100,2,Paper Cups,Supplies,200,0.08,2024-05-02,Harbor Cafe
O-101,1,Espresso Beans,Coffee,10,14.50,2024-05-03,Nook Bakery
O-101,2,Oat Milk,Dairy,12,3.20,2024-05-03,Nook Bakery
O-102,1,Decaf Beans,Coffee,2,15.00,2024-05-07,Harbor Cafe
O-103,1,Paper Cups,Supplies,500,0.08,2024-05-09,Corner Deli
O-103,2,Espresso Beans,Coffee,5,14.50,2024-05-09,Corner Deli
O-103,3,Oat Milk,Dairy,6,3.20,2024-05-09,Corner Deli
O-104,1,Oat Milk,Dairy,24,3.20,2024-05-14,Nook Bakery
"""


def test_orders_of_order_lines_are_their_different_order_ids():
    # it counted the lines (9 orders, 3 for Nook Bakery, at 0.8)
    lines = table_of(LINES, "lines.csv")
    assert answer("How many orders are there?", lines, "integer") == 5
    assert answer("How many orders did Nook Bakery place?", lines, "integer") == 2
    assert answer("Which customers placed the most orders?", lines, "string_array") == ["Harbor Cafe", "Nook Bakery"]
    assert answer("Which customer placed the most orders?", lines, "string") is None  # a tie: declined, not a pick


def test_a_line_number_that_starts_again_in_each_order_is_no_amount():
    # it added up the line numbers ("how many lines does order O-103 have": 6) and read the largest as a quantity (3)
    lines = table_of(LINES, "lines.csv")
    assert answer("How many lines does order O-103 have?", lines, "integer") == 3
    assert answer("Which order has the most lines?", lines, "string") == "O-103"
    assert answer("What was the largest single line quantity?", lines, "integer") == 500


def test_ordered_the_most_of_a_product_is_its_units():
    # a tie of rows (one order line each), declined
    lines = table_of(LINES, "lines.csv")
    assert answer("Which customer ordered the most Paper Cups?", lines, "string") == "Corner Deli"


BUDGET = """Department,Month,Budget,Actual
Marketing,Jan,20000,18500
Marketing,Feb,20000,23100
Marketing,Mar,22000,21900
Engineering,Jan,50000,52000
Engineering,Feb,50000,49500
Engineering,Mar,55000,58200
Sales,Jan,30000,27000
Sales,Feb,30000,31500
Sales,Mar,30000,29000
"""


def test_what_was_spent_beside_a_budget_is_the_actual():
    # it read Marketing's first Budget (20,000, at 0.29)
    budget = table_of(BUDGET, "budget_actual.csv")
    assert answer("How much did Marketing spend in total?", budget, "integer") == 63500
    assert answer("Which department spent the most in total?", budget, "string") == "Engineering"


def test_a_variance_is_the_actual_less_the_budget():
    # it read Engineering's first Budget (50,000, at 0.29)
    budget = table_of(BUDGET, "budget_actual.csv")
    assert answer("What was the total variance for Engineering?", budget, "integer") == 4700
    assert answer("What was Marketing's variance in January?", budget, "integer") == -1500
    assert answer("Which department had the largest variance in February?", budget, "string") == "Marketing"


def test_an_underspend_is_the_budget_less_the_actual():
    # no reading (2026-12-07): Sales's January is 3,000 under, the largest
    budget = table_of(BUDGET, "budget_actual.csv")
    assert answer("Which department had the largest underspend?", budget, "string") == "Sales"
    assert answer("What was Marketing's underspend in January?", budget, "integer") == 1500
    assert answer("Which department had the largest overspend?", budget, "string") == "Engineering"


def test_within_budget_is_at_most_the_budget():
    # it counted every department of March (3, "within" left out, at 0.25)
    budget = table_of(BUDGET, "budget_actual.csv")
    assert answer("How many departments stayed within budget in March?", budget, "integer") == 2


def test_a_quarter_or_a_range_of_months_picks_the_cells_of_a_month_column():
    # "Q1" was left out (every month added up, at 0.28)
    budget = table_of(BUDGET.replace("Mar,", "Apr,", 1), "budget_actual.csv")  # Marketing's third month is April
    assert answer("What is the total budget for Q1?", budget, "integer") == 285000
    assert answer("How much did Sales spend in Q1?", budget, "integer") == 87500
    assert answer("What was the total actual spend from January to February?", budget, "integer") == 201600


LEADS = """Lead ID,Source,Owner,Converted,Deal Value
L-01,Webinar,Maya,Yes,12000
L-02,Paid Search,Omar,No,
L-03,Referral,Maya,Yes,30000
L-04,Paid Search,Jin,Yes,8000
L-05,Webinar,Omar,No,
L-06,Paid Search,Maya,No,
"""


def test_the_conversion_rate_is_the_share_of_converted_rows():
    # no reading
    leads = table_of(LEADS, "leads.csv")
    assert answer("What is the conversion rate?", leads, "float") == 50.0


def test_a_rate_left_out_is_a_measure_dropped():
    # "the highest conversion rate" ordered the sources by their Deal Value, at 0.8 (now read as each source's rate,
    # below): a rate no reading computes caps the answer under the table bar (declined, offered)
    leads = table_of(LEADS, "leads.csv")
    reading = parse.read("Which source has the highest deal rate?", leads, AnswerType.STRING)
    assert reading is not None and "rate" in reading.unexplained
    assert reading_confidence(reading, leads) == PARTIAL["a time or bound left out"]


def test_a_count_of_different_values_keeps_the_rows_a_column_said_empty():
    # "how many courses has Cara not completed" counted all her courses (2, at 0.8)
    training = table_of(
        "Employee,Course,Completed On,Score\nCara,GDPR,2024-01-30,95\nCara,Security Basics,,\nAna,GDPR,2024-03-02,72\n",
        "training.csv",
    )
    assert answer("How many courses has Cara not completed?", training, "integer") == 1
    assert answer("How many courses has Cara completed?", training, "integer") == 1


MOVES = """Date,SKU,Product,Warehouse,Movement,Quantity,Unit Cost
2024-04-01,SKU-1,Widget,North,In,500,2.50
2024-04-02,SKU-2,Gadget,North,In,200,7.00
2024-04-03,SKU-1,Widget,North,Out,120,2.50
2024-04-03,SKU-1,Widget,South,In,300,2.40
2024-04-05,SKU-2,Gadget,North,Out,80,7.00
2024-04-09,SKU-1,Widget,South,Out,90,2.40
"""


def test_a_stock_movements_direction_is_said_by_its_verbs():
    # "received" counted Widget's rows (3) and "shipped out" added up every Widget movement (1,010), both at 0.72
    moves = table_of(MOVES, "moves.csv")
    assert answer("How many Widgets were received?", moves, "integer") == 800
    assert answer("How many Widgets were shipped out?", moves, "integer") == 210
    assert answer("How many units came into the North warehouse?", moves, "integer") == 700
    assert answer("Which warehouse shipped the most units?", moves, "string") == "North"
    # the rows are movements: counted, not the different directions (2, at 0.8)
    assert answer("How many movements were there in April?", moves, "integer") == 6


def test_leaving_is_the_end_date_and_current_staff_have_none():
    # "when did Ben leave" read his Start Date (0.8); "how many employees have left" counted every row (0.28)
    staff = table_of(
        "Employee,Team,Start Date,End Date,Salary\nAva,Platform,2019-03-01,,98000\n"
        "Ben,Platform,2021-07-15,2023-10-31,82000\nCleo,Data,2020-01-06,,105000\n",
        "staff.csv",
    )
    assert answer("When did Ben leave?", staff, "datetime") == "2023-10-31T00:00:00Z"
    assert answer("How many employees have left?", staff, "integer") == 1
    assert answer("What is the average salary of current employees?", staff, "float") == 101500
    assert answer("How many people are still employed?", staff, "integer") == 2  # it counted all three, at 0.8


def test_a_cell_that_writes_no_value_is_no_answer():
    # nt-7451: "who was the first recorded winner" answered the Women's winner of a year she was not recorded, "—"
    marathon = table_of(
        "Year,Men's winner,Women's winner\n1959,Fritz Schöning,—\n1960,Ali Baba,Ann Lee\n", "marathon.csv"
    )
    reading = parse.read("Who was the women's winner in 1959?", marathon, AnswerType.STRING)
    assert reading is not None and reading.plan.select
    assert answer("Who was the women's winner in 1959?", marathon, "string") is None
    assert answer("Who was the women's winner in 1960?", marathon, "string") == "Ann Lee"


def test_the_group_with_the_highest_rate_is_ranked_by_its_share_of_rows():
    # "the highest conversion rate" ordered the sources by their Deal Value (at 0.8, "conversion rate" left out)
    leads = table_of(LEADS, "leads.csv")  # Webinar 1 of 2, Paid Search 1 of 3, Referral 1 of 1
    assert answer("Which source has the highest conversion rate?", leads, "string") == "Referral"
    assert answer("Which source has the lowest conversion rate?", leads, "string") == "Paid Search"
    assert answer("Which owner has the highest conversion rate?", leads, "string") == "Jin"  # 1 of 1, Maya 2 of 3
    assert cap_of("Which source has the highest conversion rate?", leads, AnswerType.STRING) is None
    # a value said before "rate": "No-show" of a Status
    visits = table_of(
        "Doctor,Status\nDr. Lee,Completed\nDr. Lee,No-show\nDr. Lee,Completed\n"
        "Dr. Okafor,No-show\nDr. Okafor,Completed\n",
        "appointments.csv",
    )
    assert answer("Which doctor has the highest no-show rate?", visits, "string") == "Dr. Okafor"


def test_a_groups_win_rate_is_of_its_decided_rows():
    # Tom's open deal is no loss: 1 of 1 decided, against Priya's 2 of 3
    deals = table_of(
        "Deal,Owner,Stage\nD-1,Priya,Closed Won\nD-2,Tom,Negotiation\nD-3,Priya,Closed Lost\nD-4,Tom,Closed Won\n"
        "D-5,Priya,Closed Won\n",
        "deals.csv",
    )
    assert answer("Which owner has the highest win rate?", deals, "string") == "Tom"
    # a tie is declined, and listed when a list is asked for
    reps = table_of("Rep,Won\nAna,Yes\nAna,No\nBo,Yes\nBo,No\nCy,No\n", "reps.csv")
    assert answer("Which rep has the highest win rate?", reps, "string") is None
    assert answer("Which reps have the highest win rate?", reps, "string_array") == ["Ana", "Bo"]


def test_stars_are_a_rating():
    # "how many 5-star reviews" counted every review (8, at 0.28: the stars left out)
    reviews = table_of(
        "Review ID,Product,Rating\nR1,Kettle,5\nR2,Kettle,2\nR3,Toaster,4\nR4,Toaster,1\nR5,Blender,5\n", "reviews.csv"
    )
    assert answer("How many 5-star reviews are there?", reviews, "integer") == 2
    assert answer("How many products have a 1-star review?", reviews, "integer") == 1
    assert answer("What percentage of reviews gave 4 stars or more?", reviews, "float") == 60.0


def test_a_period_left_out_caps_the_answer_and_a_level_beaten_adds_up_the_periods():
    # "which quarter had the highest total sales" named a rep (at 0.66), of a table with a column for each quarter;
    # "by how much did Dana beat her quota" read her Quota (at 0.72): her quarters added up, less the Quota
    quotas = table_of("Rep,Quota,Q1,Q2\nAlice,500,190,210\nDana,450,250,225\n", "quotas.csv")
    reading = parse.read("Which quarter had the highest total sales?", quotas, AnswerType.STRING)
    assert reading is not None and reading_confidence(reading, quotas) == PARTIAL["a time or bound left out"]
    assert answer("By how much did Dana beat her quota?", quotas, "integer") == 25
    assert answer("By how much did Alice miss her quota?", quotas, "integer") == 100
    assert answer("What percentage of her quota did Alice reach?", quotas, "float") == 80.0
