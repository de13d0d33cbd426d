"""Background upkeep: the store compacts itself and folds new rows into its indexes as data arrives.

Every write commits a fragment and a version; left alone, 1,733 single-document ingests left 1,731 fragments
and slowed ingest from 4 to under 1 document/s and search five-fold. A thread in every serving process checks
the tables every ``interval_s`` and, once a threshold is crossed, runs ``LanceStore.optimize`` — never on a
request's path.

Several processes on one (object-store) database must not all optimize at once: the one that holds the
*lease* does. The lease is a row of the ``leases`` table, ``holder|expires-at`` (empty when free), claimed by
compare-and-swap: a conditional ``merge_insert`` that updates the row only if it still holds what the claimant
read. LanceDB serialises such updates, and the row is created with its table, so there is never an insert to
race on. A holder that dies loses the lease when it expires.
"""

from __future__ import annotations

import calendar
import json
import logging
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

from backend.store.lance_store import LanceStore
from backend.store.schema import CHUNKS, DOCUMENTS, LEASES, read_rows, sql

log = logging.getLogger("answerbase.upkeep")
LEASE_KEY, LAST_RUN_KEY = "upkeep", "upkeep_last_run"  # a row of the leases table; a meta key


@dataclass(frozen=True)
class UpkeepPolicy:
    """When upkeep runs. bench/upkeep.py, 2026-11-23, 600 SciFact abstracts ingested one per call: with these
    values ingest held 13.3 → 12.2 documents/s (first / last 100) and search p50 was 35 ms; without upkeep it fell
    from 14.3 to 5.4 documents/s with 600 fragments a table and search p50 196 ms."""

    interval_s: float = 10.0  # how often a process looks (0: never; tests and one-shot commands)
    max_fragments: int = 32  # per table: past this, every read and merge pays for the small files
    max_unindexed_rows: int = 5_000  # rows the indexes have not absorbed (searched by brute force until then)
    # Fewer unindexed rows than that still cost: bench/serve_ingest.py (2026-11-23) found a store built by one
    # 1,000-document batch left with 1,671 unindexed rows and no run due, searching at 70 ms p50 against 21 ms
    # compacted. So any unindexed rows are folded in once the last run is this old: at most one run a minute
    # (0.9 s for 117 fragments in the same run) for a store that writes little.
    max_unindexed_age_s: float = 60.0
    lease_s: float = 300.0  # a holder that died hands over after this long


