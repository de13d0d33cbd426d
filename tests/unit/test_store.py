"""The LanceDB store on a temp dir with the real embedder: scoping, modes, replacement, crash rule."""

from __future__ import annotations

import time

import pytest

from backend.errors import EmbedderMismatch, NotFound
from backend.ingest import Source
from backend.store import LanceStore
from backend.store.indexes import MAX_VECTOR_INDEX_PARTS
from backend.store.lance_store import VECTOR_INDEX_ROWS


def _source(tenant, context, name, text):
    return Source(tenant, context, name, text, "text-snippet", f"text:{name}")


@pytest.fixture
def corpus(services):
    ingest, create = services.ingestor.ingest, services.catalog.create_context
    services.c1, services.c2 = create("acme", "Animals").id, create("acme", "Space").id
    ingest(_source("acme", services.c1, "Cats", "Cats are small domesticated carnivorous mammals that purr."))
    ingest(_source("acme", services.c2, "Rockets", "The Saturn V rocket carried astronauts to the Moon."))
    ingest(_source("globex", create("globex", "Pets").id, "Felines", "Cats sleep for sixteen hours a day."))
    return services


@pytest.mark.parametrize("mode", ["hybrid", "vector", "fulltext"])
def test_modes_rank_and_scope(corpus, mode):
    search = corpus.retriever.search
    assert search("acme", "cats purr", mode=mode)[0].name == "Cats"
    # The Space context says nothing about cats: the other context's Cats never leaks in, and Rockets, under the
    # relevance floor (SEARCH__MIN_RELEVANCE), comes back marked not relevant (in full-text mode, matching no word of
    # the query, not at all).
    assert [(h.name, h.relevant) for h in search("acme", "cats", context_id=corpus.c2, mode=mode)] == (
        [] if mode == "fulltext" else [("Rockets", False)]
    )
    assert all(h.name != "Felines" for h in search("acme", "cats sleep hours", mode=mode))
    assert search("globex", "cats", mode=mode)[0].name == "Felines"
    with pytest.raises(NotFound):
        search("globex", "cats", context_id=corpus.c1, mode=mode)  # another tenant's context


def test_vector_mode_finds_paraphrase(corpus):
    assert corpus.retriever.search("acme", "feline pets", mode="vector")[0].name == "Cats"


def test_unchanged_content_is_not_re_embedded(services, monkeypatch):
    services.ingestor.ingest(_source("acme", None, "Note", "Printers are on floor two."))
    calls = []
    monkeypatch.setattr(
        services.embedder,
        "embed_documents",
        lambda texts: calls.append(texts) or pytest.fail("re-embedded unchanged content"),
    )
    services.ingestor.ingest(_source("acme", None, "Note", "Printers are on floor two."))
    assert calls == [] and services.store.counts("acme")["documents"] == 1


def test_orphan_chunks_of_a_crashed_ingest_are_invisible_and_repaired(services, embedder):
    """Chunks committed without their document row (a crash between the two) are never returned."""
    services.ingestor.ingest(_source("acme", None, "Kept", "The fire drill is on Mondays."))
    document = services.store.documents.listed("acme")[0]
    from dataclasses import replace

    from backend.models import DocumentVersion, utc_now

    ghost = replace(document, id="ghost", content_hash="h2", name="Ghost")
    texts = ["The fire drill moved to Fridays."]
    chunks_only = DocumentVersion(ghost, "text:Ghost", texts[0], texts, embedder.embed_documents(texts), False)
    # Simulate the crash: write the chunks, not the row.
    services.store.table("chunks").add(
        [
            {
                "id": "orphan",
                "document_id": "ghost",
                "revision": "h2",
                "tenant": "acme",
                "context_id": "",
                "ordinal": 0,
                "text": texts[0],
                "vector": chunks_only.vectors[0],
                "name": "Ghost",
                "source": "",
                "type": "text-snippet",
                "created_at": utc_now(),
            }
        ]
    )
    assert [h.name for h in services.retriever.search("acme", "fire drill Fridays")] == ["Kept"]
    # A fresh orphan may be another process's write in flight: spared within the grace period.
    assert services.store.repair(grace_s=600) == 0
    assert services.store.repair(grace_s=0) == 1
    assert services.store.counts("acme")["chunks"] == 1


def test_opening_with_another_embedder_names_reindex(settings, services):
    with pytest.raises(EmbedderMismatch, match="answerbase reindex"):
        LanceStore(settings.store_uri, dimension=services.embedder.dimension, embedder_name="openai:other")


def test_an_unrelated_query_gets_its_nearest_passages_marked_not_relevant(corpus):
    search = corpus.retriever.search
    for mode in ("hybrid", "vector"):
        hits = search("acme", "quarterly tax filing deadline", mode=mode)
        assert hits and not any(h.relevant for h in hits)
    assert search("acme", "quarterly tax filing deadline", mode="fulltext") == []  # no word matches, no vector
    # A shared rare term puts its passage first.
    assert search("acme", "Saturn tax filing deadline")[0].name == "Rockets"


