"""What a column holds, whatever the question: years, ranks and identifiers, the rows' names, people, units, money and
scores. Which column a question means is ``columns.py``'s; the one its answer is read from ``answered.py``'s."""

from __future__ import annotations

import re

import pyarrow as pa
import pyarrow.compute as pc

from backend.tables.cells import MISSING
from backend.tables.infer import TypedTable
from backend.tables.vocabulary import Index
from backend.tables.words import NUMBERED_PERIODS, PERSONS, name_stems, table_words

# A column of codes that tell rows apart ("Employee ID", "SKU", "No."): no answer to "who" or "which X", when the
# table has another text column.
IDENTIFIER = re.compile(r"(?i)(?<![\w#])(?:id|code|sku|ref|no\.?|#|n°)(?![\w])")


def holds_years(table: TypedTable, column: int) -> bool:
    """Whether a number column holds years (most of its numbers are whole, between 1800 and 2100; from 1000 where its
    name says so: a "Year opened" of canals opened from 1772 on read as amounts, so "the first canal opened" was the
    first row; fresh WikiTableQuestions checking nt-9446, 2026-12-07, no longer unseen)."""
    values = [v for v in table.data.column(f"n{column}").slice(0, 200).to_pylist() if v is not None]
    earliest = 1000 if re.search(r"\byears?\b", table.columns[column].name, re.I) else 1800
    return bool(values) and sum(v.is_integer() and earliest <= v <= 2100 for v in values) >= 0.8 * len(values)


def says_when(table: TypedTable, column: int) -> bool:
    """Whether a column says when each row was: dates, or numbers that are years."""
    return table.columns[column].kind == "date" or (table.columns[column].numeric and holds_years(table, column))


_MISSING_CELLS = pa.array(sorted(MISSING))
_LONGEST_MISSING = 2 * max(map(len, MISSING))  # with room for spaces around it


def has_missing_cells(table: TypedTable, column: int) -> bool:
    """Whether some row leaves the column's cell empty (None, or one of cells.MISSING as a text cell)."""
    cells = table.data.column(f"c{column}")
    if cells.null_count or not pa.types.is_string(cells.type):
        return bool(cells.null_count)
    # only short cells can be missing ones: a million names are not lower-cased to find one "n/a"
    short = pc.filter(cells, pc.less_equal(pc.utf8_length(cells), _LONGEST_MISSING))
    said = pc.utf8_lower(pc.utf8_trim_whitespace(short))
    return bool(pc.any(pc.is_in(said, value_set=_MISSING_CELLS)).as_py())


def year_column(table: TypedTable) -> int | None:
    """The first column of years ("Year", "Season" of "2001 (Bulldogs)" cells), or None."""
    numbers = table.data.column_names
    return next((c for c in range(len(table.columns)) if f"n{c}" in numbers and holds_years(table, c)), None)


def is_year_or_rank(table: TypedTable, column: int) -> bool:
    """Years, ranks and identifiers are numbers that are not summed or maximised as amounts."""
    return is_rank(table.columns[column].name) or (
        f"n{column}" in table.data.column_names and (holds_years(table, column) or _identifies_rows(table, column))
    )


def named_by_rows(table: TypedTable, column: int) -> bool:
    """Whether a column is called by what a row is ("Employee" of employees.csv)."""
    return name_stems(table.columns[column].name) <= table_words(table)


def tells_rows_apart(table: TypedTable, column: int) -> bool:
    """Whether a text column's cells are all different: each row's name ("Title", "Name", "Team") or code."""
    column_ = table.columns[column]
    if column_.kind != "text" or column_.numeric:
        return False
    # counted by Arrow: a million rows in milliseconds (an empty cell is one value; two of them tell no rows apart)
    return pc.count_distinct(table.data.column(f"c{column}")).as_py() == table.row_count


