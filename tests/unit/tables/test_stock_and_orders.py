"""An analyst's words over business tables of my own (2026-11-28: purchase orders, an inventory, registrations,
invoice lines, sales targets, a wide monthly table, department budgets, timesheets, accounts, shipments): money no
column holds (a quantity times its unit cost or price, hours times a rate), what "units" and "stock" name, targets
beaten and missed, months and years said as columns, and which column answers for the rows a question names; and
(2026-11-29) a value said in part that is no stem of another cell, "below" a column that compares, and the largest
invoice."""

from __future__ import annotations

import pytest

from backend.answer.table_confidence import PARTIAL, reading_confidence
from backend.tables import parse
from backend.tables.plan import InvalidPlan, Operation, Plan, check
from backend.tables.plan_json import from_json
from backend.tables.plan_words import describe
from backend.tables.query import execute
from backend.tables.rows_shown import rows_read
from backend.types import AnswerType
from tests.unit.tables.sample import answer, run, table_of

PURCHASE_ORDERS = """PO Number,Vendor,Item,Qty,Unit Cost,Order Date,Received Date,Status
PO-1001,Acme Supply,Printer Paper,40,4.50,2026-01-05,2026-01-09,Received
PO-1002,Office Hub,Toner,6,62.00,2026-01-12,2026-01-20,Received
PO-1003,Acme Supply,Staplers,15,8.75,2026-02-02,2026-02-04,Received
PO-1004,TechDirect,Monitors,4,189.00,2026-02-18,,Open
PO-1005,Office Hub,Printer Paper,60,4.20,2026-03-01,2026-03-03,Received
PO-1006,TechDirect,Keyboards,12,35.50,2026-03-10,,Cancelled
"""

INVENTORY = """SKU,Product,Warehouse,On Hand,Reorder Point,Unit Cost,Unit Price
A-100,Espresso Beans,Leeds,140,50,9.50,18.00
B-200,Paper Filters,York,900,200,0.02,0.10
B-201,Oat Milk,York,60,80,1.20,2.40
C-300,Grinder Pro,Leeds,8,5,120.00,249.00
C-301,Milk Frother,York,0,3,25.00,59.00
"""


def test_a_total_no_column_holds_is_the_quantity_times_its_unit_cost():
    # "the value of PO-1002" read its Qty (6) and "how much did we spend with Acme Supply" its first Qty (40), both
    # declined at 0.29 for the word left out: an order's value is its quantity times what one of it cost
    orders = table_of(PURCHASE_ORDERS, "purchase_orders.csv")
    reading = parse.read("What is the total value of PO-1002?", orders, AnswerType.FLOAT)
    assert reading is not None and reading.unexplained == ()
    assert describe(reading.plan, orders) == (
        "sum of 'Qty' times 'Unit Cost' of purchase_orders.csv where 'PO Number' = 'PO-1002'"
    )
    assert answer("What is the total value of PO-1002?", orders, "float") == 372
    assert answer("How much did we spend with Acme Supply?", orders, "float") == 311.25  # 40 × 4.50 + 15 × 8.75
    assert answer("What was the total order value in March?", orders, "float") == 678  # 60 × 4.20 + 12 × 35.50
    # a column named by the word is read as it is: "what does the Toner cost" is its Unit Cost
    assert answer("What did the Toner cost?", orders, "float") == 62


def test_a_value_of_a_table_with_a_cost_and_a_price_says_which_or_is_not_read():
    stock = table_of(INVENTORY, "inventory.csv")
    # money in is at the price, money out at the cost; "value" could be either, so it is no product of columns
    assert answer("What are the sales of Oat Milk?", stock, "float") == pytest.approx(144)  # 60 × 2.40
    reading = parse.read("What is the total inventory value?", stock, AnswerType.FLOAT)
    assert reading is None or reading.plan.times is None


def test_units_and_stock_name_the_one_column_of_what_is_held():
    # "how many units are in York" counted York's rows (3) at 0.65; "which warehouse holds the most stock" tied on
    # rows; "which products are out of stock" found no reading
    stock = table_of(INVENTORY, "inventory.csv")
    assert answer("How many units are in the York warehouse?", stock, "integer") == 960
    assert answer("Which warehouse holds the most stock?", stock, "string") == "York"
    assert answer("Which products are out of stock?", stock, "string_array") == ["Milk Frother"]
    assert answer("How many products are in stock?", stock, "integer") == 4
    assert answer("How many products need to be reordered?", stock, "integer") == 2  # Oat Milk, Milk Frother


