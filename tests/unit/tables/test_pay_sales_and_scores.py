"""An analyst's words over more business tables of my own (2026-11-28, third stop: employees with bonuses, product
sales, shop orders, a survey, incidents, grades, a shop's footfall, a menu, vendor invoices, appointments, a call
centre): an amount including another (Salary plus Bonus), the price, rate and value of what was sold or counted, what
"free", "revenue", "downtime", "visitors", "margin" and "late" name, a score averaged, not added up; and (2026-11-29)
a name said in part right after "what is" ("what is acme's revenue"), names capitalised and said in part beside a
value said whole or joined by "and", the most expensive product of a table of orders, a value asked of each of a
column, the first of the rows a name picks, a payroll, and managers counted where some rows have none."""

from __future__ import annotations

import pytest

from backend.answer.table_cap_levels import EACH_UNGROUPED
from backend.answer.table_caps import matched_caps
from backend.answer.table_confidence import PARTIAL, reading_confidence
from backend.tables import parse
from backend.tables.plan import InvalidPlan, Operation, Plan, check
from backend.tables.plan_words import describe
from backend.tables.query import execute
from backend.types import AnswerType
from tests.unit.tables.sample import ORDERS, answer, cap_of, run, table_of

EMPLOYEES = """Employee,Department,Salary,Bonus,Location
Ava Green,Engineering,120000,15000,Remote
Ben Hart,Engineering,98000,8000,London
Dan Ortiz,Sales,70000,22000,Madrid
Eve Stone,Sales,65000,,Remote
Raj Patel,Engineering,160000,25000,London
"""

PRODUCT_SALES = """Product,Category,Units Sold,Revenue,Returns,Rating
Aero Mug,Kitchen,1200,14400,30,4.5
Cozy Throw,Home,800,31200,45,4.7
Desk Lamp,Office,620,18600,8,3.9
Ergo Chair,Office,150,44850,5,4.4
"""

SHOP_ORDERS = """Order ID,Customer,Country,Items,Subtotal,Shipping
SO-1,Lena,Germany,3,120.50,5.99
SO-2,Omar,France,1,45.00,4.99
SO-3,Lena,Germany,5,310.00,0
SO-4,Omar,France,4,150.00,4.99
"""

SURVEY = """Respondent,Region,Satisfaction
R-01,North,4
R-02,South,2
R-03,North,5
R-04,East,3
R-05,East,5
R-06,North,1
"""

INCIDENTS = """Incident,Service,Duration (min),Root Cause
INC-1,API,45,Deploy
INC-2,Web,20,Network
INC-3,API,120,Deploy
INC-4,Web,30,Database
"""

GRADES = """Student,Course,Grade
Ana,Math 101,88
Ana,History 210,92
Chen,History 210,67
Chen,Math 101,95
Dara,Physics 150,58
"""


def _reading(question: str, table, answer_type: str = "float"):
    reading = parse.read(question, table, AnswerType(answer_type))
    assert reading is not None
    return reading


def test_an_amount_including_another_adds_the_two_row_by_row():
    # "who earns the most including bonus" ranked the Bonus alone, "the total payroll including bonuses" summed the
    # Salary with "including" left out (0.18), "the total compensation of Dan Ortiz" read his Salary at 0.65
    employees = table_of(EMPLOYEES, "employees.csv")
    assert answer("What is the total payroll including bonuses?", employees, "integer") == 583000
    assert answer("What is the total compensation of Dan Ortiz?", employees, "integer") == 92000
    assert answer("Who earns the most including bonus?", employees, "string") == "Raj Patel"
    assert _reading("What is the total compensation of Dan Ortiz?", employees).unexplained == ()
    # an empty Bonus adds nothing: Eve's pay including it is her Salary
    assert answer("What is the salary of Eve Stone including bonus?", employees, "integer") == 65000
    assert answer("What is the total salary?", employees, "integer") == 513000  # no "including": the Salary alone


def test_a_plan_adds_one_number_column_to_another_and_no_more():
    employees = table_of(EMPLOYEES, "employees.csv")
    salary, bonus = 2, 3
    assert run(Plan(Operation.MAX, salary, plus=bonus), employees) == [(185000.0,)]
    with pytest.raises(InvalidPlan):
        check(Plan(Operation.SUM, salary, plus=bonus, times=bonus), employees)
    with pytest.raises(InvalidPlan):
        check(Plan(Operation.SUM, salary, plus=1), employees)  # Department holds no numbers


