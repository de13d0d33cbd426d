"""Every console page through Streamlit's AppTest, against the real embedded API and the demo handbook."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import datetime
from pathlib import Path

import pytest
from openpyxl import load_workbook
from streamlit.testing.v1 import AppTest

from backend.config import SearchSettings
from backend.exports import to_csv, to_xlsx
from console.export import HISTORY_COLUMNS, RESULT_COLUMNS, history_rows, result_rows
from console.widgets import document_link

APP = str(Path(__file__).resolve().parents[2] / "app.py")
DEMO = "Brightwater handbook (demo)"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def console_data_dir(tmp_path_factory):
    """One data dir for the module: the embedded API (cached per process) starts once and seeds the demo."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ANSWERBASE_DATA_DIR", str(tmp_path_factory.mktemp("console")))
        patch.setenv("ANSWERBASE_ENGINE", "offline")
        patch.delenv("ANSWERBASE_API_URL", raising=False)
        yield
    from console.api import connection

    # Stop what the module started: the embedded API's threads (upkeep, grids) must not outlive the tests, and the
    # client's pooled sockets are closed rather than left to the garbage collector.
    connection().embedded.stop()
    connection().client.close()
    connection.clear()


def _app(page: str | None = None, **query: str) -> AppTest:
    """A new session opened on ``page`` (the default page when None) with the URL's ``query``."""
    app = AppTest.from_file(APP, default_timeout=120)
    app.query_params.update(query)
    if page:
        app.switch_page(page)
    app.run()
    assert not app.exception, app.exception
    return app


def _api():
    """The console's client, once its embedded API has indexed the demo (it starts without waiting for that)."""
    from console.api import connection

    connection().embedded.ready.wait(120)
    return connection().client


def _context(name: str) -> dict:
    return next(c for c in _api().contexts() if c["name"] == name)


def _picker(app: AppTest):
    """The page's context picker (one widget per choice: found by its label, not its key)."""
    return next(s for s in app.selectbox if s.label == "Context")


def _csv_rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def _xlsx_rows(data: bytes) -> list[dict]:
    sheet = load_workbook(io.BytesIO(data)).active
    header, *rows = list(sheet.values)
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_ask_example_gives_typed_answer_and_exports_plain_values():
    app = _app()
    assert app.title[0].value == "Ask"
    assert _picker(app).value["name"] == DEMO
    app.button(key="example_1").click().run()
    assert not app.exception
    assert app.selectbox(key="answer_type").value == "datetime"  # the picker follows the example
    app.selectbox(key="answer_type").set_value("integer")
    app.chat_input[0].set_value("How many employees work at the London office?").run()
    app.selectbox(key="answer_type").set_value("string")
    app.chat_input[0].set_value("What is the wifi password of the London office?").run()  # declined
    assert any(m.value == "### 212" for m in app.markdown)
    assert any("3 July 2026" in m.value for m in app.markdown)
    assert any("2026-07-03T00:00:00Z" in c.value for c in app.caption)
    # The confidence shows as a band with the number on hover; the value is marked in the passage it came from.
    badges = [m for m in app.markdown if "-badge[" in m.value and "confidence]" in m.value]
    assert len(badges) == 2 and all(m.proto.help.startswith("Calibrated probability") for m in badges)
    assert any(":orange-background[**212**]" in m.value for m in app.markdown)

    rows = history_rows(app.session_state.history, document_link)
    for parsed in (_csv_rows(to_csv(HISTORY_COLUMNS, rows)), _xlsx_rows(to_xlsx(HISTORY_COLUMNS, rows, "Answers"))):
        assert list(parsed[0]) == HISTORY_COLUMNS and len(parsed) == 3
        date, count, declined = parsed
        assert {r["context"] for r in parsed} == {DEMO} and {r["context_id"] for r in parsed} == {_context(DEMO)["id"]}
        assert date["type"] == "datetime" and str(declined["declined"]).lower() == "true"
        assert str(count["declined"]).lower() == "false" and 0.56 <= float(count["confidence"]) <= 1.0
        assert declined["answer"] in ("", None) and "do not clearly answer" in declined["reason"]
        assert count["reason"] in ("", None) and int(count["latency_ms"]) > 0
        sources = count["sources"].split("; ")
        assert sources[0].startswith("offices.md <documents?document=") and len(set(sources)) == len(sources)
        assert "127.0.0.1" not in count["sources"] and "/v1/" not in count["sources"]
    csv_date, csv_count, _ = _csv_rows(to_csv(HISTORY_COLUMNS, rows))
    assert csv_date["answer"] == "2026-07-03T00:00:00Z" and csv_count["answer"] == "212"  # plain, not JSON
    xlsx_date, xlsx_count, _ = _xlsx_rows(to_xlsx(HISTORY_COLUMNS, rows, "Answers"))
    assert xlsx_date["answer"] == datetime(2026, 7, 3) and xlsx_count["answer"] == 212  # typed cells
    assert xlsx_count["declined"] is False and isinstance(xlsx_count["confidence"], float)
    # the summer party's date is computed from the demo's events calendar (a Markdown table): its row exports too
    labels = [b.label for b in app.get("download_button")]
    assert labels == ["Rows (CSV)", "Rows (XLSX)", "History (CSV)", "History (XLSX)"]