def test_the_rows_a_question_names_by_a_date_column_are_answered_by_what_tells_them_apart():
    # "list the cancelled orders" answered the Order Date of PO-1006 at 0.8: "orders" names the "Order Date" column,
    # but says what the rows are; "who registered first" answered a date
    orders = table_of(PURCHASE_ORDERS, "purchase_orders.csv")
    assert answer("List the cancelled orders.", orders, "string_array") == ["PO-1006"]
    assert answer("What was the most expensive order?", orders, "string") == "PO-1004"
    # the date asked for by name is still the date
    assert answer("What was the order date of PO-1003?", orders, "datetime") == "2026-02-02T00:00:00Z"
    assert answer("When was PO-1004 ordered?", orders, "datetime") == "2026-02-18T00:00:00Z"
    registrations = table_of(
        "Attendee,Company,Price Paid,Registered On\nMia Park,Northwind,450,2026-08-01\n"
        "Omar Haddad,Contoso,199,2026-08-15\nRaj Patel,Fabrikam,49,2026-09-10\n",
        "registrations.csv",
    )
    assert answer("Who registered first?", registrations, "string") == "Mia Park"
    assert answer("Who registered last?", registrations, "string") == "Raj Patel"


def test_a_product_of_two_columns_is_a_plan_checked_like_the_others():
    orders = table_of(PURCHASE_ORDERS, "purchase_orders.csv")
    plan = check(Plan(Operation.SUM, column=3, times=4), orders)
    assert run(plan, orders)[0][0] == pytest.approx(180 + 372 + 131.25 + 756 + 252 + 426)
    largest = check(Plan(Operation.ROWS, select=(0,), order_by=3, times=4, descending=True, limit=1), orders)
    assert run(largest, orders)[0][0] == "PO-1004"  # 4 × 189 = 756
    assert from_json({"operation": "sum", "column": "Qty", "times": "Unit Cost"}, orders).times == 4
    with pytest.raises(InvalidPlan):
        check(Plan(Operation.SUM, column=3, times=1), orders)  # the Vendor holds no numbers
    with pytest.raises(InvalidPlan):
        check(Plan(Operation.SUM, column=3, times=4, less=4), orders)  # one measure of two columns


INVOICE_LINES = """Invoice,Customer,Product,Quantity,Unit Price
INV-1,Hooli,Widget,10,2.50
INV-1,Hooli,Gadget,2,15.00
INV-2,Initech,Widget,100,2.25
INV-3,Hooli,Gizmo,1,99.00
INV-4,Globex,Gadget,5,15.00
"""


def test_what_a_customer_spent_or_paid_is_the_quantity_times_the_one_unit_price():
    # "which customer spent the most" counted each customer's lines (Hooli, 3) at 0.65: Initech spent 225
    lines = table_of(INVOICE_LINES, "invoice_lines.csv")
    assert answer("Which customer spent the most?", lines, "string") == "Initech"
    assert answer("How much did Globex pay?", lines, "float") == 75
    assert answer("How much revenue did Hooli bring in?", lines, "float") == 154  # 25 + 30 + 99
    assert answer("Which product generated the most revenue?", lines, "string") == "Widget"  # 25 + 225
    assert answer("How many widgets were sold?", lines, "integer") == 110  # units, not money


def test_the_rows_of_a_file_named_for_their_lines_are_not_what_its_first_word_counts():
    # "how many invoices are there" of invoice_lines.csv counted its 5 lines at 0.8: its rows are lines, and the
    # Invoice column names 4 invoices; of invoices.csv the rows are the invoices
    assert answer("How many invoices are there?", table_of(INVOICE_LINES, "invoice_lines.csv"), "integer") == 4
    assert answer("How many invoices are there?", table_of(INVOICE_LINES, "invoices.csv"), "integer") == 5