def test_the_price_and_the_return_rate_of_what_was_sold_divide_by_the_units():
    # "the average price of a Desk Lamp" averaged its Revenue (18600) with "price" left out; "the return rate of the
    # Cozy Throw" read its Returns (45) at 0.8, "rate" explained by the Rating column ("rating" stems to "rate")
    sales = table_of(PRODUCT_SALES, "product_sales.csv")
    assert answer("What is the average price of a Desk Lamp?", sales, "float") == pytest.approx(30.0)
    assert answer("What is the average selling price of office products?", sales, "float") == pytest.approx(
        (18600 + 44850) / (620 + 150)
    )
    assert answer("What is the return rate of the Cozy Throw?", sales, "float") == pytest.approx(45 / 800)
    assert _reading("What is the return rate of the Cozy Throw?", sales).unexplained == ()
    assert answer("Which product has the best rating?", sales, "string") == "Cozy Throw"  # the Rating still read


def test_free_revenue_and_a_subtotal_name_what_an_order_is_worth():
    # "how many orders had free shipping" counted those that paid for it (Shipping > 0) at 0.65; "the total revenue
    # including shipping", "which country spent the most" and "the largest order" had no money column to read
    orders = table_of(SHOP_ORDERS, "orders.csv")
    assert answer("How many orders had free shipping?", orders, "integer") == 1
    assert _reading("How many orders had free shipping?", orders, "integer").unexplained == ()
    assert answer("What was the total revenue including shipping?", orders, "float") == pytest.approx(641.47)
    assert answer("Which country spent the most?", orders, "string") == "Germany"
    assert answer("What was the largest order?", orders, "string") == "SO-3"


def test_downtime_names_the_duration_and_a_score_is_averaged_per_group():
    # "which service had the most downtime" counted incidents per service (a tie) at 0.65; "which region is the most
    # satisfied" counted respondents per region at 0.65, and adding their scores up favours the region asked most
    incidents = table_of(INCIDENTS, "incidents.csv")
    assert answer("Which service had the most downtime?", incidents, "string") == "API"
    assert answer("What was the total downtime in minutes?", incidents, "integer") == 215
    survey = table_of(SURVEY, "survey.csv")
    assert answer("Which region is the most satisfied?", survey, "string") == "East"  # 4.0 against North's 3.33
    assert answer("Which region gave the highest total satisfaction?", survey, "string") == "North"  # asked: 10


def test_the_top_row_of_a_table_in_no_order_is_the_one_of_the_highest_score():
    # "who is the top student" took the table's first row at 0.8; a student's grades repeat, so it is the best average
    grades = table_of(GRADES, "grades.csv")
    assert answer("Who is the top student?", grades, "string") == "Ana"  # 90 against Chen's 81
    single = table_of("Student,Grade\nBo,71\nCy,93\nDi,88\n", "grades.csv")
    assert answer("Who is the top student?", single, "string") == "Cy"
    ranked = table_of("Rank,Player,Score\n1,Bo,71\n2,Cy,93\n", "results.csv")
    assert answer("Who is the top player?", ranked, "string") == "Bo"  # a ranked table's first row
    # "at the top of the list" is a place in the table, not a score: its first row (read as the best average before)
    assert answer("Who is at the top of the list?", single, "string") == "Bo"


STORE_DAYS = """Date,Store,Footfall,Transactions,Revenue
2026-10-01,Camden,820,205,6150.00
2026-10-01,Brixton,610,140,3920.00
2026-10-02,Camden,900,240,7440.00
2026-10-02,Brixton,580,150,4350.00
"""

MENU = """Item,Category,Price,Food Cost,Qty Sold
Margherita,Pizza,11.00,3.20,320
Pepperoni,Pizza,13.00,4.10,280
Lemonade,Drinks,3.50,0.60,400
"""

INVOICES = """Invoice,Vendor,Issued,Due,Paid On,Amount,Status
V-100,Northwind,2026-08-01,2026-08-31,2026-08-28,1200.00,Paid
V-101,Contoso,2026-08-05,2026-09-04,2026-09-12,860.50,Paid
V-102,Northwind,2026-09-01,2026-10-01,,1450.00,Overdue
"""

APPOINTMENTS = """Appointment,Patient,Doctor,Date,Status,Fee,Duration (min)
A-01,J. Smith,Dr. Patel,2026-11-02,Attended,80,20
A-02,K. Jones,Dr. Patel,2026-11-02,No-show,80,20
A-05,M. Green,Dr. Patel,2026-11-06,Attended,80,20
A-06,N. White,Dr. Okafor,2026-11-06,Attended,150,60
A-07,K. Jones,Dr. Okafor,2026-11-09,No-show,150,60
A-08,L. Brown,Dr. Okafor,2026-11-12,Attended,150,60
"""

