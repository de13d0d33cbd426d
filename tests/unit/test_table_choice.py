"""Which of a context's tables answers a question both read (answer/table_choice.py): a log of an event (returns.csv)
answers only the questions that say the event, by the log's name or by a column of it named for the event, and a log
answers a verb of logging; a "who" that names no role asks for no thing, and a party billed is a client; between
equals, the one whose columns the question names by their own names, then the one whose cells it says whole; and
tables nothing tells apart are ``even`` (a share of the rows is not surer for a column its words name)."""

from __future__ import annotations

import pytest

from backend.answer.table_choice import ambiguous, even, ranked
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import table_of

RETURNS = "Return ID,Customer,Units,Refund\nR-1,Hooli,2,110\nR-2,Acme,5,60\n"
PAYMENTS = "Payment ID,Customer,Amount,Status\nP-1,Hooli,2200,Cleared\nP-2,Acme,95,Refunded\nP-3,Hooli,310,Refunded\n"
ORDERS = "Order ID,Customer,Units\nSO-1,Hooli,3\nSO-2,Acme,4\n"


def _candidates(question: str, *tables, answer_type: AnswerType = AnswerType.FLOAT):
    readings = [(table, parse.read(question, table, answer_type)) for table in tables]
    return ranked(question, [(r.coverage, {}, t, r) for t, r in readings if r is not None])


def test_a_column_named_for_the_event_says_it():
    # "refund" names the Refund of returns.csv: the log is not ruled out as an event unsaid, so the payments' Amount
    # of its Refunded rows no longer answers alone at 0.8 (bench/table_qa.py --business, 2026-12-07): a tie
    returns, payments = table_of(RETURNS, "returns.csv"), table_of(PAYMENTS, "payments.csv")
    candidates = _candidates("What was the total refund amount?", payments, returns)
    assert len(candidates) == 2 and ambiguous("What was the total refund amount?", candidates)


def test_a_log_answers_no_question_that_does_not_say_its_event():
    returns, orders = table_of(RETURNS, "returns.csv"), table_of(ORDERS, "orders.csv")
    candidates = _candidates("How many units did Hooli buy?", returns, orders)
    assert candidates[0][2] is orders and not ambiguous("How many units did Hooli buy?", candidates)


INVENTORY = "Item,Category,In Stock,Unit Cost\nKettle,Brewing,14,20\nBeans,Coffee,120,7.5\nMugs,Coffee,12,3\n"
PURCHASES = "PO,Item,Qty,Unit Cost\nPO-1,Coffee Beans,100,7\nPO-2,Kettle,5,19\n"
SALES = "Order ID,Item,Quantity,Unit Price\nSO-1,Kettle,2,30\nSO-2,Beans,10,9\n"


@pytest.mark.parametrize(
    ("question", "rival", "rival_name"),
    [
        # "stock" names inventory.csv's In Stock by its name, and orders.csv's Quantity only as what a quantity may
        # be (a tie listed in the order of the files; my own business tables, 2026-12-07)
        ("What is the total value of stock on hand?", SALES, "orders.csv"),
        # "coffee" is inventory.csv's Category 'Coffee' whole, and only part of purchase_orders.csv's 'Coffee Beans'
        ("How many units of coffee do we have?", PURCHASES, "purchase_orders.csv"),
    ],
)
def test_between_equals_the_table_whose_columns_or_cells_the_question_says_answers(question, rival, rival_name):
    inventory, other = table_of(INVENTORY, "inventory.csv"), table_of(rival, rival_name)
    for tables in ((other, inventory), (inventory, other)):
        candidates = _candidates(question, *tables)
        assert candidates[0][2] is inventory and not even(question, candidates)


def test_tables_nothing_tells_apart_are_even():
    projects = table_of("Project,Client,Hours\nWebsite,Northwind,420\nMigration,Contoso,610\n", "projects.csv")
    timesheets = table_of("Date,Employee,Project,Hours\n2025-09-01,Priya,Website,7.5\n", "timesheets.csv")
    candidates = _candidates("How many hours were worked in total?", projects, timesheets)
    assert len(candidates) == 2 and even("How many hours were worked in total?", candidates)
    # a verb of logging says the log
    for tables in ((projects, timesheets), (timesheets, projects)):
        candidates = _candidates("How many hours were logged in total?", *tables)
        assert candidates[0][2] is timesheets and not even("How many hours were logged in total?", candidates)


