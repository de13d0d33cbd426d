"""Computed answers over tables, through the API: analysts' CSV and spreadsheets answered exactly (never estimated
from retrieved rows), explained with the plan, the SQL and the matched rows; the right table in a mixed context;
tables read live and only within the tenant."""

from __future__ import annotations

import io
import time

import pytest
from openpyxl import Workbook

from backend.answer.table_cap_levels import FIRST_OF_SEVERAL
from backend.answer.table_confidence import AMBIGUITY_FACTOR, EXPLAINS_ALL
from backend.config import LLMSettings
from tests.fakes.openai_server import FakeOpenAI, Reply, plan_reply
from tests.helpers import assert_error, bearer, make_docx

# 60 orders: enough rows that no handful of retrieved chunks holds them all.
REGIONS = ["Europe", "Asia", "Africa", "Europe", "North America"]
ORDERS = "order_id,region,amount,order_date,status\n" + "".join(
    f'{i},{REGIONS[i % 5]},"${100 * (i % 7) + 25:,}.50",2024-{(i % 12) + 1:02d}-{(i % 27) + 1:02d},'
    f"{'returned' if i % 10 == 0 else 'shipped'}\n"
    for i in range(1, 61)
)
EMPLOYEES = """name,department,salary,start date,bonus
Ada Lovelace,Engineering,"$120,000",2019-04-01,10%
Grace Hopper,Engineering,"$135,500",2015-09-15,12.5%
Alan Turing,Research,"$128,000",2020-01-06,8%
Katherine Johnson,Research,"$99,000",2021-07-19,5%
Edsger Dijkstra,Operations,"$87,250",2018-11-30,
"""


def expected_orders(predicate) -> list[list[str]]:
    rows = [line.split(",", 2) for line in ORDERS.splitlines()[1:]]
    return [row for row in rows if predicate(row)]


@pytest.fixture
def client(make_client):
    """A client of a server on its default thresholds."""
    return make_client()


@pytest.fixture
def tables_context(client) -> str:
    context = client.post("/v1/contexts", json={"name": "sales"}).json()["id"]
    for name, data in [("orders.csv", ORDERS), ("employees.csv", EMPLOYEES)]:
        response = client.post(f"/v1/contexts/{context}/documents", files={"file": (name, data.encode(), "text/csv")})
        assert response.status_code == 201, response.text
    client.post(
        f"/v1/contexts/{context}/documents",
        json={"name": "About us", "text": "Answerbase Ltd was founded in 2011 in Leeds by two engineers."},
    )
    return context


def ask(client, context: str, question: str, answer_type: str = "integer", **extra):
    body = {"query": question, "context_id": context, "include_sources": True, "include_confidence": True} | extra
    return client.post(f"/v1/types/{answer_type}", json=body)


def answered_from(body: dict) -> tuple:
    """An answer's value and the table it was computed from."""
    return body["data"], body["sources"][0]["computation"]["table"]


def test_counts_and_sums_are_exact_and_explained(client, tables_context):
    europe = len(expected_orders(lambda r: r[1] == "Europe"))
    response = ask(client, tables_context, "How many orders came from Europe?")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["data"] == europe == 24
    computation = body["sources"][0]["computation"]
    assert computation["table"] == "orders.csv"
    assert computation["plan"] == "count rows of orders.csv where 'region' = 'Europe'"
    assert computation["sql"] == "SELECT count(*) FROM t WHERE lower(c1) = lower(?)"
    assert computation["parameters"] == ["Europe"] and computation["matched_rows"] == 24
    assert computation["caution"] == "It counts 24 rows: one row read wrong changes a count this large."
    assert len(computation["rows"]) == 20 and all(row[1] == "Europe" for row in computation["rows"])
    assert computation["columns"] == ["order_id", "region", "amount", "order_date", "status"]
    assert body["sources"][0]["metadata"]["name"] == "orders.csv" and 0 < body["confidence"] <= 1

    total = sum(100 * (i % 7) + 25.5 for i in range(1, 61) if REGIONS[i % 5] == "Asia")
    body = ask(client, tables_context, "What was the total amount for Asia?", "float").json()
    assert body["data"] == pytest.approx(total)
    returned = len(expected_orders(lambda r: r[2].endswith("returned")))
    assert ask(client, tables_context, "How many orders were returned?").json()["data"] == returned == 6
    shipped_not = ask(client, tables_context, "How many orders were not shipped?").json()["data"]
    assert shipped_not == returned


def test_dates_money_and_percentages(client, tables_context):
    march = len(expected_orders(lambda r: r[2].split(",")[-2][5:7] == "03"))
    assert ask(client, tables_context, "How many orders were placed in March?").json()["data"] == march == 5
    assert ask(client, tables_context, "What is the highest salary?").json()["data"] == 135500
    body = ask(client, tables_context, "Who has the highest salary?", "string").json()
    assert body["data"] == "Grace Hopper"
    assert ask(client, tables_context, "What is the average bonus?", "float").json()["data"] == pytest.approx(8.875)
    after = ask(client, tables_context, "How many employees started after 2019?").json()
    assert after["data"] == 2
    assert ask(client, tables_context, "Does anyone work in Research?", "boolean").json()["data"] is True
    names = ask(client, tables_context, "Which employees work in Engineering?", "string_array").json()["data"]
    assert names == ["Ada Lovelace", "Grace Hopper"]
    # "all": whether no engineer's row says otherwise, shown as the rows that would (tables/every_said.py)
    every = ask(client, tables_context, "Are all engineers paid more than 125000?", "boolean").json()
    assert every["data"] is False
    assert every["sources"][0]["computation"]["plan"].startswith("whether none of these rows is found: count rows")


def test_the_question_goes_to_the_table_it_matches_and_prose_to_the_text_engine(client, tables_context):
    body = ask(client, tables_context, "How many employees work in Research?").json()
    assert answered_from(body) == (2, "employees.csv")
    prose = ask(client, tables_context, "When was Answerbase Ltd founded?").json()
    assert prose["data"] == 2011 and "computation" not in prose["sources"][0]


