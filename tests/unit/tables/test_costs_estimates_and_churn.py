"""An analyst's words over more business tables of my own (2026-11-28, fourth stop: an inventory with a Unit Cost and
a Unit Price, project tasks with an Estimate and an Actual in hours, campaigns against a budget, subscriptions with a
Cancelled On date, a call centre, a shop, a clinic, sales leads, IT assets, job candidates): each word names its own
column of a cost and a price, "hours" names an "(h)" column and the work done its Actual, how far past an estimate or
a budget is an amount and a superlative, "churned" and "active" pick the rows whose end date is filled in or left
empty, named rates, "missed", "open", "the oldest" of rows without ages, and a column's name said whole."""

from __future__ import annotations

import pytest

from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

INVENTORY = """SKU,Product,Category,On Hand,Unit Cost,Unit Price
A-1,Grinder Pro,Equipment,12,80.00,149.00
A-2,Kettle,Equipment,30,22.00,45.00
B-1,Espresso Beans,Coffee,120,9.50,18.00
B-2,Decaf Beans,Coffee,40,11.00,19.50
C-1,Filter Papers,Supplies,300,1.20,3.50
"""

TASKS = """Task,Owner,Status,Estimate (h),Actual (h)
T-1,Ana,Done,8,6
T-2,Ben,Done,5,9
T-3,Ana,In Progress,12,7
T-4,Cy,Done,3,3
T-5,Ben,Blocked,6,1
T-6,Cy,Done,10,15
"""

CAMPAIGNS = """Campaign,Budget,Spent
Spring,1000,1200
Summer,2000,1500
Autumn,800,1100
"""

SUBSCRIPTIONS = """Customer,Plan,MRR,Started,Cancelled On
Acme,Pro,499,2025-03-01,
Bolt,Basic,99,2025-06-15,2026-02-01
Crux,Pro,499,2025-09-01,
Echo,Basic,99,2026-01-10,2026-05-20
"""


def _reading(question: str, table, answer_type: str):
    reading = parse.read(question, table, AnswerType(answer_type))
    assert reading is not None
    return reading


def test_a_cost_and_a_price_are_each_named_by_their_own_word():
    # "the price of the Kettle" read its Unit Cost (22) at 0.8, and "the most expensive product" ordered by the Unit
    # Cost held at 0.3: "cost" was read as "price" everywhere, so both columns were named by either word
    inventory = table_of(INVENTORY, "inventory.csv")
    assert answer("What is the price of the Kettle?", inventory, "float") == pytest.approx(45.0)
    assert answer("What is the unit cost of the Kettle?", inventory, "float") == pytest.approx(22.0)
    assert answer("What is the most expensive product?", inventory, "string") == "Grinder Pro"
    unit_price = 5
    assert _reading("Which coffee is the most expensive?", inventory, "string").plan.order_by == unit_price
    # a table with one of the two: either word names it
    prices = table_of("Item,Price\nTea,2.50\nCake,4.00\n", "menu.csv")
    assert answer("How much does the cake cost?", prices, "float") == pytest.approx(4.0)
    costs = table_of("Part,Cost\nBolt,0.20\nGear,7.50\n", "parts.csv")
    assert answer("Which part is the most expensive?", costs, "string") == "Gear"
    assert answer("What is the price of a gear?", costs, "float") == pytest.approx(7.5)


def test_hours_name_an_h_column_and_the_work_done_its_actual():
    # "how many hours has Ana logged" counted her tasks (2) at 0.65: "(h)" was not "hours"; then it added up her
    # estimates, held at 0.3 as two columns named alike
    tasks = table_of(TASKS, "tasks.csv")
    assert answer("How many hours has Ana logged?", tasks, "integer") == 13
    assert answer("How many hours did T-2 take?", tasks, "integer") == 9
    assert answer("How many hours were worked in total?", tasks, "integer") == 41
    assert answer("What is the total number of hours estimated?", tasks, "integer") == 44


