"""Store upkeep on a real LanceDB: the trigger, the run, the lease between processes, and the status route."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from backend.config import Settings, StoreSettings
from backend.ingest import Source
from backend.services import Services
from backend.store.upkeep import LEASE_KEY, Upkeep, UpkeepPolicy


def _ingest_one_at_a_time(services: Services, count: int) -> None:
    for i in range(count):
        services.ingestor.ingest(
            Source(
                "acme", None, f"Note {i}", f"Note number {i} is about topic {i % 7}.", "text-snippet", f"text:note-{i}"
            )
        )


def test_upkeep_runs_when_fragments_pile_up_and_they_fall(services):
    upkeep = Upkeep(services.store, UpkeepPolicy(interval_s=0, max_fragments=8))
    assert upkeep.due() == [] and upkeep.run_once() is None  # an empty store needs nothing
    _ingest_one_at_a_time(services, 12)
    before = upkeep.fragments()
    assert before["chunks"] >= 12 and any("fragments" in reason for reason in upkeep.due())
    record = upkeep.run_once()
    assert record is not None and record["fragments_before"] == before
    assert upkeep.fragments()["chunks"] <= 2 and upkeep.due() == []
    assert services.retriever.search("acme", "note number 11", limit=1)[0].name == "Note 11"
    status = upkeep.status()
    assert status["last_run"]["by"] == upkeep.holder and status["maintainer"] is None  # released after the run


def test_the_background_thread_keeps_the_store_compact(services):
    upkeep = Upkeep(services.store, UpkeepPolicy(interval_s=0.2, max_fragments=4))
    upkeep.start()
    try:
        _ingest_one_at_a_time(services, 10)
        deadline = time.monotonic() + 30
        while upkeep.fragments()["chunks"] > 4 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert upkeep.fragments()["chunks"] <= 4
    finally:
        upkeep.stop()
    assert upkeep.status()["last_run"] is not None


def test_only_the_lease_holder_maintains_and_an_expired_lease_hands_over(services):
    first = Upkeep(services.store, UpkeepPolicy(interval_s=0, lease_s=60))
    second = Upkeep(services.store, UpkeepPolicy(interval_s=0, lease_s=60))
    assert first._claim()
    assert not second._claim() and second.run_once(force=True) is None
    assert services.store.meta()[LEASE_KEY].startswith(first.holder)
    first._release()
    assert second._claim()  # free again
    second._release()
    # A holder that died: its lease expired, the next process takes over.
    services.store.set_meta(**{LEASE_KEY: f"dead-process|{time.time() - 1:.3f}"})
    assert first.run_once(force=True) is not None


HOLD_LEASE = """
import sys, time
from backend.config import Settings, StoreSettings
from backend.services import Services
from backend.store.upkeep import Upkeep, UpkeepPolicy
services = Services.build(Settings(data_dir=sys.argv[1], engine="offline", store=StoreSettings(upkeep_interval_s=0)))
upkeep = Upkeep(services.store, UpkeepPolicy(interval_s=0, lease_s=float(sys.argv[2])))
print("claimed" if upkeep._claim() else "refused", flush=True)
time.sleep(float(sys.argv[3]))
"""


def test_two_processes_one_maintainer(tmp_path, embedder):
    settings = Settings(data_dir=tmp_path / "shared", engine="offline", store=StoreSettings(upkeep_interval_s=0))
    services = Services.build(settings, embedder=embedder)
    _ingest_one_at_a_time(services, 3)
    other = subprocess.run(
        [sys.executable, "-c", HOLD_LEASE, str(settings.data_dir), "3", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert other.stdout.strip() == "claimed"  # it died holding a 3-second lease
    here = Upkeep(services.store, UpkeepPolicy(interval_s=0))
    assert here.run_once(force=True) is None  # not while the other process's lease runs
    time.sleep(3.5)
    record = here.run_once(force=True)
    assert record is not None and record["by"] == here.holder


def test_status_reports_maintenance(client, services):
    Upkeep(services.store, UpkeepPolicy(interval_s=0)).run_once(force=True)
    maintenance = client.get("/v1/status").json()["maintenance"]
    assert set(maintenance) == {"last_run", "fragments", "unindexed_rows", "maintainer"}
    assert maintenance["last_run"]["reasons"] == ["forced"] and "chunks" in maintenance["fragments"]
    json.dumps(maintenance)


def test_a_few_unindexed_rows_are_folded_in_once_the_last_run_is_old(services):
    upkeep = Upkeep(services.store, UpkeepPolicy(interval_s=0, max_unindexed_age_s=1.0))
    assert upkeep.run_once(force=True) is not None  # a fresh run: nothing is due for a while
    _ingest_one_at_a_time(services, 2)
    assert 0 < upkeep.unindexed_rows() < upkeep.policy.max_unindexed_rows
    assert upkeep.due() == []  # few rows, and the last run was just now
    time.sleep(2.1)  # the recorded time has whole seconds
    assert any("unindexed rows, last upkeep over 1 s ago" in reason for reason in upkeep.due())
    assert upkeep.run_once() is not None and upkeep.unindexed_rows() == 0