CALLS = """Agent,Team,Calls Handled,Avg Handle Time (s),CSAT
Amira,Billing,142,310,4.6
Bruno,Billing,98,420,4.1
Chidi,Tech,75,610,4.4
"""


def test_a_value_per_thing_counted_visitors_and_what_was_sold_at_a_unit_cost():
    # "the average transaction value" averaged the Transactions (152.7) at 0.65, "how many visitors came" counted days,
    # "the total food cost of the lemonade sold" read one lemonade's (0.6) at 0.8, "the highest margin" had no reading
    days = table_of(STORE_DAYS, "store_daily.csv")
    assert answer("What is the average transaction value at Brixton?", days, "float") == pytest.approx(8270 / 290)
    assert answer("How many visitors came to Brixton in total?", days, "integer") == 1190
    menu = table_of(MENU, "menu_sales.csv")
    assert answer("What was the total food cost of the lemonade sold?", menu, "float") == pytest.approx(240.0)
    assert answer("What is the food cost of a Margherita?", menu, "float") == pytest.approx(3.2)  # one, not all sold
    assert answer("Which item has the highest margin?", menu, "string") == "Pepperoni"  # 8.90 against 7.80


def test_paid_late_compares_the_paid_date_with_the_due_date():
    # "how many invoices were paid late" counted every paid invoice (2) at 0.65
    invoices = table_of(INVOICES, "vendor_invoices.csv")
    assert answer("How many invoices were paid late?", invoices, "integer") == 1
    assert answer("Which invoices were paid late?", invoices, "string_array") == ["V-101"]
    assert _reading("How many invoices were paid late?", invoices, "integer").unexplained == ()


def test_time_spent_the_next_day_after_a_date_and_a_name_said_with_its_cue_word():
    # "how many minutes did Dr. Patel spend" added up his Fees (spending reads money); "Dr. Okafor's next appointment
    # after November 6" went one row past the first after it (none); "the longest handle time" read the Calls Handled
    # ("time" is a cue word, so "Avg Handle Time (s)" was named by one word of three)
    clinic = table_of(APPOINTMENTS, "appointments.csv")
    assert answer("How many minutes did Dr. Patel spend with patients who attended?", clinic, "integer") == 40
    assert answer("When is Dr. Okafor's next appointment after November 6?", clinic, "datetime") == (
        "2026-11-09T00:00:00Z"
    )
    calls = table_of(CALLS, "call_center.csv")
    assert answer("Who has the longest handle time?", calls, "string") == "Chidi"
    assert answer("What is the average handle time for Billing?", calls, "float") == pytest.approx(365.0)
    assert answer("Who handled the most calls?", calls, "string") == "Amira"


def test_owns_names_the_owner_and_open_is_what_is_not_done():
    # "who owns the largest deal" answered its Lead (L-3) at 0.8; "open tasks" of a Status that says "Done" was read as
    # nothing (every owner's tasks counted, at 0.65)
    leads = table_of("Lead,Stage,Deal Value,Owner\nL-1,Won,12000,Mia\nL-2,Lost,8000,Noah\nL-3,Proposal,15000,Owen\n")
    assert answer("Who owns the largest deal?", leads, "string") == "Owen"
    tasks = table_of("Task,Owner,Status\nT-1,Ana,Done\nT-2,Ben,Done\nT-3,Ana,In Progress\nT-4,Ben,Done\n", "tasks.csv")
    assert answer("Who has the most open tasks?", tasks, "string") == "Ana"
    assert answer("How many open tasks are there?", tasks, "integer") == 1


