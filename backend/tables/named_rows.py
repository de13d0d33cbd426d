"""Conditions about a row the question names: compared with it ("older than Cyril Guittet", "the same county as
Ballymore Eustace"), other than it ("Larry Perkins and what other driver"), or the next best after it ("the next
highest population after Sedan"), and the rows that hold a cell.
"""

from __future__ import annotations

import re
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from backend.tables.column_kinds import is_year_or_rank
from backend.tables.durations_said import timed_column
from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.tables.words import ABBREVIATIONS, Mention, name_stems
from backend.text import stem

_MORE = "more greater higher larger bigger longer taller heavier later older".split()
_LESS = "less fewer lower smaller shorter lighter earlier younger".split()
# "faster than Bill Chisholm" is less time in the table's column of times, "slower than" more
_PACE = {"faster": "<", "quicker": "<", "slower": ">"}


# Words that ask when a row began or ended, not whether it was under way ("who joined in 2005").
def relative_to_row(
    words: list[str], mentions: list[Mention], named: list[int], table: TypedTable, conditions: list[Condition]
) -> tuple[list[Condition], int] | None:
    """A comparison with a row the question names ("how many players are older than X", "which nations have the
    same total as Y", "X started the same year as what other coach"): the condition on X's row becomes a comparison
    with that row's value of the compared column, and X's own row is left out. Returns the conditions and X's column,
    or None."""
    for mention in mentions:
        if mention.partial or mention.start < 2 or words[mention.start - 1] not in ("than", "as"):
            continue
        said = words[max(0, mention.start - 6) : mention.start - 1]
        if words[mention.start - 1] == "as" and "same" in said:
            # "which team's stadium has the same capacity as X": the column said after "same" first (it compared the
            # Stadium, at 0.1; fresh WikiTableQuestions tuning nt-9621, 2026-12-06), else one said before it
            # ("introduced in the same month as X": the Introduced)
            after = said[said.index("same") + 1 :]
            compared = _compared_with_row("=", after, mention, named, table, conditions, any_amount=False)
            if compared is not None:
                return compared
            op = "="
        elif said and said[-1] in _PACE:
            op = _PACE[said[-1]]
        elif set(said) & set(_MORE) and set(said) & set(_LESS):
            continue  # "did A win more or less than B": a comparison of the two (see _plan)
        elif set(said) & set(_MORE):
            op = ">"
        elif set(said) & set(_LESS):
            op = "<"
        else:
            continue
        compared = _compared_with_row(op, said, mention, named, table, conditions)
        if compared is not None:
            return compared
    # "Ballymore Eustace is from the same county as what team": the row is named before "the same ... as"
    same = words.index("same") if "same" in words else -1
    asked = next((i for i in range(same + 1, min(same + 5, len(words) - 1)) if words[i] == "as"), None)
    if same >= 0 and asked is not None and words[asked + 1] in ("what", "which", "who", "any"):
        for mention in mentions:
            if not mention.partial and mention.end <= same:
                compared = _compared_with_row("=", words[same + 1 : asked], mention, named, table, conditions)
                if compared is not None:
                    return compared
    return None


def _compared_with_row(
    op: str,
    said: list[str],
    mention: Mention,
    named: list[int],
    table: TypedTable,
    conditions: list[Condition],
    any_amount: bool = True,
) -> tuple[list[Condition], int] | None:
    """The conditions with the row ``mention`` names compared by ``op`` on the column ``said`` names (see
    :func:`relative_to_row`; ``any_amount``: else on the table's only amount), or None when no column or row value
    fits."""
    compared = _compared_column(said, named, table, mention, text=op == "=", any_amount=any_amount)
    if compared is None:
        return None
    column, view = compared
    entity = next((c for c in conditions if c.op == "=" and c.column in mention.cells), None)
    if entity is None:
        return None
    value = _row_value(table, entity, column, view)
    if value is None:
        return None
    if view == "date" and set(said) & {"older", "younger"}:
        op = {">": "<", "<": ">"}.get(op, op)  # older: born earlier
    rest = [c for c in conditions if c is not entity]
    return [*rest, Condition(column, op, value, view), Condition(entity.column, "!=", entity.value)], entity.column


_AND_WHAT_OTHER = (["and", "what", "other"], ["and", "which", "other"])


def besides_row(
    words: list[str], mentions: list[Mention], conditions: list[Condition]
) -> tuple[list[Condition], int] | None:
    """What the question says of a row it names by "other": "Larry Perkins and what other driver", "other than Ulm,
    which is the other free city". That row is left out, and its column can answer (another row's value). Returns
    the conditions and the column, or None when no value is followed by "and what (which) other" or follows
    "other than"."""
    for mention in mentions:
        # (an article between: "besides the philadelphia eagles, who were the other opponents"; fresh tuning nt-10647)
        before = [w for w in words[max(0, mention.start - 3) : mention.start] if w != "the"]
        other_than = before[-2:] == ["other", "than"] or before[-1:] == ["besides"]  # negated already
        if not other_than and words[mention.end : mention.end + 3] not in _AND_WHAT_OTHER:
            continue
        op = "!=" if other_than else "="
        entity = next(
            (c for c in conditions if c.op == op and c.column in mention.cells and c.value == mention.cells[c.column]),
            None,
        )
        if entity is not None:
            rest = [c for c in conditions if c is not entity]
            return [*rest, Condition(entity.column, "!=", entity.value)], entity.column
    return None


