"""The local engine's reading of a reply: where the model chose a value over null and how sure it was of the
value's tokens, a value that only repeats the question, numbers as the evidence scales them, dates as the model
writes them; and what a further reading shows the model, when it is asked for and which of two readings stands (the
model there is the local OpenAI-compatible test server, spoken to through the real LLM client)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from backend.answer.engine import Proposal, Question
from backend.answer.llm import Completion, LLMClient, Token
from backend.answer.llm import Reply as ModelReply
from backend.answer.local import SentenceReader, compact_schema, evidence_window, more_confident, read
from backend.answer.model_reply import read_written, scaled, token_signals
from backend.answer.offline import OfflineEngine, rank_sentences
from backend.config import LLMSettings, Settings
from backend.models import SearchHit
from backend.types import AnswerType
from tests.fakes.openai_server import FakeOpenAI, Reply

NOW = datetime(2026, 11, 26, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("question", "answer_type", "value"),
    [
        ("Who was Boleslaw II of Masovia?", AnswerType.STRING, "Bolesław II of Masovia"),
        ("There are 34 cities in the south with a population exceeding what?", AnswerType.INTEGER, 34),
    ],
)
def test_a_value_that_repeats_the_question_is_declined(embedder, question, answer_type, value):
    text = "Bolesław II of Masovia was the Prince of Płock. There are 34 cities with over 100,000 people."
    hit = SearchHit("d1", None, "Masovia", "", "document", text, 0, 1.0)
    asked = Question(question, answer_type, [hit], NOW, True)
    reader = SentenceReader(OfflineEngine(Settings(), embedder), 3)
    reply = Completion(f'{{"answer":{value!r}}}', [Token(str(value), -0.01, {str(value): -0.01})])
    proposal = reader.proposal(asked, value, ModelReply(True, value, ""), reply)
    assert proposal.value is None and "repeats the question" in proposal.reason
    answer = "Prince of Płock" if answer_type is AnswerType.STRING else 100000
    kept = reader.proposal(asked, answer, ModelReply(True, answer, ""), reply)
    assert kept.value == answer and kept.confidence > 0


def test_the_choice_of_a_value_over_null_and_the_values_tokens_are_read_from_the_reply():
    tokens = [
        Token('{"', -0.9, {'{"': -0.9}),
        Token("answer", 0.0, {"answer": 0.0}),
        Token('":', 0.0, {'":': 0.0}),
        Token("2", -0.1, {"2": -0.1, "null": -2.4, "1": -4.0}),
        Token("12", -0.2, {"12": -0.2}),
        Token("}", 0.0, {"}": 0.0}),
    ]
    chose, value_prob = token_signals(Completion('{"answer":212}', tokens))
    null_share = 2.718281828**-2.4 / sum(2.718281828**lp for lp in (-0.1, -2.4, -4.0))
    assert chose == pytest.approx(1 - null_share, rel=1e-6)
    assert value_prob == pytest.approx(2.718281828 ** (-0.15), rel=1e-6)  # the geometric mean of "2" and "12"


def test_a_number_the_sentences_read_write_only_with_a_scale_word_is_scaled():
    read = ["About 12 million people live there.", "It has 7 lakes."]
    assert scaled(12, read) == 12_000_000
    assert scaled(7, read) == 7  # written alone: as it is
    assert scaled(12, [*read, "Its 12 districts vote."]) == 12  # also written alone: as the model wrote it


def test_a_number_with_a_scaled_mentions_digits_but_zeros_miscounted_is_that_mention():
    # the 1.5B model wrote 200000 for "$2 million worth of other ancillary events" (a grid's cell, typed-QA tuning)
    read = ["In addition, there are $2 million worth of other ancillary events.", "It cost $1.2 billion."]
    assert scaled(200000, read) == 2_000_000
    assert scaled(120_000_000, read) == 1_200_000_000
    assert scaled(300000, read) == 300000  # no mention with its digits: as the model wrote it
    assert scaled(200000, [*read, "Some 200,000 fans came."]) == 200000  # written so: as it is


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("June 11, 1962", "1962-06-11T00:00:00Z"),
        ("1951", "1951-01-01T00:00:00Z"),
        ("25 May 1521", "1521-05-25T00:00:00Z"),
    ],
)
def test_a_date_is_read_as_the_model_writes_it(written, value):
    assert read_written(written, AnswerType.DATETIME, NOW) == value


def test_a_reply_without_a_date_is_invalid_and_asked_again():
    with pytest.raises(ValueError, match="holds no datetime"):
        read_written("the spring", AnswerType.DATETIME, NOW)


def test_the_reply_schema_is_compact_and_lets_the_model_decline():
    schema = compact_schema(AnswerType.INTEGER)
    assert schema["x-guidance"]["whitespace_flexible"] is False
    assert {"type": "null"} in schema["properties"]["answer"]["anyOf"]
    assert compact_schema(AnswerType.DATETIME)["properties"]["answer"]["anyOf"][0]["type"] == "string"


def test_a_further_reading_shows_the_model_the_next_best_sentences():
    text = (
        "The Oslo office has 14 racks in its basement. The Oslo office opened in 2021. Each rack holds servers. "
        "The office keeps spare racks. Oslo is cold in winter. The basement floods rarely. Lunch is at noon."
    )
    hit = SearchHit("d1", None, "oslo.txt", "", "document", text, 0, 1.0)
    asked = Question("How many racks are in the Oslo office basement?", AnswerType.INTEGER, [hit], NOW, True)
    first, further = evidence_window(asked, 3), evidence_window(asked, 3, skip=3)
    ranked = [sentence.text.strip() for sentence in rank_sentences(asked) if sentence.coverage > 0]
    assert [text for _, text in first + further] == ranked[:6] and len(further) == 3
    assert first[0][1] == "The Oslo office has 14 racks in its basement."
    assert evidence_window(asked, 3, skip=len(ranked)) == []  # nothing further to read: the engine does not ask


def test_the_better_of_two_readings_is_a_value_over_none_then_the_more_confident():
    declined = Proposal.nothing("The model found no answer in the evidence.")
    weak, sure = Proposal("Ingrid Berg", 0.3), Proposal("Ola Nordmann", 0.8)
    assert more_confident(declined, weak) is weak and more_confident(weak, declined) is weak
    assert more_confident(weak, sure) is sure and more_confident(sure, weak) is sure
    assert more_confident(declined, Proposal.nothing("Another reason.")) is declined  # the first reason stands


OSLO_NOTES = (
    "The Oslo office has a basement. The Oslo office opened in 2021. The basement holds the servers. "
    "Its racks number 14 in all. Racks there are cooled by the fjord. The Oslo racks are leased."
)


def _read(embedder, fake: FakeOpenAI, below: float = 0.56):
    hit = SearchHit("d1", None, "oslo.txt", "", "document", OSLO_NOTES, 0, 1.0)
    asked = Question("How many racks are in the Oslo office basement?", AnswerType.INTEGER, [hit], NOW, True)
    offline = OfflineEngine(Settings(), embedder)
    client = LLMClient(LLMSettings(base_url=fake.base_url, api_key="sk-test", model="tiny"))
    return read(asked, client, SentenceReader(offline, 3), SentenceReader(offline, 3, skip=3), below)


def _sentences_shown(request: dict) -> list[str]:
    return re.findall(r"^- \(oslo\.txt\) (.*)$", request["messages"][-1]["content"], re.MULTILINE)


def test_a_reading_under_the_bar_is_read_again_on_the_next_sentences(embedder):
    with FakeOpenAI() as fake:
        fake.replies += [Reply('{"answer":null}'), Reply('{"answer":14}')]
        proposal = _read(embedder, fake)
        first, further = (_sentences_shown(request) for request in fake.requests)
    assert proposal.value == 14 and proposal.spans  # the second reading's value, found in the evidence
    assert proposal.signals.further == 1.0
    assert len(first) == len(further) == 3 and not set(first) & set(further)
    assert "Its racks number 14 in all." in further  # ranked just past the first three


def test_a_confident_reading_is_not_read_again_and_a_failed_further_one_leaves_the_first(embedder):
    sure = Reply('{"answer":14}', tokens=[('{"', 0.0), ("answer", 0.0), ('":', 0.0), ("14", -0.001), ("}", 0.0)])
    with FakeOpenAI() as fake:
        fake.replies.append(sure)
        proposal = _read(embedder, fake)
        assert proposal.value == 14 and proposal.signals.further == 0.0 and len(fake.requests) == 1
    with FakeOpenAI() as fake:
        fake.replies += [Reply('{"answer":null}'), Reply(status=500), Reply(status=500)]
        proposal = _read(embedder, fake)
        assert proposal.value is None and "found no answer" in proposal.reason  # the first reading's reason
    with FakeOpenAI() as fake:
        fake.replies.append(Reply('{"answer":null}'))
        assert _read(embedder, fake, below=0).value is None and len(fake.requests) == 1  # 0: never read again