def test_how_far_past_an_estimate_or_a_budget_is_the_actual_less_the_level():
    # "which task overran its estimate the most" took the largest Estimate at 0.8; "how many hours over estimate was
    # T-6" counted one row; "which campaign went the most over budget" counted campaigns per campaign
    tasks = table_of(TASKS, "tasks.csv")
    assert answer("Which task overran its estimate the most?", tasks, "string") == "T-6"  # 5 hours against T-2's 4
    assert answer("How many hours over estimate was T-6?", tasks, "integer") == 5
    assert answer("How far over estimate was T-2?", tasks, "integer") == 4
    assert _reading("How many hours over estimate was T-6?", tasks, "integer").unexplained == ()
    assert answer("How many tasks went over their estimate?", tasks, "integer") == 2  # rows counted, not hours
    campaigns = table_of(CAMPAIGNS, "campaigns.csv")
    assert answer("Which campaign went the most over budget?", campaigns, "string") == "Autumn"
    assert answer("How much over budget was Spring?", campaigns, "integer") == 200


def test_churned_and_active_pick_the_rows_whose_end_date_is_filled_or_empty():
    # "how many customers have churned" and "the MRR from active customers" read every row at 0.18
    subscriptions = table_of(SUBSCRIPTIONS, "subscriptions.csv")
    assert answer("How many customers have churned?", subscriptions, "integer") == 2
    assert answer("What is our total MRR from active customers?", subscriptions, "integer") == 998
    assert answer("How much MRR did we lose to cancellations?", subscriptions, "integer") == 198
    assert answer("Which customers cancelled in 2026?", subscriptions, "string_array") == ["Bolt", "Echo"]
    assert answer("When did Bolt cancel?", subscriptions, "datetime") == "2026-02-01T00:00:00Z"  # the date read
    # a column of yes and no named Active keeps its own reading
    flags = table_of("Campaign,Active\nA,Yes\nB,No\nC,Yes\n", "campaigns.csv")
    assert answer("How many campaigns are active?", flags, "integer") == 2


def test_named_rates_a_missed_appointment_and_open_deals_of_won_and_lost_stages():
    # "Dana's resolution rate" and "the conversion rate at Camden" read one cell at 0.29; "which patient missed the
    # most appointments" counted every appointment (a tie) at 0.65; "open deals" of stages Won and Lost had no reading
    calls = table_of("Agent,Calls Handled,Resolved\nDana,120,95\nEko,160,150\n", "calls.csv")
    assert answer("What is Dana's resolution rate?", calls, "float") == pytest.approx(95 / 120)
    shop = table_of("Store,Footfall,Transactions\nCamden,900,240\nBrixton,580,150\n", "store_daily.csv")
    assert answer("What was the conversion rate at Camden?", shop, "float") == pytest.approx(240 / 900)
    clinic = table_of(
        "Patient,Status,Duration (min)\nJ. Smith,Attended,20\nK. Jones,No-show,20\nK. Jones,No-show,60\n"
        "L. Brown,Attended,60\n",
        "appointments.csv",
    )
    assert answer("Which patient missed the most appointments?", clinic, "string") == "K. Jones"
    assert answer("What is the average appointment length?", clinic, "float") == pytest.approx(40.0)
    leads = table_of(
        "Lead,Stage,Deal Value\nL-1,Won,12000\nL-2,Lost,8000\nL-3,Proposal,15000\nL-4,Qualified,6000\n", "leads.csv"
    )
    assert answer("What is the total value of open deals?", leads, "integer") == 21000
    assert answer("How many leads are not open?", leads, "integer") == 2  # won or lost
    # "which deals" of leads.csv names the rows, not the number of its "Deal Value" (it listed 15000 and 6000)
    assert answer("Which deals are open?", leads, "string_array") == ["L-3", "L-4"]
    closed = table_of(
        "Deal,Stage,Value\nD1,Closed Won,10\nD2,Closed Lost,20\nD3,Proposal,30\nD4,Negotiation,40\nD5,Closed Won,5\n",
        "deals.csv",
    )
    assert answer("How many open deals are there?", closed, "integer") == 2
    assert answer("How many deals are not open?", closed, "integer") == 3  # it read "not open" as open


IT_ASSETS = """Asset Tag,Type,Assigned To,Purchase Date,Cost,Warranty Ends
IT-001,Laptop,Ana Ruiz,2023-02-10,1450.00,2026-02-10
IT-002,Laptop,Ben Cole,2024-06-01,2100.00,2027-06-01
IT-003,Monitor,Ana Ruiz,2022-11-15,320.00,2025-11-15
IT-005,Laptop,,2021-09-30,1800.00,2024-09-30
"""