SALES_TARGETS = """Rep,Region,Quarter,Target,Actual,Deals Closed
Ava Chen,West,Q1,50000,62000,8
Ava Chen,West,Q2,55000,48000,6
Ben Ortiz,East,Q1,40000,41000,5
Ben Ortiz,East,Q2,45000,52000,7
Cara Diaz,South,Q1,30000,22000,3
Cara Diaz,South,Q2,35000,36000,4
"""


def test_a_target_is_beaten_missed_and_exceeded_by_the_actual_beside_it():
    # "which reps beat their target in Q2" listed every Q2 rep at 0.8 ("beat" left out), and "by how much did Ben
    # Ortiz exceed his target" answered his Target (45000) at 0.8
    targets = table_of(SALES_TARGETS, "sales_targets.csv")
    reading = parse.read("Which reps beat their target in Q2?", targets, AnswerType.STRING_ARRAY)
    assert reading is not None and reading.unexplained == ()
    assert answer("Which reps beat their target in Q2?", targets, "string_array") == ["Ben Ortiz", "Cara Diaz"]
    assert answer("How many times did a rep miss their target?", targets, "integer") == 2
    assert answer("Who hit their target in Q1?", targets, "string_array") == ["Ava Chen", "Ben Ortiz"]
    assert answer("By how much did Ben Ortiz exceed his target in Q2?", targets, "float") == 7000
    assert answer("By how much did Cara Diaz miss her target in Q1?", targets, "float") == 8000
    # a share of a target is the Actual over it ("what percentage of her target" counted her rows: 16.7, at 0.65)
    assert answer("What percentage of her target did Cara Diaz reach in Q1?", targets, "float") == pytest.approx(
        100 * 22000 / 30000
    )
    # "sales" names the Actual beside a Target, where no column is named for sales
    assert answer("Who had the highest sales in Q2?", targets, "string") == "Ben Ortiz"
    assert answer("Which region had the lowest sales?", targets, "string") == "South"
    # a verb of meeting a level compares nothing where no level is named: "reached" of a column of amounts
    reading = parse.read("Which reps reached 50000 in Actual?", targets, AnswerType.STRING_ARRAY)
    assert reading is None or all(c.view != "column" for c in reading.plan.where)


def test_a_wide_tables_month_columns_are_named_by_the_months_in_full():
    # "Widget's sales in February" read its Q1 Total, the month left out (declined at 0.15): "Feb" is February
    wide = table_of(
        "Product,Jan,Feb,Mar,Q1 Total\nWidget,1200,1350,1500,4050\nGadget,800,950,700,2450\nGizmo,300,280,410,990\n",
        "monthly_sales.csv",
    )
    assert answer("What were Widget sales in February?", wide, "integer") == 1350
    assert answer("What were total sales in March?", wide, "integer") == 2610
    assert answer("Which product sold the most in January?", wide, "string") == "Widget"
    assert answer("What is the Q1 total for Gizmo?", wide, "integer") == 990


def test_a_change_across_two_columns_of_years_is_the_later_less_the_earlier():
    # "how much did the Sales budget increase from 2025 to 2026" answered its 2025 budget at 0.65, and "whose budget
    # grew the most" was ordered by the 2025 budget
    budgets = table_of(
        "Department,Budget 2025,Budget 2026,Headcount\nEngineering,1200000,1450000,42\nMarketing,500000,480000,12\n"
        "Sales,800000,900000,25\n",
        "department_budgets.csv",
    )
    assert answer("How much did the Sales budget increase from 2025 to 2026?", budgets, "integer") == 100000
    assert answer("Which department's budget grew the most?", budgets, "string") == "Engineering"
    assert answer("How much did the Marketing budget fall?", budgets, "integer") == 20000
    assert answer("What is the 2026 budget for Marketing?", budgets, "integer") == 480000
    # a rate said whose divisor no reading takes ("per head" of a Headcount column) is a measure dropped: the 2026
    # budget alone was answered at 0.8; now it is under the bar, as a month or bound left out is
    dropped = parse.read("What is the budget per head in Engineering for 2026?", budgets, AnswerType.FLOAT)
    assert dropped is not None and dropped.unexplained[:1] == ("per",)
    assert reading_confidence(dropped, budgets) == PARTIAL["a time or bound left out"] < 0.4  # under the table bar


TIMESHEETS = """Consultant,Client,Hours,Rate,Billable
Ana Ruiz,Acme,32,150,Yes
Ana Ruiz,Globex,8,150,No
Ben Cole,Acme,40,120,Yes
Chen Li,Initech,25,175,Yes
Ben Cole,Initech,12,120,Yes
"""