# Where a game was played, written before the opponent ("at Michigan State", "vs. BYU", "@ Dallas"): no part of the
# opponent's name ("who was the last opponent" is BYU, not "vs. BYU": 3 of the fresh WikiTableQuestions tuning
# answers, 2026-12-06)
VENUE_MARK = re.compile(r"(?i)^(?:at|vs\.?|versus|@)\s+")
# A footnote's mark after a name ("Lillestrøm*" a double, "Calvin Johnson†" a Pro Bowler): no part of the name either
# ("what number of times did lillestrøm win gold" counted 4 of its 5 golds, at 0.8: the fifth is "Lillestrøm*";
# fresh WikiTableQuestions tuning nt-1808, 2026-12-06). The character kept before it makes "****" no mark.
FOOTNOTE_MARK = re.compile(r"([^\s*†‡§])\s*[*†‡§]+$")
_MARKED_CELLS = 2  # a column marks its cells when at least two of them are so (a song "At Last" is one)


def marks_venues(table: TypedTable, column: int) -> bool:
    """Whether a text column writes where each game was played before its opponents (:data:`VENUE_MARK`)."""
    return _marked(table, column, VENUE_MARK.pattern + r"\S")


def cell_marks(table: TypedTable, column: int) -> list[tuple[re.Pattern[str], str]]:
    """The marks a text column writes around its values, each as a pattern and what it is replaced by: a venue before
    an opponent (:data:`VENUE_MARK`), a footnote's mark after a name (:data:`FOOTNOTE_MARK`). Fixed patterns, never
    a question's; ``unmarked`` takes them off a value, ``sql_fragments.cell_of`` off a column's cells."""
    marks = [(VENUE_MARK, "")] if marks_venues(table, column) else []
    return marks + ([(FOOTNOTE_MARK, r"\1")] if _marked(table, column, FOOTNOTE_MARK.pattern) else [])


def unmarked(value: str, marks: list[tuple[re.Pattern[str], str]]) -> str:
    """``value`` without the marks its column writes around it (:func:`cell_marks`)."""
    for pattern, replacement in marks:
        value = pattern.sub(replacement, value)
    return value


def _marked(table: TypedTable, column: int, pattern: str) -> bool:
    if column >= len(table.columns) or table.columns[column].kind != "text" or table.columns[column].numeric:
        return False
    cells = table.data.column(f"c{column}").slice(0, 1000)  # (a schedule's first rows say it; a million need not)
    marked = pc.sum(pc.match_substring_regex(cells, pattern)).as_py() or 0  # (Arrow's RE2)
    return marked >= _MARKED_CELLS


def _identifies_rows(table: TypedTable, column: int) -> bool:
    """A number column called by what a row is ("Invoice" of invoices.csv), or the first column when its numbers are
    codes of four digits or more ("Order" 1001, 1002, ... of sales.csv: "the largest single order" read the largest
    code, 1006, and "the month with the most orders" added codes up, both at 0.8; my own sales table, 2026-11-29),
    that numbers the rows in order (whole, rising, with few gaps): each row's identifier ("how many invoices" counts
    them; it does not add them up). "Sales" of sales.csv is called by the rows too, but its numbers are amounts."""
    numbers = [v for v in table.data.column(f"n{column}").slice(0, 1000).to_pylist() if v is not None]
    coded = column == 0 and bool(numbers) and min(numbers) >= 1000
    # a "Week" or "Round" that numbers a season's games: no amount ("which opponent did they play the most" read the
    # last week's opponent, at 0.8; seen in the console, 2026-12-06)
    period = bool(name_stems(table.columns[column].name) & NUMBERED_PERIODS)
    if not (named_by_rows(table, column) or coded or period):
        return False
    rising = all(b > a for a, b in zip(numbers, numbers[1:], strict=False))
    dense = bool(numbers) and numbers[-1] - numbers[0] < 2 * len(numbers)
    return (rising and dense and all(float(v).is_integer() for v in numbers)) or numbers_in_order(numbers)


def numbers_in_order(numbers: list[float]) -> bool:
    """Whether numbers count the rows off one by one, from 1 again where a new group starts: a "Week" of 1, 2, 3, a
    "Line" of 1, 2, 1, 2, 3 within each order ("how many lines does order O-103 have" counts its rows; it added up
    its line numbers, 6, at 0.8; my own order lines table, 2026-11-29)."""
    return len(numbers) > 1 and all(b in (a + 1, 1) for a, b in zip(numbers, numbers[1:], strict=False))


