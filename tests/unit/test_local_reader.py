"""The local engine's reading of a reply: where the model chose a value over null and how sure it was of the
value's tokens, a value that only repeats the question, numbers as the evidence scales them, and dates as the model
writes them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from backend.answer.engine import Question
from backend.answer.llm import Completion, Reply, Token
from backend.answer.local import SentenceReader, compact_schema
from backend.answer.model_reply import read_written, scaled, token_signals
from backend.answer.offline import OfflineEngine
from backend.config import Settings
from backend.models import SearchHit
from backend.types import AnswerType

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
    proposal = reader.proposal(asked, value, Reply(True, value, ""), reply)
    assert proposal.value is None and "repeats the question" in proposal.reason
    answer = "Prince of Płock" if answer_type is AnswerType.STRING else 100000
    kept = reader.proposal(asked, answer, Reply(True, answer, ""), reply)
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
