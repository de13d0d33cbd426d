"""A country said of cells that write a name and the country's code in brackets ("Ruth Wanjiru (KEN)", "Kumiko
Watanabe (JPN)", as sports tables do): "how many winners from Kenya", "Japanese divers"; and a team said of a column
of its three-letter codes ("Houston" of a Team of "HOU", "KC", "SEA": ``teams_coded``); ``coded_mentions`` reads
these and a U.S. state said of a column of postal codes (``states_said``). The country's code is
``demonyms.country_code``'s; the words are a part of those cells, a "contains" condition (``conditions.py``), as any
words said in part of a cell are (``mentions.py``).
"""

from __future__ import annotations

from backend.tables.demonyms import country_code
from backend.tables.states_said import states_coded
from backend.tables.vocabulary import Index
from backend.tables.words import STOP_WORDS, Mention


def coded_mentions(words: list[str], index: Index, taken: set[int]) -> list[Mention]:
    """The values a question says by a name the table writes as a code: a country's in brackets, a team's, a U.S.
    state's; each reader after the words the ones before it took (``taken``: words already read as values)."""
    found: list[Mention] = []
    for read in (codes_said, teams_coded, states_coded):
        found += read(words, index, taken | {i for m in found for i in range(m.start, m.end)})
    return found


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


def teams_coded(words: list[str], index: Index, taken: set[int]) -> list[Mention]:
    """The teams a question says by name whose code, the name's first three letters, is a cell of a column that holds
    nothing but such codes ("the total amount of sacks with houston" of a Team of "HOU", "KC", "SEA": it added up
    every season's, "houston" left out; fresh WikiTableQuestions tuning nt-8978, 2026-12-06) (``taken``: words
    already read as values). A word ending in "s" is taken for a plural, no name: "how many consecutive seasons with
    16 games played" is no run of SEA's seasons (in-process diff over the dev and fresh questions, same day)."""
    coded = [i for i, values in enumerate(index.values) if len(values) > 1 and all(_is_code(v) for v in values)]
    found = []
    for at, word in enumerate(words):
        if at in taken or len(word) < 5 or not word.isalpha() or word in STOP_WORDS or word.endswith("s"):
            continue
        holding = {c: index.values[c][word[:3]] for c in coded if word[:3] in index.values[c]}
        if holding:
            found.append(Mention(at, at + 1, holding))
    return found


def _is_code(value: str) -> bool:
    """Whether a normalised cell is a team's code: two or three letters ("hou", "kc")."""
    return 2 <= len(value) <= 3 and value.isalpha()
