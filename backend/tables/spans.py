"""Columns that say how long each row lasted: one for when it began and one for when it ended ("From" / "Until",
"Took office" / "Left office"), or one column of year spans ("1996–99"), or the dates of two steps ("took the longest
to ship": from the Order Date to the Ship Date). What "the longest", "how long" and "in office in 1990" read: a year
within each row's span is :func:`during`, a condition ``conditions.py`` hands over."""

from __future__ import annotations

import re

from backend.tables.cells import parse_number
from backend.tables.column_kinds import holds_years
from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.tables.words import name_stems, normal
from backend.text import stem

# The words that name when something began and when it ended ("From" / "Until", "Took office" / "Left office").
STARTS = set("from start started starts began begin beginning took opened joined entered since".split())
ENDS = set("until till to end ended ends ending left closed retired through".split())


def span_columns(table: TypedTable, taken: set[int]) -> tuple[int, int] | None:
    """A column that says when each row began and one that says when it ended, both years or both dates:
    "From" / "Until", "Term began" / "Term ended", "Start date" / "End date"."""

    def kind(i: int) -> str | None:
        if table.columns[i].kind == "date":
            return "date"
        return "year" if f"n{i}" in table.data.column_names and holds_years(table, i) else None

    free = [i for i in range(len(table.columns)) if i not in taken and kind(i) is not None]
    starts = [i for i in free if set(normal(table.columns[i].name).split()) & STARTS]
    ends = [i for i in free if set(normal(table.columns[i].name).split()) & ENDS]
    return next(((s, e) for s in starts for e in ends if s != e and kind(s) == kind(e)), None)


def range_column(table: TypedTable, taken: set[int]) -> int | None:
    """A column whose cells span years ("1996–99"): it has the first- and last-year views (``infer``)."""
    return next((i for i in range(len(table.columns)) if i not in taken and f"s{i}" in table.data.column_names), None)


def spans_years(table: TypedTable, column: int) -> bool:
    """Whether a column of year spans holds tenures ("1937–1941": most cells span more than a year), not seasons
    ("1937–38", one a row)."""
    firsts, lasts = table.data.column(f"s{column}").to_pylist(), table.data.column(f"l{column}").to_pylist()
    spans = [last - first for first, last in zip(firsts, lasts, strict=True) if first is not None and last is not None]
    return bool(spans) and sum(span > 1 for span in spans) * 2 > len(spans)


def lasting_columns(q: str, table: TypedTable, taken: set[int]) -> tuple[int, int] | None:
    """For "the longest" or "the shortest" with nothing else to order by: the start and end of how long each row
    lasted (a start and an end column, or one column of year spans twice)."""
    if not re.search(r"\b(longest|shortest)\b", q):
        return None
    span = span_columns(table, taken)
    if span is not None:
        return span
    ranged = range_column(table, taken)
    return (ranged, ranged) if ranged is not None else None


# "which order took the longest to ship", "the ticket that took the least time to close", "how long did T-202 take
# to resolve"
_TOOK = re.compile(
    r"\b(?:took|take|takes)\s+(?:the\s+)?(?:longest|shortest|most|least)(?:\s+time)?\s+to\s+(\w+)"
    r"|\bhow (?:long|many days) (?:on average )?(?:did|does|do) .*?\btake to (\w+)"
    # "the average time to deliver", "the average delivery time": a noun of the verb ("shipping", "arrival")
    # ("the average days to pay": the days from Issued to Paid On; it averaged the Amount, at 0.72; my own invoices)
    r"|\b(?:time|days) to (\w+)|\b(\w+(?:ery|ing|al|ion|ment))\s+times?\b"
)


# "how long did the CRM Migration take", "how many days did it take" (no verb after): from the date it started to
# the one it was done (it read the Budget, at 0.29; my own projects table, 2026-11-29); so do "how many days did it
# run" and "last" (no reading of my own campaigns table, 2026-12-07: "how long did it run" is results._duration's)
_TOOK_WHOLE = re.compile(
    r"\bhow (?:long|many days) (?:did|does|do|will) .+? take\b(?!\s+to\b)"
    r"|\bhow many days (?:did|does|do|will|was|is) .+? (?:run|running|last)\b"
)
_LENGTH = re.compile(r"\b(?:length|duration)\b")  # how long a row lasted, of a table that says so by no column
_LASTING = re.compile(r"\b(?:length|duration|days|nights|hours|weeks)\b")  # a column that says it ("Days" of leave.csv)
_DONE = [stem(w) for w in ("completed", "finished", "done", "ended", "end", "closed")]
# "how many days did PO-505 take to arrive": to its Received Date (no reading, counted at 0.15; my own purchase orders
# table, 2026-11-29)
_ARRIVING = {stem(w) for w in ("arrive", "arrived", "arrival")}
_ARRIVED = [stem(w) for w in ("received", "delivered")]


