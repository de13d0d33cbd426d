"""The console's exports: the ask history, search results and the question log as CSV and as XLSX.

Each export is first a list of rows of plain Python values (str, int, float, bool, None, lists), then written
by one of two writers: CSV (answers as plain text: strings unquoted, numbers as written, booleans
``true``/``false``, datetimes ISO 8601, lists as JSON; empty for none) or XLSX (typed cells: numbers are numbers,
booleans booleans, datetimes dates). So the two files always hold the same data.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable
from datetime import datetime

from openpyxl import Workbook
from openpyxl.styles import Font

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
# score: the passage's cosine similarity to the query under the embedder (0-1, comparable across queries; the
# Search page calls a result relevant from RELEVANCE_FLOOR in console/widgets.py up). README "Exports".
RESULT_COLUMNS = ["query", "context", "rank", "name", "type", "document_id", "source", "score", "excerpt"]

Row = dict[str, object]
# A document's link for a person: a web page's own URL, else the console's view of the document (by its id).
DocumentLink = Callable[[dict], str]


def plain(value: object) -> str:
    """A value as a CSV cell: text as is, whole floats without ".0", booleans lower-case, lists as JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def to_csv(columns: list[str], rows: Iterable[Row]) -> str:
    """``rows`` as CSV text with a header, every value written by :func:`plain`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows([plain(row.get(column)) for column in columns] for row in rows)
    return out.getvalue()


def _cell(value: object) -> object:
    """A value as an XLSX cell: numbers and booleans typed, ISO datetimes as dates, lists as JSON text."""
    if isinstance(value, str) and len(value) == 20 and value.endswith("Z") and value[10] == "T":
        try:
            return datetime.fromisoformat(value.removesuffix("Z"))  # UTC, as the API gives it
        except ValueError:
            return value
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return value


def to_xlsx(columns: list[str], rows: Iterable[Row], sheet: str) -> bytes:
    """``rows`` as an XLSX workbook of one sheet: a bold header row, typed cells, ISO-formatted dates."""
    book = Workbook()
    table = book.active
    table.title = sheet[:31]  # Excel's limit on a sheet's name
    table.append(columns)
    for cell in table[1]:
        cell.font = Font(bold=True)
    for row in rows:
        table.append([_cell(row.get(column)) for column in columns])
        for cell in table[table.max_row]:
            if isinstance(cell.value, datetime):
                cell.number_format = "yyyy-mm-dd hh:mm:ss"
    table.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


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
            "score": r["metadata"].get("similarity"),
            "excerpt": r["page_content"],
        }
        for rank, r in enumerate(results, start=1)
    ]
