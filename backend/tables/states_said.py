"""A U.S. state said by name of a column of their postal codes ("the first judge appointed from georgia" of a State
of "LA", "GA", "TX": it read the first judge, "georgia" left out; fresh WikiTableQuestions checking nt-10632,
2026-12-07, no longer unseen). A customers or stores table writes its states so too ("how many customers are in
California" of a State of "CA"). ``nations_said.coded_mentions`` gathers these with the other codes.
"""

from __future__ import annotations

from backend.tables.vocabulary import Index
from backend.tables.words import Mention

_STATES = {
    "alabama": "al", "alaska": "ak", "arizona": "az", "arkansas": "ar", "california": "ca", "colorado": "co",
    "connecticut": "ct", "delaware": "de", "florida": "fl", "georgia": "ga", "hawaii": "hi", "idaho": "id",
    "illinois": "il", "indiana": "in", "iowa": "ia", "kansas": "ks", "kentucky": "ky", "louisiana": "la",
    "maine": "me", "maryland": "md", "massachusetts": "ma", "michigan": "mi", "minnesota": "mn", "mississippi": "ms",
    "missouri": "mo", "montana": "mt", "nebraska": "ne", "nevada": "nv", "new hampshire": "nh", "new jersey": "nj",
    "new mexico": "nm", "new york": "ny", "north carolina": "nc", "north dakota": "nd", "ohio": "oh", "oklahoma": "ok",
    "oregon": "or", "pennsylvania": "pa", "rhode island": "ri", "south carolina": "sc", "south dakota": "sd",
    "tennessee": "tn", "texas": "tx", "utah": "ut", "vermont": "vt", "virginia": "va", "washington": "wa",
    "west virginia": "wv", "wisconsin": "wi", "wyoming": "wy", "district of columbia": "dc",
}  # fmt: skip
_LONGEST = max(len(name.split()) for name in _STATES)


def states_coded(words: list[str], index: Index, taken: set[int]) -> list[Mention]:
    """The states said by name (one word or a few: "new york") whose postal code is a cell of a column that holds
    nothing but two-letter codes (``taken``: words already read as values)."""
    coded = [c for c, values in enumerate(index.values) if len(values) > 1 and all(_is_state(v) for v in values)]
    found: list[Mention] = []
    at = 0
    while coded and at < len(words):
        for size in range(_LONGEST, 0, -1):  # "west virginia" before "virginia"
            said = range(at, at + size)
            code = _STATES.get(" ".join(words[at : at + size]))
            holding = {c: index.values[c][code] for c in coded if code in index.values[c]} if code else {}
            if holding and not taken & set(said):
                found.append(Mention(at, at + size, holding))
                at += size - 1
                break
        at += 1
    return found


def _is_state(value: str) -> bool:
    """Whether a normalised cell could be a state's postal code: two letters."""
    return len(value) == 2 and value.isalpha()