def test_exports_write_each_type_as_plain_data():
    history = [
        {"asked_at": "2026-11-23T10:00:00Z", "context": "c", "type": t, "question": "q", "answer": v, "error": None}
        for t, v in [
            ("string", "Hotel"),
            ("float", 4200000.0),
            ("float", 61.5),
            ("boolean", True),
            ("string_array", ["a", "b"]),
        ]
    ]
    rows = _csv_rows(to_csv(HISTORY_COLUMNS, history_rows(history, document_link)))
    assert [r["answer"] for r in rows] == ["Hotel", "4200000", "61.5", "true", '["a", "b"]']
    cells = _xlsx_rows(to_xlsx(HISTORY_COLUMNS, history_rows(history, document_link), "Answers"))
    assert [c["answer"] for c in cells] == ["Hotel", 4200000, 61.5, True, '["a", "b"]']
    with zipfile.ZipFile(io.BytesIO(to_xlsx(HISTORY_COLUMNS, [], "Answers"))) as book:
        assert "xl/worksheets/sheet1.xml" in book.namelist()  # a real workbook even when empty


def test_ask_decline_says_why_and_shows_the_closest_passages():
    app = _app()
    app.selectbox(key="answer_type").set_value("datetime")
    app.chat_input[0].set_value("When did the Martian colony hold elections?").run()
    assert not app.exception
    assert any("No answer:" in w.value and "'Martian'" in w.value for w in app.warning)
    app.selectbox(key="answer_type").set_value("string")
    app.chat_input[0].set_value("What is the wifi password of the London office?").run()
    assert not app.exception
    assert any("No answer:" in w.value for w in app.warning[1:])
    assert any(e.label.startswith("Closest passages") for e in app.expander)


def test_an_answer_computed_from_a_table_shows_its_plan_sql_and_rows():
    sales = _api().create_context("Sales table", "")
    orders = "order_id,region,amount\n" + "".join(f"{i},{['Europe', 'Asia'][i % 2]},{i * 10}\n" for i in range(1, 31))
    _api().upload("orders.csv", orders.encode(), sales["id"])
    app = _app(context=sales["id"])
    app.selectbox(key="answer_type").set_value("integer")
    app.chat_input[0].set_value("How many orders came from Europe?").run()
    assert not app.exception
    assert any(m.value == "### 15" for m in app.markdown)
    assert any(
        m.value == "**Computed from orders.csv:** count rows of orders.csv where 'region' = 'Europe'"
        for m in app.markdown
    )
    # a count this large is less sure, and the answer says why beside it (answer/table_cap_levels.MANY_COUNTED)
    assert [w.value for w in app.warning] == ["It counts 15 rows: one row read wrong changes a count this large."]
    assert app.code[0].value == "SELECT count(*) FROM t WHERE lower(c1) = lower(?)"
    assert any(c.value == "15 matching rows" for c in app.caption)
    frame = app.dataframe[0].value
    assert list(frame.columns) == ["order_id", "region", "amount"] and len(frame) == 15
    assert set(frame["region"]) == {"Europe"}
    assert [b.label for b in app.get("download_button")][:2] == ["Rows (CSV)", "Rows (XLSX)"]
    documents = _app("pages/documents.py", context=sales["id"]).dataframe[0].value
    assert documents.loc[documents["name"] == "orders.csv", "table rows"].item() == "30"


