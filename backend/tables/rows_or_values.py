"""Whether "how many venues had a capacity of at least 10,000" counts the rows or the venues: ``counted_rows`` reads
a count of a column's different values as a count of the rows it was taken over, where most of their values differ.

The rules read "how many <noun of a column>" as a count of that column's different values ("how many offices are
there": 3 offices among 5 people). Where the values mostly differ among the rows the conditions pick (4 venues among
5 rows), the question may count either, and WikiTableQuestions' answers counted the rows: on the tuning half the row
count was right on all 7 such questions with conditions, the count of values on none (dev and fresh questions,
2026-12-06; until then they were declined at 0.3 with the count of values offered, right on 0 of 6 at 2026-11-28).
Said as "different", "distinct" or "unique", or of values that repeat more (more than one in three rows alike: "how
many sports had silver medals", 4 of 10 rows), the count of values stands; so does one over every row ("how many
titles are there" of four employees, two of them engineers, asks for the kinds: still declined as either, with its
count of values offered), and one of a table whose file name says what its rows are ("how many borrowers have a loan
of at least 50,000" of loans.csv counts borrowers, not loans; WikiTableQuestions' files are named by number), unless
the file's name says its rows are what the column names ("how many services did Van 1 have" of maintenance.csv: its
rows, each a service). Runs the plan, so it is asked once the rules have read one.
"""

from __future__ import annotations

from dataclasses import replace

from backend.tables.infer import TypedTable
from backend.tables.plan import Operation, ReadingKind
from backend.tables.query import execute
from backend.tables.question import Reading
from backend.tables.row_nouns import row_words_explained, rows_unnamed
from backend.tables.words import name_stems, table_words

# The count of values past which they "mostly differ": more than two in three of the rows counted (two values in
# three rows is the line, between the two groups the cap of 2026-11-28 was fitted on and over the few offices of a
# small staff table, 3 of 5)
MOSTLY_DIFFERENT = 2 / 3


def counted_rows(reading: Reading, table: TypedTable) -> Reading:
    """The reading as a count of rows where it counts the different values of a column that mostly differ among more
    rows its conditions pick, and the question does not say it counts different values; else the reading unchanged."""
    plan = reading.plan
    if reading.kind is not ReadingKind.DISTINCT or reading.different_said or plan.group_by is not None:
        return reading
    if plan.column is not None and _rows_are_its_values(table.columns[plan.column].name, table):
        # "how many services did Van 1 have" of maintenance.csv: its rows are services, each one counted, not the
        # different kinds its Service column names (it counted 2, at 0.8; my own fleet maintenance log, 2026-12-07)
        return _rows_counted(reading)
    if not plan.where:  # "how many titles are there": of every row, the kinds (answer/table_cap_levels.ROWS_OR_VALUES)
        return reading
    if not rows_unnamed(table):  # "how many borrowers have a loan of at least 50,000" of loans.csv: the borrowers
        return reading
    result = execute(plan, table)
    values = result.rows[0][0] if result.rows else None
    rows = result.matched_count
    if values is None or not rows * MOSTLY_DIFFERENT < values < rows:
        return reading
    return _rows_counted(reading)


def _rows_are_its_values(name: str, table: TypedTable) -> bool:
    """Whether the kind of file its name says holds rows that are what a column's name says: a Service of
    maintenance.csv (a file's own word is not enough: the Rep of reps.csv, a row per rep and month, names reps)."""
    stems = sorted(name_stems(name))
    return any(stems[i] not in table_words(table) for i in row_words_explained(stems, table))


def _rows_counted(reading: Reading) -> Reading:
    """The reading's count of a column's different values as a count of the rows it was taken over."""
    rows_counted = replace(reading.plan, operation=Operation.COUNT, column=None)
    return replace(reading, plan=rows_counted, kind=ReadingKind.COUNT)