def took_to(q: str, table: TypedTable) -> tuple[int, int] | None:
    """ "Which order took the longest to ship", "how long did T-202 take to resolve": how long a row took, from its
    first date (the Order Date) to the date column the verb names (the Ship Date), or, with no verb, from the date
    that says it started to the one that says it was done; None unless the question says so and the table has
    both."""
    said = _TOOK.search(q)
    dates = [i for i, c in enumerate(table.columns) if c.kind == "date"]
    if said is None and _LENGTH.search(q) and not any(_LASTING.search(c.name.lower()) for c in table.columns):
        # "the average campaign length in days": from its Start to its End (it averaged the Spend, "length" left
        # out, at 0.28; my own campaigns table, 2026-12-07)
        span = span_columns(table, set())
        return span if span is not None and table.columns[span[0]].kind == "date" else None
    if said is None:
        if not _TOOK_WHOLE.search(q):
            return None
        starts = [i for i in dates if set(normal(table.columns[i].name).split()) & STARTS]
        done = [i for i in dates if any(names_the_end(word, table.columns[i].name) for word in _DONE)]
        return (starts[0], done[0]) if len(starts) == 1 and len(done) == 1 and starts != done else None
    verb = stem(next(word for word in said.groups() if word))
    # "delivery" of "Delivered": the stem of the verb the column's name says begins the noun's
    ends = [i for i in dates if names_the_end(verb, table.columns[i].name)]
    starts = [i for i in dates if ends and i < ends[0]]
    return (starts[0], ends[0]) if len(ends) == 1 and starts else None


def names_the_end(word: str, name: str) -> bool:
    """Whether the stemmed ``word`` says the step a date column's ``name`` ends with: its verb ("deliv" of
    "Delivered"), or a noun the verb begins ("deliveri", of "delivery time"), or all but the verb's last letter
    ("resolut" of "Resolved": "the average resolution time"; my own tickets table, 2026-11-29); "arriv" says the
    step a thing was received or delivered."""
    words = _ARRIVED if word in _ARRIVING else [word]
    return any(
        word == said or (len(said) > 3 and word.startswith(said)) or (len(said) > 5 and word.startswith(said[:-1]))
        for said in name_stems(name)
        for word in words
    )


_BEGAN_OR_ENDED = set(
    "joined join joins began begin begins started start starts opened founded took left leave ended "
    "end ends retired resigned closed".split()
)


def during(year: float, words: list[str], table: TypedTable, named: list[int], taken: set[int]) -> list[Condition]:
    """A year that falls within each row's span ("who was on the board in 2003": from ≤ 2003 ≤ until), when the
    table has a start and an end column and the question names neither of them nor asks when a row began or ended
    ("who joined in 2003" compares the start column). Empty when the year is not such a year."""
    if not (year.is_integer() and 1800 <= year <= 2100) or _BEGAN_OR_ENDED & set(words):
        return []
    span = span_columns(table, taken)
    if span is None or set(span) & set(named):
        return []
    start, end = span
    view = "year" if table.columns[start].kind == "date" else "number"
    return [Condition(start, "<=", year, view), Condition(end, ">=", year, view)]


def years_during(conditions: list[Condition], words: list[str], table: TypedTable, named: list[int]) -> list[Condition]:
    """``conditions`` with a year said as a cell of a start or an end column ("on the board in 2005", where 2005
    is a "from" cell) read as a year within each row's span (:func:`during`)."""
    for c in conditions:
        year = parse_number(str(c.value)) if c.op == "=" and c.view == "text" else None
        spanned = during(year, words, table, named, set()) if year is not None else []
        if spanned and c.column in {s.column for s in spanned}:
            return [*(o for o in conditions if o is not c), *spanned]
    return conditions