def test_a_declined_table_reading_is_offered_and_answers_in_one_click():
    staff = _api().create_context("Staff table", "")
    people = "name,team\n" + "".join(f"Person {i},{['Sales', 'Support'][i % 2]}\n" for i in range(1, 9))
    _api().upload("people.csv", people.encode(), staff["id"])
    app = _app(context=staff["id"])
    app.selectbox(key="answer_type").set_value("integer")
    app.chat_input[0].set_value("how many people work in marketing?").run()
    assert not app.exception
    warning = next(w.value for w in app.warning if "No answer:" in w.value)
    assert "count rows of people.csv" in warning and "min_confidence" not in warning  # the button says how to accept
    assert any(i.value == "**Did you mean:** count rows of people.csv? (It leaves out “marketing”.)" for i in app.info)
    app.button(key="accept_reading_0").click().run()
    assert not app.exception
    assert any(m.value == "### 8" for m in app.markdown)  # every row, as the analyst accepted
    assert any(c.value.startswith("Answered with the reading you accepted") for c in app.caption)


def test_a_value_of_another_type_is_asked_again_for_that_type_in_one_click():
    pay = _api().create_context("Pay table", "")
    _api().upload("pay.csv", b"name,salary\nAnn,100\nBo,101\n", pay["id"])
    app = _app(context=pay["id"])
    app.selectbox(key="answer_type").set_value("integer")
    app.chat_input[0].set_value("What is the average salary?").run()
    warning = next(w.value for w in app.warning if "No answer:" in w.value)
    assert "100.5 is not an integer: ask for a float" in warning
    app.button(key="retry_type_0").click().run()
    assert not app.exception
    assert app.selectbox(key="answer_type").value == "float"
    assert any(m.value == "### 100.5" for m in app.markdown)


def test_a_question_link_asks_on_open_in_its_context_once():
    demo = _context(DEMO)
    app = _app(type="integer", q="How many employees work at the London office?", context=demo["id"])
    assert app.selectbox(key="answer_type").value == "integer"
    assert _picker(app).value["id"] == demo["id"]
    assert any(m.value == "### 212" for m in app.markdown)
    assert "q" not in app.query_params and app.query_params["context"] == demo["id"]  # a reload won't ask again
    app.run()
    assert len(app.session_state.history) == 1
    bad = _app(type="money", q="How much?")
    assert any("unknown answer type 'money'" in w.value for w in bad.warning) and not bad.session_state.history


def test_the_chosen_context_is_kept_across_pages_and_in_the_url():
    other = _api().create_context("Contoso Q2 analysis", "for the context test")
    _api().add_text("Contoso's hotel budget for Q2 is 4,200,000 euros.", "budget.txt", other["id"])
    app = _app()
    _picker(app).set_value(other).run()
    assert app.query_params["context"] == other["id"]
    for page in ("pages/search.py", "pages/documents.py"):
        app.switch_page(page)
        app.run()
        assert not app.exception
        assert _picker(app).value["id"] == other["id"] and app.query_params["context"] == other["id"]
    assert any("1 document in “Contoso Q2 analysis”" in s.value for s in app.subheader)
    app.switch_page("pages/ask.py")
    app.run()
    # The example questions are the demo handbook's: another context is not offered them (each would be declined).
    assert not [b for b in app.button if b.key and b.key.startswith("example_")]
    assert any("Ask about the documents in “Contoso Q2 analysis”" in c.value for c in app.caption)
    app.selectbox(key="answer_type").set_value("float")
    app.chat_input[0].set_value("What is the hotel budget for Q2?").run()
    assert app.session_state.history[-1]["context_id"] == other["id"]  # asked where the page says
    assert any(m.value == "### 4,200,000" for m in app.markdown)
    # A new session (a reload, a shared link) opens on the context its URL names.
    reloaded = _app("pages/search.py", context=other["id"])
    assert _picker(reloaded).value["id"] == other["id"]
    gone = _app(context="no-such-context")
    assert _picker(gone).value["name"] == DEMO
    assert any("does not exist" in w.value for w in gone.warning)


