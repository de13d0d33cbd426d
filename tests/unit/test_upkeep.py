"""Store upkeep on a real LanceDB: the trigger, the run, the lease between processes, and the status route."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from backend.config import Settings, StoreSettings
from backend.ingest import Source
from backend.services import Services
from backend.store.lance_store import LanceStore
from backend.store.schema import LEASES, upsert_rows
from backend.store.upkeep import LAST_RUN_KEY, LEASE_KEY, Upkeep, UpkeepPolicy


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
    assert first.lease().startswith(first.holder)
    first._release()
    assert second._claim()  # free again
    second._release()
    # A holder that died: its lease expired, the next process takes over.
    upsert_rows(services.store.table(LEASES), "key", [{"key": LEASE_KEY, "value": f"dead|{time.time() - 1:.3f}"}])
    assert first.run_once(force=True) is not None


RACE_FOR_LEASE = """
import sys, time
from backend.store.lance_store import LanceStore
from backend.store.upkeep import Upkeep, UpkeepPolicy
upkeep = Upkeep(LanceStore(sys.argv[1], dimension=None, embedder_name=None), UpkeepPolicy(interval_s=0))
while time.time() < float(sys.argv[2]):
    time.sleep(0.0005)
print(upkeep.holder if upkeep._claim() else "", flush=True)
"""


def test_racing_processes_claim_the_lease_once(tmp_path):
    """Servers starting together on a fresh store all find the lease free; one of them gets it. (CI once saw two
    servers optimize at once: their claims, inserts of a missing lease row, both landed. Threads in one process
    do not reproduce that race; processes did, in half the trials.)"""
    for trial in range(3):
        uri, start = str(tmp_path / f"store-{trial}"), time.time() + 4  # after every racer has opened the store
        LanceStore(uri, dimension=None, embedder_name=None)  # made before the servers start, as in a deployment
        racers = [
            subprocess.Popen([sys.executable, "-c", RACE_FOR_LEASE, uri, str(start)], stdout=subprocess.PIPE, text=True)
            for _ in range(3)
        ]
        winners = [holder for racer in racers if (holder := racer.communicate(timeout=120)[0].strip())]
        assert len(winners) == 1, (trial, winners)
        assert Upkeep(LanceStore(uri, dimension=None, embedder_name=None)).lease().startswith(winners[0])


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
        [sys.executable, "-c", HOLD_LEASE, str(settings.data_dir), "5", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert other.stdout.strip() == "claimed"  # it died holding a 5-second lease
    here = Upkeep(services.store, UpkeepPolicy(interval_s=0))
    assert here.run_once(force=True) is None  # not while the other process's lease runs
    time.sleep(5.5)
    record = here.run_once(force=True)
    assert record is not None and record["by"] == here.holder


def test_status_reports_maintenance(client, services):
    Upkeep(services.store, UpkeepPolicy(interval_s=0)).run_once(force=True)
    maintenance = client.get("/v1/status").json()["maintenance"]
    assert set(maintenance) == {"last_run", "fragments", "unindexed_rows", "maintainer"}
    assert maintenance["last_run"]["reasons"] == ["forced"] and "chunks" in maintenance["fragments"]
    json.dumps(maintenance)


def test_a_few_unindexed_rows_are_folded_in_once_the_last_run_is_old(services):
    upkeep = Upkeep(services.store, UpkeepPolicy(interval_s=0, max_unindexed_age_s=60))
    record = upkeep.run_once(force=True)
    assert record is not None  # a fresh run: nothing is due for a while
    _ingest_one_at_a_time(services, 2)
    assert 0 < upkeep.unindexed_rows() < upkeep.policy.max_unindexed_rows
    assert upkeep.due() == []  # few rows, and the last run was just now
    # The last run, as if it had been two minutes ago (no sleeping: a slow machine must not change the answer).
    earlier = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 120))
    services.store.set_meta(**{LAST_RUN_KEY: json.dumps({**record, "at": earlier})})
    assert any("unindexed rows, last upkeep over 60 s ago" in reason for reason in upkeep.due())
    assert upkeep.run_once() is not None and upkeep.unindexed_rows() == 0