def test_a_column_named_no_better_than_another_of_its_kind_is_held_low_and_says_so():
    # "what were Widget's sales" of a Q1 Sales and a Q2 Sales read Q1's (1200) at 0.8; "how many hours has Ana logged"
    # of an Estimate (hours) and an Actual (hours) added up her estimates at 0.8 (a word for work done now names the
    # Actual: tables/senses.py; "how many hours does Ana have" says none)
    from backend.answer.table_cap_levels import ONE_OF_ALIKE

    quarters = table_of("Product,Q1 Sales,Q2 Sales\nWidget,1200,1500\nGadget,900,1100\n", "sales.csv")
    hours = table_of("Task,Owner,Estimate (hours),Actual (hours)\nT-1,Ana,8,6\nT-2,Ben,5,9\n", "tasks.csv")
    for question, table in (("What were Widget's sales?", quarters), ("How many hours does Ana have?", hours)):
        reading = _reading(question, table, "integer")
        cap = matched_caps(reading, execute(reading.plan, table), table)
        assert cap is not None and cap.level == ONE_OF_ALIKE and "alike" in cap.why, question
    # a word that tells them apart, or a name said whole, chooses: no cap
    for question, table in (("What were Widget's Q2 sales?", quarters), ("What is the total actual hours?", hours)):
        reading = _reading(question, table, "integer")
        assert reading.alike is None, question
    assert answer("What were Widget's Q2 sales?", quarters, "integer") == 1500
    # where one of them is their total, a question that names no part asks for it (an Undergraduate, a Graduate and a
    # Total enrollment: it read the first, at 0.3; WikiTableQuestions nt-4955)
    totals = table_of(
        "Product,Q1 Sales,Q2 Sales,Total Sales\nWidget,1200,1500,2700\nGadget,900,1100,2000\n", "sales.csv"
    )
    reading = _reading("What were Widget's sales?", totals, "integer")
    assert reading.alike is None and answer("What were Widget's sales?", totals, "integer") == 2700
    assert answer("What were Widget's Q1 sales?", totals, "integer") == 1200


def test_a_name_said_in_part_right_after_what_is_picks_its_row():
    # "what is acme's revenue" added up every customer's (2800): the word after "what is" was taken for the kind of
    # row asked ("what is the first building"), not the customer 'Acme Corp' said in part
    customers = table_of("Customer,Revenue\nAcme Corp,1200\nHooli Inc,800\nGlobex Ltd,500\n", "customers.csv")
    assert answer("What is Acme's revenue?", customers, "integer") == 1200
    assert answer("What are Globex's revenues?", customers, "integer") == 500
    assert answer("What is the revenue of Acme?", customers, "integer") == 1200


def test_a_capitalised_name_said_in_part_is_a_condition_beside_a_value_said_whole():
    # "How many Cold Brew Kits did Hooli buy?" added up every Cold Brew Kit (42) at 0.72: 'Hooli Inc', said in part,
    # was dropped once "cold brew kits" was said whole; "Acme and Hooli" was read as one value no cell holds
    sales = table_of(
        "Customer,Product,Quantity,Revenue\nAcme Corp,Cold Brew Kit,10,250\nHooli Inc,Espresso Beans,40,500\n"
        "Acme Corp,Espresso Beans,100,1200\nGlobex Ltd,Cold Brew Kit,8,200\nHooli Inc,Cold Brew Kit,24,576\n",
        "orders.csv",
    )
    assert answer("How many Cold Brew Kits did Hooli buy?", sales, "integer") == 24
    assert answer("How many orders did Acme and Hooli place?", sales, "integer") == 4
    assert answer("What was the revenue from Acme and Globex?", sales, "float") == 1650


def test_the_most_expensive_product_of_orders_is_the_one_of_the_highest_unit_price():
    # "what was the most expensive product" of orders added up what each product's orders came to (Espresso Beans,
    # 1700) at 0.8: a product's price is its Unit Price, averaged over its rows, not summed; an order is still priced
    # by its quantity times its price
    sales = table_of(
        "Order ID,Product,Quantity,Unit Price\nSO-1,Cold Brew Kit,10,25.00\nSO-2,Espresso Beans,40,12.50\n"
        "SO-3,Espresso Beans,100,12.00\nSO-4,Grinder,2,150.00\nSO-5,Cold Brew Kit,24,24.00\n",
        "orders.csv",
    )
    assert answer("What was the most expensive product?", sales, "string") == "Grinder"
    assert answer("Which product is the most expensive?", sales, "string") == "Grinder"
    assert answer("What was the most expensive order?", sales, "string") == "SO-3"  # 1200


def test_a_value_asked_of_each_of_a_column_is_no_one_value():
    # "how many orders did each region place" counted every order (6) at 0.8: one number cannot be one per region
    orders = table_of(ORDERS, "orders.csv")
    cap = cap_of("How many orders did each region place?", orders)
    assert cap is not None and cap.level == EACH_UNGROUPED and "'region'" in cap.why
    assert cap_of("How many orders did the Europe region place?", orders) is None
    # "per" a column of words likewise ("the total spend per department" added up every department's, at 0.8)
    per = cap_of("What is the total amount per region?", orders)
    assert per is not None and per.level == EACH_UNGROUPED and not per.offers_value


