"""Batch ingests as background jobs: persisted state, live per-item progress, and honesty about interruptions.

A job's row (``store/jobs.py``) holds every item's result and is rewritten after each group of items and on a
heartbeat every few seconds. The items themselves (files, texts) live only in the process running the job: if
that process dies, the job is reported ``interrupted`` (once its heartbeat is older than ``stale_s``) with the
items that did not finish still ``pending``, so the caller knows exactly what to send again. Nothing reported
``done`` is ever lost: an item is marked done only after its document was committed.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from backend.errors import NotFound
from backend.ingest.batch import BatchIngest, BatchItem, pending
from backend.models import Job, seconds_since, utc_now
from backend.store import LanceStore

log = logging.getLogger("answerbase.ingest")
HEARTBEAT_S = 5.0


class JobService:
    """Starts batch ingests in the background (one at a time per process) and reports on them."""

    def __init__(self, store: LanceStore, batch: BatchIngest, stale_s: float = 60.0) -> None:
        self._store = store
        self._batch = batch
        self.stale_s = stale_s
        self._pool: ThreadPoolExecutor | None = None  # made on the first job, again after a stop
        self._lock = threading.Lock()
        self._stopping = threading.Event()

    def start(self, tenant: str, context_id: str | None, items: Sequence[BatchItem]) -> Job:
        """A new job for ``items``, queued now and run in the background."""
        job = self._new(tenant, context_id, items)
        with self._lock:
            if self._pool is None:  # the first job, or the first since a stop (an app's lifespan may restart)
                self._stopping.clear()
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ingest-job")
            self._pool.submit(self._run, job, list(items))
        return job

    def run_now(self, tenant: str, context_id: str | None, items: Sequence[BatchItem]) -> Job:
        """Run ``items`` in this thread (a small batch the caller waits for); the job is recorded all the same."""
        return self._run(self._new(tenant, context_id, items), list(items))

    def get(self, tenant: str, job_id: str) -> Job:
        """The job as it stands (``interrupted`` if its process stopped before finishing it)."""
        job = self._store.jobs.get(tenant, job_id)
        if job is None:
            raise NotFound(f"No job with id {job_id!r}.")
        return self._as_seen(job)

    def list_jobs(self, tenant: str) -> list[Job]:
        return [self._as_seen(j) for j in self._store.jobs.list_jobs(tenant)]

    def stop(self) -> None:
        """On shutdown: the job in flight stops after its current group and is recorded as interrupted."""
        self._stopping.set()
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _as_seen(self, job: Job) -> Job:
        if job.status in ("queued", "running") and seconds_since(job.heartbeat_at) > self.stale_s:
            return replace(job, status="interrupted")
        return job

    def _new(self, tenant: str, context_id: str | None, items: Sequence[BatchItem]) -> Job:
        now = utc_now()
        job = Job(str(uuid.uuid4()), tenant, "ingest", context_id, "queued", tuple(pending(items)), now, now, now, "")
        self._store.jobs.put(job)
        return job

    def _run(self, job: Job, items: list[BatchItem]) -> Job:
        state = {"job": job}
        self._save(state, lambda j: replace(j, status="running", updated_at=utc_now(), heartbeat_at=utc_now()))
        beating = threading.Event()
        heart = threading.Thread(target=self._beat, args=(state, beating), name="ingest-job-heartbeat", daemon=True)
        heart.start()

        def progress(results: list[dict]) -> None:
            self._save(state, lambda j: replace(j, items=tuple(results), updated_at=utc_now(), heartbeat_at=utc_now()))
            if self._stopping.is_set():
                raise _Stopped

        status = "done"
        try:
            self._batch.run(job.tenant, job.context_id, items, progress)
        except _Stopped:
            status = "interrupted"
        except Exception:  # the store failed under the job: what finished is recorded; the rest is pending
            log.exception("ingest job %s failed", job.id)
            status = "interrupted"
        finally:
            beating.set()
        return self._save(state, lambda j: replace(j, status=status, updated_at=utc_now(), finished_at=utc_now()))

    def _save(self, state: dict, change: Callable[[Job], Job]) -> Job:
        """Apply ``change`` to the job's latest state and persist it (the heartbeat and progress both write)."""
        with self._lock:
            state["job"] = change(state["job"])
            self._store.jobs.put(state["job"])
            return state["job"]

    def _beat(self, state: dict, stop: threading.Event) -> None:
        """Refresh the heartbeat while a long group runs, so a slow job is not taken for a dead one."""
        while not stop.wait(HEARTBEAT_S):
            try:
                self._save(state, lambda j: replace(j, heartbeat_at=utc_now()))
            except Exception:  # a missed beat is harmless; the next one retries
                log.warning("ingest job heartbeat failed", exc_info=True)


class _Stopped(Exception):
    """The process is shutting down: stop between groups."""
