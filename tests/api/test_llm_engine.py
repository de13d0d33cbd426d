"""The llm engine through the real API and the real openai SDK, against a local OpenAI-compatible server."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from backend.config import LLMSettings
from backend.types import AnswerType
from tests.fakes.openai_server import FakeOpenAI, Reply
from tests.helpers import assert_error


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        yield server


def _client(make_client, fake, **llm) -> TestClient:
    client = make_client(engine="llm", llm=LLMSettings(base_url=fake.base_url, api_key="sk-test", model="tiny", **llm))
    client.post("/v1/documents", json={"text": "The Oslo data centre has 14 racks.", "name": "Oslo"})
    return client


@pytest.mark.parametrize("answer_type", AnswerType.names())
def test_strict_schema_sent_for_every_type(make_client, fake, answer_type):
    client = _client(make_client, fake)
    examples = {
        "integer": "14",
        "float": "1.5",
        "boolean": "true",
        "string": '"Oslo"',
        "datetime": '"2024-01-02T03:04:05+01:00"',
    }
    element = AnswerType(answer_type).element.value
    value = f"[{examples[element]}]" if answer_type.endswith("_array") else examples[element]
    fake.replies.append(Reply(f'{{"answer": {value}}}'))
    response = client.post(f"/v1/types/{answer_type}", json={"content": "How many racks in Oslo?"})
    assert response.status_code == 200, response.text
    sent = fake.requests[-1]
    fmt = sent["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    answer_schema = fmt["json_schema"]["schema"]["properties"]["answer"]["anyOf"]
    assert {"type": "null"} in answer_schema
    if answer_type.endswith("_array"):
        assert answer_schema[0]["type"] == "array" and answer_schema[0]["maxItems"] == 100
    prompt = sent["messages"][1]["content"]
    assert "Oslo data centre has 14 racks" in prompt and "How many racks in Oslo?" in prompt
    assert "current UTC date" in sent["messages"][0]["content"]
    if answer_type == "datetime":
        assert response.json() == {"data": "2024-01-02T02:04:05Z"}


def test_text_reply_json_is_extracted_when_server_ignores_format(make_client, fake):
    client = _client(make_client, fake, response_format="none")
    fake.replies.append(Reply('Sure! Here it is:\n```json\n{"answer": 14}\n```'))
    assert client.post("/v1/types/integer", json={"content": "Racks in Oslo?"}).json() == {"data": 14}
    assert "response_format" not in fake.requests[-1]


def test_json_object_mode_sends_schema(make_client, fake):
    client = _client(make_client, fake, response_format="json_object")
    fake.replies.append(Reply('{"answer": true}'))
    assert client.post("/v1/types/boolean", json={"content": "Is Oslo cold?"}).json() == {"data": True}
    assert fake.requests[-1]["response_format"]["type"] == "json_object"
    assert "schema" in fake.requests[-1]["response_format"]


def test_invalid_value_is_retried_once_with_the_error(make_client, fake):
    client = _client(make_client, fake)
    fake.replies += [Reply('{"answer": "fourteen"}'), Reply('{"answer": 14}')]
    assert client.post("/v1/types/integer", json={"content": "Racks?"}).json() == {"data": 14}
    assert len(fake.requests) == 2 and "invalid" in fake.requests[1]["messages"][-1]["content"]


def test_gives_up_after_retry_with_502(make_client, fake):
    client = _client(make_client, fake)
    fake.replies += [Reply("not json at all"), Reply("still not json")]
    assert_error(client.post("/v1/types/integer", json={"content": "Racks?"}), 502, "upstream_error")


def test_model_declining_is_no_answer(make_client, fake):
    client = _client(make_client, fake)
    fake.replies.append(Reply('{"answer": null}'))
    assert_error(client.post("/v1/types/integer", json={"content": "Racks on Mars?"}), 422, "no_answer")


def test_cut_off_reply_is_a_failure(make_client, fake):
    client = _client(make_client, fake)
    fake.replies += [Reply('{"answer": 1', finish_reason="length"), Reply('{"answer": 1', finish_reason="length")]
    assert_error(client.post("/v1/types/integer", json={"content": "Racks?"}), 502, "upstream_error")


def test_timeout_rate_limit_and_server_error(make_client, fake):
    client = _client(make_client, fake, timeout_s=0.5)
    fake.replies.append(Reply('{"answer": 1}', delay_s=2))
    assert_error(client.post("/v1/types/integer", json={"content": "Racks?"}), 504, "upstream_error")
    fake.replies.append(Reply(status=429, headers={"retry-after": "7"}))
    response = client.post("/v1/types/integer", json={"content": "Racks?"})
    assert_error(response, 503, "unavailable")
    assert response.headers["retry-after"] == "7"
    fake.replies.append(Reply(status=500))
    assert_error(client.post("/v1/types/integer", json={"content": "Racks?"}), 502, "upstream_error")


def _context(client) -> str:
    ctx = client.post("/v1/contexts", json={"name": "Racks"}).json()["id"]
    client.post(
        f"/v1/contexts/{ctx}/documents",
        json={"text": "The Oslo data centre has 14 racks. It opened on 2 March 2021.", "name": "Oslo racks"},
    )
    return ctx


def _declined_in_context(make_client, fake, reply: str, question: str) -> str:
    """The decline's message when the model replies ``reply`` to ``question`` asked in a context."""
    client = _client(make_client, fake)
    ctx = _context(client)
    fake.replies.append(Reply(reply))
    return assert_error(
        client.post("/v1/types/integer", json={"query": question, "context_id": ctx}), 422, "no_answer"
    )["message"]