def test_a_table_whose_own_column_holds_the_money_answers_before_one_that_derives_it(client):
    """An order line's Quantity times its Unit Price is money too (tables/derived.py), but of two tables that read
    "the billing for Acme" as fully, the one whose own column holds it answers."""
    context = client.post("/v1/contexts", json={"name": "billing"}).json()["id"]
    lines = "Customer,Product,Quantity,Unit Price\nAcme,Widget,10,2.5\nAcme,Gadget,2,15\nHooli,Widget,4,2.5\n"
    invoices = "Invoice,Customer,Amount\nINV-1,Acme,60\nINV-2,Acme,12.5\nINV-3,Hooli,10\n"
    for name, data in [("order_lines.csv", lines), ("invoices.csv", invoices)]:
        response = client.post(f"/v1/contexts/{context}/documents", files={"file": (name, data.encode(), "text/csv")})
        assert response.status_code == 201, response.text
    body = ask(client, context, "What was the total billing for Acme?", "float").json()
    assert answered_from(body) == (72.5, "invoices.csv")
    spent = ask(client, context, "How much did Hooli spend on widgets?", "float").json()
    assert answered_from(spent) == (10, "order_lines.csv")


def test_a_reading_that_explains_little_of_a_question_answers_only_when_the_text_does_not(client):
    """Four of five words unexplained: the table is not plainly where the answer is, so the documents' text goes
    first; with nothing there, the computed count stands, with its lower confidence and its plan."""
    context = client.post("/v1/contexts", json={"name": "staff"}).json()["id"]
    client.post(f"/v1/contexts/{context}/documents", files={"file": ("employees.csv", EMPLOYEES.encode())})
    question = "Tell me how many visiting fellows from Research we have on record"
    body = ask(client, context, question).json()
    assert body["data"] == 2 and body["confidence"] == 0.72
    assert body["sources"][0]["computation"]["plan"] == "count rows of employees.csv where 'department' = 'Research'"
    note = "Visiting fellows on record: Research has 14 visiting fellows on record, counting summer researchers."
    client.post(f"/v1/contexts/{context}/documents", json={"name": "Headcount", "text": note})
    prose = ask(client, context, question).json()
    assert prose["data"] == 14 and "computation" not in prose["sources"][0]
    # A question closest to another document is about it: when that document does not say, the decline stands
    # (the table would only guess: a name from the Research rows for a password).
    offices = "Offices: The Research office is on the third floor of the Turing building, next to the library."
    client.post(f"/v1/contexts/{context}/documents", json={"name": "Offices", "text": offices})
    assert_error(ask(client, context, "What is the wifi password of the Research office?", "string"), 422, "no_answer")


def test_a_result_that_is_not_of_the_type_is_declined_not_coerced(client, tables_context):
    response = ask(client, tables_context, "Who has the highest salary?", "datetime")
    assert_error(response, 422, "no_answer")


def test_tables_are_read_live_replaced_and_deleted_with_their_document(client):
    context = client.post("/v1/contexts", json={"name": "live"}).json()["id"]
    first = "city,visits\nLeeds,10\nYork,20\n"
    upload = client.post(f"/v1/contexts/{context}/documents", files={"file": ("visits.csv", first.encode())}).json()
    assert ask(client, context, "What is the total number of visits?").json()["data"] == 30
    second = "city,visits\nLeeds,10\nYork,20\nHull,5\n"
    client.post(f"/v1/contexts/{context}/documents", files={"file": ("visits.csv", second.encode())})
    assert ask(client, context, "What is the total number of visits?").json()["data"] == 35
    assert client.delete(f"/v1/documents/{upload['id']}").status_code == 204
    assert_error(ask(client, context, "What is the total number of visits?"), 422, "no_answer")


def test_xlsx_html_markdown_and_docx_tables_are_answered(client):
    context = client.post("/v1/contexts", json={"name": "formats"}).json()["id"]
    book = Workbook()
    sheet = book.active
    sheet.title = "Fleet"
    for row in [["vehicle", "seats", "depot"], ["Bus 1", 52, "North"], ["Bus 2", 48, "South"], ["Van", 8, "North"]]:
        sheet.append(row)
    xlsx = io.BytesIO()
    book.save(xlsx)
    html = (
        b"<html><body><h1>Depots</h1><p>Our depots and their staff.</p><table><tr><th>Depot</th><th>Staff</th>"
        b"<th>Opened</th></tr><tr><td>North</td><td>31</td><td>2001</td></tr><tr><td>South</td><td>17</td>"
        b"<td>2009</td></tr></table></body></html>"
    )
    docx = make_docx(
        "Routes", ["Route lengths."], [[["route", "length km"], ["R1", "12.5"], ["R2", "30"], ["R3", "7.25"]]]
    )
    for name, data in [("fleet.xlsx", xlsx.getvalue()), ("depots.html", html), ("routes.docx", docx)]:
        assert client.post(f"/v1/contexts/{context}/documents", files={"file": (name, data)}).status_code == 201
    markdown = "Fuel used this year.\n\n| month | litres |\n|---|---|\n| Jan | 1,200 |\n| Feb | 1,050 |\n"
    client.post(f"/v1/contexts/{context}/documents", json={"name": "fuel.md", "text": markdown})
    assert ask(client, context, "How many seats are there in total at the North depot?").json()["data"] == 60
    body = ask(client, context, "How many staff work at the South depot?").json()
    assert answered_from(body) == (17, "depots.html › table 1")
    assert ask(client, context, "What is the total length km of all routes?", "float").json()["data"] == 49.75
    assert ask(client, context, "How many litres were used in total?").json()["data"] == 2250


