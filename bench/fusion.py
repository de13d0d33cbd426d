"""How to fuse the full-text and vector lists, and where the relevance floor goes: chosen on tuning halves only.

    .venv/bin/python bench/fusion.py

Two query sets with known relevant documents, each split into a TUNING and a CHECKING half by a hash of the
query's id (bench/common.py ``half``):
- SciFact dev claims over the 5,183 abstracts (the store bench/search_quality.py builds);
- the typed-QA questions (SQuAD + BoolQ dev) over their 2,356 passages (the store bench/typed_qa.py builds),
  each question's own passage relevant.
And queries with NO relevant document: the typed-QA questions asked of the SciFact abstracts, SciFact claims asked
of the typed-QA passages, and bench/unmentioned.jsonl (questions about things no passage mentions) asked of the
passages. For each query the store's candidates (``ChunkSearch.candidates``: each list at a depth of 100) are
fetched once, then each fusion is computed here, so every variant ranks the same candidates.

Reports, per fusion, nDCG@10 (the mean of the two tuning halves, which chooses; each checking half), and its
relevance floor: the highest under every relevant document in the top 10 of every TUNING query; then, on the
checking halves, the relevant top-10 documents under it and how often the best result is under it ("nothing
relevant") for queries with a relevant document and for the three sets without one.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import SearchSettings, Settings
from backend.retrieval import relevance
from backend.services import Services
from backend.store import Candidates, ChunkSearch
from backend.store.schema import where
from bench import typed_qa
from bench.common import CACHE, SHARED_DATA, half, print_table
from bench.search_quality import CONTEXT as SCIFACT_CONTEXT
from bench.search_quality import TENANT as SCIFACT_TENANT
from bench.search_quality import ndcg_at_10

DEPTH = 100
OFF_TOPIC = ("claims→passages", "questions→abstracts", "unmentioned")  # query sets with no relevant document


@dataclass
class Query:
    """One query's candidates in one corpus, and the ids of the documents relevant to it."""

    set: str
    half: str
    candidates: Candidates
    relevant: set[str]
    text: str = ""


# --- fusions: candidates → {chunk id: score}, higher is better; a chunk left out is not a result -----------------


def rrf(k: int = 60, fulltext_weight: float = 1.5, cut: float = 0.2, depth: int = 50) -> Callable:
    """Weighted reciprocal rank fusion; vector neighbours under ``cut`` cosine dropped unless terms matched."""

    def fuse(q: Query) -> dict[str, float]:
        c = q.candidates
        fulltext = [r["id"] for r in c.fulltext[:depth]]
        matched = set(fulltext)
        vector = [r["id"] for r in c.vector[:depth] if r["id"] in matched or c.similarity[r["id"]] >= cut]
        scores: dict[str, float] = defaultdict(float)
        for ids, weight in ((fulltext, fulltext_weight), (vector, 1.0)):
            for rank, item in enumerate(ids, start=1):
                scores[item] += weight / (k + rank)
        return scores

    return fuse


def convex(lexical_weight: float, depth: int = 50, term_share: bool = True) -> Callable:
    """The store's fusion (``backend.store.relevance``) with this lexical weight, on each list's first ``depth``;
    ``term_share``: the BM25 part scaled by the share of the query's terms a passage holds (the store's way)."""

    def fuse(q: Query) -> dict[str, float]:
        c = q.candidates
        fulltext, vector = c.fulltext[:depth], c.vector[:depth]
        rows = {r["id"]: c.rows[r["id"]] for r in (*fulltext, *vector)}
        return relevance(Candidates(fulltext, vector, c.similarity, rows), lexical_weight, q.text if term_share else "")

    return fuse


def documents(scores: dict[str, float], c: Candidates) -> dict[str, float]:
    """Document id → its best passage's score, in fused order (one result per document, as the store gives)."""
    best: dict[str, float] = {}
    for chunk_id in sorted(scores, key=lambda i: -scores[i]):
        best.setdefault(c.rows[chunk_id]["document_id"], scores[chunk_id])
    return best


def relevant_top10_scores(q: Query, scores: dict[str, float]) -> list[float]:
    """The scores of the query's relevant documents among its first 10 results."""
    return [score for d, score in list(documents(scores, q.candidates).items())[:10] if d in q.relevant]


# --- the query sets -----------------------------------------------------------------------------------------------


