"""Many documents in one request: each item succeeds or fails on its own, results in input order.

Items are files (an archive's files count one each), pasted texts and URLs. They are read (a refusal is that
item's result), then indexed in one pipelined ``Ingestor.ingest_many`` (large model calls, the store's writes
overlapping the embedding); if indexing fails, the rest is indexed one item at a time, so one bad item never
fails or loses the others. Results are reported as writes land, which is how a job shows its progress.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from backend.catalog import Catalog
from backend.errors import AnswerbaseError
from backend.ingest.pipeline import Ingestor, Source
from backend.models import Document

log = logging.getLogger("answerbase.ingest")
GROUP = 32  # while reading items, progress is reported every GROUP of them


@dataclass(frozen=True)
class BatchItem:
    """One thing to add, numbered by its place in the request; ``error`` when it was refused on arrival."""

    index: int
    name: str
    data: bytes | None = None  # a file's bytes
    media_type: str | None = None
    text: str | None = None  # pasted text (``name`` is its name)
    source: str | None = None  # the URL pasted text reports in results
    url: str | None = None
    error: tuple[str, str] | None = None  # (code, message)


ProgressCallback = Callable[[list[dict]], None]


def pending(items: Sequence[BatchItem]) -> list[dict]:
    """The results of items not processed yet."""
    return [{"index": item.index, "name": item.name, "status": "pending"} for item in items]


class BatchIngest:
    """Indexes a batch of items into one context (or none) for a tenant."""

    def __init__(self, ingestor: Ingestor, catalog: Catalog) -> None:
        self._ingestor = ingestor
        self._catalog = catalog

    def run(
        self,
        tenant: str,
        context_id: str | None,
        items: Sequence[BatchItem],
        progress: ProgressCallback | None = None,
    ) -> list[dict]:
        """Index every item; returns one result per item, in input order (``done`` with the document id, or
        ``failed`` with the error's code and message). ``progress`` gets all results whenever some change.

        The items' sources are read first (a refusal is that item's result), then indexed in one pipelined
        ``ingest_many``, each item reported done once its document's write has landed. If indexing fails, the
        items not yet landed are indexed one at a time, so the failure stays with the item that caused it.
        """
        results = pending(items)
        ready: list[tuple[int, BatchItem, Source]] = []  # (position in the results, item, its source)
        for position, item in enumerate(items):
            try:
                if item.error is not None:
                    raise _Refused(*item.error)
                ready.append((position, item, self._source(tenant, context_id, item)))
            except Exception as exc:
                results[position] = _failed(item, exc)
            if progress is not None and (position + 1) % GROUP == 0:
                progress(results)
        if progress is not None:
            progress(results)
        landed = 0

        def committed(documents: list[Document]) -> None:
            nonlocal landed
            for document in documents:
                position, item, _ = ready[landed]
                landed += 1
                self._done(results, position, item, document)
            if progress is not None:
                progress(results)

        try:
            self._ingestor.ingest_many([source for _, _, source in ready], committed=committed)
        except Exception:
            log.warning("batch indexing failed; indexing the rest one at a time", exc_info=True)
            for position, item, source in ready[landed:]:
                try:
                    self._done(results, position, item, self._ingestor.ingest(source))
                except Exception as exc:
                    results[position] = _failed(item, exc)
                if progress is not None:
                    progress(results)
        return results

    def _done(self, results: list[dict], position: int, item: BatchItem, document: Document) -> None:
        if item.data is not None:
            try:
                self._catalog.keep_original(document, item.name, item.media_type or "", item.data)
            except Exception:  # the document is stored and searchable; only its download is missing
                log.warning("keeping the original of %r failed", item.name, exc_info=True)
        results[position] = {**results[position], "status": "done", "document_id": document.id}

    def _source(self, tenant: str, context_id: str | None, item: BatchItem) -> Source:
        ingestor = self._ingestor
        if item.data is not None:
            return ingestor.file_source(tenant, context_id, item.name, item.data, item.media_type)
        if item.url is not None:
            return ingestor.url_source(tenant, context_id, item.url)
        return ingestor.text_source(tenant, context_id, item.text or "", item.name, item.source)


class _Refused(AnswerbaseError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _failed(item: BatchItem, exc: Exception) -> dict:
    if isinstance(exc, AnswerbaseError):
        error = {"code": exc.code, "message": exc.message}
    else:  # a bug: logged with its traceback, the caller gets the envelope's words
        log.error("batch item %r failed unexpectedly", item.name, exc_info=exc)
        error = {"code": "internal_error", "message": "The server hit an unexpected error; it has been logged."}
    return {"index": item.index, "name": item.name, "status": "failed", "error": error}
