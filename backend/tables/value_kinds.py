"""The kind of value a word after "which" or "what" says, where it names no column ("which party" of a column whose
cells say "Liberal Party", "Bloc Party"): ``valued_column``, asked by ``understand.py`` when the answer column was
guessed.
"""

from __future__ import annotations

from backend.tables.vocabulary import Index
from backend.tables.words import CUE_WORDS
from backend.text import STOP_WORDS, stem


def valued_column(q: str, index: Index, values_said: set[int]) -> tuple[int, str] | None:
    """The column a word after "which" or "what" is part of the cells of ("which party": "Liberal Party", "Bloc
    Party"), when it names no column and is not part of a value the question says (``values_said``: word
    positions): the kind of value that answers. Returns the column and the word."""
    words = q.split()
    at = next((i + 1 for i, w in enumerate(words[:-1]) if w in ("which", "what")), None)
    if at is None or at in values_said:
        return None
    word = words[at]
    if word in STOP_WORDS or word in CUE_WORDS or any(stem(word) in name for name in index.names):
        return None
    # a word of the kind's values, not one that happens to be in a cell ("which production" of a Comment that once
    # says "Outstanding Production": fresh WikiTableQuestions training questions, tuning tables, 2026-11-28)
    return next(
        ((column, word) for column, cells in enumerate(index.words) if word in cells and _of_many(word, index, column)),
        None,
    )


def _of_many(word: str, index: Index, column: int) -> bool:
    """Whether ``word`` is in two or more of ``column``'s different values."""
    return sum(word in value.split() for value in index.values[column]) >= 2