def numbers_rows(table: TypedTable, column: int) -> bool:
    """Whether a number column counts its rows off in order (numbers_in_order: an "Episode" of 1, 2, 3): no amount
    to add up ("which month has the least number of episodes" added up the episodes' numbers; WikiTableQuestions
    nt-5111, checking, at 0.29 then, 0.8 once a month asked was no longer held as a guess, 2026-12-07)."""
    if table.columns[column].kind != "number":
        return False
    return numbers_in_order([v for v in table.data.column(f"n{column}").slice(0, 1000).to_pylist() if v is not None])


def is_rank(name: str) -> bool:
    """Ranks and identifiers: numbers that order or name rows, not amounts."""
    # ("N°", "Nº": a number sign, as "#" and "No"; a squad's shirt numbers were averaged as its amount, fresh
    # WikiTableQuestions tuning nt-6445, 2026-12-06)
    return bool(re.search(r"(\b|_)(ranks?|pos|positions?|places?|no|id|#)\b|(?<!\w)n[°º]", name, re.I))


def rank_column(table: TypedTable) -> int | None:
    """The table's rank (or position) column, when it has one."""
    return next((i for i, c in enumerate(table.columns) if c.numeric and is_rank(c.name)), None)


# The most places a chart ranks (the Billboard 200): a column of numbers above it is no chart's places
_CHART_PLACES = 200


def chart_places(table: TypedTable, column: int) -> bool:
    """Whether a number column's values could be a chart's places: whole numbers from 1 to 200 ("US Hot 100" of 5,
    19, 58), not a Gross of "$163,214,286" ("the top 10 grossing films": no Gross of 10 or under; fresh tuning nt-1834)
    nor years."""
    if f"n{column}" not in table.data.column_names:  # (a number column of dates or spans has no numbers)
        return False
    numbers = [v for v in table.data.column(f"n{column}").slice(0, 1000).to_pylist() if v is not None]
    return bool(numbers) and all(v.is_integer() and 1 <= v <= _CHART_PLACES for v in numbers)


def names_a_chart(table: TypedTable, column: int) -> bool:
    """Whether a column is a chart's places by its name and values ("US Hot 100", "UK Singles Chart" of 5, 19, 58)."""
    return bool(CHART_NAME.search(table.columns[column].name)) and chart_places(table, column)


CHART_NAME = re.compile(r"(?i)\b(?:chart|charts|singles|hot 100|billboard|peak|top \d+)\b")


def holds_places(table: TypedTable, column: int) -> bool:
    """Whether a column's cells are mostly places written as ordinals ("7th", "21st" of a "Finish" or "Start"):
    a rank its name does not say ("finished in the top 10": a Finish of 10th or better)."""
    if not table.columns[column].numeric:
        return False
    cells = table.data.column(f"c{column}").slice(0, 1000)
    ordinals = pc.sum(pc.match_substring_regex(cells, r"^\s*\d+(?:st|nd|rd|th)\b")).as_py() or 0
    # of the cells that say something: a "2009" column of "1st", "-", "3rd" and more "-" is one of places (the
    # nations' "top competitor in 2009" is its 1st; fresh WikiTableQuestions nt-12525)
    missing = 0
    if pa.types.is_string(cells.type):
        missing = pc.sum(pc.is_in(pc.utf8_trim_whitespace(cells), value_set=_MISSING_CELLS)).as_py() or 0
    return ordinals * 2 > len(cells) - cells.null_count - missing


def placing_column(table: TypedTable) -> int | None:
    """The column that says where each row placed ("Rank", "Pos", "Position", "Place"): a rank, not a number that
    only names the row ("No", "#")."""
    return next(
        (
            i
            for i, c in enumerate(table.columns)
            if c.numeric and re.fullmatch(r"rank|pos\.?|position|place", c.name, re.I)
        ),
        None,
    )


def age_column(table: TypedTable) -> int | None:
    """The column of ages "the oldest" orders by, or None (then it is the earliest date: "the oldest asset")."""
    return next((i for i, c in enumerate(table.columns) if c.numeric and re.search(r"\bage\b", c.name, re.I)), None)


