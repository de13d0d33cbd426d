"""The console's exports: the ask history, search results and the question log as rows of plain values, which
``backend.exports`` writes as CSV or XLSX (the same data in both).
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from backend.exports import Row, to_csv, to_xlsx

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

HISTORY_COLUMNS = [
    "asked_at",
    "context",
    "context_id",
    "type",
    "question",
    "answer",
    "declined",
    "reason",
    "confidence",
    "latency_ms",
    "sources",
]
QUESTION_LOG_COLUMNS = [
    "asked_at",
    "type",
    "context_id",
    "question",
    "answer",
    "declined",
    "reason",
    "confidence",
    "latency_ms",
]
# score: the passage's relevance to the query as the API ranks it (0-1, comparable across queries; results under
# the API's relevance floor are marked `relevant: false`). README "Exports".
RESULT_COLUMNS = ["query", "context", "rank", "name", "type", "document_id", "source", "score", "excerpt"]

# A document's link for a person: a web page's own URL, else the console's view of the document (by its id).
DocumentLink = Callable[[dict], str]


def _sources(sources: list[dict], link: DocumentLink) -> str:
    """Each source document once, in order, as ``name <link>``, joined by "; "."""
    unique = {s["metadata"]["document_id"]: s for s in sources}
    return "; ".join(f"{s['metadata']['name']} <{link(s['metadata'])}>" for s in unique.values())


def history_rows(history: list[dict], link: DocumentLink) -> list[Row]:
    """One row per question asked on the Ask page: the plain answer (None when declined or failed, the why in
    ``reason``), its confidence, the time it took and its source documents."""
    return [
        {
            "asked_at": item["asked_at"],
            "context": item["context"],
            "context_id": item.get("context_id"),
            "type": item["type"],
            "question": item["question"],
            "answer": item["answer"] if item.get("error") is None else None,
            "declined": bool(item.get("declined")),
            "reason": item.get("error"),
            "confidence": item.get("confidence"),
            "latency_ms": round(item["latency_ms"]) if item.get("latency_ms") else None,
            "sources": _sources(item.get("sources") or [], link),
        }
        for item in history
    ]


def question_log_rows(questions: list[dict]) -> list[Row]:
    """The question log as the API lists it, one row per question."""
    return [{column: q.get(column) for column in QUESTION_LOG_COLUMNS} for q in questions]


def result_rows(query: str, context: str, results: list[dict], link: DocumentLink) -> list[Row]:
    """One row per search result, best first, with the query and context it answers."""
    return [
        {
            "query": query,
            "context": context,
            "rank": rank,
            "name": r["metadata"]["name"],
            "type": r["metadata"]["type"],
            "document_id": r["metadata"]["document_id"],
            "source": link(r["metadata"]),
            "score": r["metadata"]["score"],
            "excerpt": r["page_content"],
        }
        for rank, r in enumerate(results, start=1)
    ]


def download_buttons(label: str, columns: list[str], rows: list[Row], stem: str, sheet: str) -> None:
    """Two buttons side by side: ``<label> (CSV)`` and ``<label> (XLSX)``, the same rows in both."""
    # (one row sized to its buttons: in columns of a sixth of the page "History (XLSX)" was cut to "History (XL…")
    row = st.container(horizontal=True)
    row.download_button(
        f"{label} (CSV)",
        to_csv(columns, rows),
        f"{stem}.csv",
        "text/csv",
        icon=":material/download:",
        key=f"{stem}_csv",
    )
    row.download_button(
        f"{label} (XLSX)",
        to_xlsx(columns, rows, sheet),
        f"{stem}.xlsx",
        XLSX,
        icon=":material/table_view:",
        key=f"{stem}_xlsx",
    )
