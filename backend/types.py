"""The ten answer types: their names, JSON schemas, and the one place values are validated and normalised.

Every engine normalises its proposal with :func:`normalise` (once, where it makes the value), so what reaches
a caller is canonical: ``integer`` always a JSON integer, ``datetime`` always ``YYYY-MM-DDThh:mm:ssZ`` in UTC,
and so on.
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any


class AnswerType(StrEnum):
    """A type a question can be answered in (the ``<type>`` of ``/v1/types/<type>``)."""

    INTEGER = "integer"
    BOOLEAN = "boolean"
    DATETIME = "datetime"
    STRING = "string"
    FLOAT = "float"
    INTEGER_ARRAY = "integer_array"
    BOOLEAN_ARRAY = "boolean_array"
    DATETIME_ARRAY = "datetime_array"
    STRING_ARRAY = "string_array"
    FLOAT_ARRAY = "float_array"

    @property
    def is_array(self) -> bool:
        return self.value.endswith("_array")

    @property
    def element(self) -> AnswerType:
        """The scalar type of an array type's elements (the type itself for scalars)."""
        return AnswerType(self.value.removesuffix("_array"))

    @classmethod
    def names(cls) -> list[str]:
        return [t.value for t in cls]


MAX_STRING_CHARS = 500
MAX_ARRAY_ITEMS = 100

_SCALAR_SCHEMAS: dict[AnswerType, dict[str, Any]] = {
    AnswerType.INTEGER: {"type": "integer"},
    AnswerType.FLOAT: {"type": "number"},
    AnswerType.BOOLEAN: {"type": "boolean"},
    AnswerType.STRING: {"type": "string", "minLength": 1, "maxLength": MAX_STRING_CHARS},
    AnswerType.DATETIME: {
        "type": "string",
        "pattern": r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$",
        "description": "UTC date and time as YYYY-MM-DDThh:mm:ssZ",
    },
}


def value_schema(answer_type: AnswerType) -> dict[str, Any]:
    """JSON schema of a value of ``answer_type`` (bounded, so a model cannot ramble)."""
    scalar = dict(_SCALAR_SCHEMAS[answer_type.element])
    if answer_type.is_array:
        return {"type": "array", "items": scalar, "maxItems": MAX_ARRAY_ITEMS}
    return scalar


def format_datetime(moment: datetime) -> str:
    """``moment`` as ``YYYY-MM-DDThh:mm:ssZ`` in UTC (naive datetimes are taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _to_integer(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError("a boolean is not an integer")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return int(value)
    if isinstance(value, str):
        text = value.strip().replace(",", "")
        try:
            return int(text)
        except ValueError:
            pass
    raise ValueError(f"{value!r} is not a whole number")


def _to_float(value: Any) -> float:
    if isinstance(value, bool):
        raise ValueError("a boolean is not a number")
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip().replace(",", ""))
        except ValueError as exc:
            raise ValueError(f"{value!r} is not a number") from exc
    else:
        raise ValueError(f"{value!r} is not a number")
    if not math.isfinite(number):
        raise ValueError("the number is not finite")
    return number


def _to_boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise ValueError(f"{value!r} is not true or false")


def _to_string(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("the answer must be a non-empty string")
    return value.strip()[:MAX_STRING_CHARS]


def _to_datetime(value: Any) -> str:
    if isinstance(value, datetime):
        return format_datetime(value)
    if isinstance(value, date):
        return format_datetime(datetime(value.year, value.month, value.day))
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a date or time")
    text = value.strip()
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError as exc:
        raise ValueError(f"{value!r} is not an ISO 8601 date or time") from exc
    return format_datetime(parsed)


_NORMALISERS = {
    AnswerType.INTEGER: _to_integer,
    AnswerType.FLOAT: _to_float,
    AnswerType.BOOLEAN: _to_boolean,
    AnswerType.STRING: _to_string,
    AnswerType.DATETIME: _to_datetime,
}


def normalise(value: Any, answer_type: AnswerType) -> Any:
    """Validate ``value`` as ``answer_type`` and return its canonical JSON form; ``ValueError`` if it is not."""
    convert = _NORMALISERS[answer_type.element]
    if not answer_type.is_array:
        return convert(value)
    if not isinstance(value, list):
        raise ValueError(f"an array is required for {answer_type.value}")
    return [convert(item) for item in value[:MAX_ARRAY_ITEMS]]