def test_the_first_of_the_rows_a_name_picks_is_its_earliest():
    # "what was the first order from Hooli" read its first row, capped as the first of several (0.38): "first" says it
    sales = table_of(
        "Order ID,Date,Customer\nSO-1,2026-01-03,Acme Corp\nSO-2,2026-02-01,Hooli Inc\nSO-3,2026-01-12,Hooli Inc\n"
        "SO-4,2026-01-20,Globex Ltd\n",
        "orders.csv",
    )
    assert answer("What was the first order from Hooli?", sales, "string") == "SO-3"
    assert answer("What was the last order from Hooli?", sales, "string") == "SO-2"


def test_a_payroll_adds_salaries_up_and_empty_cells_are_no_value_counted():
    # "what is the payroll of Engineering" read its first salary, capped as the first of several (0.38); "how many
    # managers are there" counted the empty cell of those who have none as a manager (4)
    staff = table_of(
        "Employee,Department,Salary,Manager\nAna,Engineering,120000,Raj\nBen,Engineering,98000,Raj\n"
        "Cara,Sales,70000,Dan\nDan,Sales,140000,\nRaj,Engineering,160000,\n",
        "staff.csv",
    )
    assert answer("What is the payroll of Engineering?", staff, "integer") == 378000
    assert answer("How many managers are there?", staff, "integer") == 2


def test_a_payroll_is_people_s_pay_not_any_money():
    # "the total payroll" of bookings.csv read its Total (the word "total" its name, "payroll" taken for any money),
    # and of inventory.csv its stock at its cost, each as sure as staff.csv's salaries (my own tables, 2026-12-07)
    bookings = table_of("Booking,Guest,Nights,Rate,Total\nB-1,Lena,3,140,420\nB-2,Marco,4,260,1040\n", "bookings.csv")
    inventory = table_of("Item,In Stock,Unit Cost\nKettle,14,20\nBeans,120,7.5\n", "inventory.csv")
    for table in (bookings, inventory):
        reading = parse.read("What is the total payroll?", table, AnswerType.FLOAT)
        assert reading is None or "payroll" in reading.unexplained
    staff = table_of("Employee,Department,Salary\nAna,Sales,70000\nBen,Support,50000\n", "staff.csv")
    reading = parse.read("What is the total payroll?", staff, AnswerType.FLOAT)
    assert reading is not None and reading.coverage == 1.0
    assert answer("What is the total payroll?", staff, "integer") == 120000
    # hours at their rate are pay
    timesheets = table_of("Employee,Hours,Hourly Rate\nAna,10,50\nBen,4,40\n", "timesheets.csv")
    assert answer("What are the total wages for Ben?", timesheets, "float") == 160


def test_a_word_that_names_the_column_compared_picks_no_other_column_it_names_in_part():
    # "a population of 675" also asked that "Population center" be filled in (no township has one: 0, declined)
    towns = table_of(
        "Township,Population center,Population\nBelleville,,675\nCaneyville,Caneyville,88\nCenter,,675\n",
        "towns.csv",
    )
    assert answer("How many townships have a population of 675?", towns, "integer") == 2
    assert answer("How many townships have a population center?", towns, "integer") == 1


CLIENT_INVOICES = """Invoice,Client,Issued,Amount,Paid,Status
INV-001,Acme Corp,2026-07-01,4200.00,4200.00,Paid
INV-002,Hooli Inc,2026-07-15,1800.00,0.00,Overdue
INV-003,Acme Corp,2026-08-01,5100.00,2000.00,Partially Paid
INV-004,Globex Ltd,2026-08-20,950.00,950.00,Paid
"""


def test_what_a_client_paid_and_still_owes_is_read_from_the_paid_and_amount_columns():
    # my own invoices (2026-11-29): "how much does Acme still owe" added up all it was billed (9,300 at 0.72); "how
    # much did Acme pay" the Amount of its invoices whose Status is "Paid" (4,200 at 0.8, where its Paid says 6,200);
    # "how many invoices are paid" counted the "Partially Paid" one too
    invoices = table_of(CLIENT_INVOICES, "invoices.csv")
    assert answer("How much does Acme still owe?", invoices, "float") == 3100
    assert answer("What is the outstanding balance?", invoices, "float") == 4900
    assert answer("Which client owes the most?", invoices, "string") == "Acme Corp"
    assert answer("How much did Acme pay?", invoices, "float") == 6200
    assert answer("How much has Hooli paid?", invoices, "float") == 0
    assert answer("How much did Acme pay in August?", invoices, "float") == 2000
    # the status still picks rows where the word is said of them, not as what was paid
    assert answer("What is the total amount of paid invoices?", invoices, "float") == 5150
    assert answer("How many invoices are paid?", invoices, "integer") == 2
    assert answer("How many invoices are partially paid?", invoices, "integer") == 1
    assert answer("How much was billed to Acme?", invoices, "float") == 9300
    # a column that holds what is owed is read as it is ("owe" named no Balance Due: it added up the Amount, at 0.72)
    balances = table_of("Invoice,Client,Amount,Balance Due\nINV-1,Acme,4200,0\nINV-3,Acme,5100,3100\n", "invoices.csv")
    assert answer("How much does Acme still owe?", balances, "float") == 3100
    reading = parse.read("How much does Acme still owe?", balances, AnswerType.FLOAT)
    assert reading is not None and reading.unexplained == ()


