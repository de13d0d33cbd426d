"""``backend.types``: every type's normalisation, and refusals."""

from __future__ import annotations

import pytest

from backend.types import AnswerType, normalise, value_schema


@pytest.mark.parametrize(
    ("value", "answer_type", "expected"),
    [
        (3, "integer", 3),
        (3.0, "integer", 3),
        ("3", "integer", 3),
        ("1,200", "integer", 1200),
        (2.5, "float", 2.5),
        (2, "float", 2.0),
        ("2.7", "float", 2.7),
        (True, "boolean", True),
        ("false", "boolean", False),
        ("  Ada Lovelace ", "string", "Ada Lovelace"),
        ("2024-05-01", "datetime", "2024-05-01T00:00:00Z"),
        ("2024-05-01T12:30:00+02:00", "datetime", "2024-05-01T10:30:00Z"),
        ("2024-05-01T12:30:00Z", "datetime", "2024-05-01T12:30:00Z"),
        (["1", 2.0], "integer_array", [1, 2]),
        ([], "string_array", []),
        (["2020-01-02"], "datetime_array", ["2020-01-02T00:00:00Z"]),
        ([True, "false"], "boolean_array", [True, False]),
    ],
)
def test_normalise_accepts_and_canonicalises(value, answer_type, expected):
    result = normalise(value, AnswerType(answer_type))
    assert result == expected and type(result) is type(expected)


@pytest.mark.parametrize(
    ("value", "answer_type"),
    [
        (3.5, "integer"),
        ("three", "integer"),
        (True, "integer"),
        (True, "float"),
        ("nan", "float"),
        ("yes", "boolean"),
        (1, "boolean"),
        ("", "string"),
        (5, "string"),
        ("last week", "datetime"),
        ("3", "integer_array"),
        ([1.5], "integer_array"),
    ],
)
def test_normalise_refuses(value, answer_type):
    with pytest.raises(ValueError):
        normalise(value, AnswerType(answer_type))


def test_schemas_are_bounded():
    assert value_schema(AnswerType.STRING)["maxLength"] > 0
    assert value_schema(AnswerType.FLOAT_ARRAY) == {"type": "array", "items": {"type": "number"}, "maxItems": 100}
    assert len(AnswerType.names()) == 10
