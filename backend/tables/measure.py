"""A measure no column holds, as a question says it: two number columns and how the second comes into the first
(``derived.py`` finds the measures of rates, profits, changes and products; ``business_measures.py`` those of an
analyst's sums, prices and rates of what was sold)."""

from __future__ import annotations

from dataclasses import dataclass

DIVIDED, LESS, TIMES, PLUS = "per", "less", "times", "plus"


@dataclass(frozen=True)
class SaidMeasure:
    """A measure the question says: the first column, how the second comes into it (``DIVIDED`` by it, ``LESS`` it,
    ``TIMES`` it or ``PLUS`` it), the second column, and the positions of the words that say it."""

    column: int
    how: str
    other: int
    words: frozenset[int]
