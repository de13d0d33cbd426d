"""A country said of cells that write a name and the country's code in brackets ("Ruth Wanjiru (KEN)", "Kumiko
Watanabe (JPN)", as sports tables do): "how many winners from Kenya", "Japanese divers". The country's code is
``demonyms.country_code``'s; the words are a part of those cells, a "contains" condition (``conditions.py``), as any
words said in part of a cell are (``mentions.py``).
"""

from __future__ import annotations

from backend.tables.demonyms import country_code
from backend.tables.vocabulary import Index
from backend.tables.words import Mention


def codes_said(words: list[str], index: Index, taken: set[int]) -> list[Mention]:
    """The countries (or their people) a question says whose code the table's cells write in brackets after a name,
    as parts of those cells: "how many winners from Kenya" of "Ruth Wanjiru (KEN)" (``taken``: words already read as
    values). It counted every winner, "kenya" left out (fresh WikiTableQuestions tuning nt-2504, 2026-12-06)."""
    found = []
    for at, word in enumerate(words):
        code = country_code(word) if at not in taken else None
        if code is None:
            continue
        written = f"({code.upper()})"
        holding = {
            c: written for c, values in enumerate(index.values) if any(written in cell for cell in values.values())
        }
        if holding:
            found.append(Mention(at, at + 1, holding, partial=True))
    return found