def test_a_weak_reading_of_a_table_question_is_declined_with_its_plan_and_the_words_it_left_out(make_client):
    client = make_client()  # the default thresholds
    context = client.post("/v1/contexts", json={"name": "staff"}).json()["id"]
    client.post(f"/v1/contexts/{context}/documents", files={"file": ("employees.csv", EMPLOYEES.encode())})
    explained = ask(client, context, "How many employees work in Research?").json()
    assert explained["data"] == 2 and explained["confidence"] == EXPLAINS_ALL  # every word explained
    # A count over the rows a condition picks, with "rota" unexplained: answered, with its lower confidence.
    partial = ask(client, context, "How many employees in Research are on the rota?").json()
    assert partial["data"] == 2 and partial["confidence"] == 0.72
    assert partial["sources"][0]["computation"]["unexplained"] == ["rota"]  # why it is lower
    assert explained["sources"][0]["computation"]["unexplained"] == []
    # A count of every row that leaves "Marketing" unexplained answers a question the table cannot (no cell says
    # Marketing): declined with what it computed and the word to rephrase. The text engine is not asked to guess.
    error = assert_error(ask(client, context, "how many employees work in marketing?"), 422, "no_answer")
    assert "count rows of employees.csv" in error["message"] and "below the 0.40 required" in error["message"]
    assert 'It does not account for "marketing"' in error["message"]
    # Unless the question says it is about every row and leaves out only the noun it counts, which then says what the
    # rows are (0.5, answered). "Are there ... in marketing" leaves more out: declined as before.
    listed = ask(client, context, "How many scientists are listed?").json()
    assert listed["data"] == 5 and listed["confidence"] == 0.5
    assert_error(ask(client, context, "how many employees are there in marketing?"), 422, "no_answer")
    # Written as a name, "Marketing" is one the table does not hold (nor do the documents): no reading is offered,
    # however well the rest of the question reads ("in Marketing in Research" would count Research).
    named = assert_error(ask(client, context, "How many employees in Research work in Marketing?"), 422, "no_answer")
    assert named["message"] == "No passage in this context mentions 'Marketing'."
    # A table inside prose shares its document with text the question may be about: a reading of it must be as sure
    # as a text answer. A count over the rows a condition picks is (0.72), shown with the words it left out; a count of
    # every row that leaves words out is not.
    memo = "Research staffing.\n\n| name | department |\n|---|---|\n| Ada | Research |\n| Alan | Research |\n"
    client.post(f"/v1/contexts/{context}/documents", json={"name": "memo.md", "text": memo})
    in_prose = ask(client, context, "How many memo names in Research are on the rota?").json()
    assert in_prose["data"] == 2 and in_prose["confidence"] == 0.72
    assert in_prose["sources"][0]["computation"]["unexplained"] == ["rota"]
    every_row = ask(client, context, "How many memo names are on the rota?")
    message = assert_error(every_row, 422, "no_answer")["message"]
    assert message.startswith("Computed from memo.md › table 1") and "below the 0.56 required" in message
    # A caller that wants a higher bar asks for it: the partial reading is then declined.
    strict = ask(client, context, "How many employees in Research are on the rota?", min_confidence=0.75)
    assert (
        "count rows of employees.csv where 'department' = 'Research'"
        in assert_error(strict, 422, "no_answer")["message"]
    )
    assert ask(client, context, "How many employees work in Research?", min_confidence=0.75).json()["data"] == 2
    out_of_range = ask(client, context, "How many employees work in Research?", min_confidence=1.5)
    assert "min_confidence" in assert_error(out_of_range, 422, "invalid_request")["message"]


def test_another_tenants_tables_are_never_queried(client, tables_context):
    other_key = client.services.keys.create("globex", "tests")[1]
    client.headers.update(bearer(other_key))
    assert_error(ask(client, tables_context, "How many orders came from Europe?"), 404, "not_found")
    own = client.post("/v1/contexts", json={"name": "empty"}).json()["id"]
    response = ask(client, own, "How many orders came from Europe?")
    assert response.status_code == 422 or "computation" not in response.json()["sources"][0]


def test_a_question_holding_sql_is_just_a_question(client, tables_context):
    body = ask(client, tables_context, "How many orders came from Europe; drop table orders?").json()
    assert body["data"] == 24 and body["sources"][0]["computation"]["parameters"] == ["Europe"]
    assert ask(client, tables_context, "How many orders are there?").json()["data"] == 60


def test_with_a_model_the_plan_is_its_json_checked_against_the_table(make_client):
    with FakeOpenAI() as fake:
        client = make_client(engine="llm", llm=LLMSettings(base_url=fake.base_url, api_key="sk-test", model="tiny"))
        context = client.post("/v1/contexts", json={"name": "staff"}).json()["id"]
        client.post(f"/v1/contexts/{context}/documents", files={"file": ("employees.csv", EMPLOYEES.encode())})
        research = [{"column": "department", "op": "=", "value": "Research"}]
        fake.replies.append(plan_reply(operation="sum", column="salary", where=research))
        body = ask(client, context, "What is the total salary in Research?").json()
        assert body["data"] == 227000 and body["confidence"] == 0.8
        computation = body["sources"][0]["computation"]
        assert computation["plan"] == "sum of 'salary' of employees.csv where 'department' = 'Research'"
        request = fake.requests[-1]
        assert request["response_format"]["json_schema"]["name"] == "table_plan"
        schema = request["response_format"]["json_schema"]["schema"]
        assert schema["properties"]["column"]["anyOf"][0]["enum"] == [
            "name",
            "department",
            "salary",
            "start date",
            "bonus",
        ]
        prompt = request["messages"][1]["content"]
        assert "- salary (number)" in prompt and "Ada Lovelace | Engineering | $120,000" in prompt
        assert prompt.endswith("Question: What is the total salary in Research?")

        fake.replies.append(plan_reply(operation="sum", column="wage", where=research))  # no such column
        error = assert_error(ask(client, context, "What is the total salary in Research?"), 422, "no_answer")
        assert "does not fit employees.csv: column: the table has no column 'wage'" in error["message"]
        fake.replies.append(plan_reply(operation="avg", column="department"))  # not numbers
        error = assert_error(ask(client, context, "What is the average salary?"), 422, "no_answer")
        assert "must hold numbers" in error["message"]
        # a column compared with another of the same row: both numbers (or both dates), or the plan is declined
        above = [{"column": "salary", "op": ">", "value": None, "compare_to": "bonus"}]
        fake.replies.append(plan_reply(operation="count", where=above))
        body = ask(client, context, "How many employees have a salary above their bonus?").json()
        assert body["data"] == 4  # the empty bonus compares with nothing
        assert body["sources"][0]["computation"]["plan"] == "count rows of employees.csv where 'salary' > 'bonus'"
        assert "compare_to" in schema["properties"]["where"]["items"]["properties"]
        # the years (or months, or quarters) of a column of days as groups
        by_year = plan_reply(
            operation="sum", column="salary", group_by="start date", group_part="year", descending=True
        )
        fake.replies.append(by_year)
        body = ask(client, context, "Which starting year brought the most salary?").json()
        assert body["data"] == 2015  # Grace Hopper's $135,500
        assert schema["properties"]["group_part"]["anyOf"][0]["enum"] == ["month", "quarter", "year"]
        by_name = [{"column": "salary", "op": ">", "value": None, "compare_to": "name"}]
        fake.replies.append(plan_reply(operation="count", where=by_name))
        error = assert_error(ask(client, context, "How many salaries are above a name?"), 422, "no_answer")
        assert "do not both hold numbers or both dates" in error["message"]
        # The model may say the table does not answer it: the text engine (the same model) is asked instead.
        fake.replies += [Reply('{"answerable": false}'), Reply('{"answerable": false, "answer": null, "quote": null}')]
        assert_error(ask(client, context, "What is the total salary in Research?"), 422, "no_answer")
        assert fake.requests[-1]["response_format"]["json_schema"]["name"] == "integer_answer"