def test_time_billed_at_a_rate_is_the_hours_times_the_rate():
    # "how much should we bill Acme" added up its hours (72) at 0.65, "the total billable amount for Initech" at 0.8
    sheets = table_of(TIMESHEETS, "timesheets.csv")
    assert answer("How much should we bill Acme?", sheets, "float") == 9600
    assert answer("What is the total billable amount for Initech?", sheets, "float") == 5815  # 25 × 175 + 12 × 120
    assert answer("Who billed the most?", sheets, "string") == "Ben Cole"  # a consultant, not a client
    assert answer("How many hours did Ben Cole log?", sheets, "integer") == 52
    # the rate asked for is the rate
    assert answer("What is Ana Ruiz's rate?", sheets, "float") == 150
    assert answer("Who has the highest rate?", sheets, "string") == "Chen Li"


def test_what_was_billed_is_the_billable_time():
    # "how much did we bill for Ana Ruiz" priced her 8 hours for Globex that are not billable ("bill" and "Billable"
    # stem apart), and "how many hours did we bill" priced the hours asked for (my own timesheets, 2026-12-07)
    sheets = table_of(TIMESHEETS, "timesheets.csv")
    assert answer("How much did we bill for Ana Ruiz?", sheets, "float") == 4800  # 32 × 150
    assert answer("How much did we bill Acme?", sheets, "float") == 9600
    assert answer("How many hours did we bill Initech?", sheets, "float") == 37
    assert answer("How many hours did we bill in total?", sheets, "float") == 109


def test_a_price_per_seat_is_multiplied_by_the_seats():
    # "the total revenue from Enterprise accounts" added up their Price per Seat (78) at 0.65, and "which account pays
    # the most" was the one with the highest price per seat (Acme), not the largest bill (Hooli)
    accounts = table_of(
        "Account,Plan,Seats,Price per Seat\nAcme,Enterprise,250,40\nGlobex,Business,80,25\nHooli,Enterprise,400,38\n",
        "accounts.csv",
    )
    assert answer("What is the total revenue from Enterprise accounts?", accounts, "float") == 25200
    assert answer("Which account pays the most?", accounts, "string") == "Hooli"
    assert answer("What is the average price per seat on the Enterprise plan?", accounts, "float") == 39


def test_what_a_shipment_cost_is_its_weight_times_its_cost_per_kg():
    # "what did SH-3 cost to ship" answered 2026, the year of its Shipped date ("ship" names it), at 0.8
    shipments = table_of(
        "Shipment,Carrier,Weight (kg),Cost per kg,Shipped\nSH-1,DHL,120,2.10,2026-10-01\n"
        "SH-2,UPS,80,2.40,2026-10-03\nSH-3,DHL,200,1.95,2026-10-10\n",
        "shipments.csv",
    )
    assert answer("What did SH-3 cost to ship?", shipments, "float") == pytest.approx(390)
    assert answer("How much did we spend with DHL?", shipments, "float") == pytest.approx(252 + 390)
    # the cost per kg asked for is the cost per kg
    assert answer("Which carrier is the cheapest per kg?", shipments, "string") == "DHL"
    assert answer("What is the cost per kg of SH-2?", shipments, "float") == pytest.approx(2.4)
    assert answer("When was SH-2 shipped?", shipments, "datetime") == "2026-10-03T00:00:00Z"
    # the most expensive shipment cost the most (SH-3, 390), not the one of the highest cost per kg (SH-2)
    assert answer("What was the most expensive shipment?", shipments, "string") == "SH-3"


def test_the_most_expensive_order_cost_the_most_and_the_most_expensive_product_has_the_highest_price():
    orders = table_of(PURCHASE_ORDERS.replace("PO-1004,TechDirect,Monitors,4,", "PO-1004,TechDirect,Monitors,1,"))
    assert answer("What was the most expensive order?", orders, "string") == "PO-1006"  # 12 × 35.50; Monitors 189
    assert answer("What is the cheapest price we paid for printer paper?", orders, "float") == pytest.approx(4.2)
    stock = table_of(INVENTORY, "inventory.csv")  # what is held is no quantity bought
    assert answer("What is the most expensive product?", stock, "string") == "Grinder Pro"


