"""Search that finds: titles and heading paths indexed, one ranking at any limit, migration and reindex."""

from __future__ import annotations

from backend.config import SearchSettings, Settings
from backend.maintenance import reindex
from backend.services import Services
from backend.store.schema import CHUNKS

HANDBOOK_MD = """# Staff handbook

## Leave

Parents get sixteen weeks of paid time at home after a birth or an adoption.

### Sick leave

A note from a doctor is needed after three days away.
"""
HANDBOOK_HTML = b"""<html><head><title>Field guide</title></head><body><article><h1>Field guide</h1>
<h2>Safety</h2><p>Helmets are worn on every site visit, also by visitors who stay for a short time only.</p>
<h3>Ladders</h3><p>Ladders are checked every morning by the site lead before anyone climbs them.</p>
</article></body></html>"""


def _titles(services: Services, name: str) -> set[str]:
    rows = services.store.table(CHUNKS).search().where(f"name = '{name}'").select(["title"]).to_list()
    return {row["title"] for row in rows}


def test_a_documents_title_finds_it_first(client):
    ctx = client.post("/v1/contexts", json={"name": "Policies"}).json()["id"]
    bodies = {
        "Quarterly travel reimbursement rules": "Flights are booked in economy. Hotels up to 150 a night.",
        "Office opening hours": "The doors open at eight and close at six on weekdays.",
        "Security basics": "Lock your screen when you leave your desk; badges stay visible.",
        "Travel notes from the Lisbon trip": "We saw trams, tiles and the river; travel was easy.",
    }
    for name, text in bodies.items():
        assert client.post(f"/v1/contexts/{ctx}/documents", json={"text": text, "name": name}).status_code == 201
    results = client.post(
        "/v1/search", json={"query": "quarterly travel reimbursement rules", "context_id": ctx}
    ).json()
    assert results[0]["metadata"]["name"] == "Quarterly travel reimbursement rules"
    # Results still show the passage alone, not its title path.
    assert results[0]["page_content"] == bodies["Quarterly travel reimbursement rules"]


def test_heading_paths_reach_the_chunks_of_markdown_and_html(client, services):
    assert client.post("/v1/documents", json={"text": HANDBOOK_MD, "name": "handbook.md"}).status_code == 201
    assert client.post("/v1/documents", files={"file": ("guide.html", HANDBOOK_HTML, "text/html")}).status_code == 201
    assert _titles(services, "handbook.md") == {
        "handbook.md › Staff handbook › Leave",
        "handbook.md › Staff handbook › Leave › Sick leave",
    }
    assert "guide.html › Field guide › Safety › Ladders" in _titles(services, "guide.html")
    # A question about the section finds its passage although the passage never names it.
    hits = client.post("/v1/search", json={"query": "sick leave", "limit": 1}).json()
    assert hits[0]["page_content"].startswith("Sick leave\nA note from a doctor")


def test_the_ranking_does_not_depend_on_the_limit(client):
    ctx = client.post("/v1/contexts", json={"name": "Many"}).json()["id"]
    for i in range(30):
        text = f"Report {i}: the budget for project {i} grew by {i * 3} percent while staff numbers fell."
        client.post(f"/v1/contexts/{ctx}/documents", json={"text": text, "name": f"Report {i}"})
    for query in ("budget growth of projects", "staff numbers", "report 7"):
        wide = client.post("/v1/search", json={"query": query, "context_id": ctx, "limit": 50}).json()
        for k in (1, 3, 10):
            narrow = client.post("/v1/search", json={"query": query, "context_id": ctx, "limit": k}).json()
            assert [r["metadata"]["document_id"] for r in narrow] == [r["metadata"]["document_id"] for r in wide[:k]], (
                query,
                k,
            )


def test_an_older_store_is_migrated_then_reindexed_with_heading_paths(tmp_path, embedder):
    settings = Settings(data_dir=tmp_path / "old", engine="offline")
    services = Services.build(settings, embedder=embedder)
    services.ingestor.ingest(services.ingestor.text_source("acme", None, HANDBOOK_MD, "handbook.md"))
    # Make it look like a store written before chunks had titles (schema version 2).
    table = services.store.table(CHUNKS)
    table.drop_index("title_idx")
    table.drop_columns(["title"])
    services.store.set_meta(schema_version="2")

    reopened = Services.build(settings, embedder=embedder)
    assert reopened.store.meta()["schema_version"] == "3"
    assert _titles(reopened, "handbook.md") == {"handbook.md"}  # the name until reindexed
    assert reopened.retriever.search("acme", "handbook", limit=1)[0].name == "handbook.md"

    assert reindex(settings) == 1
    again = Services.build(settings, embedder=embedder)
    assert "handbook.md › Staff handbook › Leave › Sick leave" in _titles(again, "handbook.md")
    assert again.retriever.search("acme", "sick leave", limit=1)[0].text.startswith("Sick leave")


