"""The conditions a question puts on rows: the cell values it says (:func:`value_conditions`), the numbers it
compares with (``number_conditions.py``), and those that need the table's data, not only its words: a year within
the years a row spans (``spans.during``), whether a named column's cell is filled in or left empty, the games a
column of results records as won or lost (``outcomes_said.py``), and, through ``named_rows.py``, a comparison
with a row the question names ("older than X", "the same total as Y"), through ``against.py`` one of two columns of
each row ("stock below the reorder level")."""

from __future__ import annotations

import re
from dataclasses import replace

import pyarrow.compute as pc

from backend.tables.against import (
    column_comparisons,
    late_condition,
    reorder_condition,
    same_day_condition,
    stock_condition,
)
from backend.tables.cells import parse_number
from backend.tables.differences_said import differenced
from backend.tables.infer import Column, TypedTable
from backend.tables.named_rows import besides_row, relative_to_row
from backend.tables.nps import nps_conditions
from backend.tables.number_conditions import number_conditions, year_of_named_words
from backend.tables.outcomes_said import closed_won, outcome_condition
from backend.tables.periods import YEARS_FROM_TO, period_conditions
from backend.tables.plan import Condition
from backend.tables.quantities import SaidDate, SaidNumber
from backend.tables.senses import ACTIVE
from backend.tables.spans import years_during
from backend.tables.vocabulary import Index
from backend.tables.words import ABBREVIATIONS, NO_CELLS, Mention, name_stems, negation_before, normal
from backend.text import stem

# How far before a value a word naming its column may stand: "located in X", "played at the X" (a word, a preposition
# and an article). With 3, of every dev and fresh reading only nt-1941's changed (right now; 2026-11-29, in-process).
_NAMED_BEFORE = 3


def said_no(condition: Condition, table: TypedTable, index: Index) -> Condition:
    """A yes negated ("how many shipments were late" of an "On Time" column: not "Yes") as the column's "No", where it
    writes one: a row whose cell is empty says neither (a shipment still on its way; counted late on my own shipments
    table, 2026-11-29)."""
    if condition.op != "!=" or condition.value is None or condition.value != index.flags[condition.column]:
        return condition
    cells = pc.unique(table.data.column(f"c{condition.column}")).to_pylist()
    no = next((cell for cell in cells if cell and cell.strip().lower() in NO_CELLS), None)
    return replace(condition, op="=", value=no) if no is not None else condition


def as_listed(condition: Condition, index: Index) -> Condition:
    """A value said that other cells of its column list among others ("the zx platform" of "ZX" and "ZX, BBC"):
    the rows that list it too. (It kept "ZX" alone: 10 of the 11 dev and fresh readings so kept were wrong, every
    answer kept, in-process, 2026-12-04.)"""
    if condition.op != "=" or condition.view != "text" or not isinstance(condition.value, str) or condition.also:
        return condition
    listed = condition.value.strip().lower() in index.listed[condition.column]
    return replace(condition, listed=True) if listed else condition


def filled_or_empty(
    q: str, table: TypedTable, named: list[int], taken: set[int], index: Index
) -> tuple[Condition, ...]:
    """Conditions on named columns that some rows leave empty or at 0 ("how many years have no game in the puzzle
    category", "how many countries won a bronze medal"), or that say yes or no ("how many employees are remote"):
    the rows that fill them in (above 0, yes), or, after a negation, leave them empty (at 0, not yes; "free shipping":
    a Shipping of 0)."""
    words = q.split()
    stems = [stem(ABBREVIATIONS.get(w, w)) for w in words]
    conditions = []
    for column in named:
        name = name_stems(table.columns[column].name)
        flag = index.flags[column]
        # the word that names it: by the column's own name, else by a word its table suggests ("active": an end date)
        first = next((i for names in (name, index.names[column]) for i, s in enumerate(stems) if s in names), 0)
        # "were there any clubs that had no losses": none, said of a number column, is 0 whether or not a row has it
        # (it asked whether any club existed, "yes" at 0.8; fresh WikiTableQuestions, tuning, 2026-12-06)
        # (the one column that word names: "no water area" is no Water % of 0 too; nt-2937)
        none_said = (
            table.columns[column].numeric
            and words[first - 1 : first] in (["no"], ["zero"])
            and not any(stems[first] in name_stems(table.columns[other].name) for other in named if other != column)
        )
        if column in taken or not (index.gaps[column] or index.zeros[column] or flag or none_said):
            continue
        # "a population of 675": the word names the Population compared, not "Population center" too; "what share of
        # hours were billable": the Hours said whole, not "Overtime Hours" too (it counted only the weeks with
        # overtime, at 0.8; my own timesheets table, 2026-11-29)
        whole = {other for other in named if other != column and name_stems(table.columns[other].name) <= set(stems)}
        if not name <= set(stems) and any(stems[first] in index.names[other] for other in {*taken, *whole}):
            continue
        negated = (
            negation_before(words, first)
            or none_said
            or words[max(0, first - 2) : first] == ["out", "of"]  # "out of stock"
            or (index.zeros[column] and words[first - 1 : first] == ["free"])
            or (stems[first] in ACTIVE and not ACTIVE & name)  # "active customers": no end date (senses.py)
        )
        if flag:
            conditions.append(said_no(Condition(column, "!=" if negated else "=", flag), table, index))
        elif index.zeros[column] or (none_said and not index.gaps[column]):
            conditions.append(Condition(column, "=" if negated else ">", 0.0, "number"))
        else:
            conditions.append(Condition(column, "empty" if negated else "filled", None))
    return tuple(conditions)


