"""Calibrated confidence for offline answers: a few explained signals, combined by a logistic model fitted on data.

The signals (each in [0, 1] or close):
- ``coverage``: the IDF-weighted share of the question's terms in the answer's sentence (and its heading);
- ``absent``: the share of the question's terms that no evidence passage contains at all;
- ``similarity``: the embedder's cosine similarity of the question and the answer's sentence;
- ``margin``: how far the best candidate is ahead of the second (1 - second / best);
- ``closeness``: how near the value sits to the question's words in its sentence;
- ``rank``: 1 / (1 + the retrieval rank of the answer's passage);
- ``alone``: 1 / the number of distinct candidates of the type in the answer's sentence (one name is no choice);
- ``fit``: how well the candidate's kind fits the question (a year for "when", a person's name for "who", a
  number followed by the noun "how many" counts), as the extractor's preference over its largest value.

:data:`COEFFICIENTS` turns them into the probability that the value is right. They are fitted by
``bench/calibrate.py`` (logistic regression) on the *tuning* half of the typed-QA dev questions plus half of
each unanswerable set; ``bench/typed_qa.py`` checks precision and calibration on the other half.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass

from backend.models import SearchHit
from backend.text import STOP_WORDS, stem, words
from backend.types import AnswerType


@dataclass(frozen=True)
class Signals:
    """What the offline engine knows about its best candidate, each signal in [0, 1]."""

    coverage: float
    absent: float
    similarity: float
    margin: float
    closeness: float
    rank: float
    alone: float
    fit: float


# Fitted by `bench/calibrate.py` on 2026-11-24 (tuning half: 253 answerable dev questions, 18 SQuAD 2.0 impossible
# questions, 24 of bench/unmentioned.jsonl; 263 proposals; L2 1.0), refitted after search moved to one relevance
# score (bench/fusion.py) and "who" names with words the evidence writes in lower case were ranked down. A per-type
# intercept, shared slopes: per-type slopes fitted the tuning half better and the checking half no better (0.439 →
# 0.442 exact match at 80% precision, 2026-11-23), so they were not kept.
COEFFICIENTS: dict[str, float] = {
    "coverage": 1.354,
    "absent": -0.526,
    "similarity": 1.676,
    "margin": 2.267,
    "closeness": 0.162,
    "rank": 0.924,
    "alone": 1.310,
    "fit": 0.474,
}
INTERCEPTS: dict[AnswerType, float] = {
    AnswerType.INTEGER: -3.821,
    AnswerType.BOOLEAN: -6.402,
    AnswerType.DATETIME: -4.620,
    AnswerType.STRING: -4.567,
    AnswerType.FLOAT: -2.111,
}


def probability(signals: Signals, answer_type: AnswerType) -> float:
    """The calibrated probability that a value with these signals is right."""
    logit = INTERCEPTS[answer_type.element] + sum(COEFFICIENTS[k] * v for k, v in asdict(signals).items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))


def key_terms(question: str) -> list[str]:
    """The words a question is about and that its evidence must mention: names (capitalised words after the
    first) and numbers. "When was the Zorblax treaty signed?" is about "Zorblax". A letter alone is a piece of an
    abbreviation ("V&A", "U.S"), not a name: a passage that writes "the V&A" mentions it, one that writes "the
    United States" names the U.S. (2 of the 15 tuning questions declined over their own passage, typed-QA
    2026-11-27)."""
    found = []
    for position, word in enumerate(words(question)):
        if word.lower() in STOP_WORDS or (len(word) == 1 and word.isalpha()):
            continue
        if word.isdigit() or (position > 0 and word[:1].isupper()):
            found.append(word)
    return list(dict.fromkeys(found))


def evidence_stems(evidence: list[SearchHit]) -> set[str]:
    """Every stemmed word of the evidence passages and their document names."""
    return {stem(w) for hit in evidence for w in words(f"{hit.name} {hit.text}")}


def unmentioned(terms: list[str], evidence: list[SearchHit], stems: set[str]) -> list[str]:
    """The ``terms`` that occur in no evidence passage (an acronym counts as written out: "MFA" is mentioned by
    "Multi-factor authentication")."""
    return [
        t
        for t in terms
        if stem(t) not in stems and not (t.isdigit() and any(t in s for s in stems)) and not _spelled_out(t, evidence)
    ]


def _spelled_out(term: str, evidence: list[SearchHit]) -> bool:
    if not (2 <= len(term) <= 6 and term.isalpha() and term.isupper()):
        return False
    words = re.compile(r"\b" + r"[\s-]+".join(rf"{letter}\w*" for letter in term), re.IGNORECASE)
    return any(words.search(hit.text) for hit in evidence)


def quoted(terms: list[str]) -> str:
    """'a', 'b' and 'c'."""
    items = [f"'{t}'" for t in terms]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