def test_tables_of_documents_in_no_context_answer_questions_asked_of_no_context(client):
    client.post("/v1/documents", files={"file": ("employees.csv", EMPLOYEES.encode())})
    body = client.post("/v1/types/integer", json={"content": "How many employees work in Research?"}).json()
    assert body["data"] == 2


def test_a_document_lists_the_tables_it_holds(client, tables_context):
    listed = {d["name"]: d for d in client.get(f"/v1/contexts/{tables_context}/documents").json()}
    assert listed["orders.csv"]["tables"] == [
        {"name": "orders.csv", "rows": 60, "columns": ["order_id", "region", "amount", "order_date", "status"]}
    ]
    assert listed["About us"]["tables"] == []
    one = client.get(f"/v1/documents/{listed['employees.csv']['id']}").json()
    assert one["tables"][0]["rows"] == 5 and one["tables"][0]["columns"][0] == "name"
    added = client.post(f"/v1/contexts/{tables_context}/documents", files={"file": ("t.csv", b"a,b\n1,2\n")}).json()
    assert added["tables"] == [{"name": "t.csv", "rows": 1, "columns": ["a", "b"]}]
    pasted = {"text": "| a | b |\n|---|---|\n| 1 | 2 |\n", "name": "Pasted"}
    assert client.post(f"/v1/contexts/{tables_context}/documents", json=pasted).json()["tables"][0]["rows"] == 1
    prose = client.post(f"/v1/contexts/{tables_context}/documents", json={"text": "No table.", "name": "Prose"})
    assert prose.status_code == 201 and prose.json()["tables"] == []


STAFF = [
    ["Name", "Department", "Office", "Salary"],
    ["Helena Marsh", "Sales", "London", 52000],
    ["Tom Reed", "Sales", "Leeds", 48000],
    ["Ana Silva", "Engineering", "London", 61000],
    ["Bo Chen", "Operations", "Leeds", 45000],
]