def value_conditions(
    mentions: list[Mention], named: list[int], columns: list[Column], words: list[str]
) -> tuple[list[Condition], set[int]]:
    """One condition a mentioned value, on the column that holds it (a named column first when several do):
    ``!=`` after a negation ("not played at X"), and one ``in`` for several values of a column ("HBO and MTV")."""
    by_column: dict[int, list[tuple[str, bool]]] = {}
    partial: list[Condition] = []
    either: dict[tuple[int, str], tuple[int, ...]] = {}  # a value that any of several like columns may hold
    for mention in mentions:
        choices = list(mention.cells)
        column = _named_holder(mention, named, columns, words)
        if column is None:
            text_columns = [c for c in choices if columns[c].kind == "text"]
            column = (text_columns or choices)[0]
            either[column, mention.cells[column]] = _alike(column, text_columns, mention, columns)
        negated = negation_before(words, mention.start)
        if mention.partial:  # "against the 49ers": the cells that hold it ("other than against the 49ers": lack it)
            partial.append(Condition(column, "lacks" if negated else "contains", mention.cells[column]))
            continue
        by_column.setdefault(column, []).append((mention.cells[column], negated))
    conditions: list[Condition] = []
    for column, said in by_column.items():
        # "built as a hunting lodge": two runs of words that both say the one cell "Built as hunting lodge."
        values: list[tuple[str, bool]] = []
        for value, negated in said:
            if all(value != v for v, _ in values):
                values.append((value, negated))
        low, high = (parse_number(v) for v, _ in values[:2]) if len(values) == 2 else (None, None)
        ranged = "between" in words and not differenced(words)
        # "from 2000 to 2005" too, of cells that hold the years ("2000(Bulldogs)"): how many interchanges were
        # recorded across those seasons, not in the two (it added up the two, at 0.8; nt-5532 of the fifteenth stop's
        # tuning questions)
        ends = YEARS_FROM_TO.search(" ".join(words))
        if ends and len(values) == 2 and all(end in v for end, (v, _) in zip(ends.groups(), values, strict=True)):
            low, high, ranged = float(ends[1]), float(ends[2]), True
        if low is not None and high is not None and columns[column].numeric and ranged:
            # "between 2005 and 2013": a range of the column's numbers, not two values
            conditions += [
                Condition(column, ">=", min(low, high), "number"),
                Condition(column, "<=", max(low, high), "number"),
            ]
        elif len(values) > 1 and not any(negated for _, negated in values):
            conditions.append(Condition(column, "in", [v for v, _ in values]))
        else:
            for value, negated in values:
                also = either.get((column, value), ()) if not negated else ()
                conditions.append(Condition(column, "!=" if negated else "=", value, also=also))
    return conditions + partial, set(by_column) | {c.column for c in partial} | {i for c in conditions for i in c.also}


def _name_words(column: Column) -> set[str]:
    """The words of a column's name, as written (lower case)."""
    return set(re.findall(r"\w+", column.name.lower()))


def _named_holder(mention: Mention, named: list[int], columns: list[Column], words: list[str]) -> int | None:
    """The named column that holds the mentioned value: the one a word nearest before the value names when several do
    ("the number of teams located in Bobruisk": the Location, where the Team column holds a "Bobruisk" too and the
    counted noun names it), else the best named."""
    holders = [c for c in named if c in mention.cells]
    # "the teams that used a ford engine": the column named right after the value holds it, whatever "teams" names
    # (it counted 2 Teams with a "Ford" in their names, at 0.8, not 12 Ford engines; fresh WikiTableQuestions
    # checking nt-6090, 2026-12-07, no longer unseen)
    # (a word of the name as written: "alain prost won a pole position" says no "Winning driver")
    said_after = words[mention.end] if mention.end < len(words) else ""
    after = [c for c in holders if said_after and {said_after, said_after.removesuffix("s")} & _name_words(columns[c])]
    if after:
        return after[0]
    for at in range(mention.start - 1, max(-1, mention.start - 1 - _NAMED_BEFORE), -1):
        near = [c for c in holders if stem(words[at]) in name_stems(columns[c].name)]
        if near:
            return near[0]
    return holders[0] if holders else None


