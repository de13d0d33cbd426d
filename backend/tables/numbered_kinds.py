"""A plural that names the numbered members of a kind: "the average downtime for vans" of a Vehicle column of "Van 1",
"Van 2", "Truck 1" is the rows whose cell is a numbered van (it averaged every vehicle's downtime, held at 0.28 with
"vans" left out; my own fleet maintenance log, 2026-12-08). A ``contains`` mention of the singular (``mentions.py``),
on the one column where it begins two cells or more that go on with a number alone.

Not the noun counted ("how many vans were serviced" asks for vans, which rows of services are not): that stays a word
left out; nor a plural after a number, an amount ("lasted two weeks" of "Week 2" cells: one fresh WikiTableQuestions
answer moved, 2026-12-08).
"""

from __future__ import annotations

import re

from backend.tables.vocabulary import Index
from backend.tables.words import Mention

_NUMBERED = re.compile(r"(\w+) \d+")  # "van 1", "room 101": a kind, then a number
_COUNTING = (["how", "many"], ["number", "of"])
_AMOUNTS = set("a one two three four five six seven eight nine ten eleven twelve few several many".split())


def numbered_kinds(words: list[str], index: Index, taken: set[int]) -> list[Mention]:
    """The plurals of the question (not the one counted) whose singular begins two or more of one text column's cells
    as "<singular> <number>", each as a partial mention of that column."""
    found: list[Mention] = []
    for i, word in enumerate(words):
        if i in taken or not word.endswith("s") or len(word) < 4 or words[max(0, i - 2) : i] in _COUNTING:
            continue
        if i and (words[i - 1].isdigit() or words[i - 1] in _AMOUNTS):  # "two weeks": an amount
            continue
        singulars = {word[:-1], word[:-2] if word.endswith("es") else ""} - {""}
        cells = {
            column: singular
            for singular in singulars
            for column, values in enumerate(index.values)
            if word not in index.words[column] and _numbered(singular, list(values))
        }
        if len(cells) == 1:
            found.append(Mention(i, i + 1, cells, partial=True))
    return found


def _numbered(singular: str, keys: list[str]) -> bool:
    """Whether two or more of a column's cells are the singular and a number ("van 1", "van 2"), and not all of them."""
    numbered = [key for key in keys if (m := _NUMBERED.fullmatch(key)) and m.group(1) == singular]
    return len(numbered) >= 2 and len(numbered) < len(keys)