def test_creating_a_context_selects_it():
    app = _app("pages/documents.py")
    [t for t in app.text_input if t.label == "Name"][0].set_value("Fresh analysis")
    [b for b in app.button if b.label == "Create context"][0].click().run()
    assert not app.exception
    created = _context("Fresh analysis")
    assert _picker(app).value["id"] == created["id"]
    assert app.query_params["context"] == created["id"]
    assert any("0 documents in “Fresh analysis”" in s.value for s in app.subheader)
    # A rerun that still carries the URL from before the choice (the browser had not taken the new one yet) keeps
    # the session's choice: the context just created does not go back to the demo.
    app.query_params["context"] = _context(DEMO)["id"]
    app.run()
    assert _picker(app).value["id"] == created["id"]


def test_a_multi_file_upload_with_a_broken_file_adds_the_good_ones():
    target = _api().create_context("Upload test", "")
    app = _app("pages/documents.py", context=target["id"])
    app.file_uploader[0].set_value(
        [
            ("analyst_notes.txt", b"Analyst notes: the Oslo pilot starts in May.", "text/plain"),
            ("broken_report.docx", b"this is not a Word file", "application/octet-stream"),
            ("memo.md", b"# Memo\nThe Lisbon office moves in June.", "text/markdown"),
        ]
    )
    [b for b in app.button if b.label == "Upload and index"][0].click().run()
    assert not app.exception
    assert any("Added 2 of 3 files; 1 refused: broken_report.docx." in w.value for w in app.warning)
    lines = [m.value for m in app.markdown]
    assert any("broken_report.docx" in line and "not a valid Word document" in line for line in lines)
    assert any(line.startswith(":material/check_circle: memo.md") for line in lines)
    documents = {d["name"]: d for d in _api().documents(target["id"])}
    assert set(documents) == {"analyst_notes.txt", "memo.md"}
    assert any("2 documents in “Upload test”" in s.value for s in app.subheader)
    # The table's "open" link shows the document in the console, with the file as it was uploaded to download.
    view = _app("pages/documents.py", document=documents["memo.md"]["id"])
    assert view.title[0].value == "memo.md"
    buttons = {b.label: b for b in view.get("download_button")}
    assert set(buttons) == {"Download the original", "Download the text"}
    assert _api().original(documents["memo.md"]["id"]) == b"# Memo\nThe Lisbon office moves in June."


def test_search_shows_relevant_cards_says_when_nothing_is_and_exports():
    app = _app("pages/search.py", context=_context(DEMO)["id"])
    app.text_input[0].set_value("parental leave")
    app.button[0].click().run()
    assert not app.exception
    assert any("1 relevant result for “parental leave”" in c.value for c in app.caption)
    card = next(m.value for m in app.markdown if "leave-policy.md" in m.value)
    assert "](documents?document=" in card and "passage=" in card  # opens the console's document view
    assert any("Relevant ·" in m.value for m in app.markdown)
    state = app.session_state.search_results
    rows = result_rows(state["query"], state["context"], state["results"], document_link)
    for parsed in (_csv_rows(to_csv(RESULT_COLUMNS, rows)), _xlsx_rows(to_xlsx(RESULT_COLUMNS, rows, "Results"))):
        assert list(parsed[0]) == RESULT_COLUMNS
        first = parsed[0]
        assert (first["query"], first["context"], first["name"]) == ("parental leave", DEMO, "leave-policy.md")
        assert (
            SearchSettings().min_relevance <= float(first["score"]) <= 1.0 and "documents?document=" in first["source"]
        )
    app.text_input[0].set_value("The quarterly revenue forecast")  # nothing in the handbook is about it
    app.button[0].click().run()
    assert any("No document is relevant" in i.value for i in app.info)
    assert not any("-badge[Relevant" in m.value for m in app.markdown)
    highlighted = next((m.value for m in app.markdown if "**" in m.value and "forecast" in m.value.lower()), "")
    assert "**The**" not in highlighted