def _staff_context(client) -> str:
    book = Workbook()
    for row in STAFF:
        book.active.append(row)
    data = io.BytesIO()
    book.save(data)
    context = client.post("/v1/contexts", json={"name": "people"}).json()["id"]
    staff = ("staff.xlsx", data.getvalue(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    assert client.post(f"/v1/contexts/{context}/documents", files={"file": staff}).status_code == 201
    memo = "Travel memo. The domestic meal allowance is EUR 45 per day. Flights are booked in economy class."
    client.post(f"/v1/contexts/{context}/documents", json={"name": "memo.txt", "text": memo})
    return context


def test_a_yes_no_question_the_sheet_does_not_speak_of_is_not_answered_from_it(client):
    # It was true at 0.41: the staff sheet's Sales rows counted, "company car scheme" left out, and a spreadsheet's
    # bar (0.2) let it through though the reading understood less than half the question.
    context = _staff_context(client)
    response = ask(client, context, "Is there a company car scheme for sales staff?", "boolean")
    assert_error(response, 422, "no_answer")
    # What the sheet does say is still answered.
    assert ask(client, context, "Are there any sales staff in Leeds?", "boolean").json()["data"] is True


def test_a_count_of_every_row_is_of_what_the_rows_are(client):
    # A grid asks every document "How many employees are there?": the orders' row count (60) is no headcount.
    context = _staff_context(client)
    orders = client.post(f"/v1/contexts/{context}/documents", files={"file": ("orders.csv", ORDERS.encode())}).json()
    staff = next(d for d in client.get(f"/v1/contexts/{context}/documents").json() if d["name"] == "staff.xlsx")
    body = {
        "context_id": context,
        "name": "Headcount",
        "columns": [{"name": "Headcount", "type": "integer", "question": "How many employees are there?"}],
    }
    grid_id = client.post("/v1/grids", json=body).json()["id"]
    for _ in range(600):
        grid = client.get(f"/v1/grids/{grid_id}").json()
        if grid["status"] in ("done", "failed"):
            break
        time.sleep(0.1)
    cells = {row["document"]["id"]: row["cells"]["Headcount"] for row in grid["rows"]}
    assert cells[staff["id"]]["data"] == 4
    assert cells[orders["id"]]["data"] is None


SALES = "Order ID,Customer,Product,Quantity,Revenue\n" + "".join(
    f"SO-{i},Customer {i % 4},{['Cold Brew Kit', 'Mug', 'Grinder'][i % 3]},{i % 7 + 1},{(i % 7 + 1) * 12.5}\n"
    for i in range(40)
)


def _sales_context(client) -> str:
    context = client.post("/v1/contexts", json={"name": "shop"}).json()["id"]
    client.post(f"/v1/contexts/{context}/documents", files={"file": ("orders.csv", SALES.encode(), "text/csv")})
    return context


def test_units_sold_are_added_up_not_the_orders_counted(client):
    # "How many Cold Brew Kits were sold in total?" was the number of orders (14) at 0.68; the Quantity adds up.
    context = _sales_context(client)
    body = ask(client, context, "How many Cold Brew Kits were sold in total?").json()
    assert body["data"] == sum(i % 7 + 1 for i in range(40) if i % 3 == 0) == 56
    assert body["sources"][0]["computation"]["plan"].startswith("sum of 'Quantity'")
    # the rows the table is named for are still counted
    assert ask(client, context, "How many orders included a Grinder?").json()["data"] == 13


def test_the_largest_single_order_is_one_rows_value(client):
    # "single" was left unexplained, and the reading declined at 0.18.
    body = ask(client, _sales_context(client), "What is the largest single order revenue?", "float").json()
    assert body["data"] == 87.5 and body["confidence"] >= 0.6


def test_a_reading_too_weak_to_trust_is_offered_and_can_be_accepted_as_it_is(client):
    context = client.post("/v1/contexts", json={"name": "staff"}).json()["id"]
    client.post(f"/v1/contexts/{context}/documents", files={"file": ("employees.csv", EMPLOYEES.encode())})
    question = "how many employees work in marketing?"
    error = assert_error(ask(client, context, question), 422, "no_answer")
    assert error["suggestion"] == {
        "reading": "count rows of employees.csv",
        "table": "employees.csv",
        "confidence": 0.28,
        "min_confidence": 0.28,
        "unexplained": ["marketing"],
    }
    assert 'To accept this reading, ask again with "min_confidence": 0.28.' in error["message"]
    # Accepted knowingly: every employee counted, at the reading's own confidence, with its computation shown.
    accepted = ask(client, context, question, min_confidence=error["suggestion"]["min_confidence"]).json()
    assert accepted["data"] == 5 and accepted["confidence"] == 0.28
    assert accepted["sources"][0]["computation"]["unexplained"] == ["marketing"]
    # A decline with no reading to offer carries no suggestion.
    named = assert_error(ask(client, context, "How many employees in Research work in Marketing?"), 422, "no_answer")
    assert "suggestion" not in named


def _workspace_of(client, *tables: tuple[str, str]) -> str:
    """A new context holding the CSV tables given (name, text), uploaded in that order (the order ties are read in)."""
    context = client.post("/v1/contexts", json={"name": "workspace"}).json()["id"]
    for name, data in tables:
        response = client.post(f"/v1/contexts/{context}/documents", files={"file": (name, data.encode(), "text/csv")})
        assert response.status_code == 201
    return context


def test_between_two_tables_that_read_a_question_the_one_with_the_column_asked_for_answers(client):
    staff = (
        "employee,department,title\nEla Novak,Support,Support Lead\nFinn Olsen,Support,Support Agent\nAda,Sales,Rep\n"
    )
    budget = "department,quarter,budget\nSupport,Q1,90000\nSupport,Q2,94500\nSales,Q1,180000\n"
    context = _workspace_of(client, ("budget.csv", budget), ("staff.csv", staff))
    # Both tables have a Support department; only staff.csv has people to say who: budget.csv's quarters are a guess.
    found = ask(client, context, "Who works in the Support department?", "string_array").json()
    assert sorted(found["data"]) == ["Ela Novak", "Finn Olsen"]
    assert found["sources"][0]["computation"]["table"] == "staff.csv"


def test_two_tables_that_read_a_question_alike_and_agree_are_as_sure_as_one(client):
    # a training log beside the staff list reads "who works in Support" as fully, and says the same two people: it
    # held the answer at 0.536 as if they disagreed (my own business tables, 2026-12-07)
    staff = "employee,department,title\nEla Novak,Support,Lead\nFinn Olsen,Support,Agent\nAda,Sales,Rep\n"
    training = "employee,department,course\nEla Novak,Support,Empathy\nFinn Olsen,Support,Empathy\nAda,Sales,Excel\n"
    context = _workspace_of(client, ("staff.csv", staff), ("training.csv", training))
    found = ask(client, context, "Who works in the Support department?", "string_array").json()
    assert sorted(found["data"]) == ["Ela Novak", "Finn Olsen"] and found["confidence"] == pytest.approx(EXPLAINS_ALL)
    # a third table that answers otherwise still makes it ambiguous
    teams = "employee,department\nZed,Support\n"
    context = _workspace_of(client, ("staff.csv", staff), ("teams.csv", teams))
    found = ask(client, context, "Who works in the Support department?", "string_array", min_confidence=0).json()
    assert found["confidence"] < EXPLAINS_ALL


def test_a_table_that_computes_nothing_gives_way_to_one_that_reads_the_question_as_fully(client):
    # orders.csv, ranked first, read "the North" as its North America and had no orders of it in Q1: the question was
    # declined while monthly_sales.csv adds up North's Jan to Mar (my own business tables, 2026-12-07)
    orders = "order id,order date,region,quantity,unit price\nSO-1,2025-05-26,North America,13,55\n"
    orders += "SO-2,2025-02-14,Asia,14,18.5\n"
    monthly = "region,jan,feb,mar,apr\nNorth,12000,13500,12800,14100\nSouth,9800,10200,11900,12500\n"
    context = _workspace_of(client, ("orders.csv", orders), ("monthly_sales.csv", monthly))
    out = ask(client, context, "What were total sales in Q1 for the North?", "float").json()
    assert answered_from(out) == (38300, "monthly_sales.csv")


def test_between_two_tables_the_one_whose_measure_is_named_and_whose_rows_are_counted_answers(client):
    # listed first, a table of expense claims reads both questions as fully as the staff table does: the different
    # Employees of its Engineering claims, and its one Amount as the "payroll" (my own business tables, 2026-12-06)
    expenses = "claim id,employee,department,amount\nE-1,Tom,Engineering,18.4\nE-2,Tom,Engineering,1299\n"
    expenses += "E-3,Pia,Sales,46.5\n"
    staff = "employee,department,salary\nTom,Engineering,72000\nOmar,Engineering,69000\nJo,Engineering,81000\n"
    staff += "Pia,Sales,61000\n"
    context = _workspace_of(client, ("expenses.csv", expenses), ("staff.csv", staff))
    counted = ask(client, context, "How many employees work in Engineering?").json()
    assert answered_from(counted) == (3, "staff.csv")
    payroll = ask(client, context, "What is the total payroll of the Sales department?").json()
    assert answered_from(payroll) == (61000, "staff.csv")


def test_between_two_tables_the_one_of_the_role_said_and_of_the_things_counted_answers(client):
    # listed first, projects.csv reads "who was hired first" as fully as staff.csv (its Start Date, its Client), and
    # orders.csv counts the orders of Travel Mugs; my own business tables, 2026-12-07: both answered from the wrong one
    projects = "project,client,start date\nWeb,Acme Corp,2018-01-15\nApp,Globex,2021-03-01\n"
    orders = "order id,product,quantity\nSO-1,Travel Mug,12\nSO-2,Travel Mug,3\nSO-3,Kettle,1\n"
    staff = "employee,department,start date\nTom,Engineering,2019-06-14\nPia,Sales,2020-02-01\n"
    stock = "sku,item,in stock\nK-1,Kettle,14\nM-1,Travel Mug,210\n"
    context = _workspace_of(
        client, ("a_orders.csv", orders), ("a_projects.csv", projects), ("staff.csv", staff), ("stock.csv", stock)
    )
    hired = ask(client, context, "Who was hired first?", "string").json()
    assert answered_from(hired) == ("Tom", "staff.csv")
    held = ask(client, context, "How many Travel Mugs do we have?").json()
    assert answered_from(held) == (210, "stock.csv")


def test_between_two_tables_the_one_with_a_row_for_each_of_what_is_ranked_answers(client):
    # orders.csv, listed first, reads "our newest customer" as the customer of the last order (Acme, an old customer);
    # subscriptions.csv has a row a customer (my own business tables, 2026-12-07: 'Acme Corp', at 0.536)
    orders = "order id,order date,customer,revenue\nSO-1,2025-01-04,Hooli,90\nSO-2,2025-06-01,Acme,15\n"
    orders += "SO-3,2025-12-20,Acme,40\n"
    subscriptions = "customer,start date,monthly fee\nAcme,2024-02-01,300\nHooli,2025-01-02,49\n"
    context = _workspace_of(client, ("a_orders.csv", orders), ("subscriptions.csv", subscriptions))
    newest = ask(client, context, "Who is our newest customer?", "string").json()
    assert answered_from(newest) == ("Hooli", "subscriptions.csv")
    assert newest["confidence"] == 0.8


def test_between_two_tables_the_one_the_question_names_answers_and_is_no_tie(client):
    # both tables' rows are orders and both have cancelled ones: "which orders" names all of orders.csv's name and
    # half of purchase_orders.csv's (my own business tables, 2026-12-07: answered at 0.536, as a tie)
    purchases = "po number,supplier,status\nPO-1,Northwind,Cancelled\nPO-2,Contoso,Received\n"
    orders = "order id,customer,status\nSO-1,Hooli,Cancelled\nSO-2,Acme,Cancelled\nSO-3,Acme,Shipped\n"
    context = _workspace_of(client, ("a_purchase_orders.csv", purchases), ("orders.csv", orders))
    cancelled = ask(client, context, "Which orders were cancelled?", "string_array").json()
    assert answered_from(cancelled) == (["SO-1", "SO-2"], "orders.csv")
    assert cancelled["confidence"] == 0.8
    purchased = ask(client, context, "Which purchase orders were cancelled?", "string_array").json()
    assert purchased["data"] == ["PO-1"] and purchased["confidence"] == 0.8


def test_a_log_of_an_event_answers_the_questions_that_say_it(client):
    # a returns log has the orders' Customer, Product and Units: "what did Umbrella buy" was a tie at 0.536 once it
    # joined the orders (my own business tables, 2026-12-07); "returned" says the returns
    returns = "return id,customer,product,units\nR-1,Umbrella,Travel Mug,2\nR-2,Hooli,Kettle,1\n"
    orders = "order id,order date,customer,product,quantity\nSO-1,2025-01-05,Umbrella,Kettle,3\n"
    orders += "SO-2,2025-02-05,Umbrella,Travel Mug,4\nSO-3,2025-03-01,Hooli,Kettle,5\n"
    context = _workspace_of(client, ("a_returns.csv", returns), ("orders.csv", orders))
    bought = ask(client, context, "How many Kettles did Hooli buy?").json()
    assert answered_from(bought) == (5, "orders.csv")
    assert bought["confidence"] == 0.8
    returned = ask(client, context, "How many Kettles did Hooli return?").json()
    assert answered_from(returned) == (1, "a_returns.csv")


def test_a_table_whose_reading_matches_nothing_makes_no_answer_ambiguous(client):
    # both read "which item is out of stock" whole; the purchase orders have no Qty of 0, so only the stock answers
    # (it was held at 0.536 as a tie; my own business tables, 2026-12-07); listed first, the rival that matches
    # nothing no longer answers first (declined) either
    purchases = "po number,item,qty\nPO-1,Lids,800\nPO-2,Milk,120\n"
    stock = "sku,item,in stock\nK-1,Kettle,14\nB-1,Cold Brew Bottle,0\n"
    for purchases_name in ("purchase_orders.csv", "a_purchase_orders.csv"):  # listed after the stock, then before
        context = _workspace_of(client, ("inventory.csv", stock), (purchases_name, purchases))
        out = ask(client, context, "Which item is out of stock?", "string").json()
        assert out["data"] == "Cold Brew Bottle" and out["confidence"] == 0.8


def test_of_two_tables_read_as_well_the_surer_run_answers(client):
    # "which region sold the most in January" ranked a deals table's few January deals (too few to rank: 0.30) over
    # the monthly sales' Jan column, declined at 0.2 (bench/table_qa.py --business, biz-159, 2026-12-07)
    deals = "deal,owner,amount,created,region\nD-1,Maya,100,2025-01-06,West\nD-2,Liam,200,2025-01-09,West\n"
    deals += "D-3,Sara,300,2025-01-12,East\nD-4,Omar,50,2025-02-02,Central\n"
    monthly = "region,jan,feb\nNorth,12000,13500\nEast,15300,14900\nWest,7600,8100\n"
    context = _workspace_of(client, ("a_deals.csv", deals), ("monthly_sales.csv", monthly))
    out = ask(client, context, "Which region sold the most in January?", "string").json()
    assert answered_from(out) == ("East", "monthly_sales.csv")
    assert out["confidence"] == pytest.approx(0.8 * AMBIGUITY_FACTOR)  # the deals still read it as well


def test_two_tables_nothing_tells_apart_that_answer_otherwise_are_declined_with_both_values(client):
    # "how many hours were worked" of a projects list and a timesheet: both read it whole, as surely, and which
    # answered was the order they were listed in (first tables right on 5 of 12 tuning business questions such as
    # this one, 2026-12-07): held as one of two readings, the decline says both values and names the other table
    projects = "project,client,hours\nWebsite,Northwind,420\nMigration,Contoso,610\n"
    timesheets = "date,employee,project,hours\n2025-09-01,Priya,Website,7.5\n2025-09-02,Marco,Migration,8\n"
    context = _workspace_of(client, ("projects.csv", projects), ("timesheets.csv", timesheets))
    question = "How many hours were worked in total?"
    error = assert_error(ask(client, context, question, "float"), 422, "no_answer")
    first, other = error["suggestion"]["table"], ({"projects.csv", "timesheets.csv"} - {error["suggestion"]["table"]})
    values = {"projects.csv": "1030.0", "timesheets.csv": "15.5"}
    assert f"{other.pop()} reads it as well, and answers" in error["message"]
    assert error["message"].count("reads it as well") == 1
    assert set(values.values()) <= {w.strip(".:;,'") for w in error["message"].split()}  # both tables' values
    accepted = ask(client, context, question, "float", min_confidence=error["suggestion"]["min_confidence"]).json()
    assert answered_from(accepted) == (float(values[first]), first)
    assert "reads it as well" in accepted["sources"][0]["computation"]["caution"]
    # a question that says which is answered: by the table's name, or by a verb of logging (of the log)
    for said in ("How many hours does the timesheet have in total?", "How many hours were logged in total?"):
        out = ask(client, context, said, "float").json()
        assert answered_from(out) == (15.5, "timesheets.csv")


def test_the_month_of_a_column_for_each_month_is_answered_with_its_plan(client):
    # "which month had the highest sales" of a column for each month had no reading (my own monthly sales table)
    monthly = "region,jan,feb,mar\nNorth,12000,13500,12800\nEast,15300,14900,16100\n"
    context = _workspace_of(client, ("monthly_sales.csv", monthly))
    out = ask(client, context, "Which month had the highest sales?", "string").json()
    assert out["data"] == "March" and out["confidence"] == 0.8  # 28,900
    computation = out["sources"][0]["computation"]
    assert computation["plan"].startswith("the column whose total is the largest: take 'jan', 'feb', 'mar'")


def test_a_count_over_rows_no_condition_matches_is_offered_not_answered(client, tables_context):
    # A value computed over no rows was right on 0 of 8 WikiTableQuestions dev questions (answer/tables.py
    # NOTHING_MATCHED): a condition that picks nothing is more often misread than true, so the 0 is offered.
    question = "How many orders had an amount over $10,000?"
    error = assert_error(ask(client, tables_context, question), 422, "no_answer")
    assert "No row matches its conditions." in error["message"]
    assert error["suggestion"]["reading"].startswith("count rows of orders.csv where 'amount' > 10000")
    accepted = ask(client, tables_context, question, min_confidence=error["suggestion"]["min_confidence"]).json()
    assert accepted["data"] == 0 and accepted["sources"][0]["computation"]["matched_rows"] == 0
    # the same question over rows that are there is answered as before
    assert ask(client, tables_context, "How many orders had an amount over $500?").json()["data"] == len(
        expected_orders(lambda row: float(row[2].split('"$')[1].split('"')[0].replace(",", "")) > 500)
    )


def test_a_share_of_no_rows_of_a_whole_that_is_there_is_answered(client, tables_context):
    # "none of Asia's orders were returned" is a real 0%: the cap on values computed over no rows (NOTHING_MATCHED) is
    # for conditions misread, and the whole here matches Asia's orders
    asia = ask(client, tables_context, "What percentage of orders from Asia were returned?", "float").json()
    assert asia["data"] == 0.0 and asia["confidence"] == EXPLAINS_ALL
    # and so is a yes/no question's "no": no matching row is what it means
    returned = ask(client, tables_context, "Was any order from Asia returned?", "boolean").json()
    assert returned["data"] is False and returned["confidence"] == EXPLAINS_ALL
    assert ask(client, tables_context, "Was any order from Europe returned?", "boolean").json()["data"] is True


def test_a_count_of_the_one_row_a_condition_picks_is_offered_when_words_are_left_out(client, tables_context):
    # Counting the one row a condition picks while words are left unexplained was right on 2 of 13 WikiTableQuestions
    # dev questions (answer/table_cap_levels.py COUNTED_ONE): "how many goals did X score" asks for a cell of X's row.
    question = "How many patents did Grace Hopper file?"
    error = assert_error(ask(client, tables_context, question), 422, "no_answer")
    assert "One row matches its conditions: the number asked for may be one of its cells." in error["message"]
    assert 'It does not account for "patents", "file"' in error["message"]
    assert error["suggestion"]["reading"] == "count rows of employees.csv where 'name' = 'Grace Hopper'"
    accepted = ask(client, tables_context, question, min_confidence=error["suggestion"]["min_confidence"]).json()
    assert accepted["data"] == 1 and accepted["sources"][0]["computation"]["matched_rows"] == 1
    # a count of one row that explains every word stands ("people" of employees.csv: what its rows are)
    for question in ("How many employees work in Operations?", "How many people work in Operations?"):
        one = ask(client, tables_context, question).json()
        assert one["data"] == 1 and one["confidence"] == EXPLAINS_ALL


def test_a_ranking_of_the_one_row_a_condition_picks_is_offered_not_answered(client, tables_context):
    # The highest or the most of the one row its conditions match ranks nothing: right on 1 of 10 WikiTableQuestions
    # answers (answer/table_cap_levels.py RANKED_ONE), where the condition was what was to be ranked. Offered, with
    # the row's value to accept; over two rows it is answered.
    question = "Who earns the highest salary in Operations?"
    error = assert_error(ask(client, tables_context, question, "string"), 422, "no_answer")
    assert "One row matches its conditions: there is nothing to rank it against." in error["message"]
    accepted = ask(client, tables_context, question, "string", min_confidence=error["suggestion"]["min_confidence"])
    assert accepted.json()["data"] == "Edsger Dijkstra"
    research = ask(client, tables_context, "Who earns the highest salary in Research?", "string").json()
    assert research["data"] == "Alan Turing" and research["confidence"] > 0.4
    # one row per person: the row with the highest salary, not a sum of each name's salaries
    assert research["sources"][0]["computation"]["plan"].startswith("take 'name'")
    # asked for a number, the reading of every word still stands: no figure guessed from the sheet's retrieved rows
    # (a salary of another department, read by the text engine in the console)
    number = assert_error(ask(client, tables_context, question), 422, "no_answer")
    assert "One row matches its conditions" in number["message"]
    assert "The table's answer 'Edsger Dijkstra' is not an integer." in number["message"]


def test_a_cell_from_the_first_of_several_rows_is_offered_not_answered(client, tables_context):
    # The first of several matching rows, when the words do not say which, was right on 6 of 16 tuning answers
    # (answer/table_cap_levels.py FIRST_OF_SEVERAL): under the table bar, declined with the first row's cell to accept.
    error = assert_error(ask(client, tables_context, "Who works in Engineering?", "string"), 422, "no_answer")
    assert error["suggestion"]["confidence"] == FIRST_OF_SEVERAL and "2 rows match its conditions" in error["message"]
    first = ask(client, tables_context, "Who works in Engineering?", "string", min_confidence=FIRST_OF_SEVERAL).json()
    assert first["data"] == "Ada Lovelace" and first["confidence"] == FIRST_OF_SEVERAL
    assert first["sources"][0]["computation"]["matched_rows"] == 2
    # asked for all of them, or for the one row a condition picks, the answer is as sure as its words
    both = ask(client, tables_context, "Who works in Engineering?", "string_array").json()
    assert both["data"] == ["Ada Lovelace", "Grace Hopper"] and both["confidence"] > FIRST_OF_SEVERAL
    one = ask(client, tables_context, "Who works in Operations?", "string").json()
    assert one["data"] == "Edsger Dijkstra" and one["confidence"] > FIRST_OF_SEVERAL


def test_a_value_for_each_of_a_column_is_declined_with_no_single_value_offered(client, tables_context):
    # "each region" asks for one value a region: the count of every order is no answer to accept, so none is offered
    error = assert_error(ask(client, tables_context, "How many orders did each region place?"), 422, "no_answer")
    assert "It asks for a value for each 'region', and its reading computes one over them all" in error["message"]
    assert "suggestion" not in error and "min_confidence" not in error["message"]
    # one region named, it is answered
    assert ask(client, tables_context, "How many orders did the Asia region place?").json()["data"] == 12


def test_two_values_compared_or_declined_when_nothing_is_compared(client, tables_context):
    # "the same as" compares the two amounts named, and shows both rows
    body = ask(
        client, tables_context, "Is the salary of Ada Lovelace the same as the salary of Alan Turing?", "boolean"
    )
    assert body.status_code == 200, body.text
    answer = body.json()
    assert answer["data"] is False
    computation = answer["sources"][0]["computation"]
    assert "the same as" in computation["plan"] and computation["matched_rows"] == 2
    assert {row[0] for row in computation["rows"]} == {"Ada Lovelace", "Alan Turing"}
    # a difference no column holds, read as one cell, is declined with no value to accept
    error = assert_error(
        ask(
            client,
            tables_context,
            "What is the difference in department between Ada Lovelace and Alan Turing?",
            "string",
        ),
        422,
        "no_answer",
    )
    assert "It asks for a difference, and its reading reads a cell: nothing is subtracted." in error["message"]
    assert "suggestion" not in error


def test_a_value_of_another_type_is_declined_with_the_type_that_holds_it(client, tables_context):
    # the average bonus is no whole number: the decline says which type to ask for, in words and as a field
    error = assert_error(ask(client, tables_context, "What is the average bonus?"), 422, "no_answer")
    assert error["message"] == "The table's answer 8.875 is not an integer: ask for a float to get it."
    assert error["answer_type"] == "float" and "suggestion" not in error
    assert ask(client, tables_context, "What is the average bonus?", "float").json()["data"] == 8.875
    # a name is no number, and no other type is offered for it (the reading may have read the wrong column)
    who = assert_error(ask(client, tables_context, "Who earns the most?"), 422, "no_answer")
    assert who["message"] == "The table's answer 'Grace Hopper' is not an integer." and "answer_type" not in who


def test_the_group_with_the_highest_rate_is_answered_with_the_share_it_ranks_by(client):
    # "which source has the highest conversion rate" ordered the sources by their Deal Value, at 0.8
    context = client.post("/v1/contexts", json={"name": "leads"}).json()["id"]
    leads = "Lead ID,Source,Converted,Deal Value\nL1,Webinar,Yes,12000\nL2,Paid Search,No,\nL3,Referral,Yes,30000\n"
    leads += "L4,Paid Search,Yes,8000\nL5,Webinar,No,\nL6,Paid Search,No,\n"
    response = client.post(
        f"/v1/contexts/{context}/documents", files={"file": ("leads.csv", leads.encode(), "text/csv")}
    )
    assert response.status_code == 201, response.text
    body = ask(client, context, "Which source has the highest conversion rate?", "string").json()
    assert body["data"] == "Referral"
    assert body["sources"][0]["computation"]["plan"] == (
        "count rows of leads.csv where 'Converted' = 'Yes', out of count rows of leads.csv, for each 'Source', "
        "largest share first"
    )
    assert (
        ask(client, context, "Which source has the lowest conversion rate?", "string").json()["data"] == "Paid Search"
    )


def test_a_count_of_many_rows_answers_less_surely_and_says_why(client):
    # 13 orders included a Grinder: answered at table_cap_levels.MANY_COUNTED (0.62) with the reason beside the answer,
    # and declined with it by a caller who asks for 0.7
    context = _sales_context(client)
    body = ask(client, context, "How many orders included a Grinder?").json()
    assert body["data"] == 13 and body["confidence"] == 0.62
    caution = "It counts 13 rows: one row read wrong changes a count this large."
    assert body["sources"][0]["computation"]["caution"] == caution
    declined = ask(client, context, "How many orders included a Grinder?", min_confidence=0.7)
    assert declined.status_code == 422
    assert "It counts 13 rows" in declined.json()["error"]["message"]
