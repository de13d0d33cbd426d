"""A question's words as the table writes them, before its values are looked for (``mentions.py``): a misspelt word
read as the table's ("castledon" for "Castleton", "desnsity" for "Density"), and a verb in the past form the table
writes ("win" of a "Closed Won" stage).
"""

from __future__ import annotations

import difflib

from backend.tables.vocabulary import Index
from backend.tables.words import MIN_SPELT, SPELLING_SIMILARITY
from backend.text import STOP_WORDS, stem

# A verb's past form, as tables write an outcome or a sale ("Closed Won", "Sold"), for the forms a question uses
# ("how many did Priya win"): read as the table writes it when the table holds the past form and not the question's.
_PAST_FORMS = {"win": "won", "wins": "won", "lose": "lost", "loses": "lost", "sell": "sold", "sells": "sold"}


def _past_form(word: str, index: Index) -> str:
    """``word`` in the past form the table writes, when it holds that form and not the word ("win" → "won")."""
    past = _PAST_FORMS.get(word)
    if past is None or any(word in column for column in index.words):
        return word
    return past if any(past in column for column in index.words) else word


def spelt_as_in_table(words: list[str], index: Index) -> list[str]:
    """The question's words, with a misspelt word read as the table writes it ("castledon" → "castleton",
    "desnsity" → "density"): a word the table does not hold, that names no column, close to one long word of its
    column names and values (same first letter, difflib similarity at least :data:`SPELLING_SIMILARITY`); and a
    verb in the past form the table writes (:data:`_PAST_FORMS`: "win" of a "Closed Won" stage)."""
    words = [_past_form(word, index) for word in words]
    if not index.spellings:
        return words
    known = set(index.spellings).union(*index.words)
    corrected = []
    for word in words:
        if (
            len(word) >= MIN_SPELT
            and word.isalpha()
            and word not in known
            and word not in STOP_WORDS
            and not any(stem(word) in name for name in index.names)
        ):
            close = difflib.get_close_matches(word, index.spellings, n=2, cutoff=SPELLING_SIMILARITY)
            # (not a word the table derives from it: "canada" is no misspelt "canadian", a cell of "First Canadian
            # Place"; fresh WikiTableQuestions training questions, tuning tables, 2026-11-29)
            close = [c for c in close if c[0] == word[0] and stem(c) != stem(word) and not _derived(word, c)]
            word = close[0] if len(close) == 1 else word
        corrected.append(word)
    return corrected


def _derived(word: str, other: str) -> bool:
    """Whether ``other`` is ``word`` with a longer ending ("canada", "canadian"; "peru", "peruvian"): another word,
    not a misspelling."""
    return len(other) > len(word) and other.startswith(word[:-1])