def test_the_document_view_shows_the_text_with_the_passage_marked():
    demo = _context(DEMO)
    document = next(d for d in _api().documents(demo["id"]) if d["name"] == "leave-policy.md")
    app = _app("pages/documents.py", document=document["id"], q="parental leave", passage="Parental leave")
    assert not app.exception
    assert app.title[0].value == "leave-policy.md"
    assert any("The passage the search found" in c.value for c in app.caption)
    assert any(":orange-background[**Parental** **leave**" in m.value for m in app.markdown)  # the passage, marked
    assert any("**Parental** **leave**" in m.value for m in app.markdown)  # the query in the passage found
    assert [b.label for b in app.get("download_button")] == ["Download the text"]
    missing = _app("pages/documents.py", document="no-such-document")
    assert any("Could not open this document" in e.value for e in missing.error) and not missing.exception


def test_questions_page_lists_the_log_and_exports_declines():
    app = _app()
    app.chat_input[0].set_value("When did the Zorblax office open?").run()  # declined: nothing mentions it
    app.switch_page("pages/questions.py")
    app.run()
    assert not app.exception and app.title[0].value == "Questions"
    app.segmented_control(key="questions_filter").set_value("Declined (not answered yet)").run()
    assert not app.exception
    frame = app.dataframe[0].value
    assert "When did the Zorblax office open?" in set(frame["question"])
    assert set(frame["answer"]) == {""} and any("Zorblax" in why for why in frame["why not"])
    assert [b.label for b in app.get("download_button")] == ["This page (CSV)", "This page (XLSX)"]


def test_documents_page_lists_demo_and_adds_text():
    app = _app("pages/documents.py", context=_context(DEMO)["id"])
    documents = len(_api().documents(_context(DEMO)["id"]))
    assert any(f"{documents} documents" in s.value for s in app.subheader)
    [t for t in app.text_input if t.label == "Name"][-1].set_value("Parking")
    [t for t in app.text_area if t.label == "Text"][0].set_value("Staff park on level minus two.")
    [b for b in app.button if b.label == "Add text"][0].click().run()
    assert not app.exception
    assert any("Added “Parking”" in s.value for s in app.success)
    assert any(f"{documents + 1} documents" in s.value for s in app.subheader)


def test_status_page_shows_engine_and_masked_key():
    app = _app("pages/status.py")
    assert not app.exception
    assert [m.value for m in app.metric][:2] == ["offline", "all-MiniLM-L6-v2"]
    assert any(m.label == "Last compaction" for m in app.metric)
    assert any("/v1/types/integer" in c.value and "…" in c.value for c in app.code)
    secret = _api().api_key
    shown = [e.value for e in (*app.code, *app.markdown, *app.caption)]
    assert not any(secret in text for text in shown)  # the full key appears only on an explicit reveal
    app.toggle[0].set_value(True).run()
    assert any(secret in c.value for c in app.code)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (4200000.0, "4,200,000"),
        (61.5, "61.5"),
        (0.1 + 0.2, "0.3"),
        (212, "212"),
        (1234567, "1,234,567"),
        (0.00025, "0.00025"),
        (-3.75, "-3.75"),
        (0.0, "0"),
        (2.5e-7, "2.5e-07"),
        (3e16, "3e+16"),
        (13 / 6, "2.1667"),  # an average of days: four decimals, not ten
        (0.123456, "0.1235"),
        (1234567.891, "1,234,567.891"),
    ],
)
def test_numbers_read_as_people_write_them(value, shown):
    from console.widgets import format_number

    assert format_number(value) == shown


def test_a_number_shown_rounded_says_so():
    from console.widgets import is_rounded

    assert is_rounded(13 / 6) and is_rounded(0.123456)
    assert not any(is_rounded(v) for v in (0.1 + 0.2, 61.5, 4200000.0, 212, 0.00025, 1234567.891, 0.0, 3e16))


