"""Exports as files: every XLSX writer names its sheet as Excel allows, whatever name it is given."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from backend.exports import sheet_title, to_xlsx


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("Tally*", "Tally"),
        ("a[b]:c/d\\e?", "a b c d e"),
        ("x" * 40, "x" * 31),
        ("", "Sheet"),
        ("?*:", "Sheet"),
        ("'quoted'", "quoted"),
        ("History", "History_"),
        ("Answers", "Answers"),
    ],
)
def test_a_sheet_title_keeps_what_excel_allows(name, title):
    assert sheet_title(name) == title


@pytest.mark.parametrize("name", ["Q3 *final*", "Revenue [EUR]: 2025/26?", "Contracts \\ renewals", "y" * 80])
def test_an_xlsx_written_under_any_name_opens(name):
    # Every writer (grid exports, the Ask history, search results, the question log, a table answer's rows) goes
    # through to_xlsx: a forbidden character once raised inside openpyxl and answered 500.
    book = load_workbook(io.BytesIO(to_xlsx(["a", "b"], [{"a": 1, "b": "two"}], name)))
    assert book.active.title == sheet_title(name)
    assert list(book.active.values) == [("a", "b"), (1, "two")]
