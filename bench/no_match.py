"""When does a search find nothing relevant? Chooses the console's relevance floor on SciFact claims.

    .venv/bin/python bench/no_match.py

Uses the SciFact store that ``bench/search_quality.py`` builds (bench/.cache/scifact). For each dev claim the
signal is the best cosine similarity (``metadata.similarity``) among its first 10 results:
- WITH: the claim searched over the whole corpus, its relevant abstracts included;
- WITHOUT: the same ranking with the claim's relevant abstracts removed, i.e. the same claim over a context that
  holds every other abstract (same domain, same words: the hard case);
- OFF-TOPIC: the claim over the demo handbook (a context about something else entirely).
The floor is the highest threshold that still shows results for at least 95% of the WITH claims of the TUNING
half: hiding the one relevant card costs an analyst more than a weak card marked weak (the page can list weaker
matches on request), so recall is the constraint and declines are what it buys. The table reports both halves.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from importlib import resources
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings
from backend.ingest import Source
from backend.services import Services
from bench.common import CACHE, SHARED_DATA, half, percentile, print_table
from bench.search_quality import CONTEXT, TENANT

HANDBOOK = "handbook"


def best_similarity(hits: list, excluded: set[str] = frozenset(), limit: int = 10) -> float:
    """The highest similarity among the first ``limit`` hits not in ``excluded`` (0.0 when there are none)."""
    kept = [h for h in hits if h.source.removeprefix("scifact://") not in excluded][:limit]
    return max((h.similarity or 0.0 for h in kept), default=0.0)


def main() -> None:
    services = Services.build(Settings(data_dir=CACHE / "scifact", engine="offline"))
    if services.store.counts(TENANT)["documents"] == 0:
        sys.exit("build the SciFact store first: .venv/bin/python bench/search_quality.py")
    handbook = next((c for c in services.catalog.list_contexts(TENANT) if c.name == HANDBOOK), None)
    if handbook is None:
        handbook = services.catalog.create_context(TENANT, HANDBOOK, "the demo handbook, for off-topic searches")
        demo = resources.files("backend") / "demo"
        services.ingestor.ingest_many(
            [
                Source(TENANT, handbook.id, item.name, item.read_text(encoding="utf-8"), "document", item.name)
                for item in demo.iterdir()
                if item.name.endswith(".md")
            ]
        )
    queries = [json.loads(line) for line in (SHARED_DATA / "scifact" / "queries_dev.jsonl").open()]
    qrels: dict[str, set[str]] = defaultdict(set)
    for line in list((SHARED_DATA / "scifact" / "qrels_dev.tsv").open())[1:]:
        query_id, doc_id, _ = line.split("\t")
        qrels[query_id].add(doc_id)

    signals: dict[str, dict[str, list[float]]] = {h: defaultdict(list) for h in ("tuning", "checking")}
    for query in queries:
        hits = services.retriever.search(TENANT, query["text"], context_id=CONTEXT, limit=50)
        off_topic = services.retriever.search(TENANT, query["text"], context_id=handbook.id, limit=10)
        signal = signals[half(query["query_id"])]
        signal["with"].append(best_similarity(hits))
        signal["without"].append(best_similarity(hits, qrels[query["query_id"]]))
        signal["off-topic"].append(best_similarity(off_topic))

    def shown(values: list[float], floor: float) -> float:
        return sum(v >= floor for v in values) / len(values)

    floor = max(f / 100 for f in range(10, 90) if shown(signals["tuning"]["with"], f / 100) >= 0.95)
    rows = []
    for name, values in signals.items():
        rows.append(
            [
                name,
                len(values["with"]),
                percentile(values["with"], 50),
                percentile(values["without"], 50),
                percentile(values["off-topic"], 50),
                f"{shown(values['with'], floor):.1%}",
                f"{1 - shown(values['without'], floor):.1%}",
                f"{1 - shown(values['off-topic'], floor):.1%}",
            ]
        )
    print(f"relevance floor chosen on the tuning half (results still shown for >= 95% of WITH claims): {floor:.2f}")
    print_table(
        [
            "half",
            "claims",
            "p50 with",
            "p50 without",
            "p50 off-topic",
            "with: shown",
            "without: none relevant",
            "off-topic: none relevant",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