@pytest.mark.parametrize(
    ("reading", "shown"),
    [
        (
            {"outcome": "agrees", "plan": "count rows of orders.csv", "value": 3},
            "The local model's own plan (count rows of orders.csv) agrees.",
        ),
        (
            {"outcome": "differs", "plan": "count rows of orders.csv", "value": 5},
            "The local model's own plan (count rows of orders.csv) gives 5 instead.",
        ),
        (
            {"outcome": "no plan", "plan": "", "value": None},
            "The local model, reading the question again, says the table does not answer it.",
        ),
        (
            {"outcome": "unusable", "plan": "order_by: 'Pos' holds neither numbers nor dates", "value": None},
            "The local model's own plan could not be used (order_by: 'Pos' holds neither numbers nor dates).",
        ),
    ],
)
def test_a_models_second_reading_of_a_table_question_is_said_in_words(reading, shown):
    from console.widgets import model_reading_words

    assert model_reading_words(reading) == shown


def test_the_grid_page_runs_a_grid_shows_a_cells_passage_and_keeps_a_correction():
    contracts = _api().create_context("Supplier contracts", "")
    for name, text in {
        "alpha.txt": "Alpha services agreement. The counterparty is Acme Logistics Ltd. The contract value is "
        "1,200,000 euros. The contract starts on 1 March 2025.",
        "gamma.txt": "Gamma memo about visitor parking on level two.",
    }.items():
        _api().add_text(text, name, contracts["id"])
    app = _app("pages/grid.py", context=contracts["id"])
    assert app.title[0].value == "Grid" and _picker(app).value["id"] == contracts["id"]
    [b for b in app.button if b.label == "Run grid"][0].click().run()  # the Contracts template's four columns
    assert not app.exception
    assert "grid" in app.query_params, [e.value for e in app.error]
    grid_id = app.query_params["grid"]  # the open grid is in the URL: a reload reopens it
    table = app.dataframe[0].value.set_index("document")
    assert table.loc["alpha.txt", "Counterparty"] == "Acme Logistics Ltd"
    assert (
        table.loc["alpha.txt", "Contract value"] == "1,200,000" and table.loc["alpha.txt", "Start date"] == "2025-03-01"
    )
    assert table.loc["gamma.txt", "Counterparty"] == ""  # declined: the memo does not say
    # A selected cell shows its source passage with the value marked, and takes a correction.
    app.session_state["grid_table"] = {"selection": {"rows": [], "columns": [], "cells": [(1, "Contract value")]}}
    app.run()
    assert any("gamma.txt · Contract value" in m.value for m in app.markdown)
    app.session_state["grid_table"] = {"selection": {"rows": [], "columns": [], "cells": [(0, "Counterparty")]}}
    app.run()
    assert any(":orange-background[**Acme Logistics Ltd**]" in m.value for m in app.markdown)
    [t for t in app.text_input if t.label == "Correct the value"][0].set_value("Acme Logistics Limited")
    [b for b in app.button if b.label == "Save correction"][0].click().run()
    assert not app.exception
    cell = _api().grid(grid_id)["rows"][0]["cells"]["Counterparty"]
    assert cell["data"] == "Acme Logistics Limited" and cell["edited"]
    assert [b.label for b in app.get("download_button")] == ["CSV", "Excel"]
    exported = _csv_rows(_api().export_grid(grid_id, "csv").decode())
    assert exported[0]["Counterparty"] == "Acme Logistics Limited" and exported[0]["Counterparty edited"] == "true"
    reopened = _app("pages/grid.py", context=contracts["id"], grid=grid_id)
    assert reopened.subheader[0].value == "Supplier contracts" and reopened.dataframe


def test_a_reload_keeps_the_conversation_and_the_answer_type():
    app = _app()
    app.selectbox(key="answer_type").set_value("integer").run()
    app.chat_input[0].set_value("How many employees work at the London office?").run()
    app.selectbox(key="answer_type").set_value("float").run()
    assert app.query_params["type"] == "float" and app.query_params["chat"]
    # A reload is a new session opened on the same URL.
    reloaded = _app(**{k: v for k, v in app.query_params.items()})
    assert reloaded.selectbox(key="answer_type").value == "float"
    assert [e["question"] for e in reloaded.session_state.history] == ["How many employees work at the London office?"]
    assert any(m.value == "### 212" for m in reloaded.markdown)
    # Another page and back, in the same session, keeps it too; a new URL without the id starts afresh.
    reloaded.switch_page("pages/search.py")
    reloaded.run()
    reloaded.switch_page("pages/ask.py")
    reloaded.run()
    assert len(reloaded.session_state.history) == 1
    assert not _app().session_state.history


