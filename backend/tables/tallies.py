"""Columns that keep counts, and what a count is of: a column of counts to add up (``holds_counts``: an
"Appearance" of 21, 17, 19), one kept of what was done to the rows a question counts (``done_to`` and
``counted_beside``: "how many calls did Ava resolve" of a Resolved beside the Calls), and how many rows each group a
count keeps must have (``rows_each_group_has``: "how many donors gave more than once"), and the column whose
different values a counted noun names (``kinds_column``: "how many offices", "how many weeks"), and the column of what
is held of one thing a count names (``held_of_one_named``: "how many Travel Mugs do we have"), and the amount a file
named for something uncounted holds of it (``amount_of_the_files_noun``: the Days of leave.csv). ``counts.py`` reads
them."""

from __future__ import annotations

import re
from collections.abc import Callable

from backend.tables.column_kinds import numbers_rows, people_column
from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.tables.row_nouns import row_words_explained
from backend.tables.vocabulary import Index
from backend.tables.wh_columns import names_people
from backend.tables.words import (
    ABBREVIATIONS,
    BRACKETED,
    HELD_NAME,
    NUMBERED_PERIODS,
    PERSONS,
    name_stems,
    normal,
    row_noun,
    table_words,
)
from backend.text import stem


def holds_counts(table: TypedTable, column: int) -> bool:
    """Whether a column named in the singular holds counts to add up ("how many appearances did he have in 2001" of
    an "Appearance" column of 21, 17, 19: it counted the season's one row, at 0.8; nt-10123 of the fifteenth stop's
    tuning questions): plain numbers that neither number the rows in order (a "Week" of 1, 2, 3: "how many weeks was
    Timber on the list" counts its rows) nor are a code its name marks ("Car #")."""
    if table.columns[column].kind != "number" or table.columns[column].name.rstrip().endswith("#"):
        return False
    return not numbers_rows(table, column)


# A column that says how much of something each row holds: its days, hours or units ("Days" of leave.csv, "In Stock")
_AMOUNT_HELD = re.compile(r"(?i)\b(?:days|nights|hours|weeks|units|quantity|qty|stock)\b")


def amount_of_the_files_noun(noun: str, table: TypedTable) -> int | None:
    """ "Which team took the most leave" of leave.csv: the noun the file is named for, said as the file writes it and
    not as a plural, is something uncounted, whose amount each row holds in one column of days, hours or units (the
    Days; it counted the team's leaves, at 0.8; my own leave table, 2026-12-07); None for a file whose rows are counted
    ("the most orders" of orders.csv) or a table with no one such column."""
    words = normal(re.sub(r"\.\w+$", "", table.name.split(" › ")[0])).split()
    if not words or noun != words[-1] or noun.endswith("s"):
        return None
    held = [i for i, c in enumerate(table.columns) if _AMOUNT_HELD.search(c.name) and holds_counts(table, i)]
    return held[0] if len(held) == 1 else None


def done_to(q: str, name: str, names: set[str]) -> bool:
    """Whether a column is named as what was done ("Resolved", or "sent" of a Sent, "unsubscribed" of Unsubscribes),
    not as a thing ("how many silver medals ... no gold medals": the Gold is no count of silver medals)."""
    return normal(name).endswith("ed") or any(
        (w.endswith("ed") or w in _IRREGULAR_DONE) and stem(w) in names for w in q.split()
    )


_IRREGULAR_DONE = frozenset("sent sold won made held seen taken given paid spent bought kept lost built".split())


def counted_beside(noun: str, table: TypedTable, measure: int) -> bool:
    """Whether the noun counted is what a column of counts done to it counts: "calls" of a Calls beside a Resolved,
    "emails" of emails.csv whose rows are sends with a Sent count, "people" of an Attended count."""
    said = stem(ABBREVIATIONS.get(noun, noun))
    named = said == row_noun(table) or said in PERSONS
    return holds_counts(table, measure) and (
        named or any(i != measure and c.numeric and said in name_stems(c.name) for i, c in enumerate(table.columns))
    )


_SO_MANY_ROWS = re.compile(
    r"\b(more than|over|at least|fewer than|less than|at most|exactly) (once|twice|one|two|three|four|five|\d+)\b"
    r"(?![,.]\d)(?: times)?(?: (\w+))?"
)
# The most rows a group is said to have ("more than once", "at least three loans"); above it, an amount. Every count of
# a group's rows said in the dev and fresh questions and my own tables is under 5; the amounts they compare start at
# 100 ("penanced at least 100 people", nt-4492, dev checking, which a first version of this rule read as tribunals of
# 100 rows; in-process diff, 2026-11-29, sixteenth stop)
_FEW_ROWS = 10
_HOW_OFTEN = {"once": 1, "one": 1, "twice": 2, "two": 2, "three": 3, "four": 4, "five": 5}
_HAVING_OPS = {"more than": ">", "over": ">", "at least": ">=", "fewer than": "<", "less than": "<", "at most": "<="}


def rows_each_group_has(q: str, table: TypedTable, index_: Index) -> tuple[str, float] | None:
    """How many rows each counted group must have, as a comparison and a number ("more than once": > 1), when the
    question says so of rows ("more than one loan"), not of a number column ("more than 5 goals"); else None."""
    said = _SO_MANY_ROWS.search(q)
    if said is None:
        return None
    noun = said.group(3)
    if noun and any(stem(noun) in names and table.columns[c].numeric for c, names in enumerate(index_.names)):
        return None  # "at least 2 goals" of a Goals column: its numbers
    times = said.group(2)
    having = _HAVING_OPS.get(said.group(1), "="), float(_HOW_OFTEN.get(times) or times)
    # "at least one" is every group the rows have, counted as such; a number over ten is an amount ("how many
    # tribunals penanced at least 100 people": its Penanced, 5 of them, not tribunals of 100 rows)
    return None if having == (">=", 1.0) or having[1] > _FEW_ROWS else having


