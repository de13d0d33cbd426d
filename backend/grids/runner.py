"""The background job that fills grids: in every serving process, one grid at a time, documents in parallel.

Jobs are the grids' own rows: ``queued`` until a process claims one (a compare-and-swap on the row, so of several
processes on one store only one runs it), ``running`` with a heartbeat refreshed as cells are written, then
``done`` or ``failed``. Cells are written as each document finishes, so a process that dies loses at most the
documents in flight: a ``running`` grid whose heartbeat is older than ``stale_s`` is claimed again by the next
process that looks, and only its missing cells are computed.
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import replace

from backend.config import available_cores
from backend.grids.service import GridService
from backend.models import Grid, seconds_since, utc_now
from backend.store import LanceStore

log = logging.getLogger("answerbase.grids")


def interrupted(grid: Grid, stale_s: float) -> bool:
    """A grid marked running whose process stopped refreshing its heartbeat (it died or was killed)."""
    return grid.status == "running" and seconds_since(grid.heartbeat_at) > stale_s


class GridRunner:
    """Polls the store for grids to run and runs them, off the request path."""

    def __init__(
        self,
        service: GridService,
        store: LanceStore,
        *,
        workers: int | None = None,
        poll_s: float = 1.0,
        stale_s: float = 60.0,
    ) -> None:
        self._service = service
        self._store = store
        # Documents are answered in parallel up to the machine's cores (the engines and LanceDB release the GIL
        # for much of their work); a heartbeat older than stale_s means the process running the grid is gone.
        self._workers = workers or available_cores()
        self._poll_s = poll_s
        self.stale_s = stale_s
        self.holder = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start polling in a daemon thread (idempotent)."""
        if self._thread is None or not self._thread.is_alive():
            self._stop.clear()
            self._thread = threading.Thread(target=self._loop, name="grid-runner", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop after the document in flight; a grid left running is resumed by the next process."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def wake(self) -> None:
        """Look for work now (a grid was just created or queued)."""
        self._wake.set()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                while not self._stop.is_set() and self.run_next():
                    pass
            except Exception:  # the store was unreachable: try again at the next poll
                log.exception("grid runner: looking for work failed")
            self._wake.wait(self._poll_s)
            self._wake.clear()

    def run_next(self) -> bool:
        """Claim and run one grid that needs it (queued, or interrupted); False when there is none."""
        for grid in self._store.grids.list_grids():
            if grid.status != "queued" and not interrupted(grid, self.stale_s):
                continue
            now = utc_now()
            claimed = replace(grid, status="running", updated_at=now, heartbeat_at=now)
            if self._store.grids.swap(grid, claimed):
                self.run(claimed)
                return True
        return False

    def run(self, grid: Grid) -> Grid:
        """Compute the grid's missing cells, writing each document's as it finishes; returns the final state."""
        try:
            work, total = self._service.missing(grid)
            grid = self._progress(grid, done=total - sum(len(columns) for _, columns in work), total=total)
            failed = 0
            with ThreadPoolExecutor(max_workers=self._workers, thread_name_prefix="grid-cells") as pool:
                futures = {pool.submit(self._service.answer_document, grid, d, columns): columns for d, columns in work}
                for future in as_completed(futures):
                    cells = future.result()
                    self._store.grids.put_cells(grid.tenant, cells)
                    failed += len(futures[future]) - len(cells)
                    grid = self._progress(grid, done=grid.done + len(cells), total=total)
                    if self._stop.is_set():
                        pool.shutdown(cancel_futures=True)
                        return grid  # left running: resumed by the next process once the heartbeat is stale
            error = f"{failed} cell(s) could not be answered (the engine failed); run the grid again." if failed else ""
            final = replace(grid, status="done", error=error, updated_at=utc_now())
        except _Superseded:
            return self._store.grids.get(grid.tenant, grid.id) or grid
        except Exception as exc:
            log.exception("grid %s failed", grid.id)
            final = replace(grid, status="failed", error=f"The grid could not run: {exc}", updated_at=utc_now())
        if not self._store.grids.swap(grid, final):  # changed meanwhile (a column added, deleted): leave it
            return self._store.grids.get(grid.tenant, grid.id) or final
        return final

    def _progress(self, grid: Grid, *, done: int, total: int) -> Grid:
        """Record progress and the heartbeat (only if the row is still ours: a re-queue or delete wins)."""
        now = utc_now()
        updated = replace(grid, done=done, total=total, updated_at=now, heartbeat_at=now)
        if not self._store.grids.swap(grid, updated):
            raise _Superseded(grid.id)
        return updated


class _Superseded(Exception):
    """The grid changed under the runner (columns added, re-queued or deleted): stop; a new run takes over."""