def test_a_question_past_the_limit_is_kept_and_the_limit_said():
    app = _app()
    long_question = "How many employees work at the London office? " + "Please be precise. " * 600
    app.chat_input[0].set_value(long_question).run()
    assert not app.exception and not app.session_state.history
    assert any("at most 4,000 characters" in e.value and f"{len(long_question):,}" in e.value for e in app.error)
    box = next(t for t in app.text_area if t.label == "Your question")
    assert box.value == long_question
    assert app.button(key="ask_shortened").disabled
    box.set_value("How many employees work at the London office?").run()
    app.button(key="ask_shortened").click().run()
    assert [e["question"] for e in app.session_state.history] == ["How many employees work at the London office?"]
    assert not [t for t in app.text_area if t.label == "Your question"]


def test_the_documents_table_shows_each_format_and_no_none():
    target = _api().create_context("Formats", "")
    _api().upload("staff.csv", b"Name,Team\nAna,Sales\nBo,Ops\n", target["id"])
    _api().add_text("Parking is on level two.", "Parking note", target["id"])
    app = _app("pages/documents.py", context=target["id"])
    frame = app.dataframe[0].value.set_index("name")
    assert frame.loc["staff.csv", "format"] == "csv" and frame.loc["Parking note", "format"] == "text"
    assert frame.loc["staff.csv", "table rows"] == "2" and frame.loc["Parking note", "table rows"] == ""


def test_the_uploader_takes_every_format_the_api_reads():
    from backend.ingest.archives import is_archive
    from backend.ingest.loaders import LOADERS
    from console.widgets import UPLOAD_TYPES

    assert {f".{t}" for t in UPLOAD_TYPES} == set(LOADERS) | {".zip"} and is_archive("bundle.zip")
    app = _app("pages/documents.py", context=_context(DEMO)["id"])
    assert any("xlsx" in c.value and "tsv" in c.value for c in app.caption)


def test_an_upload_of_a_spreadsheet_and_an_unreadable_format_names_each():
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["Name", "Salary"])
    book.active.append(["Helena Marsh", 52000])
    data = io.BytesIO()
    book.save(data)
    target = _api().create_context("Spreadsheets", "")
    app = _app("pages/documents.py", context=target["id"])
    app.file_uploader[0].set_value(
        [
            ("staff.xlsx", data.getvalue(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
            ("deck.pptx", b"PK\x03\x04 slides", "application/vnd.ms-powerpoint"),
        ]
    )
    [b for b in app.button if b.label == "Upload and index"][0].click().run()
    assert not app.exception
    assert any("Added 1 of 2 files; 1 refused: deck.pptx." in w.value for w in app.warning)
    assert any("deck.pptx" in m.value and "supported file types" in m.value for m in app.markdown)
    assert [d["name"] for d in _api().documents(target["id"])] == ["staff.xlsx"]


def test_the_questions_page_shows_answers_and_reasons_in_full():
    app = _app()
    app.chat_input[0].set_value("When did the Quuxworth office open?").run()  # declined
    app.switch_page("pages/questions.py")
    app.run()
    frame = app.dataframe[0].value
    assert list(frame.columns[:4]) == ["asked", "question", "answer", "why not"]
    reasons = [m.value for m in app.markdown if "**When did the Quuxworth office open?**" in m.value]
    assert reasons and "Quuxworth" in reasons[0].split("\n", 1)[1]


def test_every_page_is_at_the_address_the_readme_gives():
    import re

    from console.widgets import PAGE_PATHS

    root = Path(APP).parent
    pages = re.findall(r'st\.Page\("pages/(\w+)\.py"', (root / "app.py").read_text())
    assert tuple(pages) == PAGE_PATHS  # the address is the file's name
    readme = (root / "README.md").read_text()
    assert all(f"http://localhost:8501/{path}" in readme for path in PAGE_PATHS)
    status = _app("pages/status.py")
    assert status.title[0].value.startswith("Status")