class Upkeep:
    """Watches the store's tables and optimizes them when needed, holding the lease while it does."""

    def __init__(self, store: LanceStore, policy: UpkeepPolicy | None = None) -> None:
        self._store = store
        self.policy = policy or UpkeepPolicy()
        self.holder = f"{uuid.uuid4().hex[:12]}"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._run_lock = threading.Lock()

    # -- the background thread -----------------------------------------------------------------------

    def start(self) -> None:
        """Start watching (no-op when the policy's interval is 0 or it already runs)."""
        if self.policy.interval_s <= 0 or self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name="store-upkeep", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop watching; a run in progress finishes first."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=60)
            self._thread = None

    def _loop(self) -> None:
        while not self._stop.wait(self.policy.interval_s):
            try:
                self.run_once()
            except Exception:  # upkeep must never take the server down; the next round tries again
                log.exception("store upkeep failed")

    # -- one round -------------------------------------------------------------------------------------

    def due(self) -> list[str]:
        """Why the store needs upkeep now (empty: it does not)."""
        reasons = []
        for name, fragments in self.fragments().items():
            if fragments > self.policy.max_fragments:
                reasons.append(f"{name}: {fragments} fragments")
        unindexed = self.unindexed_rows()
        if unindexed > self.policy.max_unindexed_rows:
            reasons.append(f"chunks: {unindexed} unindexed rows")
        elif unindexed and self._seconds_since_last_run() > self.policy.max_unindexed_age_s:
            reasons.append(
                f"chunks: {unindexed} unindexed rows, last upkeep over {self.policy.max_unindexed_age_s:g} s ago"
            )
        return reasons

    def _seconds_since_last_run(self) -> float:
        """Seconds since any process last ran upkeep on this store (infinite if none ever did)."""
        recorded = self._store.meta().get(LAST_RUN_KEY)
        if not recorded:
            return float("inf")
        at = time.strptime(json.loads(recorded)["at"], "%Y-%m-%dT%H:%M:%SZ")
        return time.time() - calendar.timegm(at)

    def run_once(self, *, force: bool = False) -> dict[str, Any] | None:
        """Optimize if due (or ``force``) and this process gets the lease; returns what was done, else None."""
        with self._run_lock:
            reasons = self.due() if not force else ["forced"]
            if not reasons or not self._claim():
                return None
            try:
                before, started = self.fragments(), time.perf_counter()
                self._store.optimize()
                record = {
                    "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "by": self.holder,
                    "reasons": reasons,
                    "duration_ms": round((time.perf_counter() - started) * 1000),
                    "fragments_before": before,
                    "fragments_after": self.fragments(),
                }
                self._store.set_meta(**{LAST_RUN_KEY: json.dumps(record)})
                log.info("store upkeep: %s", record)
                return record
            finally:
                self._release()

    def status(self) -> dict[str, Any]:
        """The maintenance state for /v1/status: last run, fragments per table, unindexed rows, lease holder."""
        last_run = self._store.meta().get(LAST_RUN_KEY)
        holder, expires = _parse_lease(self.lease() or "")
        return {
            "last_run": json.loads(last_run) if last_run else None,
            "fragments": self.fragments(),
            "unindexed_rows": self.unindexed_rows(),
            "maintainer": holder if expires > time.time() else None,
        }

    def fragments(self) -> dict[str, int]:
        """Data fragments per table that grows with ingestion."""
        return {
            name: self._store.table(name).stats()["fragment_stats"]["num_fragments"]
            for name in (CHUNKS, DOCUMENTS)
            if self._store.has_table(name)
        }

    def unindexed_rows(self) -> int:
        if not self._store.has_table(CHUNKS):
            return 0
        indexes = self._store.table(CHUNKS).list_indices()
        return max((getattr(index, "num_unindexed_rows", 0) or 0 for index in indexes), default=0)

    # -- the lease -------------------------------------------------------------------------------------

    def lease(self) -> str | None:
        """The lease row's value: ``holder|expires-at``, empty when free (None: no row, see _claim)."""
        rows = read_rows(self._store.table(LEASES), f"key = {sql(LEASE_KEY)}", ["value"])
        return rows[0]["value"] if rows else None

    def _claim(self) -> bool:
        """Take the lease if it is free, expired or ours (compare-and-swap on the lease row)."""
        current = self.lease()
        if current is None:  # the table is created with the row: only a hand-edited store lacks it
            log.warning("store upkeep: the leases table has no %r row; upkeep is off", LEASE_KEY)
            return False
        holder, expires = _parse_lease(current)
        if holder and holder != self.holder and expires > time.time():
            return False
        return self._swap(current, f"{self.holder}|{time.time() + self.policy.lease_s:.3f}")

    def _release(self) -> None:
        """Give the lease back (only if still ours)."""
        for _ in range(5):  # a swap lost to a concurrent commit (a reader's claim attempt) is tried again
            current = self.lease() or ""
            if _parse_lease(current)[0] != self.holder or self._swap(current, ""):
                return

    def _swap(self, expected: str, new: str) -> bool:
        """Set the lease row to ``new`` if it still holds ``expected``; False when another process got there first."""
        builder = (
            self._store.table(LEASES)
            .merge_insert("key")
            .when_matched_update_all(where=f"target.value = {sql(expected)}")
        )
        try:
            result = builder.execute([{"key": LEASE_KEY, "value": new}])
        except Exception as exc:  # another process committed to the row first: not ours this round
            if "conflict" not in str(exc).lower():
                raise
            return False
        return result.num_updated_rows == 1


def _parse_lease(value: str) -> tuple[str, float]:
    """(holder, expires-at epoch seconds) of a lease value; ("", 0) when free."""
    holder, _, expires = value.partition("|")
    try:
        return holder, float(expires)
    except ValueError:
        return "", 0.0
