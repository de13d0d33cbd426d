"""Chunking respects structure and budget; every loader reads a small real file of its format."""

from __future__ import annotations

import json

import pytest

from backend.errors import EmptyDocument, UnreadableDocument, UnsupportedMediaType
from backend.ingest.chunking import chunk_text, estimate_tokens
from backend.ingest.loaders import load
from tests.helpers import make_docx, make_pdf


def test_chunks_keep_headings_and_fit_the_budget():
    text = (
        "# Leave\n"
        + " ".join(f"Sentence {i} about annual leave rules." for i in range(80))
        + "\n\n# Expenses\nMeals are refunded up to 30 euros."
    )
    chunks = chunk_text(text, budget=120, overlap=20)
    assert len(chunks) > 3
    assert all(estimate_tokens(c.text) <= 140 for c in chunks)
    assert chunks[0].text.startswith("Leave\n") and chunks[-1].text.startswith("Expenses\n")
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    # Consecutive chunks of one section overlap by a sentence so no fact is cut in two.
    first_tail = chunks[0].text.split(". ")[-1].rstrip(".")
    assert first_tail in chunks[1].text


def test_table_rows_stay_whole():
    rows = "\n".join(f"office: City{i}; employees: {i * 10}" for i in range(60))
    chunks = chunk_text(rows, budget=60, overlap=0)
    for chunk in chunks:
        for line in chunk.text.splitlines():
            assert line.startswith("office: City") and "employees:" in line


def test_text_markdown_and_detected_encoding():
    assert "café" in load("Le café ouvre à 8h.".encode("latin-1"), "menu.txt").text
    assert load(b"# Title\nBody", "a.md").text.startswith("# Title")


def test_html_extracts_main_text_and_title():
    html = (
        b"<html><head><title>Opening hours</title></head><body><nav>Home | About</nav>"
        b"<article><h1>Opening hours</h1><p>The library opens at nine in the morning on weekdays and "
        b"closes at six in the evening, except on public holidays.</p></article></body></html>"
    )
    loaded = load(html, "hours.html")
    assert "library opens at nine" in loaded.text and loaded.title == "Opening hours"


def test_pdf_docx_csv_json():
    assert "Quarterly revenue grew" in load(make_pdf("Quarterly revenue grew 12 percent."), "r.pdf").text
    docx_text = load(make_docx("Security", ["Badges must be worn."]), "s.docx").text
    assert "# Security" in docx_text and "Badges must be worn." in docx_text
    csv_text = load(b"city,employees\nLondon,212\nParis,45\n", "o.csv").text
    assert csv_text.splitlines() == ["city: London; employees: 212", "city: Paris; employees: 45"]
    json_text = load(json.dumps({"offices": [{"city": "Oslo", "racks": 14}]}).encode(), "o.json").text
    assert "offices.city: Oslo" in json_text and "offices.racks: 14" in json_text


def test_bad_inputs_are_clear_errors():
    with pytest.raises(UnsupportedMediaType):
        load(b"data", "archive.zip")
    with pytest.raises(EmptyDocument):
        load(b"   ", "empty.txt")
    with pytest.raises(UnreadableDocument, match="'broken.pdf' could not be read: it is not a readable PDF"):
        load(b"%PDF-1.4 broken", "broken.pdf")
    with pytest.raises(UnreadableDocument, match="'bad.json' could not be read: it is not valid JSON"):
        load(b"{not json", "bad.json")