def rows_said_so_often(q: str, table: TypedTable) -> bool:
    """Whether a number of rows said is said as one ("more than 5 times", "at least twice", "more than 5 orders" of
    orders.csv, "more than 3 people" of staff.csv), not as a number a column holds ("which players have at least 4 in
    the europa league": its 4 goals; fresh WikiTableQuestions checking nt-9768, listed as players of 4 rows once groups
    of so many rows were listed, 2026-12-07)."""
    said = _SO_MANY_ROWS.search(q)
    if said is None:
        return False
    times = said.group(2) in ("once", "twice") or q[said.end(2) :].startswith(" times")
    # ("which departments have more than 3 people" of staff.csv: its rows are people; it compared the Salary with 3,
    # at 0.8; my own staff table, 2026-12-07)
    return times or (said.group(3) is not None and bool(row_words_explained([stem(said.group(3))], table)))


# The last word of an identifier's name ("Order ID", "Invoice No", "Ticket #" as normal() writes it)
_IDENTIFIER_WORDS = {"id", "no", "number", "code", "ref", "reference"}


def flag_said(word: str, index_: Index) -> bool:
    """Whether the word names a column of yes and no ("recurring" of a Recurring column)."""
    said = stem(word)
    return any(flag is not None and said in names for flag, names in zip(index_.flags, index_.names, strict=True))


def kinds_column(word: str, table: TypedTable, index_: Index) -> int | None:
    """The text column a counted noun names when it is not what a row is and its values repeat ("offices" of an
    employees table with three offices; "invoices" of invoice_lines.csv, whose rows are lines), or None."""
    said = stem(ABBREVIATIONS.get(word, word))
    # (a noun made of what a row is counts the rows: "how many movements" of moves.csv, not its In and Out; it
    # counted 2, at 0.8; my own stock movements table, 2026-11-29)
    rows = row_noun(table)
    if said == rows or (len(rows) >= 4 and said.startswith(rows)):
        # (unless it is people a column of that name repeats: "how many reps are in the East" of reps.csv, a row per
        # rep and month, counts the different Reps; it counted 6 rows, at 0.8; my own sales reps table, 2026-11-29.
        # "How many events were held" of events.csv still counts the events held, an Event being a series' name; the
        # weeks of weekly.csv, a row per store and week, are its different Weeks)
        return next(
            (
                c
                for c, names in enumerate(index_.names)
                if names == {said}
                and (
                    (names_people(table.columns[c].name) and table.columns[c].kind == "text")
                    or said in NUMBERED_PERIODS
                )
                and index_.distinct[c] < table.row_count
            ),
            None,
        )
    if said in PERSONS and not any(said in names for names in index_.names):  # "how many people filed expenses"
        return people_column(table, index_)
    for column, names in enumerate(index_.names):
        # the noun is what the column holds ("Sport"), not what it describes ("films": Film Type holds types); an
        # identifier holds what it identifies ("how many orders" of order lines: their different Order IDs; it
        # counted the lines, at 0.8; my own order lines table, 2026-11-29)
        name = normal(BRACKETED.sub(" ", table.columns[column].name)).split()
        head = name[-2:-1] if len(name) > 1 and name[-1] in _IDENTIFIER_WORDS else name[-1:]
        if (
            said in names
            and [stem(w) for w in head] == [said]
            and (table.columns[column].kind == "text" or said in NUMBERED_PERIODS)
            and index_.distinct[column] < table.row_count
            and index_.flags[column] is None  # "how many managers": the rows a Manager flag says yes for
        ):
            return column
    return None


def held_of_one_named(
    table: TypedTable, measure: int | None, counts_a_number: bool, counts_a_value: bool, one_row: Callable[[], bool]
) -> int | None:
    """ "How many Travel Mugs do we have": the one column of what is held (In Stock, On Hand) of the one row named,
    not that row counted (1, declined as a count of one row; my own inventory table, 2026-12-07)."""
    if measure is not None or not (counts_a_number and counts_a_value):
        return None
    held = [i for i, c in enumerate(table.columns) if c.numeric and HELD_NAME.search(c.name)]
    return held[0] if len(held) == 1 and one_row() else None


def counts_the_value(counted: re.Match[str] | None, conditions: list[Condition]) -> bool:
    """Whether what is counted is a value a condition says ("how many *Travel Mugs*"), not the rows it picks ("how
    many orders were cancelled")."""
    said = stem(counted.group(1)) if counted else ""
    return any(
        c.op == "=" and isinstance(c.value, str) and stem(normal(c.value).split()[0]) == said for c in conditions
    )


def value_counted(q: str, conditions: list[Condition], table: TypedTable) -> bool:
    """Whether "how many" counts a value a condition says, said whole and not as a kind of row: "how many *Travel
    Mugs* do we have" counts mugs; "how many Travel Mug *orders*" counts orders (what a row of orders.csv is)."""
    rows = table_words(table)
    said = re.search(r"\bhow many (.*)", q)
    after = re.findall(r"\w+", said.group(1)) if said else []
    for condition in conditions:
        if condition.op != "=" or not isinstance(condition.value, str):
            continue
        words = [stem(w) for w in normal(condition.value).split()]
        following = stem(after[len(words)]) if len(after) > len(words) else ""
        if [stem(w) for w in after[: len(words)]] == words and following not in rows:
            return True
    return False