def _alike(column: int, text_columns: list[int], mention: Mention, columns: list[Column]) -> tuple[int, ...]:
    """The other columns of the same kind that hold the mentioned value too ("Finland" in "Home team" and in
    "Visiting team", "Team 1" and "Team 2"): names that share a word, beside numbers. A question that names none of
    them means any."""
    kind = {w for w in name_stems(columns[column].name) if not w.isdigit()}
    value = mention.cells[column].lower()
    return tuple(
        c
        for c in text_columns
        if c != column
        and mention.cells[c].lower() == value
        and kind & {w for w in name_stems(columns[c].name) if not w.isdigit()}
    )


def question_conditions(
    q: str,
    table: TypedTable,
    mentions: list[Mention],
    named: list[int],
    numbers: list[SaidNumber],
    dates: list[SaidDate],
    hinted: list[int],
    index: Index,
) -> tuple[list[Condition], set[int], int | None]:
    """Every condition the question ``q`` puts on the rows, the columns they hold, and the column of the row the
    question compares with ("older than Cyril Guittet": his column can still answer), when it does."""
    words = q.split()
    conditions, condition_columns = value_conditions(mentions, named, table.columns, words)
    conditions = [as_listed(said_no(condition, table, index), index) for condition in conditions]
    entity_column = None
    # "older than Cyril Guittet" (his row's value, compared), "Larry Perkins and what other driver" (his row left out)
    about_row = relative_to_row(words, mentions, named, table, conditions) or besides_row(words, mentions, conditions)
    if about_row is not None:
        conditions, entity_column = about_row
        condition_columns = {c.column for c in conditions} - {entity_column}
    for said in dates:  # "after march 10, 2011": the date column compared with the day
        conditions.append(Condition(said.column, said.op, said.value, "date"))
        condition_columns.add(said.column)
    conditions = [year_of_named_words(condition, table, named) for condition in conditions]
    spanned = years_during(conditions, words, table, named)
    if spanned is not conditions:  # "on the board in 2005", 2005 being a cell of the "from" column
        conditions = spanned
        condition_columns = {c.column for c in conditions}
    for condition in number_conditions(numbers, words, table, named, condition_columns, hinted):
        conditions.append(condition)
        condition_columns.add(condition.column)
    # "need reordering", "out of stock", "paid late", "resolved on the same day"
    levels = (
        reorder_condition(q, table),
        stock_condition(q, table),
        late_condition(q, table, index),
        same_day_condition(q, table, index),
    )
    for compared in [*column_comparisons(words, named, table, index), *(c for c in levels if c)]:
        columns = {compared.column, compared.value} if compared.view == "column" else {compared.column}
        if not columns & condition_columns:
            conditions.append(compared)
            condition_columns |= columns
    outcome = outcome_condition(words, index, condition_columns) or closed_won(q, index, condition_columns)
    if outcome is not None:
        conditions.append(outcome)
        condition_columns.add(outcome.column)
    # "how many detractors are there": the scores of 6 or less (it counted every respondent, at 0.5; my own survey)
    grouped = [c for c in nps_conditions(words, table) if c.column not in condition_columns]
    conditions += grouped
    condition_columns |= {c.column for c in grouped}
    periods = period_conditions(q, table, named, mentions) if not dates else []  # "in March", "in Q1"
    conditions += periods
    condition_columns |= {c.column for c in periods}
    return conditions, condition_columns, entity_column


_QUALIFIERS = frozenset({"partially", "partly", "part", "half", "not", "semi", "almost", "nearly"})


def cells_saying(where: tuple[Condition, ...], index_: Index) -> tuple[Condition, ...]:
    """Text conditions widened to every cell that says the value: "how many games against the Chicago Cardinals"
    counts the "at Chicago Cardinals" rows too, and "the opponent after Cleveland Freeze" follows the first row that
    says it, "at Cleveland Freeze". "7th" says no "27th" (the cells that say the value as words must be the cells whose
    text holds it). A lookup keeps its exact cell."""
    widened = []
    for c in where:
        if c.op == "=" and c.view == "text" and not c.also and isinstance(c.value, str):
            said, cells = f" {normal(c.value)} ", index_.values[c.column]
            as_words = {cell for key, cell in cells.items() if said in f" {key} "}
            as_text = {cell for cell in cells.values() if c.value.lower() in cell.lower()}
            # "Partially Paid" says "Paid" of an invoice that is not ("how many invoices are paid" counted it)
            qualified = any(_QUALIFIERS & set(normal(cell).split()) for cell in as_words)
            if len(as_words) > 1 and as_words == as_text and not qualified:
                c = replace(c, op="contains")
        widened.append(c)
    return tuple(widened)


def dated_steps(
    q: str, table: TypedTable, named: list[int], taken: set[int], index_: Index, reached: bool
) -> tuple[Condition, ...]:
    """The steps of a row a question says of its date columns (``filled_or_empty``): those reached, filled in, where
    ``reached`` ("which agent resolved the most tickets"), and those not reached, left empty ("the oldest open
    ticket": not resolved)."""
    presence = filled_or_empty(q, table, named, taken, index_)
    return tuple(c for c in presence if table.columns[c.column].kind == "date" and (reached or c.op == "empty"))