def test_the_oldest_of_rows_without_ages_and_a_warranty_state_left_unread():
    # "which asset is the oldest" took the largest Cost at 0.8; "how many assets are out of (under) warranty" counted
    # every asset at 0.8, "warranty" explained by a Warranty Ends date the count never compares
    from backend.answer.table_confidence import reading_confidence
    from backend.config import AnswerSettings

    assets = table_of(IT_ASSETS, "it_assets.csv")
    assert answer("Which asset is the oldest?", assets, "string") == "IT-005"
    assert answer("Which asset is the newest?", assets, "string") == "IT-002"
    assert answer("Which asset is the youngest?", assets, "string") == "IT-002"
    for question in ("How many assets are out of warranty?", "How many assets are under warranty?"):
        reading = _reading(question, assets, "integer")
        under_the_bar = reading_confidence(reading, assets) < AnswerSettings().min_table_confidence
        assert "warranty" in reading.unexplained and under_the_bar, question
    people = table_of("Name,Age\nBo,31\nCy,58\n", "staff.csv")
    assert answer("Who is the oldest?", people, "string") == "Cy"  # an Age column still orders it


def test_a_column_name_said_whole_is_no_cell_of_another_column():
    # "the average offer salary" of an "Offer Salary" beside a Stage whose cells say "Offer" averaged the offers at
    # that stage (95000) at 0.8
    candidates = table_of(
        "Candidate,Stage,Offer Salary\nAma,Hired,68000\nBen,Rejected,\nChloe,Offer,95000\nEli,Hired,98000\n",
        "candidates.csv",
    )
    assert answer("What is the average offer salary?", candidates, "float") == pytest.approx(87000.0)
    assert answer("How many candidates are at the offer stage?", candidates, "integer") == 1  # the cell, said alone


def test_who_is_in_a_state_and_the_lowest_amount_of_repeated_months():
    # "who is on leave in December" answered the Leave Type ('Annual') at 0.8: "leave" after "who is on" asks for no
    # column; "which month had the lowest expenses" of months repeated per region took the lowest row's month at 0.8
    leave = table_of(
        "Employee,Leave Type,Start,Days\nAna Ruiz,Annual,2026-07-01,8\nBen Cole,Sick,2026-03-03,2\n"
        "Ben Cole,Annual,2026-12-21,7\n",
        "leave.csv",
    )
    assert answer("Who is on leave in December?", leave, "string") == "Ben Cole"
    monthly = table_of(
        "Month,Region,Expenses,Interest Rate\nJan,North,31000,5\nJan,South,29000,4\nFeb,North,33000,3\n"
        "Feb,South,30000,6\nMar,North,34000,2\nMar,South,28000,3\n",
        "monthly.csv",
    )
    assert answer("Which month had the lowest expenses?", monthly, "string") == "Jan"  # 60000; Mar's rows 62000
    assert answer("Which month had the highest interest rate?", monthly, "string") == "Feb"  # a rate is not added up


def test_the_largest_of_rows_with_a_capacity_and_the_revenue_of_tickets_sold():
    # "which venue is the largest" ordered by the one money column, the Ticket Price, at 0.8; "the revenue from the
    # Spring Gala" read its Ticket Price (45) at 0.65
    events = table_of(
        "Event,Venue,Capacity,Tickets Sold,Ticket Price\nSpring Gala,Town Hall,300,280,45\n"
        "Jazz Night,Blue Room,120,120,30\nSummer Fair,Park,1000,640,10\n",
        "events.csv",
    )
    assert answer("Which venue is the largest?", events, "string") == "Park"
    assert answer("What was the revenue from the Spring Gala?", events, "integer") == 12600
    assert answer("Which event is the most expensive?", events, "string") == "Spring Gala"  # the price, not the takings


PROJECTS = """Project,Owner,Department,Budget,Actual Cost,Start Date,Due Date,Completed,Status
Website Redesign,Ana,Marketing,50000,62000,2026-01-05,2026-04-30,2026-05-20,Done
CRM Migration,Ben,Sales,80000,74000,2026-02-01,2026-06-30,2026-06-15,Done
Data Warehouse,Chen,IT,120000,95000,2026-03-01,2026-09-30,,In Progress
Brand Refresh,Dee,Marketing,30000,33000,2026-02-10,2026-03-31,2026-04-10,Done
Payroll Upgrade,Ben,IT,25000,0,2026-07-01,2026-10-31,,Not Started
"""