def people_column(table: TypedTable, index_: Index) -> int | None:
    """The table's one text column of people that repeat (an Employee, a Sales Rep) when its rows are something else
    (expenses, orders): "how many people filed expenses" counts its different values."""
    if table_words(table) & PERSONS:
        return None
    named = [c for c, column in enumerate(table.columns) if column.kind == "text" and _PERSON_NAME.search(column.name)]
    if any(index_.distinct[c] == table.row_count for c in named):
        # each row is a person of its own (an Employee column of payroll.csv): "how many people work remotely"
        # counts rows, not the Managers beside them (it counted those, at 0.8; my own payroll table, 2026-11-29)
        return None
    people = [c for c in named if index_.distinct[c] < table.row_count]
    staff = [c for c in people if _STAFF_NAME.search(table.columns[c].name)]
    if len(people) > 1 and len(staff) == 1:
        # of an Employee and a Client, the people are the employees: a client is as often a company ("how many people
        # logged time" of a timesheet counted its rows, "people" left out; my own timesheets table, 2026-12-07). Of a
        # Customer and a Sales Rep, neither: a customer may be a person as well.
        people = staff
    return people[0] if len(people) == 1 else None


def rows_are_people(table: TypedTable, index_: Index) -> bool:
    """Whether each row is a person: the table is named for people ("staff.csv"), or a column of people tells its rows
    apart (an Employee column of one row each); not expenses.csv, whose Employees repeat."""
    named = [c for c, column in enumerate(table.columns) if column.kind == "text" and _PERSON_NAME.search(column.name)]
    return bool(table_words(table) & PERSONS) or any(index_.distinct[c] == table.row_count for c in named)


_WITH_UNIT = re.compile(r"^[\d.,]+\s*[^\W\d_]")  # "150 kW (201 hp) @ 6000 rpm", "17 years"


def writes_units(table: TypedTable, column: int) -> bool:
    """Whether most of a text column's cells are a number followed by its unit ("150 kW (201 hp)"): a quantity."""
    cells = [str(v).strip() for v in table.data.column(f"c{column}").slice(0, 200).to_pylist() if v]
    return bool(cells) and sum(bool(_WITH_UNIT.match(cell)) for cell in cells) * 2 > len(cells)


# Names of columns whose cells are people (not "Name", which names products as often).
_PERSON_NAME = re.compile(
    r"(?i)\b(?:employee|person|customer|client|agent|rep|salesperson|seller|assignee|owner|manager|submitter|"
    r"requester|staff|worker)\b"
)
_STAFF_NAME = re.compile(r"(?i)\b(?:employee|staff|worker)s?\b")  # people who work here, never a company


def units_column(table: TypedTable, taken: set[int]) -> int | None:
    """The table's one column of units (Quantity, Qty, Units), when it has exactly one not already conditioned."""
    units = [i for i, c in enumerate(table.columns) if c.numeric and i not in taken and UNITS_NAME.search(c.name)]
    return units[0] if len(units) == 1 else None


UNITS_NAME = re.compile(r"(?i)\b(?:quantity|qty|units|pieces|items sold)\b")
MONEY_NAME = re.compile(
    r"(?i)\b(?:amount|total|subtotal|revenue|sales|value|price|cost|spend|spent|income|paid|fee|billed|gross|salary"
    r"|salaries|wages?|pay|earnings|compensation|mrr|arr|principal|balance|bonus(?:es)?|commissions?)\b"
)
PRICE_NAME = re.compile(r"(?i)\b(?:rate|fee|fare|tariff)s?\b")  # a price a row pays, money that MONEY_NAME misses
SCORE_NAME = re.compile(r"(?i)\b(?:rating|satisfaction|score|grade|stars|nps)\b")  # a score each row gives
# What each row has at a rate, not an amount its rows add up to: a salary, an age, a unit's price. Two groups of rows
# compare its averages ("the salary gap between Sales and Engineering": it took their totals, at 0.8; my own staff
# table, 2026-12-07); of one row each, average and total are the same.
_RATE_NAME = re.compile(r"(?i)\b(?:salary|salaries|wages?|age|unit price|unit cost|hourly rate|price per \w+)\b")


def kept_per_row(table: TypedTable, column: int) -> bool:
    """Whether a number column is a rate or a score each row has (Salary, Rating, Unit Price), not an amount."""
    return bool(SCORE_NAME.search(table.columns[column].name) or _RATE_NAME.search(table.columns[column].name))
