"""Whether a question asks how two values compare: their difference ("what is the difference in rank between the u.s.
and canada", "how much more weight does model 3 have", "how long was the gap between the two releases"), an answer
computed by subtracting, which no one cell of the table is; or whether they are the same ("is the population of
brandfort the same as the population of boipatong"), which rows found do not say. The readings that subtract ask
``asks_difference`` (and ``differenced``: whether "between" names the two sides); ``answer/table_caps.py`` holds a
reading that compares nothing for such a question as unsure (``comparison_asked``).
"""

from __future__ import annotations

import re

from backend.tables.infer import TypedTable

# "the difference in attendance between A and B", "how many more titles did A win than B", "how much higher was the
# attendance in week 15 than in week 14": one amount less another
# ("the revenue gap between Asia and Europe" as well: it added both up, "gap" left out, at 0.72; my own orders table,
# 2026-12-07)
_DIFFERENCE_ASKED = re.compile(r"\b(?:difference|gap)\b|how (?:many|much) (?:more|less|fewer)\b|\bhow much \w+er\b")


def asks_difference(q: str) -> bool:
    """Whether the question asks how much one amount is over another."""
    return _DIFFERENCE_ASKED.search(q) is not None


def differenced(words: list[str]) -> bool:
    """Whether "between" names the two values a difference is taken of ("the difference in attendance between 1996
    and 1997"), not a range."""
    return any(word.startswith("differen") or word == "gap" for word in words)


# The differences a reading that compares nothing cannot answer (more forms than the readings compute: "the gap",
# "how old", "how many years after"; not "how much \w+er", which is also "how much water")
_DIFFERENCE = re.compile(
    r"\b(?:difference|gap)\b"
    r"|\bhow (?:much|many) (?:more|less|fewer|longer|shorter|higher|lower|older|younger|bigger|larger|taller|later"
    r"|earlier)\b"
    r"|\bhow old\b"
    r"|\bhow many (?:years|days|months) (?:after|before|between|apart|later|earlier)\b"
    # ("the average salary in London compared to Berlin": it averaged both together, at 0.8; my own staff table)
    r"|\b(?:compared (?:to|with)|versus|vs)\b"
)
# A column that holds the difference ("Goal difference", "Margin", "+/-"), or the age asked ("how old was she": Age)
_HELD = {
    "difference": r"\b(?:differ|diff|gap|margin|gd)|\+/-",
    "gap": r"\b(?:differ|diff|gap|margin|gd)|\+/-",
    "how old": r"\bage\b",
}
_SAME = re.compile(r"\bthe same as\b|\bthe same on\b")


def comparison_asked(q: str, table: TypedTable) -> str:
    """ "difference" where ``q`` asks for a difference that no column of ``table`` holds as such, "same" where it asks
    whether two values are the same, else ""."""
    said = _DIFFERENCE.search(q)
    if said is None:
        return "same" if _SAME.search(q) else ""
    held = next((pattern for words, pattern in _HELD.items() if said.group(0).startswith(words)), None)
    return "difference" if held is None or not any(re.search(held, c.name, re.I) for c in table.columns) else ""
