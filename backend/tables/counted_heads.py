"""A counted plural that names a kind of person by a job title's last word: "how many managers" of Titles "Sales
Manager" and "Engineering Manager" counts the rows whose Title ends so (it counted every row, 12 at 0.5, "managers" left
out; my own staff table, 2026-12-07). A ``contains`` mention of the singular (``mentions.py``), on the one column of
titles or roles where it is the last word of a few cells of two words or more. Any column's head nouns moved 30
WikiTableQuestions answers, most from right to wrong ("how many districts" of "Lima District" cells, "how many games"):
only a column of what each person is (Title, Role, Job, Position, Grade) beside a column of the people (an Employee) is
read so (no dev or fresh answer moved, 2026-12-07).
"""

from __future__ import annotations

from backend.tables.vocabulary import Index
from backend.tables.words import Mention
from backend.text import stem

_COUNTING = (["how", "many"], ["number", "of"])
_ROLE_NAMES = {stem(w) for w in ("title", "role", "job", "position", "grade")}  # columns of what each person is
# ... beside a column of the people (a song's Title is no job's: "how many songs" of "Love Song" cells)
_PEOPLE_NAMES = {stem(w) for w in ("employee", "staff", "person", "worker", "member", "colleague")}


def counted_heads(words: list[str], index: Index, taken: set[int], few: float) -> list[Mention]:
    """The counted plural after "how many" or "number of", said in the singular as the last word of at most ``few``
    of one text column's cells (of two words or more), as a partial mention of that column."""
    found: list[Mention] = []
    roles = {c for c, stems in enumerate(index.names) if stems & _ROLE_NAMES}
    if not roles or not any(stems & _PEOPLE_NAMES for stems in index.names):
        return found
    for i, word in enumerate(words):
        if i in taken or i < 2 or words[i - 2 : i] not in _COUNTING or not word.endswith("s") or len(word) < 4:
            continue
        for singular in (word[:-1], word[:-2] if word.endswith("es") else ""):
            cells = {
                column: singular
                for column, values in enumerate(index.values)
                if singular
                and singular in index.words[column]
                and word not in index.words[column]
                and column in roles
                and _heads_few(singular, values, few)
            }
            if len(cells) == 1:
                found.append(Mention(i, i + 1, cells, partial=True))
                break
    return found


def _heads_few(singular: str, values: dict[str, str] | list[str], few: float) -> bool:
    """Whether ``singular`` ends a few of a column's cells, each of two words or more, and begins none of them."""
    keys = list(values)
    ending = [key for key in keys if len(key.split()) > 1 and key.split()[-1] == singular]
    beginning = [key for key in keys if key.split()[:1] == [singular]]
    return bool(ending) and not beginning and len(ending) <= max(1, few * len(keys)) and len(ending) < len(keys)
