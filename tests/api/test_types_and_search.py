"""``/v1/types/{type}`` and ``/v1/search`` through the real app, the offline engine and the real embedder."""

from __future__ import annotations

import re

import pytest

from backend.types import AnswerType
from tests.helpers import assert_error

HANDBOOK = """# London office
The London office opened on March 3, 2015. It has 212 employees and is led by Priya Raman.
Its average monthly rent is 48.5 thousand pounds.

# Paris office
The Paris office has 45 employees. It opened on 1 September 2019.
"""


@pytest.fixture
def context_id(client):
    ctx = client.post("/v1/contexts", json={"name": "Handbook"}).json()
    response = client.post(f"/v1/contexts/{ctx['id']}/documents", json={"text": HANDBOOK, "name": "Offices"})
    assert response.status_code == 201, response.text
    return ctx["id"]


@pytest.mark.parametrize(
    ("answer_type", "question", "expected"),
    [
        ("integer", "How many employees work at the London office?", 212),
        ("datetime", "When did the Paris office open?", "2019-09-01T00:00:00Z"),
        ("string", "Who leads the London office?", "Priya Raman"),
        ("float", "What is the average monthly rent of the London office?", 48500.0),
        ("boolean", "Does the Paris office have employees?", True),
        ("integer_array", "How many employees work in each office?", [212, 45]),
    ],
)
def test_typed_answers_from_a_context(client, context_id, answer_type, question, expected):
    response = client.post(f"/v1/types/{answer_type}", json={"query": question, "context_id": context_id})
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    if isinstance(expected, list):
        assert sorted(data) == sorted(expected)
    else:
        assert data == expected
    if answer_type == "integer":
        assert re.search(r'"data":\s*212[,}]', response.text)  # a JSON integer, never 212.0


def test_content_mode_searches_all_tenant_documents(client, context_id):
    response = client.post("/v1/types/integer", json={"content": "How many employees work at the Paris office?"})
    assert response.status_code == 200 and response.json() == {"data": 45}


def test_field_precedence_follows_the_mode(client, context_id):
    body = {
        "query": "How many employees work at the Paris office?",
        "content": "unrelated words",
        "context_id": context_id,
    }
    assert client.post("/v1/types/integer", json=body).json() == {"data": 45}
    body = {"content": "How many employees work at the Paris office?", "query": "unrelated words"}
    assert client.post("/v1/types/integer", json=body).json() == {"data": 45}


def test_include_sources_adds_evidence(client, context_id):
    body = {"query": "When did the Paris office open?", "context_id": context_id, "include_sources": True}
    response = client.post("/v1/types/datetime", json=body).json()
    assert response["data"] == "2019-09-01T00:00:00Z"
    assert response["sources"] and response["sources"][0]["type"] == "Document"
    assert "sources" not in client.post("/v1/types/datetime", json={**body, "include_sources": False}).json()


def test_no_answer_is_422_never_invented(client, context_id):
    response = client.post(
        "/v1/types/datetime", json={"query": "When was the moon base founded?", "context_id": context_id}
    )
    assert_error(response, 422, "no_answer")


# One question per type, each with the value the handbook gives: every route answers exactly its type.
EVERY_TYPE = {
    "integer": ("How many employees work at the Paris office?", 45),
    "float": ("What is the average monthly rent of the London office?", 48500.0),
    "string": ("Who leads the London office?", "Priya Raman"),
    "boolean": ("Does the Paris office have employees?", True),
    "datetime": ("When did the London office open?", "2015-03-03T00:00:00Z"),
    "integer_array": ("How many employees work in each office?", [45, 212]),
    "float_array": ("How many employees work in each office?", [45.0, 212.0]),
    "datetime_array": ("When did the offices open?", ["2015-03-03T00:00:00Z", "2019-09-01T00:00:00Z"]),
    "string_array": ("Who leads the London office?", ["Priya Raman"]),
    "boolean_array": ("Does the London office have employees and does the Paris office have employees?", [True, True]),
}


def test_every_type_name_is_routed_and_unknown_type_is_404(client, context_id):
    assert set(EVERY_TYPE) == set(AnswerType.names())
    for name, (question, expected) in EVERY_TYPE.items():
        response = client.post(f"/v1/types/{name}", json={"query": question, "context_id": context_id})
        assert response.status_code == 200, (name, response.text)
        data = response.json()["data"]
        assert (sorted(data) if isinstance(expected, list) else data) == expected, (name, data)
        kinds = [type(v) for v in (data if isinstance(data, list) else [data])]
        assert all(kind is type(expected[0] if isinstance(expected, list) else expected) for kind in kinds), name
    error = assert_error(client.post("/v1/types/color", json={"content": "What colour?"}), 404, "not_found")
    assert "integer" in error["message"] and "float_array" in error["message"]


def test_search_result_shape_and_limit(client, context_id):
    client.post("/v1/documents", json={"text": "Remote work is allowed two days a week.", "name": "Remote"})
    results = client.post("/v1/search", json={"query": "office employees", "context_id": context_id}).json()
    assert len(results) == 1
    result = results[0]
    assert result["type"] == "Document" and set(result) == {"metadata", "page_content", "type"}
    assert {"name", "source", "type"} <= set(result["metadata"]) and result["metadata"]["type"] == "text-snippet"
    assert result["metadata"]["source"].startswith("http://testserver/v1/documents/")
    everywhere = client.post("/v1/search", json={"query": "remote work office", "limit": 1}).json()
    assert len(everywhere) == 1


def test_page_content_is_cut_at_about_1000_characters(client):
    long_text = " ".join(["The archive keeps invoices for ten years"] * 40)
    client.post("/v1/documents", json={"text": long_text, "name": "Archive"})
    result = client.post("/v1/search", json={"query": "invoices archive"}).json()[0]
    assert len(result["page_content"]) <= 1000
