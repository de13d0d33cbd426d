"""Chunking (``backend/ingest/chunking.py``): headings kept with their passages, the token budget, whole table rows."""

from __future__ import annotations

from backend.ingest.chunking import chunk_text, estimate_tokens


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
