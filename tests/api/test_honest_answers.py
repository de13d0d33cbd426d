"""Honest typed answers through the real app: confidence, declines with reasons, spans, reference dates, the log."""

from __future__ import annotations

import pytest

from backend.answer.service import reference_moment
from backend.config import AnswerSettings, Settings
from backend.services import Services
from tests.helpers import assert_error

HANDBOOK = """# London office
The London office opened on March 3, 2015. It has 212 employees and is led by Priya Raman.

# Events
The fire drill takes place next Friday. The summer party is on 3 July 2026.
"""


@pytest.fixture
def context_id(client):
    ctx = client.post("/v1/contexts", json={"name": "Handbook"}).json()
    assert (
        client.post(f"/v1/contexts/{ctx['id']}/documents", json={"text": HANDBOOK, "name": "Handbook"}).status_code
        == 201
    )
    return ctx["id"]


def _ask(client, answer_type, question, context_id, **extra):
    return client.post(f"/v1/types/{answer_type}", json={"query": question, "context_id": context_id, **extra})


def test_a_question_about_an_unmentioned_name_is_declined_naming_it(client, context_id):
    error = assert_error(_ask(client, "datetime", "When was the Zorblax treaty signed?", context_id), 422, "no_answer")
    assert error["message"] == "No passage in this context mentions 'Zorblax'."
    error = assert_error(
        client.post("/v1/types/string", json={"content": "Who won the 2035 Nobel Prize?"}), 422, "no_answer"
    )
    assert "'2035'" in error["message"] and "Nobel" in error["message"]


def test_a_supported_answer_keeps_a_high_confidence_only_when_asked(client, context_id):
    plain = _ask(client, "integer", "How many employees work at the London office?", context_id)
    assert plain.json() == {"data": 212}
    detailed = _ask(
        client,
        "integer",
        "How many employees work at the London office?",
        context_id,
        include_confidence=True,
        include_sources=True,
    ).json()
    assert detailed["data"] == 212 and 0.6 <= detailed["confidence"] <= 1.0
    read_from = [s for s in detailed["sources"] if "spans" in s]
    assert len(read_from) == 1
    start, end = read_from[0]["spans"][0]
    assert read_from[0]["page_content"][start:end] == "212"
    with_sources_only = _ask(
        client, "integer", "How many employees work at the London office?", context_id, include_sources=True
    ).json()
    assert set(with_sources_only) == {"data", "sources"} and with_sources_only["data"] == 212


def test_a_weak_answer_is_declined_with_the_closest_passage(services, client, context_id):
    # The same question through a service that demands near certainty: declined, and told why.
    strict = Services.build(
        Settings(data_dir=services.settings.data_dir, engine="offline", answer=AnswerSettings(min_confidence=0.99)),
        embedder=services.embedder,
    )
    from backend.errors import NoAnswer
    from backend.types import AnswerType

    tenant = services.keys.authenticate(client.headers["Authorization"].split()[1]).tenant
    with pytest.raises(NoAnswer) as declined:
        strict.answers.answer(tenant, "Who leads the London office?", AnswerType.STRING, context_id)
    assert "below the 0.99 required" in declined.value.message and "Priya Raman" in declined.value.message


def test_relative_dates_follow_the_reference_date_and_time_zone(client, context_id):
    # 2026-11-23 is a Monday: "next Friday" is the 27th, whatever the clock says now.
    response = _ask(client, "datetime", "When is the fire drill?", context_id, reference_date="2026-11-23")
    assert response.json() == {"data": "2026-11-27T00:00:00Z"}, response.text
    response = _ask(
        client, "datetime", "When is the fire drill?", context_id, reference_date="2026-11-23", timezone="Asia/Tokyo"
    )
    assert response.json() == {"data": "2026-11-27T00:00:00Z"}
    error = assert_error(
        _ask(client, "datetime", "When is the fire drill?", context_id, timezone="Mars/Olympus"), 422, "invalid_request"
    )
    assert "timezone" in error["message"] and "Mars/Olympus" in error["message"]


def test_the_time_zone_decides_which_day_today_is():
    from datetime import UTC, date, datetime

    noon_tokyo = reference_moment(date(2026, 11, 23), "Asia/Tokyo")
    assert noon_tokyo.astimezone(UTC) == datetime(2026, 11, 23, 3, tzinfo=UTC)
    assert reference_moment(None, "Pacific/Kiritimati").utcoffset().total_seconds() == 14 * 3600


def test_the_question_log_lists_answers_and_declines_per_tenant(client, app_client, other_key, context_id):
    _ask(client, "integer", "How many employees work at the London office?", context_id)
    _ask(client, "datetime", "When was the Zorblax treaty signed?", context_id)
    _ask(client, "string", "Who won the 2035 Nobel Prize?", context_id)
    page = client.get("/v1/questions").json()
    assert page["total"] == 3 and page["next_offset"] is None
    newest = page["questions"][0]
    assert newest["question"] == "Who won the 2035 Nobel Prize?" and newest["declined"] is True
    assert "2035" in newest["reason"] and newest["answer"] is None and newest["context_id"] == context_id
    answered = client.get("/v1/questions", params={"declined": "false"}).json()["questions"]
    assert [(q["answer"], q["type"]) for q in answered] == [(212, "integer")]
    assert answered[0]["confidence"] > 0.5 and answered[0]["latency_ms"] > 0
    declined = client.get("/v1/questions", params={"declined": "true", "limit": 1}).json()
    assert declined["total"] == 2 and len(declined["questions"]) == 1 and declined["next_offset"] == 1
    second = client.get("/v1/questions", params={"declined": "true", "limit": 1, "offset": 1}).json()
    assert second["questions"][0]["question"] == "When was the Zorblax treaty signed?"
    assert second["next_offset"] is None
    # Another tenant sees none of it, and no key appears anywhere.
    assert app_client.get("/v1/questions", headers={"Authorization": f"Bearer {other_key}"}).json()["total"] == 0
    assert "ab_" not in client.get("/v1/questions").text
    assert_error(client.get("/v1/questions", params={"limit": 0}), 422, "invalid_request")


def test_the_question_log_can_be_switched_off(tmp_path, embedder):
    from fastapi.testclient import TestClient

    from backend.api import create_app

    settings = Settings(data_dir=tmp_path / "quiet", engine="offline", answer=AnswerSettings(log_questions=False))
    services = Services.build(settings, embedder=embedder)
    with TestClient(create_app(services=services)) as quiet:
        quiet.headers["Authorization"] = f"Bearer {services.keys.create('acme')[1]}"
        quiet.post("/v1/documents", json={"text": HANDBOOK, "name": "Handbook"})
        assert quiet.post("/v1/types/integer", json={"content": "How many employees in London?"}).status_code == 200
        assert quiet.get("/v1/questions").json() == {"questions": [], "total": 0, "next_offset": None}