def test_ann_index_is_built_past_the_threshold_and_search_still_scopes(tmp_path, embedder):
    from backend.config import SearchSettings, Settings, StoreSettings
    from backend.services import Services

    # Probing one partition at least: a small context must still be found in full (more are probed).
    services = Services.build(
        Settings(
            data_dir=tmp_path / "ann", store=StoreSettings(ann_index_min_rows=300), search=SearchSettings(min_nprobes=1)
        ),
        embedder=embedder,
    )
    small = services.catalog.create_context("acme", "Small").id
    sources = [
        _source(
            "acme" if i % 2 else "globex",
            small if i in (3, 5, 7) else None,
            f"Doc {i}",
            f"Memo {i}: the {['red', 'green', 'blue'][i % 3]} team meets in room {i}.",
        )
        for i in range(320)
    ]
    services.ingestor.ingest_many(sources)
    vector_index = next(i for i in services.store.table("chunks").list_indices() if i.columns == ["vector"])
    assert vector_index.index_type == "IvfFlat"
    hits = services.retriever.search("acme", "Memo 17: the blue team meets in room 17.", mode="vector", limit=5)
    assert hits and all(int(h.name.split()[1]) % 2 == 1 for h in hits)  # only acme's (odd) documents
    assert hits[0].name == "Doc 17"
    # A context far smaller than an IVF partition still yields all its documents (more partitions probed).
    scoped = services.retriever.search("acme", "which team meets where", context_id=small, mode="vector")
    assert sorted(h.name for h in scoped) == ["Doc 3", "Doc 5", "Doc 7"]

    # A store from an older version has an IVF_HNSW_SQ index: `answerbase optimize` (and serve) rebuild it.
    from lancedb.index import IvfHnswSq

    chunks = services.store.table("chunks")
    chunks.create_index("vector", config=IvfHnswSq(distance_type="cosine", num_partitions=2), replace=True)
    services.store.optimize()
    assert [i.index_type for i in chunks.list_indices() if i.columns == ["vector"]] == ["IvfFlat"]
    rows = str(services.store.counts()["chunks"])
    assert services.store.meta()[VECTOR_INDEX_ROWS] == rows

    # An index trained on a table a quarter of the size or less is re-partitioned by optimize, not by ingest.
    services.store.set_meta(**{VECTOR_INDEX_ROWS: "50"})
    services.store.ensure_indexes()
    assert services.store.meta()[VECTOR_INDEX_ROWS] == "50"
    services.store.optimize()
    assert services.store.meta()[VECTOR_INDEX_ROWS] == rows

    # So is an index an older version sized by partition count (no row count under today's key): LanceDB's
    # optimize would fold its partitions into a few large ones (indexes.py).
    services.store.table("meta").delete(f"key = '{VECTOR_INDEX_ROWS}'")
    services.store.optimize()
    assert services.store.meta()[VECTOR_INDEX_ROWS] == rows

    # Rows added later join the index as a part beside it, keeping its partitions; an index split in more than
    # MAX_VECTOR_INDEX_PARTS parts is retrained on the whole table by upkeep. (LanceDB also folds its parts into one
    # itself when new rows split a partition, which depends on the k-means it trained: so the rounds run until the
    # index has been split in more parts than that, and the next optimize is checked.)
    parts: list[int] = []
    for round_ in range(4 * (MAX_VECTOR_INDEX_PARTS + 1)):
        services.ingestor.ingest_many(
            [_source("acme", None, f"Late {round_}.{i}", f"Late memo {round_}.{i} about room {i}.") for i in range(4)]
        )
        services.store.optimize()
        parts.append(chunks.index_stats("vector_idx").num_indices)
        if len(parts) > 1 and parts[-2] > MAX_VECTOR_INDEX_PARTS:
            break
    assert max(parts) == MAX_VECTOR_INDEX_PARTS + 1, parts  # a part per round, up to one too many
    assert parts[-1] == 1, parts  # retrained
    assert all(b in (a + 1, 1) for a, b in zip(parts, parts[1:], strict=False)), parts
    assert services.store.meta()[VECTOR_INDEX_ROWS] == str(int(rows) + 4 * len(parts))
    assert services.retriever.search("acme", "Late memo 2.3 about room 3.", mode="vector")[0].name == "Late 2.3"


