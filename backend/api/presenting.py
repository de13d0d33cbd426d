"""Domain records as API bodies: a search hit as a search result or an answer's source, a table answer's
computation, a document's source URL. The bodies themselves are in ``schemas.py``."""

from __future__ import annotations

from backend.answer.engine import TableEvidence
from backend.api.schemas import AnswerSource, DocumentMetadata, ModelReading, SearchResult, TableComputation
from backend.models import SearchHit

PAGE_CONTENT_CHARS = 1000


def cut(text: str, limit: int = PAGE_CONTENT_CHARS) -> str:
    """``text`` at most ``limit`` characters, cut at a word boundary and marked with ``...``."""
    if len(text) <= limit:
        return text
    head = text[: limit - 3].rsplit(" ", 1)[0]
    return head.rstrip() + "..."


def source_url(base_url: str, document_id: str, source: str) -> str:
    """The URL reported for a document: its own source, or this API's /content link."""
    return source or f"{base_url.rstrip('/')}/v1/documents/{document_id}/content"


def search_result(hit: SearchHit, base_url: str) -> SearchResult:
    """A hit as a search result: its document's metadata and the passage, cut to ``PAGE_CONTENT_CHARS``."""
    metadata = DocumentMetadata(
        name=hit.name,
        source=source_url(base_url, hit.document_id, hit.source),
        type=hit.type,
        document_id=hit.document_id,
        context_id=hit.context_id,
        score=round(hit.score, 6),
        similarity=hit.similarity,
        relevant=hit.relevant,
    )
    return SearchResult(metadata=metadata, page_content=cut(hit.text))


def answer_source(hit: SearchHit, base_url: str, spans: list[tuple[int, int]]) -> AnswerSource:
    """A hit as a typed answer's source, with the ``spans`` (offsets in the hit's text) that ``page_content`` shows."""
    result = search_result(hit, base_url)
    shown = [
        [start, end]
        for start, end in spans
        if end <= len(result.page_content) and result.page_content[start:end] == hit.text[start:end]
    ]
    return AnswerSource(**result.model_dump(), spans=shown or None)


def table_computation(table: TableEvidence) -> TableComputation:
    """How a computed answer was computed, as the API shows it."""
    return TableComputation(
        table=table.table,
        plan=table.plan,
        sql=table.sql,
        parameters=table.parameters,
        columns=table.columns,
        rows=table.rows,
        matched_rows=table.matched_count,
        unexplained=list(table.unexplained),
        caution=table.caution,
        model_reading=ModelReading(
            outcome=table.second_reading.outcome.value,
            plan=table.second_reading.plan,
            value=table.second_reading.value,
        )
        if table.second_reading
        else None,
    )