def test_a_projects_overrun_its_dates_and_its_departments_acronym_are_read():
    projects = table_of(PROJECTS, "projects.csv")
    # an overrun is the cost past the budget, though "budget" goes unsaid (it read the largest Actual Cost, at 0.8)
    assert answer("Which project had the largest overrun?", projects, "string") == "Website Redesign"
    assert answer("What was the overrun on the Brand Refresh?", projects, "float") == 3000
    assert answer("Which project went furthest over budget?", projects, "string") == "Website Redesign"
    # the date the verb names orders the rows: "finished" of Completed, "due" of the Due Date (both read the Start)
    assert answer("Which project finished earliest?", projects, "string") == "Brand Refresh"
    assert answer("Which project is due first?", projects, "string") == "Brand Refresh"
    # "started" is none of the "Not Started" ones (it picked that one row)
    assert answer("Which project started first?", projects, "string") == "Website Redesign"
    assert answer("How many projects have not started?", projects, "integer") == 1
    # "IT" written so is the department (its budgets were averaged over every project, at 0.8); "it" is a pronoun
    assert answer("What is the average budget of IT projects?", projects, "float") == 72500
    assert answer("What is the total budget for it?", projects, "float") == 305000


def test_how_long_a_project_took_is_the_days_from_its_start_to_its_completion():
    # "how long did the CRM Migration take" read its Budget (at 0.29): no verb after "take" names the end
    projects = table_of(PROJECTS, "projects.csv")
    assert answer("How long did the CRM Migration take?", projects, "integer") == 134  # 1 February to 15 June
    assert answer("How many days did the Brand Refresh take?", projects, "integer") == 59
    reading = parse.read("How many days did the Brand Refresh take?", projects, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()
    # a project not done took no days yet: no row has both dates
    assert answer("How long did the Data Warehouse take?", projects, "integer") is None


EXPENSES = """Claim ID,Employee,Department,Category,Amount,Submitted,Approved,Status
E-201,Maria Lopez,Sales,Travel,842.50,2025-04-02,2025-04-05,Approved
E-202,James Wu,Engineering,Meals,64.20,2025-04-03,2025-04-04,Approved
E-203,Maria Lopez,Sales,Meals,620.00,2025-04-07,,Pending
E-204,Sara Khan,Marketing,Software,299.00,2025-04-08,2025-04-15,Approved
E-205,James Wu,Engineering,Travel,1310.75,2025-04-10,,Rejected
"""


def test_an_expense_claim_rejected_is_its_status_and_claimed_adds_up_the_amounts():
    expenses = table_of(EXPENSES, "expenses.csv")
    # a Status writes "Rejected": that, not every claim without an Approved date (it counted 3, at 0.8)
    assert answer("How many claims were rejected?", expenses, "integer") == 1
    assert answer("How many claims were not approved?", expenses, "integer") == 2
    # "claimed" moves money: each employee's claims added up (it read the one largest claim's Employee, at 0.8)
    assert answer("Which employee claimed the most?", expenses, "string") == "Maria Lopez"  # 1462.50 to 1374.95
    assert answer("Who made the largest claim?", expenses, "string") == "James Wu"
    assert answer("How much did Maria Lopez claim?", expenses, "float") == pytest.approx(1462.5)


def test_a_word_of_a_cell_said_is_no_verb_of_money():
    # "the average bounce rate for Paid Search" averaged the Revenue ("paid" read as money paid), at 0.8
    traffic = table_of(
        "Month,Channel,Sessions,Bounce Rate,Revenue\n2025-01,Organic,12400,42%,15500\n"
        "2025-01,Paid Search,8200,55%,13200\n2025-02,Organic,13100,40%,16900\n2025-02,Paid Search,7600,58%,11000\n",
        "traffic.csv",
    )
    assert answer("What was the average bounce rate for Paid Search?", traffic, "float") == 56.5
    assert answer("How much revenue did Paid Search bring in?", traffic, "float") == 24200
    # "did X grow from A to B" is whether B's total is the larger (it counted the rows, "grow" left out, at 0.18)
    assert answer("Did Organic sessions grow from January to February?", traffic, "boolean") is True
    assert answer("Did Paid Search revenue grow from January to February?", traffic, "boolean") is False
    assert answer("Did Paid Search revenue fall from January to February?", traffic, "boolean") is True


SAAS_ACCOUNTS = """Customer,Plan,Seats,MRR,Region,Start Date,Cancelled On
Acme,Enterprise,120,6000,EMEA,2024-03-01,
Hooli,Pro,40,1600,NA,2024-06-15,2025-02-28
Initech,Pro,25,1000,NA,2024-09-01,
Globex,Starter,8,160,APAC,2025-01-10,
Umbrella,Enterprise,70,4500,NA,2023-11-20,2025-05-31
"""


def test_mrr_is_revenue_added_up_per_region_and_averaged_per_customer():
    subscriptions = table_of(SAAS_ACCOUNTS, "subscriptions.csv")
    # "revenue" of an MRR (it averaged the Seats, "revenue" left out, at 0.72)
    assert answer("What is the average revenue per seat for Acme?", subscriptions, "float") == 50
    # "per customer" of one row per customer is the average over the rows (held at 0.15 as a value for each)
    assert answer("What is the average MRR per customer on the Pro plan?", subscriptions, "float") == 1300
    cap = cap_of("What is the total MRR per region?", subscriptions, AnswerType.FLOAT)  # one per region: declined
    assert cap is not None and "'Region'" in cap.why
    # the highest MRR of a region is its customers' added up (it took the region of the largest one, at 0.8), of
    # those not cancelled (recurring_revenue.py: Hooli and Umbrella pay nothing a month now; NA's 1000 to EMEA's 6000)
    assert answer("Which region has the highest MRR?", subscriptions, "string") == "EMEA"
    assert answer("What is our MRR?", subscriptions, "float") == 7160.0  # 6000 + 1000 + 160
    assert answer("Which customer has the highest MRR?", subscriptions, "string") == "Acme"


INVOICE_DATES = """Invoice,Customer,Issued,Due Date,Paid On,Amount,Status
INV-1001,Acme,2025-01-05,2025-02-04,2025-02-01,1200.00,Paid
INV-1002,Hooli,2025-01-12,2025-02-11,2025-02-20,860.50,Paid
INV-1003,Initech,2025-01-20,2025-02-19,,2300.00,Overdue
INV-1004,Acme,2025-02-02,2025-03-04,2025-03-04,450.00,Paid
INV-1006,Hooli,2025-02-28,2025-03-30,2025-04-10,990.00,Paid
"""


def test_paid_on_time_the_days_to_pay_and_who_paid_the_most():
    invoices = table_of(INVOICE_DATES, "invoices.csv")
    # "on time" is by the due date (it counted every paid invoice, "time" left out, at 0.72)
    assert answer("How many invoices were paid on time?", invoices, "integer") == 2
    assert answer("Which invoices were paid late?", invoices, "string_array") == ["INV-1002", "INV-1006"]
    # "the average days to pay": from Issued to Paid On (it averaged the Amount, at 0.72)
    assert answer("What is the average days to pay?", invoices, "float") == pytest.approx(137 / 4)  # 27, 39, 30, 41
    # "paid" is the Status and money paid: each customer's paid invoices added up (Hooli 1850.50, Acme 1650)
    assert answer("Which customer paid the most?", invoices, "string") == "Hooli"


def test_a_cancellation_rate_of_a_cancelled_flag_and_the_most_expensive_booking():
    bookings = table_of(
        "Booking ID,Guest,Nights,Rate,Total,Channel,Cancelled\nB-01,Li Wei,3,180,540,Direct,No\n"
        "B-02,Sam Ortiz,1,120,120,Expedia,No\nB-03,Ana Silva,5,320,1600,Expedia,Yes\n"
        "B-04,Eva Berg,2,320,640,Direct,Yes\n",
        "bookings.csv",
    )
    # "cancellation" names the Cancelled flag: a share of the bookings, though a Rate column is there (it read one
    # cancelled booking's Rate, 320, at 0.8)
    assert answer("What is the cancellation rate?", bookings, "float") == 50
    assert answer("What is the cancellation rate for Direct bookings?", bookings, "float") == 50
    assert answer("What is the rate for B-02?", bookings, "float") == 120
    # "expensive" of a Total: the largest (it counted each booking's one row, a tie, declined)
    assert answer("What was the most expensive booking?", bookings, "string") == "B-03"