def test_schema_lets_the_model_say_unanswerable_and_that_is_a_decline(make_client, fake):
    message = _declined_in_context(
        make_client, fake, '{"answerable": false, "answer": null, "quote": null}', "How many racks in Bergen?"
    )
    assert "no answer in the evidence" in message
    schema = fake.requests[-1]["response_format"]["json_schema"]["schema"]
    assert schema["required"] == ["answerable", "answer", "quote"]
    assert "ONLY from the numbered evidence" in fake.requests[-1]["messages"][0]["content"]


def test_a_value_absent_from_the_evidence_is_declined_in_a_context(make_client, fake):
    message = _declined_in_context(
        make_client,
        fake,
        '{"answerable": true, "answer": 40, "quote": "Oslo has 40 racks."}',
        "How many racks in Oslo?",
    )
    assert "40" in message and "not stated in the evidence" in message


def test_a_grounded_value_is_confident_with_its_span(make_client, fake):
    client = _client(make_client, fake)
    ctx = _context(client)
    fake.replies.append(Reply('{"answerable": true, "answer": 14, "quote": "The Oslo data centre has 14 racks."}'))
    body = client.post(
        "/v1/types/integer",
        json={
            "query": "How many racks in Oslo?",
            "context_id": ctx,
            "include_confidence": True,
            "include_sources": True,
        },
    ).json()
    assert body["data"] == 14 and body["confidence"] >= 0.8
    source = next(s for s in body["sources"] if "spans" in s)
    start, end = source["spans"][0]
    assert source["page_content"][start:end] == "14"
    # A date written another way in the evidence is still found there.
    fake.replies.append(Reply('{"answerable": true, "answer": "2021-03-02T00:00:00Z", "quote": null}'))
    assert client.post("/v1/types/datetime", json={"query": "When did Oslo open?", "context_id": ctx}).json() == {
        "data": "2021-03-02T00:00:00Z"
    }
    # A yes/no stands on the sentence the model quotes; without one it is not grounded in a context.
    fake.replies.append(Reply('{"answerable": true, "answer": true, "quote": "The Oslo data centre has 14 racks"}'))
    assert client.post("/v1/types/boolean", json={"query": "Does Oslo have racks?", "context_id": ctx}).json() == {
        "data": True
    }
    fake.replies.append(Reply('{"answerable": true, "answer": true, "quote": null}'))
    assert_error(
        client.post("/v1/types/boolean", json={"query": "Does Oslo have racks?", "context_id": ctx}), 422, "no_answer"
    )
