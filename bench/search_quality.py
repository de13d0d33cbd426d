"""Search quality on SciFact (BEIR): nDCG@10 and recall@100 for fulltext, vector and hybrid search.

    .venv/bin/python bench/search_quality.py [--rebuild]

Ingests ../shared/data/scifact/corpus.jsonl once (cached under bench/.cache/scifact) through the same
ingest pipeline and store the API uses, then ranks the whole corpus for each dev claim.
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

from backend.config import Settings  # noqa: E402
from backend.ingest import Source  # noqa: E402
from backend.services import Services  # noqa: E402
from bench.common import CACHE, SHARED_DATA, print_table  # noqa: E402

TENANT, CONTEXT = "bench", "scifact"


def ndcg_at_10(ranked: list[str], relevant: set[str]) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, doc in enumerate(ranked[:10]) if doc in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(relevant))))
    return dcg / ideal if ideal else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="ingest the corpus again")
    args = parser.parse_args()
    data_dir = CACHE / "scifact"
    if args.rebuild:
        shutil.rmtree(data_dir, ignore_errors=True)
    services = Services.build(Settings(data_dir=data_dir, engine="offline"))
    if services.store.counts(TENANT)["documents"] == 0:
        corpus = [json.loads(line) for line in (SHARED_DATA / "scifact" / "corpus.jsonl").open()]
        started = time.perf_counter()
        sources = (Source(TENANT, CONTEXT, doc["doc_id"], f"{doc['title']}\n\n{doc['text']}", "document",
                          f"scifact:{doc['doc_id']}") for doc in corpus)
        services.ingestor.ingest_many(sources)
        services.store.optimize()
        print(f"ingested {len(corpus)} abstracts in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    queries = [json.loads(line) for line in (SHARED_DATA / "scifact" / "queries_dev.jsonl").open()]
    qrels: dict[str, set[str]] = defaultdict(set)
    for line in list((SHARED_DATA / "scifact" / "qrels_dev.tsv").open())[1:]:
        query_id, doc_id, _ = line.split("\t")
        qrels[query_id].add(doc_id)
    rows = []
    for mode in ("fulltext", "vector", "hybrid"):
        ndcgs, recalls, started = [], [], time.perf_counter()
        for query in queries:
            hits = services.retriever.search(TENANT, query["text"], context_id=CONTEXT, limit=100, mode=mode)
            ranked = [hit.name for hit in hits]
            relevant = qrels[query["query_id"]]
            ndcgs.append(ndcg_at_10(ranked, relevant))
            recalls.append(len(relevant & set(ranked)) / len(relevant))
        elapsed_ms = (time.perf_counter() - started) * 1000 / len(queries)
        rows.append([mode, sum(ndcgs) / len(ndcgs), sum(recalls) / len(recalls), f"{elapsed_ms:.1f}"])
    print(f"SciFact dev: {len(queries)} claims over {services.store.counts(TENANT)['documents']} abstracts "
          f"({services.store.counts(TENANT)['chunks']} chunks); BM25 weight "
          f"{services.settings.search.fulltext_weight} in RRF (k={services.settings.search.rrf_k})")
    print_table(["mode", "nDCG@10", "recall@100", "ms/query"], rows)


if __name__ == "__main__":
    main()