def next_after_row(
    where: tuple[Condition, ...], table: TypedTable, order: int, descending: bool
) -> tuple[tuple[Condition, ...], int] | None:
    """The rows "the next highest population after Sedan" is one of: those whose value of ``order`` is below
    Sedan's (above it, for the next lowest), Sedan's row left out. Returns the conditions and the column Sedan is in,
    or None when the question names no row or the row has no value."""
    entity = next((c for c in where if c.op == "=" and c.view == "text" and c.column != order), None)
    value = _row_value(table, entity, order, "number") if entity is not None else None
    if entity is None or value is None:
        return None
    rest = tuple(c for c in where if c is not entity)
    compared = Condition(order, "<" if descending else ">", value, "number")
    return (*rest, compared, Condition(entity.column, "!=", entity.value)), entity.column


def _compared_column(
    said: list[str], named: list[int], table: TypedTable, mention: Mention, text: bool = False, any_amount: bool = True
) -> tuple[int, str] | None:
    """The column a comparison with a row is on: people's age (or birth date) for older/younger, else a number
    column the words before "than"/"as" name (or, with ``text``, for "the same county as", a text one), else the
    table's only amount."""
    columns = table.columns
    if said and said[-1] in _PACE:
        # the column of times ("how many athletes were faster than Bill Chisholm": it counted his row, at 0.15;
        # fresh WikiTableQuestions tuning nt-7708, 2026-12-06)
        timed = timed_column(table, named)
        return (timed, "number") if timed is not None and timed not in mention.cells else None
    if set(said) & {"older", "younger"}:
        for i, c in enumerate(columns):
            if c.numeric and re.search(r"\bage\b", c.name, re.I):
                return i, "number"
        for i, c in enumerate(columns):
            if c.kind == "date":
                return i, "date"
    if {"year", "years"} & set(said):
        # "born in the same year as Victor Le Guennec": the year of the date column named, else of the table's one
        # (it read his Date of birth, at 0.8; fresh WikiTableQuestions tuning nt-10753, 2026-12-06)
        dated = [i for i in dict.fromkeys([*named, *range(len(columns))]) if columns[i].kind == "date"]
        if dated and dated[0] not in mention.cells:
            return dated[0], "year"
    stems = {stem(ABBREVIATIONS.get(w, w)) for w in said}
    for i in [*named, *range(len(columns))]:
        if i not in mention.cells and (columns[i].numeric or text) and name_stems(columns[i].name) & stems:
            return i, "number" if columns[i].numeric else "text"
    amount = only_amount(table, *mention.cells) if any_amount else None  # "earns more than Alice"
    return (amount, "number") if amount is not None else None


def only_amount(table: TypedTable, *besides: int) -> int | None:
    """The table's one number column that is not a year, a rank or one of ``besides``, when it has just one."""
    amounts = [
        i for i, c in enumerate(table.columns) if c.numeric and i not in besides and not is_year_or_rank(table, i)
    ]
    return amounts[0] if len(amounts) == 1 else None


def _row_value(table: TypedTable, entity: Condition, column: int, view: str) -> Any:
    """The ``view`` value of ``column`` in the first row whose entity column holds the entity."""
    rows = rows_where(table, entity.column, str(entity.value))
    prefix = {"number": "n", "text": "c"}.get(view, "d")
    value = rows.column(f"{prefix}{column}")[0].as_py() if rows.num_rows else None
    return value.year if view == "year" and value is not None else value  # (a date's year)


def rows_where(table: TypedTable, column: int, cell: str) -> pa.Table:
    """The table's rows (not its totals row) whose ``column`` holds ``cell``, case aside."""
    cells = pc.utf8_lower(table.data.column(f"c{column}").fill_null(""))
    match = pc.equal(cells, cell.lower())
    if table.has_summary:
        match = pc.and_(match, pc.invert(table.data.column("summary")))
    return table.data.filter(match)


def shared_column(table: TypedTable, both: Condition, hinted: list[int]) -> int | None:
    """ "The Britannic and the Georgic were both built for what": the text column (other than the one that names
    them, ``both``: an "in" condition of their cells) whose cell the named rows all share, a column the question
    hints at (``hinted``) first; None when no column is shared."""
    rows = [rows_where(table, both.column, str(cell)) for cell in both.value]
    if any(r.num_rows == 0 for r in rows):
        return None
    columns = sorted(range(len(table.columns)), key=lambda c: c not in hinted)
    for c in columns:
        if c == both.column or table.columns[c].kind != "text":
            continue
        values = [{str(v).strip().lower() for v in r.column(f"c{c}").to_pylist() if v} for r in rows]
        if all(values) and set.intersection(*values):
            return c
    return None