def test_every_result_says_how_similar_its_passage_is_to_the_query(client, embedder):
    ctx = client.post("/v1/contexts", json={"name": "Similarity"}).json()["id"]
    texts = {
        "Boats": "The harbour rents sailing boats in summer.",
        "Tax": "Quarterly tax returns are filed by the finance team.",
    }
    for name, text in texts.items():
        client.post(f"/v1/contexts/{ctx}/documents", json={"text": text, "name": name})
    results = client.post("/v1/search", json={"query": "renting a sailing boat", "context_id": ctx}).json()
    best = results[0]["metadata"]
    assert best["name"] == "Boats" and 0.0 < best["similarity"] <= 1.0
    # The cosine under the embedder (unit vectors: a dot product), whichever list found the passage.
    vectors = embedder.embed_documents(["Boats\n" + texts["Boats"], texts["Boats"]])
    query = embedder.embed_query("renting a sailing boat")
    assert min(abs(best["similarity"] - float(v @ query)) for v in vectors) < 0.05
    assert all(r["metadata"]["similarity"] <= best["similarity"] for r in results)


def test_results_under_the_relevance_floor_come_after_and_are_marked(make_client):
    """A floor nothing reaches marks every result not relevant and drops none: the passage the query's words match
    still comes first, whatever its cosine. At the default floor it is relevant, and nothing is for an unrelated
    query."""

    def marks(settings: SearchSettings, query: str) -> list[tuple[str, bool, float]]:
        client = make_client(search=settings)
        ctx = client.post("/v1/contexts", json={"name": "Words"}).json()["id"]
        for name, text in (("Codes", "Form XJ-4471 is filed by tenants."), ("Harbour", "The harbour rents boats.")):
            client.post(f"/v1/contexts/{ctx}/documents", json={"name": name, "text": text})
        results = client.post("/v1/search", json={"query": query, "context_id": ctx}).json()
        return [(r["metadata"]["name"], r["metadata"]["relevant"], r["metadata"]["score"]) for r in results]

    unreachable = marks(SearchSettings(min_relevance=0.99), "which form is XJ-4471")
    assert [m[:2] for m in unreachable] == [("Codes", False), ("Harbour", False)] and unreachable[0][2] < 0.99
    assert [m[:2] for m in marks(SearchSettings(), "which form is XJ-4471")] == [("Codes", True), ("Harbour", False)]
    unrelated = marks(SearchSettings(), "quarterly tax return deadline")
    assert unrelated and not any(relevant for _, relevant, _ in unrelated)


def test_a_word_in_common_does_not_make_an_unrelated_document_relevant(client):
    # The best BM25 match of "parental leave policy" was the travel memo, which says only "policy": over the best,
    # its lexical share was full, and it was marked relevant at 0.39 (floor then 0.375) though nothing covers
    # parental leave.
    ctx = client.post("/v1/contexts", json={"name": "Memos"}).json()["id"]
    memos = {
        "Travel memo": "Travel policy. Staff book flights in economy class and trains in standard class. Hotel "
        "costs are reimbursed up to 180 euros per night. The policy applies to every trip from 1 March 2026.",
        "Canteen notice": "The canteen on the second floor opens at 8:00 and serves lunch from 12:00 to 14:00.",
    }
    for name, text in memos.items():
        client.post(f"/v1/contexts/{ctx}/documents", json={"name": name, "text": text})
    results = client.post("/v1/search", json={"query": "parental leave policy", "context_id": ctx}).json()
    assert results and not any(r["metadata"]["relevant"] for r in results), results
    travel = client.post("/v1/search", json={"query": "hotel costs policy", "context_id": ctx}).json()
    assert travel[0]["metadata"]["name"] == "Travel memo" and travel[0]["metadata"]["relevant"]
