"""CSV exports of the console: the ask history and search results (plain data in, CSV text out)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable

HISTORY_COLUMNS = ["asked_at", "type", "context", "question", "answer", "declined", "reason", "confidence", "sources"]
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
RESULT_COLUMNS = ["rank", "name", "type", "source", "score", "excerpt"]


def _csv(columns: list[str], rows: Iterable[dict]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def sources_cell(sources: list[dict]) -> str:
    """Sources as "name <url>" joined by "; "."""
    return "; ".join(f"{s['metadata']['name']} <{s['metadata']['source']}>" for s in sources)


def history_csv(history: list[dict]) -> str:
    """One row per question: the answer as JSON (empty when declined or failed, the why in ``reason``), whether it
    was declined, its confidence, and the sources by name and URL."""
    rows = [
        {
            "asked_at": item["asked_at"],
            "type": item["type"],
            "context": item["context"],
            "question": item["question"],
            "answer": json.dumps(item["answer"]) if item.get("error") is None else "",
            "declined": "true" if item.get("declined") else "false",
            "reason": item.get("error") or "",
            "confidence": "" if item.get("confidence") is None else f"{item['confidence']:.2f}",
            "sources": sources_cell(item.get("sources") or []),
        }
        for item in history
    ]
    return _csv(HISTORY_COLUMNS, rows)


def question_log_csv(questions: list[dict]) -> str:
    """The question log as the API lists it, one row per question (answers as JSON)."""
    rows = [
        q
        | {
            "answer": "" if q["answer"] is None else json.dumps(q["answer"]),
            "declined": "true" if q["declined"] else "false",
            "confidence": "" if q["confidence"] is None else f"{q['confidence']:.2f}",
        }
        for q in questions
    ]
    return _csv(QUESTION_LOG_COLUMNS, rows)


def results_csv(results: list[dict]) -> str:
    """One row per search result, best first."""
    rows = [
        {
            "rank": i,
            "name": r["metadata"]["name"],
            "type": r["metadata"]["type"],
            "source": r["metadata"]["source"],
            "score": r["metadata"].get("score", ""),
            "excerpt": r["page_content"],
        }
        for i, r in enumerate(results, start=1)
    ]
    return _csv(RESULT_COLUMNS, rows)