def test_a_value_said_in_part_is_no_stem_of_another_cell_and_below_compares():
    # "how many units of Oat Milk do we have" matched "oat" to the supplier Oatly by its stem and left "milk" out;
    # "which items from Huhtamaki are below reorder level" read "below" as the row listed after (my own inventory)
    stock = table_of(
        "SKU,Item,On Hand,Reorder Level,Supplier\nA-100,Oat Milk 1L,40,50,Oatly\nA-101,Almond Milk 1L,75,50,Alpro\n"
        "C-300,Paper Cups 12oz,900,500,Huhtamaki\nC-301,Lids 12oz,300,500,Huhtamaki\n",
        "inventory.csv",
    )
    assert answer("How many units of Oat Milk do we have?", stock, "integer") == 40
    assert parse.read("How many units of Oat Milk do we have?", stock, AnswerType.INTEGER).unexplained == ()
    assert answer("Which items from Huhtamaki are below reorder level?", stock, "string_array") == ["Lids 12oz"]
    assert answer("What comes after Oat Milk 1L?", stock, "string") == "Almond Milk 1L"


def test_the_largest_invoice_is_sized_by_the_column_called_amount():
    # "what is the largest invoice" had no reading: "Amount" and "Paid" are both money, and neither was the one amount
    invoices = table_of(
        "Invoice,Client,Amount,Paid\nINV-001,Acme Corp,4200,4200\nINV-002,Hooli Inc,1800,0\n"
        "INV-003,Acme Corp,5100,2000\n",
        "invoices.csv",
    )
    assert answer("What is the largest invoice?", invoices, "string") == "INV-003"
    assert answer("Which client has the biggest invoice?", invoices, "string") == "Acme Corp"


def test_a_yes_no_question_comparing_two_values_compares_their_amounts():
    # "is Koli larger than Lemmenjoki" was read as whether either park is listed: "yes" (fresh WikiTableQuestions,
    # 2026-11-29); "more clay surfaces than hard surfaces" likewise
    parks = table_of("National park,Land area (km²),Established\nKoli,30,1991\nLemmenjoki,2850,1956\n", "parks.csv")
    assert answer("Is Koli larger than Lemmenjoki?", parks, "boolean") is False
    assert answer("Is Koli smaller than Lemmenjoki?", parks, "boolean") is True
    courts = table_of("Date,Surface\n2001,Clay\n2002,Hard\n2003,Hard\n", "finals.csv")
    assert answer("Was there more clay surfaces used than hard surfaces?", courts, "boolean") is False
    # an analyst's units moved are added up, not the orders counted: Acme bought 10 kits in one order, Hooli 4 in two
    orders = table_of(
        "Customer,Product,Quantity,Revenue\nAcme,Kit,10,250\nHooli,Kit,2,50\nHooli,Kit,2,50\nHooli,Mug,9,90\n",
        "orders.csv",
    )
    assert answer("Did Acme buy fewer kits than Hooli?", orders, "boolean") is False
    assert answer("Did Hooli place more orders than Acme?", orders, "boolean") is True
    assert answer("Did Hooli spend more than Acme?", orders, "boolean") is False
    # the rows shown beside the answer are both customers' (the console showed the first value's alone)
    reading = parse.read("Did Acme buy fewer kits than Hooli?", orders, AnswerType.BOOLEAN)
    shown, matched = rows_read(reading, execute(reading.plan, orders), orders)
    assert sorted(row["Customer"] for row in shown) == ["Acme", "Hooli", "Hooli"] and matched == 3
    # one value's rows: the plan's own
    total = parse.read("How many kits did Hooli buy?", orders, AnswerType.INTEGER)
    assert rows_read(total, execute(total.plan, orders), orders)[1] == 2


SHIPMENTS = """Shipment,Carrier,Destination,Shipped,Delivered,Weight (kg),Cost,On Time
SH-100,DHL,Paris,2026-03-02,2026-03-05,120,340.00,Yes
SH-104,UPS,Rome,2026-03-15,2026-03-22,310,880.00,No
SH-106,FedEx,Paris,2026-03-28,,60,210.00,
"""


