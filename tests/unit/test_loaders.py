"""Loaders (``backend/ingest/loaders.py``): text and encodings, HTML, PDF, DOCX, CSV, JSON, and clear errors for
files that cannot be read."""

from __future__ import annotations

import json

import pytest

from backend.errors import EmptyDocument, UnreadableDocument, UnsupportedMediaType
from backend.ingest.loaders import load
from tests.helpers import make_docx, make_pdf


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


def test_tables_come_back_as_tables_in_any_encoding_and_dialect():
    from backend.ingest.loaders import load

    latin = load("city;population\nKöln;1.084.831\nMünchen;1.512.491\n".encode("latin-1"), "cities.csv")
    assert latin.tables[0].rows == [["city", "population"], ["Köln", "1.084.831"], ["München", "1.512.491"]]
    assert "city: Köln; population: 1.084.831" in latin.text
    tsv = load(b"name\tteam\nAda\tCore\n", "people.tsv")
    assert tsv.tables[0].rows == [["name", "team"], ["Ada", "Core"]]
    markdown = load(b"# Notes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", "notes.md")
    assert markdown.tables[0].rows == [["a", "b"], ["1", "2"]] and markdown.tables[0].label == "table 1"
    assert load(b"just text, no table", "plain.txt").tables == []
