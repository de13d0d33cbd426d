"""Many documents in one request: each item succeeds or fails on its own, results in input order.

Items are files (an archive's files count one each), pasted texts and URLs. They are read, then indexed in
groups through ``Ingestor.ingest_many`` (so a batch is embedded in large model calls); a group whose indexing
fails is retried one item at a time, so one bad item never fails or loses the others. Results are reported
after each group, which is how a job shows its progress.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from backend.catalog import Catalog
from backend.errors import AnswerbaseError
from backend.ingest.pipeline import Ingestor, Source

log = logging.getLogger("answerbase.ingest")
GROUP = 32  # items indexed together: large enough to batch the embedder, small enough for live progress


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
        ``failed`` with the error's code and message). ``progress`` gets all results after each group."""
        results = pending(items)
        for start in range(0, len(items), GROUP):
            group = items[start : start + GROUP]
            ready: list[tuple[int, BatchItem, Source]] = []  # (position in the results, item, its source)
            for position, item in enumerate(group, start=start):
                try:
                    if item.error is not None:
                        raise _Refused(*item.error)
                    ready.append((position, item, self._source(tenant, context_id, item)))
                except Exception as exc:
                    results[position] = _failed(item, exc)
            for (position, item, _), outcome in zip(ready, self._index([s for _, _, s in ready]), strict=True):
                if isinstance(outcome, Exception):
                    results[position] = _failed(item, outcome)
                    continue
                if item.data is not None:
                    self._catalog.keep_original(outcome, item.name, item.media_type or "", item.data)
                results[position] = {**results[position], "status": "done", "document_id": outcome.id}
            if progress is not None:
                progress(results)
        return results

    def _source(self, tenant: str, context_id: str | None, item: BatchItem) -> Source:
        ingestor = self._ingestor
        if item.data is not None:
            return ingestor.file_source(tenant, context_id, item.name, item.data, item.media_type)
        if item.url is not None:
            return ingestor.url_source(tenant, context_id, item.url)
        return ingestor.text_source(tenant, context_id, item.text or "", item.name, item.source)

    def _index(self, sources: list[Source]) -> list:
        """Documents for the sources in one ``ingest_many``; if that fails, one by one (errors in place)."""
        if not sources:
            return []
        try:
            return list(self._ingestor.ingest_many(sources))
        except Exception:
            outcomes: list = []
            for source in sources:
                try:
                    outcomes.append(self._ingestor.ingest(source))
                except Exception as exc:
                    outcomes.append(exc)
            return outcomes


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