def test_a_shipments_cost_weight_and_days_to_deliver():
    # my own shipments (2026-11-29): "how long did SH-104 take to deliver" read its On Time ("No": a column of yes
    # and no is no length); "what did the Rome shipment cost" its Shipment ("shipment" says what a row is); "weigh"
    # named no Weight
    shipments = table_of(SHIPMENTS, "shipments.csv")
    assert answer("How long did SH-104 take to deliver?", shipments, "integer") == 7
    assert answer("What did the Rome shipment cost?", shipments, "float") == 880
    assert answer("What did the Rome shipment weigh?", shipments, "float") == 310
    assert answer("How many shipments weighed over 100 kg?", shipments, "integer") == 2
    # "in transit" is not delivered yet (it counted every shipment, at 0.28)
    assert answer("How many shipments are still in transit?", shipments, "integer") == 1
    assert answer("Which shipments are in transit?", shipments, "string_array") == ["SH-106"]


def test_the_average_time_to_deliver_is_each_rows_days_averaged():
    # "the average delivery time" averaged the Cost (398.6, at 0.28), and "how many days on average did DHL take to
    # deliver" counted DHL's shipments (my own shipments, 2026-11-29); the one not delivered yet takes no part
    shipments = table_of(
        SHIPMENTS.replace("SH-106,FedEx", "SH-105,DHL,Paris,2026-03-20,2026-03-23,95,305.00,Yes\nSH-106,FedEx"), "s.csv"
    )
    assert answer("What is the average delivery time?", shipments, "float") == pytest.approx(13 / 3)  # 3, 7, 3 days
    assert answer("How many days on average did DHL take to deliver?", shipments, "float") == 3.0
    assert answer("What was the average delivery time for UPS?", shipments, "float") == 7.0
    reading = parse.read("What is the average time to deliver?", shipments, AnswerType.FLOAT)
    assert reading is not None and reading.unexplained == ()
    assert describe(reading.plan, shipments).endswith("'Delivered' of s.csv where 'Delivered' is filled")
    # a duration of two dates is no column of numbers to add up, nor dates of another kind
    with pytest.raises(InvalidPlan, match="until"):
        check(Plan(Operation.AVG, 3, until=2), shipments)