def collect(services_scifact: Services, services_typed: Services, typed_context: str) -> list[Query]:
    """Every query's candidates in its corpus (and in the other corpus, where nothing is relevant)."""
    scifact_queries = [json.loads(line) for line in (SHARED_DATA / "scifact" / "queries_dev.jsonl").open()]
    qrels: dict[str, set[str]] = defaultdict(set)
    for line in list((SHARED_DATA / "scifact" / "qrels_dev.tsv").open())[1:]:
        query_id, doc_id, _ = line.split("\t")
        qrels[query_id].add(f"scifact:{doc_id}")
    sets = typed_qa.load_sets()
    # Relevance is judged on document ids: the source keys the two stores were built with, mapped to them.
    ids = {
        row["source_key"]: row["id"]
        for services in (services_scifact, services_typed)
        for row in services.store.table("documents").search().select(["id", "source_key"]).limit(None).to_list()
    }

    def candidates(services: Services, tenant: str, context: str, text: str) -> Candidates:
        vector = services.embedder.embed_query(text)
        search = ChunkSearch(services.store, services.settings.search)
        return search.candidates(text, vector, where(tenant=tenant, context_id=context))

    queries = []
    for q in scifact_queries:
        h = half(q["query_id"])
        queries.append(
            Query(
                "scifact",
                h,
                candidates(services_scifact, SCIFACT_TENANT, SCIFACT_CONTEXT, q["text"]),
                {ids[k] for k in qrels[q["query_id"]]},
                q["text"],
            )
        )
        queries.append(
            Query(
                "claims→passages",
                h,
                candidates(services_typed, typed_qa.TENANT, typed_context, q["text"]),
                set(),
                q["text"],
            )
        )
    for q in sets["answerable"]:
        relevant = {ids[f"passage:{q['passage_id']}"]}
        queries.append(
            Query(
                "typed-qa",
                q["half"],
                candidates(services_typed, typed_qa.TENANT, typed_context, q["question"]),
                relevant,
                q["question"],
            )
        )
        queries.append(
            Query(
                "questions→abstracts",
                q["half"],
                candidates(services_scifact, SCIFACT_TENANT, SCIFACT_CONTEXT, q["question"]),
                set(),
                q["question"],
            )
        )
    for q in sets["unmentioned"]:
        queries.append(
            Query(
                "unmentioned",
                q["half"],
                candidates(services_typed, typed_qa.TENANT, typed_context, q["question"]),
                set(),
                q["question"],
            )
        )
    return queries


def evaluate(queries: list[Query], fuse: Callable, has_floor: bool) -> list[object]:
    """One fusion's row: nDCG@10 (tuning mean, checking halves), then its floor, chosen on the tuning halves, and on
    the checking halves the relevant top-10 documents under it and how often the best result is under it."""
    scores = {id(q): fuse(q) for q in queries}

    def ndcg(set_name: str, h: str) -> float:
        items = [q for q in queries if q.set == set_name and q.half == h]
        return sum(ndcg_at_10(list(documents(scores[id(q)], q.candidates)), q.relevant) for q in items) / len(items)

    row: list[object] = [(ndcg("scifact", "tuning") + ndcg("typed-qa", "tuning")) / 2, ndcg("scifact", "checking")]
    row.append(ndcg("typed-qa", "checking"))
    if not has_floor:  # rank-based scores: no floor means the same for every query
        return [*row, *["-"] * (3 + len(OFF_TOPIC))]
    # The highest floor under every relevant document of every tuning query's top 10.
    floor = min(
        v for q in queries if q.half == "tuning" and q.relevant for v in relevant_top10_scores(q, scores[id(q)])
    )

    def nothing_relevant(items: list[Query]) -> str:
        return f"{sum(max(scores[id(q)].values(), default=0.0) < floor for q in items) / len(items):.0%}"

    checking = [q for q in queries if q.half == "checking" and q.relevant]
    relevant = [v for q in checking for v in relevant_top10_scores(q, scores[id(q)])]
    return [
        *row,
        floor,
        f"{sum(v < floor for v in relevant)} of {len(relevant)}",
        nothing_relevant(checking),
        *(nothing_relevant([q for q in queries if q.set == s]) for s in OFF_TOPIC),
    ]


def main() -> None:
    search = SearchSettings(candidates=DEPTH)
    scifact = Services.build(Settings(data_dir=CACHE / "scifact", engine="offline", search=search))
    if scifact.store.counts(SCIFACT_TENANT)["documents"] == 0:
        sys.exit("build the SciFact store first: .venv/bin/python bench/search_quality.py")
    _, typed_context = typed_qa.prepare(CACHE / "typedqa")
    typed = Services.build(
        Settings(data_dir=CACHE / "typedqa", engine="offline", search=search), embedder=scifact.embedder
    )
    queries = collect(scifact, typed, typed_context)
    fusions = {
        "weighted RRF k=60, BM25 x1.5, cosine cut 0.2 (before)": (rrf(), False),
        "relevance, lexical weight 0.2, BM25 over the best alone (before 2026-11-26)": (
            convex(0.2, term_share=False),
            True,
        ),
        **{f"relevance, lexical weight {w}": (convex(w), True) for w in (0.1, 0.15, 0.2, 0.25, 0.3)},
        **{f"relevance, lexical weight 0.2, depth {d}": (convex(0.2, depth=d), True) for d in (20, 30, DEPTH)},
    }

    rows = [[name, *evaluate(queries, fuse, has_floor)] for name, (fuse, has_floor) in fusions.items()]
    print(f"{sum(q.set == 'scifact' for q in queries)} SciFact claims, {sum(q.set == 'typed-qa' for q in queries)} ")
    print(
        f"typed-QA questions; candidates {DEPTH} deep from each list. The floor is chosen on the tuning halves; "
        "then, on the checking halves: relevant top-10 documents under it, and how often the best result is under "
        "it ('nothing relevant'), for queries with and without relevant documents."
    )
    print_table(
        [
            "fusion",
            "tuning mean",
            "SciFact chk",
            "typed-QA chk",
            "floor",
            "relevant under it",
            "nothing relevant: with",
            *(f"nothing relevant: {s}" for s in OFF_TOPIC),
        ],
        rows,
    )


if __name__ == "__main__":
    main()