def test_a_share_of_the_rows_is_no_surer_for_a_column_its_word_names():
    # "rate" names the Rate of bookings.csv, which the share of its Cancelled rows does not read: it answered
    # bookings' 50% over orders' 25% as if the question had said bookings (my own business tables, 2026-12-07)
    bookings = table_of("Booking,Rate,Status\nB-1,120,Cancelled\nB-2,95,Confirmed\n", "bookings.csv")
    orders = table_of(
        "Order ID,Product,Status\nSO-1,Mug,Shipped\nSO-2,Kettle,Cancelled\nSO-3,Mug,Shipped\nSO-4,Beans,Shipped\n",
        "orders.csv",
    )
    for tables in ((bookings, orders), (orders, bookings)):
        candidates = _candidates("What is the cancellation rate?", *tables)
        assert len(candidates) == 2 and even("What is the cancellation rate?", candidates)
    # said, the table's name decides
    candidates = _candidates("What share of orders were cancelled?", bookings, orders)
    assert candidates[0][2] is orders and not even("What share of orders were cancelled?", candidates)


def test_a_who_that_names_no_role_asks_for_no_thing():
    # "who joined most recently" answered campaigns.csv's latest Campaign, tied with staff.csv and listed first (my
    # own business tables, 2026-12-07)
    campaigns = table_of(
        "Campaign,Channel,Start\nSpring Sale,Email,2025-03-01\nBlack Friday,Ads,2025-11-20\n", "campaigns.csv"
    )
    staff = table_of("Employee,Department,Start Date\nAda,Sales,2019-03-04\nJon,Support,2024-04-15\n", "staff.csv")
    for tables in ((campaigns, staff), (staff, campaigns)):
        candidates = _candidates("Who joined most recently?", *tables, answer_type=AnswerType.STRING)
        assert candidates[0][2] is staff and not ambiguous("Who joined most recently?", candidates)


def test_a_verb_of_billing_names_a_client_not_a_supplier():
    # "how much should we invoice Fabrikam" tied a timesheet's Client with purchase orders' Supplier, the first listed
    # answering (my own business tables, 2026-12-07); "what did Fabrikam bill us" names the supplier
    timesheets = table_of("Employee,Client,Hours,Hourly Rate\nPriya,Fabrikam,7.5,120\nMarco,Contoso,8,140\n", "t.csv")
    orders = table_of("PO,Supplier,Item,Qty,Unit Cost\nPO-1,Fabrikam,Cups,500,0.12\nPO-2,Contoso,Tea,4,9\n", "p.csv")
    for tables in ((orders, timesheets), (timesheets, orders)):
        candidates = _candidates("How much should we invoice Fabrikam?", *tables)
        assert candidates[0][2] is timesheets and not ambiguous("How much should we invoice Fabrikam?", candidates)
        candidates = _candidates("How much did Fabrikam invoice us?", *tables)
        assert candidates[0][2] is orders


STAFF = "Employee,Department,Salary,Start Date\nAda Brooks,Sales,98000,2019-03-04\nBen Carter,Sales,72000,2021-06-14\n"
APPLICANTS = (
    "Candidate,Department,Stage,Expected Salary,Hired\nRosa Marin,Sales,Offer,105000,Yes\n"
    "Omar Haddad,Sales,Rejected,62000,No\n"
)
PROJECTS = "Project,Manager,Start Date,Budget\nAtlas,Omar Haddad,2025-01-06,40000\n"


@pytest.mark.parametrize(
    ("question", "answer_type"),
    [
        # staff.csv's Salary is named whole, the Expected Salary in part; "earns" and "payroll" are money paid, which
        # no expected salary is (tied, declined; my own applicants table, 2026-12-08)
        ("Who has the second highest salary?", AnswerType.STRING),
        ("Who earns the highest salary?", AnswerType.STRING),
        ("What is the total payroll of the Sales department?", AnswerType.INTEGER),
    ],
)
def test_a_salary_paid_is_no_salary_expected(question, answer_type):
    staff, applicants = table_of(STAFF, "staff.csv"), table_of(APPLICANTS, "applicants.csv")
    for tables in ((applicants, staff), (staff, applicants)):
        candidates = _candidates(question, *tables, answer_type=answer_type)
        assert candidates[0][2] is staff and not ambiguous(question, candidates)


def test_a_flags_yes_is_said_by_its_columns_name():
    # "was Omar hired" of applicants.csv's Hired: its "Yes" is said by "hired"; it ranked projects.csv's Manager of the
    # same name first (its yes at 0.536, wrong), as if the applicants' condition said a cell the question did not.
    # ("Hired" and a Start Date are both named by "hired": nothing else tells the two apart.)
    applicants, projects = table_of(APPLICANTS, "applicants.csv"), table_of(PROJECTS, "projects.csv")
    for tables in ((projects, applicants), (applicants, projects)):
        candidates = _candidates("Was Omar Haddad hired?", *tables, answer_type=AnswerType.BOOLEAN)
        assert len(candidates) == 2 and even("Was Omar Haddad hired?", candidates)