def test_late_is_the_no_of_an_on_time_column_not_its_empty_cells():
    # "how many shipments were late" counted the one still on its way (an empty On Time) as late: 2, not 1
    shipments = table_of(SHIPMENTS, "shipments.csv")
    assert answer("How many shipments were late?", shipments, "integer") == 1
    assert answer("How many shipments were not on time?", shipments, "integer") == 1
    assert answer("How many shipments were on time?", shipments, "integer") == 1
    reading = parse.read("How many shipments were late?", shipments, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()


BOOKINGS = """Booking,Guest,Room Type,Check-in,Check-out,Nights,Rate,Total,Status,Channel
B-201,Smith,Double,2026-03-02,2026-03-05,3,120,360,Confirmed,Direct
B-202,Okafor,Suite,2026-03-04,2026-03-10,6,250,1500,Confirmed,Booking.com
B-203,Lee,Single,2026-03-07,2026-03-08,1,80,80,Cancelled,Expedia
B-205,Novak,Suite,2026-04-01,2026-04-03,2,260,520,Cancelled,Direct
B-207,Ito,Double,2026-04-18,2026-04-25,7,125,875,Confirmed,Direct
"""


def test_a_hotels_stays_takings_and_cancellation_rate():
    # my own bookings (2026-11-29): "the average length of stay" averaged the Total (at 0.28); "who stayed the
    # longest" answered the Booking "B-207"; "the cancellation rate for Direct bookings" read a Rate, 260, at 0.8;
    # "revenue" named no Total
    bookings = table_of(BOOKINGS, "bookings.csv")
    assert answer("What is the average length of stay?", bookings, "float") == pytest.approx(3.8)
    assert answer("Who stayed the longest?", bookings, "string") == "Ito"
    assert answer("What is the cancellation rate for Direct bookings?", bookings, "float") == pytest.approx(100 / 3)
    assert answer("What is the cancellation rate?", bookings, "float") == 40
    assert answer("What is Ito's rate?", bookings, "integer") == 125  # hers, a cell of the Rate column
    assert answer("What was the total revenue from confirmed bookings?", bookings, "integer") == 2735
    reading = parse.read("What was the total revenue from confirmed bookings?", bookings, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()


def test_a_first_column_of_order_codes_is_no_amount():
    # my own sales table (2026-11-29): "Order" 1001, 1002, ... of sales.csv (no table word names it) was an amount:
    # "the largest single order" read the largest code, 1006, and "the month with the most orders" added codes up
    sales = table_of(
        "Order,Date,Customer,Units,Unit Price\n1001,2026-01-04,Acme,3,40\n1002,2026-01-11,Hooli,5,25\n"
        "1003,2026-02-02,Acme,2,60\n1004,2026-03-15,Globex,4,40\n",
        "sales.csv",
    )
    assert answer("Which month had the most orders?", sales, "string") == "January"
    reading = parse.read("Which month had the most orders?", sales, AnswerType.STRING)
    assert reading is not None and reading.plan.operation is Operation.COUNT
    assert answer("What was the largest single order?", sales, "integer") != 1004
    assert answer("What is the average order value?", sales, "float") == 131.25  # 120, 125, 120, 160 (units × price)


TICKETS = """Ticket,Opened,Resolved,Priority,Agent,Customer,Satisfaction
T-101,2026-03-02,2026-03-03,High,Maya,Acme Corp,5
T-102,2026-03-02,2026-03-06,Low,Omar,Globex,3
T-103,2026-03-04,,Medium,Maya,Initech,
T-104,2026-03-05,2026-03-05,High,Li,Acme Corp,4
T-107,2026-03-10,,High,Omar,Acme Corp,
"""


def test_open_is_a_row_not_closed_yet_and_to_open_is_its_opened_date():
    # "still open" of an Opened and a Resolved date counted every ticket, at 0.8 (the Opened column's word)
    tickets = table_of(TICKETS, "tickets.csv")
    assert answer("How many tickets are still open?", tickets, "integer") == 2
    assert answer("How many high priority tickets are still open?", tickets, "integer") == 1
    assert answer("Which tickets are open?", tickets, "string_array") == ["T-103", "T-107"]
    assert answer("How many tickets are not open?", tickets, "integer") == 3
    # the verb is the row's opening, not its state
    assert answer("How many tickets did Acme Corp open?", tickets, "integer") == 3
    # a Status that writes "Open" says it itself
    statuses = table_of("Ticket,Status,Resolved\nT-1,Open,\nT-2,Open,2026-03-01\nT-3,Closed,2026-03-02\n", "t.csv")
    assert answer("How many tickets are open?", statuses, "integer") == 2


def test_a_resolution_time_is_each_resolved_rows_days_and_a_score_is_its_columns_number():
    tickets = table_of(TICKETS, "tickets.csv")
    # "resolution" of a Resolved date (it averaged the Satisfaction, at 0.28)
    assert answer("What is the average resolution time?", tickets, "float") == pytest.approx(5 / 3)  # 1, 4, 0 days
    assert answer("What is Omar's average resolution time?", tickets, "float") == 4.0
    # "score" and "rating" after a number column's name are what its numbers are called (held at 0.28, right)
    reading = parse.read("What is the average satisfaction score?", tickets, AnswerType.FLOAT)
    assert reading.unexplained == () and answer("What is the lowest satisfaction rating?", tickets, "integer") == 3


def test_the_same_day_is_the_named_date_equal_to_the_other():
    # "how many tickets were resolved on the same day" counted every resolved ticket, "day" left out, at 0.72
    tickets = table_of(TICKETS, "tickets.csv")
    assert answer("How many tickets were resolved on the same day?", tickets, "integer") == 1
    assert answer("Which tickets were resolved the same day they were opened?", tickets, "string_array") == ["T-104"]
    assert answer("How many high priority tickets were resolved on the same day?", tickets, "integer") == 1


def test_the_noun_after_a_superlatives_word_is_the_column_asked_for():
    # "the best-selling product" read the SKU, "the highest rated product" its Rating (my own products table)
    products = table_of(
        "SKU,Product,Category,Units Sold,Rating\nP-01,Desk Lamp,Lighting,120,4.2\nP-02,Floor Lamp,Lighting,45,4.6\n"
        "P-03,Office Chair,Furniture,80,3.9\nP-06,Cable Tray,Accessories,200,4.4\n",
        "products.csv",
    )
    assert answer("What is the best-selling product?", products, "string") == "Cable Tray"
    assert answer("What is the best-selling product in lighting?", products, "string") == "Desk Lamp"
    assert answer("What is the highest rated product?", products, "string") == "Floor Lamp"
    assert answer("What is the lowest rated product?", products, "string") == "Office Chair"
    assert answer("What is the highest rating?", products, "float") == 4.6
    # "popular" of a Units Sold: the most sold, not a count of each product's one row (a tie, declined)
    assert answer("What is the most popular product?", products, "string") == "Cable Tray"
    assert answer("What is the least popular product in lighting?", products, "string") == "Floor Lamp"


LISTINGS = """Listing,City,Bedrooms,List Price,Sold Price,Sold Date,Agent
L-1,Austin,3,450000,440000,2026-02-20,Kim
L-2,Austin,4,620000,,,Raj
L-3,Dallas,2,280000,285000,2026-02-25,Kim
L-4,Dallas,5,890000,860000,2026-04-02,Sofia
L-5,Houston,3,390000,,,Raj
"""


def test_a_listings_rows_are_homes_and_its_name_is_no_measure():
    listings = table_of(LISTINGS, "listings.csv")
    # "listings" names the List Price only by "list": her rows are counted (it added up her List Price, at 0.8)
    assert answer("How many listings does Kim have?", listings, "integer") == 2
    # a home is a row: told by its key, counted; "sold the most homes" counts the sold ones (it summed Sold Price)
    assert answer("Which home sold for the most?", listings, "string") == "L-4"
    assert answer("How many homes have at least 4 bedrooms?", listings, "integer") == 2
    assert answer("Which city sold the most homes?", listings, "string") == "Dallas"
    assert answer("Which agent sold the most homes?", listings, "string") == "Kim"  # 2 sold; Raj listed 2, sold none
    # "sale price" is the Sold Price beside a List Price
    assert answer("What was the highest sale price in Dallas?", listings, "float") == 860000
    # "asking" is the List Price; "sold above asking" compares the Sold Price with it (it read "above" as the row
    # listed before, "asking" left out, at 0.8)
    assert answer("Which homes sold above asking?", listings, "string_array") == ["L-3"]
    assert answer("How many homes sold below asking?", listings, "integer") == 2
    assert answer("What is the average asking price in Austin?", listings, "float") == 535000


def test_a_row_said_by_the_files_noun_is_told_by_its_name_and_which_asks_for_no_one_average():
    # "which product" of inventory.csv is its Item, not its SKU (the code that tells a listing's homes apart too)
    inventory = table_of("SKU,Item,On Hand\nA-100,Oat Milk 1L,40\nC-300,Paper Cups 12oz,900\n", "inventory.csv")
    assert answer("Which product has the most stock?", inventory, "string") == "Paper Cups 12oz"
    # "which class has the higher average" asks for a class: one mean over every row is no reading (it was 75.8);
    # of two classes, the higher is the highest (seventeenth stop): 7B's 80 over 7A's 70.5
    grades = table_of("Student,Class,Science\nAmir,7A,90\nBea,7A,51\nCal,7B,80\n", "grades.csv")
    assert answer("Which class has the higher average science score?", grades, "string") == "7B"
    assert answer("What is the average science score?", grades, "float") == pytest.approx(221 / 3)


def test_the_furthest_below_its_level_is_the_largest_shortfall_and_is_reordered_first():
    # it read the first product listed under its level (Oat Milk, 20 short), at 0.8, "furthest" left to nothing;
    # "reorder first" the same (my own inventory table, 2026-12-08): Oat Milk is 20 short, the Frother 30
    stock = table_of(INVENTORY.replace("C-301,Milk Frother,York,0,3", "C-301,Milk Frother,York,0,30"), "inventory.csv")
    assert answer("Which product is furthest below its reorder point?", stock, "string") == "Milk Frother"
    assert answer("Which product should we reorder first?", stock, "string") == "Milk Frother"
    assert answer("Which product is furthest above its reorder point?", stock, "string") == "Paper Filters"
    reading = parse.read("Which product should we reorder first?", stock, AnswerType.STRING)
    assert reading is not None and reading.unexplained == () and reading.plan.less is not None