EXPENSES = """Date,Employee,Category,Amount,Approved,Receipt
2026-05-02,Priya Shah,Travel,420.00,Yes,Yes
2026-05-07,Priya Shah,Meals,64.50,No,No
2026-05-15,Tom Baker,Hardware,1250.00,Pending,Yes
2026-06-04,Omar Haddad,Travel,305.00,No,Yes
"""


def test_approved_rejected_and_missing_say_yes_or_no_of_a_column_with_a_state_besides():
    # my own expenses (2026-11-29): an Approved column of Yes, No and Pending was no column of yes and no ("the total of
    # approved expenses" had no reading, "rejected" counted every expense); "missing a receipt" counted those with one
    expenses = table_of(EXPENSES, "expenses.csv")
    assert answer("What is the total of approved expenses?", expenses, "float") == 420
    assert answer("How many expenses were rejected?", expenses, "integer") == 2
    assert answer("How many expenses are pending approval?", expenses, "integer") == 1
    assert answer("How many expenses are missing a receipt?", expenses, "integer") == 1
    reading = parse.read("How many expenses are missing a receipt?", expenses, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()


def test_a_table_with_a_column_for_each_month():
    # my own monthly sales (2026-11-29): "grow from January to April" read South's January alone (9,800 at 0.72);
    # "which month had the highest sales for North" answered its Manager, at 0.8
    monthly = table_of(
        "Region,Manager,Jan,Feb,Mar,Apr\nNorth,Ana Ruiz,12000,13500,12800,14100\n"
        "South,Ben Cole,9800,9100,10400,11000\n",
        "monthly.csv",
    )
    assert answer("How much did South's sales grow from January to April?", monthly, "integer") == 1200
    assert answer("How much did North's sales fall from February to March?", monthly, "integer") == 700
    assert answer("What were North's sales in February?", monthly, "integer") == 13500
    # (no reading then; now the month whose column is the largest of North's row: ranked_periods.py, 2026-12-07)
    assert answer("Which month had the highest sales for North?", monthly, "string") == "April"
    # a row's total is its months added up: "North's total sales" read its January (12,000 at 0.29), "which region
    # had the highest total sales" had no reading; a month's total is its column's ("total sales in January")
    assert answer("What were North's total sales?", monthly, "integer") == 52400
    assert answer("What were total sales?", monthly, "integer") == 92700
    assert answer("Which region had the lowest total sales?", monthly, "string") == "South"
    assert answer("Who sold the most overall?", monthly, "string") == "Ana Ruiz"
    assert answer("What were total sales in January?", monthly, "integer") == 21800
    reading = parse.read("What were North's total sales?", monthly, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()
    assert describe(reading.plan, monthly).startswith("sum of 'Jan' + 'Feb' + 'Mar' + 'Apr' of monthly.csv")
    # "sales" says what a month said holds, not what a month guessed does ("the average monthly sales" is no January)
    guessed = parse.read("What is the average monthly sales for North?", monthly, AnswerType.FLOAT)
    assert guessed is None or reading_confidence(guessed, monthly) < 0.4
    # a month not reported yet adds nothing to its row's total
    assert run(Plan(Operation.MAX, 1, across=(1, 2)), table_of("Region,Jan,Feb\nNorth,5,\nSouth,3,1\n")) == [(5,)]
    with pytest.raises(InvalidPlan, match="across"):
        check(Plan(Operation.SUM, 2, across=(2, 0)), monthly)  # a column of words is no amount
    with pytest.raises(InvalidPlan, match="groups"):
        check(Plan(Operation.SUM, 2, across=(2, 3), group_by=0), monthly)
    # two rows whose totals tie are no one answer (their Januaries differ: 5 and 3)
    tied = table_of("Region,Jan,Feb\nNorth,5,1\nSouth,3,3\nWest,1,2\n", "tied.csv")
    assert answer("Which region had the highest total sales?", tied, "string") is None
    assert answer("Which region had the lowest total sales?", tied, "string") == "West"
    # a column for each quarter is read as the months are (my own quarterly sales, 2026-11-29: "the total sales of the
    # Burr Grinder" read its Q1, 800 at 0.29; "grow from Q1 to Q4" its Q1)
    quarterly = table_of(
        "Product,Category,Q1,Q2,Q3,Q4\nKit,Coffee,1200,1350,1600,1900\nBeans,Coffee,3400,3100,3300,3900\n"
        "Grinder,Equipment,800,950,700,1200\n",
        "quarterly.csv",
    )
    assert answer("What were the total sales of the Grinder?", quarterly, "integer") == 3650
    assert answer("Which product had the highest total sales?", quarterly, "string") == "Beans"
    assert answer("What were total sales in Q3?", quarterly, "integer") == 5600
    assert answer("What were the total sales for the year?", quarterly, "integer") == 23400
    assert answer("How much did Beans grow from Q1 to Q4?", quarterly, "integer") == 500
    # a part of a level no column achieves is no share of rows (East's rows over all, 25%, at 0.72): left out, declined
    monthly = table_of("Region,Jan,Target\nNorth,12000,50000\nEast,15200,60000\n", "monthly.csv")
    reading = parse.read("What percentage of its target did East reach?", monthly, AnswerType.FLOAT)
    assert reading is not None and "percentage" in reading.unexplained
    assert reading_confidence(reading, monthly) == PARTIAL["a time or bound left out"]
    # where a column achieves it, it is read; and a part of the rows is still a part of the rows
    targets = table_of("Region,Sales,Target\nNorth,45000,50000\nEast,66000,60000\n", "targets.csv")
    assert answer("What percentage of its target did East reach?", targets, "float") == 110
    assert answer("What percentage of regions beat their target?", targets, "float") == 50
    # "how far is North from its target": its Target less its Sales (it read the Target, at 0.8); of a table with a
    # column for each month, the Target less the months added up
    assert answer("How far is North from its target?", targets, "integer") == 5000
    assert answer("How far is East from its target?", targets, "integer") == -6000
    wide = table_of("Region,Jan,Feb,Target\nNorth,12000,13500,30000\nEast,15200,14900,28000\n", "wide.csv")
    assert answer("How far is North from its target?", wide, "integer") == 4500
    assert answer("How far short of its target is East?", wide, "integer") == -2100


HR = """Employee,Department,Start Date,Salary,Bonus,Leave Allowance,Leave Taken,Manager
Ana Silva,Sales,2019-04-01,62000,5000,25,12,Maria Lopez
Ben Okoro,Engineering,2021-09-15,85000,8000,25,20,Tom Hart
Chloe Wu,Engineering,2023-01-09,78000,6000,22,5,Tom Hart
Dan Reyes,Sales,2022-06-20,55000,4000,22,18,Maria Lopez
"""


def test_an_hr_tables_headcount_pay_and_leave_left():
    # my own HR table (2026-11-29): "the headcount of Sales" added up its Salary (117,000 at 0.72); "the total bonus
    # paid to Engineering" its Salary ("paid" took the money column, a Bonus was none); "Ben's total compensation"
    # his Salary (a Leave Allowance was read as pay besides the Bonus); "leave days left" his allowance, held at 0.3
    # as one of two columns named alike; "joined" named no Start Date
    hr = table_of(HR, "hr.csv")
    assert answer("What is the headcount of Sales?", hr, "integer") == 2
    assert answer("What is the total bonus paid to Engineering?", hr, "integer") == 14000
    assert answer("What is Ben Okoro's total compensation?", hr, "integer") == 93000
    assert answer("How many leave days does Ana Silva have left?", hr, "integer") == 13
    assert answer("How much leave does Dan Reyes have remaining?", hr, "integer") == 4
    assert answer("How many employees joined in 2023?", hr, "integer") == 1
    # "the salary range": the largest less the smallest (no reading)
    assert answer("What is the salary range?", hr, "integer") == 30000
    assert answer("What is the range of salaries in Engineering?", hr, "integer") == 7000
    assert answer("Who has been here the longest?", hr, "string") == "Ana Silva"  # the earliest Start Date
    # the shortest the latest (it read a timesheet's fewest Hours, at 0.8, over staff.csv; 2026-12-08)
    assert answer("Which employee has been here the shortest time?", hr, "string") == "Chloe Wu"
    assert answer("Who has been with the company the longest?", hr, "string") == "Ana Silva"
    reading = parse.read("How many employees joined in 2023?", hr, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()


def test_failed_is_the_no_of_a_passed_column():
    # my own gradebook (2026-11-29): "which students failed" of a Passed column of Yes and No had no reading
    grades = table_of("Student,Class,Math,Passed\nAmir,7A,78,Yes\nBea,7A,45,No\nCarl,7B,92,Yes\nEli,7A,58,No\n")
    assert answer("Which students failed?", grades, "string_array") == ["Bea", "Eli"]
    assert answer("How many students failed in 7A?", grades, "integer") == 2
    assert answer("Did Carl fail?", grades, "boolean") is False
    assert answer("What is the pass rate?", grades, "float") == 50


def test_a_comparison_said_and_compared_by_nothing_is_not_trusted():
    # "who paid less than the standard price" listed every Standard ticket, at 0.8 (my own registrations table): no
    # condition compares, so its "than" is a comparison dropped; a number compared is read
    registrations = table_of(
        "Attendee,Ticket Type,Price Paid\nBen Ito,Standard,200\nFay Chen,Standard,180\nDev Patel,Student,50\n",
        "registrations.csv",
    )
    reading = parse.read("Who paid less than the standard price?", registrations, AnswerType.STRING_ARRAY)
    assert "than" in reading.unexplained and reading_confidence(reading, registrations) < 0.5
    assert reading.coverage == 1.0  # no content word: the question is still about the table, not its rows as text
    assert answer("Who paid less than 190?", registrations, "string_array") == ["Fay Chen", "Dev Patel"]


def test_a_year_said_beside_the_rows_identifier_is_a_dates_year():
    # "how many employees were hired before 2020" compared the Employee ID (101 to 104) with 2020, at 0.72: "employees"
    # names the ID only as the rows' name, and an identifier is no amount
    staff = table_of(
        "Employee ID,Name,Salary,Hire Date\n101,Alice Chen,145000,2019-04-15\n102,Bob Marsh,118000,2021-08-01\n"
        "103,Carla Diaz,92000,2020-02-10\n104,Dev Patel,128000,2018-06-25\n",
        "employees.csv",
    )
    assert answer("How many employees were hired before 2020?", staff, "integer") == 2
    assert answer("How many employees were hired after 2019?", staff, "integer") == 2
    assert answer("How many employees earn more than 120000?", staff, "integer") == 2


def test_the_largest_team_is_the_manager_with_the_most_rows():
    # "which manager has the largest team" read the Manager of the largest Salary, "team" left out, at 0.8
    staff = table_of(
        "Name,Salary,Manager\nAlice,145000,Fay Lin\nBob,118000,Dana Park\nCarla,92000,Dana Park\nDev,128000,Dana Park\n"
        "Ema,110000,Fay Lin\nFinn,99000,Hal Ng\n",
        "staff.csv",
    )
    assert answer("Which manager has the largest team?", staff, "string") == "Dana Park"
    assert answer("Which manager has the smallest team?", staff, "string") == "Hal Ng"
    reading = parse.read("Which manager has the largest team?", staff, AnswerType.STRING)
    assert reading is not None and reading.unexplained == ()


APPLICANTS = """Candidate,Role,Stage,Interview Score,Expected Salary,Hired
Rosa Marin,Data Analyst,Offer,86,58000,Yes
Tariq Aziz,Backend Engineer,Interview,78,82000,No
Paulo Reis,Account Manager,Offer,60,64000,Yes
Kofi Mensah,Designer,Interview,74,60000,No
"""


def test_a_salary_expected_is_not_earned_and_a_score_in_the_interview_is_the_interviews():
    # my own applicants table (2026-12-08): "earns" and "payroll" are money paid, not an Expected Salary (it read
    # "who earns the most" of it as of staff's Salary, and tied the two tables); "scored above 80 in the interview"
    # counted the rows at the Interview stage that scored over 80 (0, held at 0.1), not the Interview Scores over 80
    applicants = table_of(APPLICANTS, "applicants.csv")
    earns = parse.read("Who earns the highest salary?", applicants, AnswerType.STRING)
    assert earns is not None and "earns" in earns.unexplained
    expects = parse.read("Who expects the highest salary?", applicants, AnswerType.STRING)
    assert expects is not None and expects.unexplained == ()
    assert answer("How many candidates scored above 80 in the interview?", applicants, "integer") == 1
    assert answer("How many candidates are in the interview stage?", applicants, "integer") == 2
    # and so is the lowest "in the interview" (it ranked those at the Interview stage only, at 0.8)
    assert answer("Which candidate scored lowest in the interview?", applicants, "string") == "Paulo Reis"
    assert answer("Which candidate in the interview stage has the lowest score?", applicants, "string") == "Kofi Mensah"
    assert answer("Which candidate at the offer stage has the highest score?", applicants, "string") == "Rosa Marin"
