"""The column that answers for a question's rows themselves, where the columns it names are only about them: the
rows' key, a code or a name whose cells tell every row apart ("which order was placed first": its Order ID, the
Order Date being about it). ``answered.py`` asks here."""

from __future__ import annotations

from backend.tables.column_kinds import IDENTIFIER, tells_rows_apart
from backend.tables.infer import TypedTable
from backend.tables.words import name_stems, table_words
from backend.text import stem


def row_answer(
    q: str, about: list[int], codes: list[int], table: TypedTable, conditions: set[int], wants_text: bool
) -> int | None:
    """The column that answers for the rows when the columns a question names (``about``: dates or numbers) are
    about them: a named code, else, where a word for the rows names each of those columns and nothing else of its
    name is said ("list the cancelled orders" of purchase_orders.csv: its "Order Date"), the column whose cells tell
    the rows apart (the "PO Number"). "What was the order date" asks for the date: "date" is said."""
    if codes:
        return codes[0]
    said = {stem(w) for w in q.split()}
    columns = table.columns
    # the rows' noun: the table's file name, or a word two date columns share ("which leases end in 2026" of a Lease
    # Start and a Lease End: a lease is a row, its dates are about it)
    dated = [name_stems(c.name) for c in columns if c.kind == "date"]
    shared = {w for i, names in enumerate(dated) for w in names if any(w in other for other in dated[i + 1 :])}
    rows_said = said & (table_words(table) | shared)
    if not (wants_text and rows_said):
        return None
    if all(
        name_stems(columns[c].name) & rows_said and not (name_stems(columns[c].name) - rows_said) & said for c in about
    ):
        return row_key(table, conditions)
    return None


def row_key(table: TypedTable, conditions: set[int], names_first: bool = False) -> int | None:
    """The first text column whose cells tell every row apart (a code before a name, or a name first), or None."""
    columns = table.columns
    texts = [i for i, c in enumerate(columns) if c.kind == "text" and not c.numeric and i not in conditions]
    texts.sort(key=lambda i: bool(IDENTIFIER.search(columns[i].name)) == names_first)
    return next((i for i in texts if tells_rows_apart(table, i)), None)
