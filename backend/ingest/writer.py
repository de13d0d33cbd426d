"""Group commit: the documents of concurrent requests are written to the store together, in one set of commits.

Each stored batch costs the store a few commits (chunks, document rows, replaced chunks) whatever its size, and
each commit adds a fragment and a version. One thread writes: it takes whatever is queued when it is free and
writes it as one batch, so N requests arriving together cost one round of commits instead of N. A lone request
never waits for company: the queue is drained, not timed.
"""

from __future__ import annotations

import logging
import queue
import threading
from concurrent.futures import Future

from backend.models import DocumentVersion
from backend.store import LanceStore

log = logging.getLogger("answerbase.ingest")
MAX_GROUP = 256  # versions written together at most (bounds one commit's size and a failure's reach)


class GroupWriter:
    """Writes document versions for many callers; :meth:`write` returns once the caller's versions are stored."""

    def __init__(self, store: LanceStore) -> None:
        self._store = store
        self._queue: queue.Queue[tuple[list[DocumentVersion], Future[None]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.groups_written = 0  # for tests and benchmarks: how many rounds of commits were made

    def write(self, versions: list[DocumentVersion]) -> None:
        """Store ``versions`` (with whatever else is queued) and return when they are committed; raises the
        store's error when their write failed."""
        done: Future[None] = Future()
        self._queue.put((versions, done))
        self._ensure_thread()
        done.result()

    def _ensure_thread(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="group-writer", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            group = [self._queue.get()]
            while sum(len(v) for v, _ in group) < MAX_GROUP:
                try:
                    group.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            self._write_group(group)

    def _write_group(self, group: list[tuple[list[DocumentVersion], Future[None]]]) -> None:
        ids = [v.document.id for versions, _ in group for v in versions]
        if len(group) > 1 and len(ids) == len(set(ids)):
            try:
                self._store_versions([v for versions, _ in group for v in versions])
                self.groups_written += 1
                for _, done in group:
                    done.set_result(None)
                return
            except Exception:  # one caller's bad batch must not fail the others: write each on its own
                log.warning("a grouped write failed; writing its %d batches one by one", len(group), exc_info=True)
        for versions, done in group:  # alone, or the same document twice: in arrival order
            try:
                self._store_versions(versions)
                self.groups_written += 1
                done.set_result(None)
            except Exception as exc:
                done.set_exception(exc)

    def _store_versions(self, versions: list[DocumentVersion]) -> None:
        changed = [v for v in versions if v.texts]
        if changed:
            self._store.documents.put(changed)
        for version in versions:
            if not version.texts:  # same content: only the row's name and time change
                self._store.documents.touch(version.document)
