"""The offline engine's extractors (backend/answer/extract.py): numbers, dates and names as people write them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from backend.answer.extract import dates, names, numbers

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def test_extractors():
    text = "It has twenty-five staff, 3.6% growth, $1.2 billion and 1,500 desks."
    values = [(c.value, c.kind) for c in numbers(text)]
    assert (25.0, "words") in values and (3.6, "percent") in values and (1_200_000_000.0, "scaled") in values
    assert (1500.0, "digits") in values
    found = {c.value.strftime("%Y-%m-%d") for c in dates("Launched on 3 July 2026, reviewed March 4th, 2027.")}
    assert found == {"2026-07-03", "2027-03-04"}
    assert "John C. Messenger" in [c.value for c in names("But the board chose John C. Messenger in May.")]


def test_relative_dates_resolve_against_now():
    found = {
        c.text: c.value.strftime("%Y-%m-%dT%H:%M")
        for c in dates("The audit is next Friday; the report was filed 2 weeks ago and is due in 3 days.", NOW)
    }
    assert found == {
        "next Friday": "2026-11-27T00:00",
        "2 weeks ago": "2026-11-07T00:00",
        "in 3 days": "2026-11-24T00:00",
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It has two hundred and twelve employees.", 212.0),
        ("They hired twenty-one thousand five hundred people.", 21500.0),
        ("Revenue reached $4bn last year.", 4_000_000_000.0),
        ("The budget is €3,5 million.", 3_500_000.0),
        ("Sales grew by 1,500 units.", 1500.0),
    ],
)
def test_numbers_written_as_people_write_them(text, expected):
    assert [c.value for c in numbers(text)] == [expected]


def test_a_distance_is_not_money():
    assert [c.value for c in numbers("She ran the 100m in 11 seconds.")] == [100.0, 11.0]
