"""Whether a question asks for a difference between two values ("what is the difference in rank between the u.s. and
canada", "how much more weight does model 3 have", "how long was the gap between the two releases"): an answer
computed by subtracting, which no one cell of the table is. ``answer/table_caps.py`` holds a reading that reads a cell
for it as unsure.
"""

from __future__ import annotations

import re

from backend.tables.infer import TypedTable

_DIFFERENCE = re.compile(
    r"\b(?:difference|gap)\b"
    r"|\bhow (?:much|many) (?:more|less|fewer|longer|shorter|higher|lower|older|younger|bigger|larger|taller|later"
    r"|earlier)\b"
    r"|\bhow old\b"
    r"|\bhow many (?:years|days|months) (?:after|before|between|apart|later|earlier)\b"
)
# A column that holds the difference ("Goal difference", "Margin", "+/-"), or the age asked ("how old was she": Age)
_HELD = {
    "difference": r"\b(?:differ|diff|gap|margin|gd)|\+/-",
    "gap": r"\b(?:differ|diff|gap|margin|gd)|\+/-",
    "how old": r"\bage\b",
}


def asks_a_difference(q: str, table: TypedTable) -> bool:
    """Whether ``q`` asks for a difference that no column of ``table`` holds as such."""
    said = _DIFFERENCE.search(q)
    if said is None:
        return False
    held = next((pattern for words, pattern in _HELD.items() if said.group(0).startswith(words)), None)
    return held is None or not any(re.search(held, c.name, re.I) for c in table.columns)
