"""What a table's rows are, in a question's words: the words the file's own name explains ("orders" of orders.csv,
people of staff.csv, goods of inventory.csv), whether the name says nothing of them ("tables/204-csv/604.csv"), and
whether a question says it is about every row ("how many episodes are listed") with the noun it counts a name for the
rows. ``explain.py`` and ``rows_or_values.py`` ask here.
"""

from __future__ import annotations

import re

from backend.tables.infer import TypedTable
from backend.tables.words import PERSONS, table_words
from backend.text import STOP_WORDS, stem

# Words that make a question about every row of the table ("how many episodes are listed", "the total number of
# radio stations on this list"): the noun left unexplained then says what the rows are (answer/tables.py).
_EVERY_ROW = re.compile(
    r"\b(?:listed|(?:on|in) (?:this|the) (?:list|chart|table)|in total|(?:are|were) there"
    r"|total number of|how many total)\b"
)

# Words of a file's name that say nothing of what its rows are ("orders export.csv", "tables/203-csv/314.csv").
_NAMING_NOTHING = {stem(w) for w in "csv tsv xlsx table sheet data export file report list copy".split()}
# Words for people, in questions and in the names of files about people: "how many employees are there" of
# staff.xlsx counts its rows.
_PEOPLE = {
    stem(w)
    for w in "staff employee people person worker personnel headcount member colleague team roster payroll".split()
}

# Words of a file's name that say it lists goods (inventory.csv, products.xlsx), and the words for what its rows are:
# "how many products are in the Coffee category" of inventory.csv counts its rows, as "items" does.
_GOODS_FILES = {stem(w) for w in "inventory stock product item catalog catalogue sku goods".split()}
_GOODS = {stem(w) for w in "product item good sku article".split()}
# Words of a file's name that say it lists homes (listings.csv, properties.xlsx), and the words for what its rows are:
# "how many homes have at least 4 bedrooms" of listings.csv counts its rows (held at 0.72 with "homes" unexplained;
# my own listings table, 2026-11-29).
_HOMES_FILES = {stem(w) for w in "listing property properties home house real estate".split()}
_HOMES = {stem(w) for w in "home house property properties listing apartment condo".split()}
_RECORDS = {stem(w) for w in "request record entry application line log".split()}  # what a row is a record of
# Words of a file's name that say it is a log (timesheets.csv, call_log.xlsx): each row is an entry of it, so "the most
# hours logged in a single entry" is a row's ("entry" was left out, at 0.28; my own timesheets table, 2026-12-07)
_LOG_FILES = {stem(w) for w in "timesheet log logbook journal ledger register diary".split()}
# Words of a file's name that say it logs services done (maintenance.csv, repairs.xlsx), and the words for one: "how
# many vehicles were serviced", "which vehicle costs the most to maintain" (held at 0.72 with "serviced" and "maintain"
# left out; my own fleet maintenance log, 2026-12-07)
_SERVICE_FILES = {stem(w) for w in "maintenance service servicing repair".split()}
_SERVICES = {stem(w) for w in "service serviced servicing maintain maintained maintenance repair repaired".split()}
# Words for groups of people, which a row of a file of people never is ("how many teams are there" of employees.csv
# is no count of its people).
_GROUPS = {stem(w) for w in "team roster".split()}


def rows_unnamed(table: TypedTable) -> bool:
    """Whether no word of the table's file name says what its rows are ("tables/204-csv/604.csv", "export.csv"; not
    loans.csv, whose rows are loans and not the borrowers a question may count)."""
    return not {w for w in table_words(table) if w.isalpha() and w not in _NAMING_NOTHING}


def may_name_the_rows(stems: list[str], unexplained: list[int], table: TypedTable) -> bool:
    """Whether the counted noun left unexplained can be what the table's rows are. A file named for something
    other than people ("orders.csv") holds no rows of the people a question counts ("how many employees are there",
    asked of every document by a grid): its row count is not their number; nor are a file of people's rows groups
    of them ("teams"). Any other noun may be a name for the rows ("how many scientists are listed" of
    employees.csv)."""
    named = {w for w in table_words(table) if w.isalpha() and w not in _NAMING_NOTHING}
    counted = {stems[i] for i in unexplained}
    if counted & _GROUPS and named & _PEOPLE:
        return False
    if not named or not counted & _PEOPLE:
        return True
    return bool(named & (_PEOPLE | counted))


def row_words_explained(stems: list[str], table: TypedTable) -> set[int]:
    """The words the table's own name explains: it says what a row is ("orders" of orders.csv), which also helps
    choose between tables."""
    named_for = table_words(table)
    explained = {i for i, s in enumerate(stems) if s in named_for}
    # "leave requests" of leave.csv, "shipment records": a record of what the file is named for is one of its rows
    # (held at 0.72, "requests" left out; my own leave table, 2026-12-07)
    explained |= {i for i, s in enumerate(stems) if s in _RECORDS and i and stems[i - 1] in named_for}
    if named_for & _LOG_FILES:  # timesheets.csv: "hours per entry" are a row's
        explained |= {i for i, s in enumerate(stems) if s in _RECORDS}
    if named_for & _PEOPLE:  # staff.csv, employees.xlsx: "how many people work in Support" counts its rows
        explained |= {i for i, s in enumerate(stems) if s in PERSONS}
    if named_for & _GOODS_FILES:  # inventory.csv: "how many products are in the Coffee category" counts its rows
        explained |= {i for i, s in enumerate(stems) if s in _GOODS}
    if named_for & _HOMES_FILES:  # listings.csv: "how many homes sold" counts its rows
        explained |= {i for i, s in enumerate(stems) if s in _HOMES}
    if named_for & _SERVICE_FILES:  # maintenance.csv: "how many vehicles were serviced in February" counts its rows
        explained |= {i for i, s in enumerate(stems) if s in _SERVICES}
    return explained


def about_every_row(words: list[str], unexplained: list[int]) -> bool:
    """Whether the question says it is about every row ("how many episodes are listed", "the total number of radio
    stations on this list") and leaves nothing unexplained but the noun it counts, which then says what the rows are.
    "How many orders are there from Antarctica" leaves "antarctica" out of that noun: a condition not understood."""
    if not _EVERY_ROW.search(" ".join(words)):
        return False
    cues = [i + 1 for i in range(1, len(words)) if words[i - 1 : i + 1] in (["how", "many"], ["number", "of"])]
    if not cues:
        return False
    noun = set()
    for i in range(cues[-1], min(cues[-1] + 3, len(words))):  # "radio stations", up to the next stop word
        if words[i] in STOP_WORDS:
            break
        noun.add(i)
    # "how many active customers are there": the noun explained ("customers" of a Customer column), a word before it
    # left out is a condition not understood, not a name for the rows ("radio stations" leaves both words out)
    if noun and max(noun) not in unexplained and set(unexplained) & noun:
        return False
    return set(unexplained) <= noun


def is_a_log(table: TypedTable) -> bool:
    """Whether the table's file is named as a log (timesheets.csv, call_log.xlsx): each row an entry logged."""
    return bool(table_words(table) & _LOG_FILES)
