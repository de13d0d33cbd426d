"""The question log: every typed question, its answer or decline, confidence and latency, per tenant.

Entries are buffered and written in one commit a second (a commit per question would add a store
fragment per question and its latency to every answer). A process that dies loses at most the last
second of its log; reads in this process flush first, so its own questions are always listed.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from typing import Any

from backend.models import LoggedQuestion, utc_now
from backend.store import LanceStore

FLUSH_INTERVAL_S = 1.0
log = logging.getLogger("answerbase.questions")


class QuestionLog:
    """Buffers logged questions and writes them to the store from a background thread."""

    def __init__(self, store: LanceStore, flush_interval_s: float = FLUSH_INTERVAL_S) -> None:
        self._store = store
        self._interval = flush_interval_s
        self._pending: list[LoggedQuestion] = []
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()  # one flush at a time, so entries are written once, in order
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def record(
        self,
        *,
        tenant: str,
        question: str,
        answer_type: str,
        context_id: str | None,
        value: Any,
        declined: bool,
        reason: str,
        confidence: float | None,
        latency_ms: float,
    ) -> None:
        """Queue one entry (written within a second)."""
        entry = LoggedQuestion(
            id=str(uuid.uuid4()),
            tenant=tenant,
            asked_at=utc_now(),
            type=answer_type,
            question=question,
            context_id=context_id,
            answer=None if declined else json.dumps(value),
            declined=declined,
            reason=reason,
            confidence=confidence,
            latency_ms=round(latency_ms, 2),
        )
        with self._lock:
            self._pending.append(entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="question-log", daemon=True)
                self._thread.start()

    def flush(self) -> None:
        """Write every queued entry now."""
        with self._write_lock:
            with self._lock:
                batch, self._pending = self._pending, []
            if batch:
                try:
                    self._store.questions.add(batch)
                except Exception:
                    with self._lock:  # keep them for the next flush
                        self._pending[:0] = batch
                    raise

    def list(
        self, tenant: str, *, declined: bool | None = None, limit: int = 50, offset: int = 0
    ) -> tuple[list[LoggedQuestion], int]:
        """A page of the tenant's questions, newest first, and the total that match."""
        self.flush()
        return self._store.questions.page(tenant, declined=declined, limit=limit, offset=offset)

    def _run(self) -> None:
        while True:
            self._wake.wait(self._interval)
            try:
                self.flush()
            except Exception:  # a failed write must not kill the logger thread; the entries wait for the next
                log.exception("writing the question log failed; retrying in %.0f s", self._interval)
