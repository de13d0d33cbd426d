"""Fusion (backend/retrieval.py): a candidate's relevance from its BM25 share and its cosine similarity."""

from __future__ import annotations

import pytest

from backend.retrieval import relevance
from backend.store import Candidates


def test_relevance_mixes_the_bm25_share_and_the_cosine():
    rows = {i: {"id": i} for i in "abc"}
    found = Candidates(
        fulltext=[{"id": "a", "_score": 8.0}, {"id": "b", "_score": 2.0}],
        vector=[{"id": "c"}, {"id": "b"}],
        similarity={"a": 0.1, "b": 0.5, "c": 0.6},
        rows=rows,
    )
    scores = relevance(found, lexical_weight=0.2)
    # a: the query's best BM25 (1.0) and a low cosine; b: a quarter of it; c: no word of the query.
    assert scores == pytest.approx({"a": 0.2 + 0.08, "b": 0.05 + 0.4, "c": 0.48})
    assert relevance(found, lexical_weight=1.0) == pytest.approx({"a": 1.0, "b": 0.25, "c": 0.0})
    assert all(0.0 <= s <= 1.0 for s in scores.values())