def test_context_lookups_are_cached_per_table_version_and_stay_within_the_tenant(services, monkeypatch):
    store, catalog = services.store, services.catalog
    kept = catalog.create_context("acme", "Kept").id
    loads = []
    load = store._load_contexts
    monkeypatch.setattr(store, "_load_contexts", lambda ids: loads.append(ids) or load(ids))
    assert store.get_context("acme", kept).name == "Kept"
    assert store.get_context("globex", kept) is None  # another tenant's id is no context of this one
    assert loads == [[kept]]  # read once for this version of the table
    doomed = catalog.create_context("acme", "Doomed").id
    assert store.get_context("acme", doomed).name == "Doomed"  # created after the first lookup: a new version
    catalog.delete_context("acme", doomed)
    assert store.get_context("acme", doomed) is None and store.get_context("acme", kept).name == "Kept"
    # Another process's write is seen too: the cache is keyed by the table's version, not by this process's writes.
    other = LanceStore(services.settings.store_uri, dimension=None, embedder_name=None)
    other.delete_context("acme", kept)
    assert store.get_context("acme", kept) is None


def test_versioned_cache_answers_from_one_table_version_only():
    from backend.store.versioned_cache import VersionedCache

    loads = []

    def load(ids):
        loads.append(ids)
        return {i: "rev-" + i for i in ids if i != "gone"}

    cache = VersionedCache()
    assert cache.lookup(1, ["a", "gone"], load) == {"a": "rev-a"}
    assert cache.lookup(1, ["a", "gone", "b"], load) == {"a": "rev-a", "b": "rev-b"}
    assert loads == [["a", "gone"], ["b"]]  # known ids, present or absent, are not looked up again
    cache.lookup(2, ["a"], load)
    assert loads[-1] == ["a"]  # a new table version forgets everything


def test_versioned_cache_reads_the_whole_table_once_its_lookups_cost_as_much():
    from backend.store.versioned_cache import VersionedCache

    table = {f"doc-{i}": f"rev-{i}" for i in range(10)}
    loads, whole_reads = [], []

    def load(ids):
        loads.append(ids)
        time.sleep(0.01)  # a lookup costs more than reading this whole table
        return {i: table[i] for i in ids if i in table}

    def load_all(at_most):
        whole_reads.append(at_most)
        return dict(table) if len(table) <= at_most else None

    # A whole read expected to cost nothing is bought at the first miss; then every id of the version is known.
    cache = VersionedCache(max_entries=100, first_whole_read_s=0.0)
    assert cache.lookup(1, ["doc-1", "gone"], load, load_all) == {"doc-1": "rev-1"}
    assert cache.lookup(1, ["doc-2", "doc-3", "also gone"], load, load_all) == {"doc-2": "rev-2", "doc-3": "rev-3"}
    assert (loads, whole_reads) == ([], [100])
    # A new version starts by looking up (its first miss has cost nothing yet), then, that lookup having cost more
    # than the last whole read, reads the whole table again.
    table["doc-10"] = "rev-10"
    assert cache.lookup(2, ["doc-10"], load, load_all) == {"doc-10": "rev-10"}
    assert loads == [["doc-10"]]
    cache.lookup(2, ["doc-4"], load, load_all)
    assert len(whole_reads) == 2
    # A table of more rows than the cache keeps is never read whole: it keeps to lookups.
    small = VersionedCache(max_entries=5, first_whole_read_s=0.0)
    for version in (1, 2):
        assert small.lookup(version, ["doc-5", "doc-6"], load, load_all) == {"doc-5": "rev-5", "doc-6": "rev-6"}
    assert whole_reads[2:] == [5] and loads[-1] == ["doc-5", "doc-6"]


def test_search_sees_a_write_made_through_another_store(settings, services):
    """Two stores on one database (as two processes): the revision cache must not hide the other's write."""
    other = LanceStore(settings.store_uri, dimension=services.embedder.dimension, embedder_name=services.embedder.name)
    first = services.ingestor.ingest(_source("acme", None, "First", "The boiler is serviced in October."))
    assert [h.name for h in services.retriever.search("acme", "boiler serviced")] == ["First"]
    assert set(other.documents.live_revisions([first.id, "nope"])) == {first.id}
    from backend.ingest import Ingestor

    Ingestor(other, services.embedder, services.settings.ingest).ingest(
        _source("acme", None, "Second", "The boiler room key hangs in reception.")
    )
    assert {h.name for h in services.retriever.search("acme", "boiler")} == {"First", "Second"}


def test_a_write_that_lost_a_commit_race_is_tried_again_and_other_errors_are_not():
    from backend.store.indexes import retry_on_conflict

    attempts = []

    def conflicted_twice() -> str:
        attempts.append(1)
        if len(attempts) < 3:
            raise RuntimeError("lance error: Retryable commit conflict for version 7")
        return "written"

    assert retry_on_conflict(conflicted_twice) == "written" and len(attempts) == 3

    def broken() -> None:
        attempts.append(1)
        raise ValueError("schema mismatch")

    attempts.clear()
    with pytest.raises(ValueError):
        retry_on_conflict(broken)
    assert len(attempts) == 1  # not a conflict: raised at once

    def always_conflicted() -> None:
        raise RuntimeError("commit conflict")

    with pytest.raises(RuntimeError):
        retry_on_conflict(always_conflicted, attempts=2)
