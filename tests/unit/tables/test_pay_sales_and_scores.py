"""An analyst's words over more business tables of my own (2026-11-28, third stop: employees with bonuses, product
sales, shop orders, a survey, incidents, grades): an amount including another (Salary plus Bonus), the price and
return rate of what was sold, what "free", "revenue" and "downtime" name, and a score averaged, not added up."""

from __future__ import annotations

import pytest

from backend.tables import parse
from backend.tables.plan import InvalidPlan, Operation, Plan, check
from backend.types import AnswerType
from tests.unit.tables.sample import answer, run, table_of

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
