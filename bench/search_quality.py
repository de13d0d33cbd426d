"""Search quality on SciFact (BEIR): nDCG@10, recall@10 and recall@100 per mode, on two halves of the dev claims.

    .venv/bin/python bench/search_quality.py [--rebuild] [--modes hybrid] [--one-by-one]

Ingests ../shared/data/scifact/corpus.jsonl once (cached under bench/.cache/scifact) through the same
ingest pipeline and store the API uses, each abstract's title as its document name (as a user uploads a
titled document), then ranks the whole corpus for each dev claim. The claims are split by a hash of their id
into a TUNING half (weights and depths are chosen on it) and a CHECKING half (reported, never tuned on).
Also reported: queries with no result, whether the first 10 of a limit-50 search equal a limit-10 search
(one ranking at any limit), and the in-process search time.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings
from backend.ingest import Source
from backend.services import Services
from bench.common import CACHE, SHARED_DATA, half, percentile, print_table

TENANT, CONTEXT = "bench", "scifact"


def ndcg_at_10(ranked: list[str], relevant: set[str]) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, doc in enumerate(ranked[:10]) if doc in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(relevant))))
    return dcg / ideal if ideal else 0.0


def build(services: Services, one_by_one: bool) -> None:
    """Ingest the corpus once: title as the document's name, abstract as its text, the BEIR id in its source.

    ``one_by_one``: one document per call, as one request each would, with the background upkeep a serving
    process runs and no manual optimize; else one batch, optimized at the end.
    """
    corpus = [json.loads(line) for line in (SHARED_DATA / "scifact" / "corpus.jsonl").open()]
    sources = [
        Source(
            TENANT,
            CONTEXT,
            doc["title"].strip() or doc["doc_id"],
            doc["text"],
            "document",
            f"scifact:{doc['doc_id']}",
            f"scifact://{doc['doc_id']}",
        )
        for doc in corpus
    ]
    started = time.perf_counter()
    if one_by_one:
        services.upkeep.start()
        for source in sources:
            services.ingestor.ingest(source)
        services.upkeep.stop()
    else:
        services.ingestor.ingest_many(sources)
        services.store.optimize()
    print(
        f"ingested {len(corpus)} abstracts {'one by one' if one_by_one else 'in one batch'} in "
        f"{time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )


def evaluate(services: Services, queries: list[dict], qrels: dict[str, set[str]], mode: str) -> dict[str, list]:
    """Per-query nDCG@10, recall@10, recall@100, emptiness, first-10 agreement and time, for one mode."""
    out: dict[str, list] = defaultdict(list)
    for query in queries:
        started = time.perf_counter()
        top10 = services.retriever.search(TENANT, query["text"], context_id=CONTEXT, limit=10, mode=mode)
        out["ms"].append((time.perf_counter() - started) * 1000)
        deep = services.retriever.search(TENANT, query["text"], context_id=CONTEXT, limit=100, mode=mode)
        top50 = services.retriever.search(TENANT, query["text"], context_id=CONTEXT, limit=50, mode=mode)
        relevant = qrels[query["query_id"]]
        ranked = [hit.source.removeprefix("scifact://") for hit in top10]
        out["ndcg"].append(ndcg_at_10(ranked, relevant))
        out["r10"].append(len(relevant & set(ranked)) / len(relevant))
        out["r100"].append(len(relevant & {h.source.removeprefix("scifact://") for h in deep}) / len(relevant))
        out["empty"].append(not top10)
        out["agree"].append([h.document_id for h in top50[:10]] == [h.document_id for h in top10])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="ingest the corpus again")
    parser.add_argument("--modes", default="fulltext,vector,hybrid")
    parser.add_argument(
        "--one-by-one",
        action="store_true",
        help="use (and build) a store ingested one document per call with background upkeep, cached apart",
    )
    args = parser.parse_args()
    data_dir = CACHE / ("scifact-one-by-one" if args.one_by_one else "scifact")
    if args.rebuild:
        shutil.rmtree(data_dir, ignore_errors=True)
    settings = Settings(data_dir=data_dir, engine="offline")
    services = Services.build(settings)
    if services.store.counts(TENANT)["documents"] == 0:
        build(services, args.one_by_one)
    queries = [json.loads(line) for line in (SHARED_DATA / "scifact" / "queries_dev.jsonl").open()]
    qrels: dict[str, set[str]] = defaultdict(set)
    for line in list((SHARED_DATA / "scifact" / "qrels_dev.tsv").open())[1:]:
        query_id, doc_id, _ = line.split("\t")
        qrels[query_id].add(doc_id)
    search = settings.search
    fragments = services.upkeep.fragments()
    print(f"store built {'one document per call' if args.one_by_one else 'in one batch'}: {fragments} fragments")
    print(
        f"SciFact dev: {len(queries)} claims over {services.store.counts(TENANT)['documents']} abstracts "
        f"({services.store.counts(TENANT)['chunks']} chunks); lexical weight {search.lexical_weight}, relevance floor "
        f"{search.min_relevance}, title boost {search.title_boost}, {search.candidates} candidates a list"
    )
    rows = []
    for mode in args.modes.split(","):
        for name in ("tuning", "checking"):
            items = [q for q in queries if half(q["query_id"]) == name]
            m = evaluate(services, items, qrels, mode)
            rows.append(
                [
                    mode,
                    name,
                    len(items),
                    sum(m["ndcg"]) / len(items),
                    sum(m["r10"]) / len(items),
                    sum(m["r100"]) / len(items),
                    sum(m["empty"]),
                    f"{sum(m['agree'])}/{len(items)}",
                    f"{percentile(m['ms'], 50):.1f}",
                ]
            )
    print_table(
        ["mode", "half", "claims", "nDCG@10", "recall@10", "recall@100", "empty", "first-10 agree", "p50 ms"], rows
    )


if __name__ == "__main__":
    main()
