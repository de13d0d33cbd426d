"""Every console page through Streamlit's AppTest, against the real embedded API and the demo handbook."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from backend.export import HISTORY_COLUMNS, RESULT_COLUMNS

APP = str(Path(__file__).resolve().parents[2] / "app.py")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def console_data_dir(tmp_path_factory):
    """One data dir for the module: the embedded API (cached per process) starts once and seeds the demo."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ANSWERBASE_DATA_DIR", str(tmp_path_factory.mktemp("console")))
        patch.setenv("ANSWERBASE_ENGINE", "offline")
        patch.delenv("ANSWERBASE_API_URL", raising=False)
        yield
    from pages.common import api_client

    api_client.clear()


def _app(page: str | None = None) -> AppTest:
    app = AppTest.from_file(APP, default_timeout=120)
    app.run()
    if page:
        app.switch_page(page)
        app.run()
    assert not app.exception, app.exception
    return app


def test_ask_example_gives_typed_answer_and_history_csv():
    app = _app()
    assert app.title[0].value == "Ask"
    assert app.selectbox(key="ask_context").value["name"] == "Brightwater handbook (demo)"
    app.button(key="example_1").click().run()
    assert not app.exception
    assert app.selectbox(key="answer_type").value == "datetime"  # the picker follows the example
    app.selectbox(key="answer_type").set_value("integer")
    app.chat_input[0].set_value("How many employees work at the London office?").run()
    assert any(m.value == "### 212" for m in app.markdown)
    assert any("3 July 2026" in m.value for m in app.markdown)
    assert any("2026-07-03T00:00:00Z" in c.value for c in app.caption)
    from backend.export import history_csv

    rows = list(csv.DictReader(io.StringIO(history_csv(app.session_state.history))))
    assert list(rows[0]) == HISTORY_COLUMNS and len(rows) == 2
    assert rows[0]["type"] == "datetime" and json.loads(rows[0]["answer"]) == "2026-07-03T00:00:00Z"
    assert json.loads(rows[1]["answer"]) == 212 and rows[1]["declined"] == "false"
    assert 0.56 <= float(rows[1]["confidence"]) <= 1.0
    assert "offices.md" in rows[1]["sources"] and "/v1/documents/" in rows[1]["sources"]
    # The confidence shows as a band with the number on hover; the value is marked in the passage it came from.
    badges = [m for m in app.markdown if "-badge[" in m.value and "confidence]" in m.value]
    assert len(badges) == 2 and all(m.proto.help.startswith("Calibrated probability") for m in badges)
    assert any(":orange-background[**212**]" in m.value for m in app.markdown)


def test_ask_list_example_renders_a_table_and_chart():
    app = _app()
    app.button(key="example_5").click().run()
    assert not app.exception
    values = set(app.dataframe[0].value["value"])
    assert {212, 87, 54} <= values and 2 not in values
    assert app.get("bar_chart") or app.get("vega_lite_chart") or app.get("arrow_vega_lite_chart")


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
    from backend.export import history_csv

    rows = list(csv.DictReader(io.StringIO(history_csv(app.session_state.history))))
    assert [(r["declined"], r["answer"]) for r in rows] == [("true", ""), ("true", "")]
    assert "Martian" in rows[0]["reason"]


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
    from backend.export import QUESTION_LOG_COLUMNS, question_log_csv

    api = __import__("pages.common", fromlist=["api_client"]).api_client()
    rows = list(csv.DictReader(io.StringIO(question_log_csv(api.questions(declined=True)["questions"]))))
    assert list(rows[0]) == QUESTION_LOG_COLUMNS and all(r["declined"] == "true" for r in rows)


def test_search_shows_cards_and_csv():
    app = _app("pages/search.py")
    app.text_input[0].set_value("parental leave")
    app.button[0].click().run()
    assert not app.exception
    assert any("result" in c.value and "parental leave" in c.value for c in app.caption)
    assert any("leave-policy.md" in m.value for m in app.markdown)
    from backend.export import results_csv

    rows = list(csv.DictReader(io.StringIO(results_csv(app.session_state.search_results["results"]))))
    assert list(rows[0]) == RESULT_COLUMNS and rows[0]["name"] == "leave-policy.md"


def test_documents_page_lists_demo_and_adds_text():
    app = _app("pages/documents.py")
    assert any("10 documents" in s.value for s in app.subheader)
    text_inputs = [t for t in app.text_input if t.label == "Name"]
    text_inputs[-1].set_value("Parking")
    [t for t in app.text_area if t.label == "Text"][0].set_value("Staff park on level minus two.")
    [b for b in app.button if b.label == "Add text"][0].click().run()
    assert not app.exception
    assert any("Added “Parking”" in s.value for s in app.success)
    assert any("11 documents" in s.value for s in app.subheader)


def test_status_page_shows_engine_and_masked_key():
    app = _app("pages/settings.py")
    assert not app.exception
    assert [m.value for m in app.metric][:2] == ["offline", "all-MiniLM-L6-v2"]
    assert any(m.label == "Last compaction" for m in app.metric)
    assert any(m.label == "Fragments (chunks / documents)" for m in app.metric)
    assert any("/v1/types/integer" in c.value and "…" in c.value for c in app.code)


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
    ],
)
def test_numbers_read_as_people_write_them(value, shown):
    from pages.common import format_number

    assert format_number(value) == shown
