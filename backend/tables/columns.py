"""Which column a question means: the one a number in it is compared with, the one a superlative orders by, a
length, a pace, the table's one amount. What a column holds (years, ranks, identifiers, people, units, money) is
``column_kinds.py``'s; the column the answer is read from ``answered.py``'s."""

from __future__ import annotations

import re

import pyarrow.compute as pc

from backend.tables.column_kinds import (
    IDENTIFIER,
    MONEY_NAME,
    age_column,
    holds_years,
    is_year_or_rank,
    named_by_rows,
    units_column,
)
from backend.tables.infer import TypedTable
from backend.tables.quantities import SaidNumber
from backend.tables.words import ABBREVIATIONS, BOUND_NEGATION, name_stems, normal
from backend.text import stem

# How far before a number compared a word naming its column may stand: "density of less than 30".
_COMPARED_AFTER = 4


def number_column(
    number: SaidNumber,
    named: list[int],
    numeric: list[int],
    table: TypedTable,
    taken: set[int],
    hinted: list[int],
    near: list[int] | None = None,
) -> int | None:
    """The column a number in the question is compared with: a year column (or a date column's year) for a year,
    the one named first, else a named number column, else the only number column that is not a rank. A year said as
    equal to an amount no row has is not that amount ("the teams that played 1919 Brazilian football": no team played
    1919 games). ``near``: the named columns said right by the number (:func:`named_near`)."""
    columns = enumerate(table.columns)
    yearly = [i for i, c in columns if (i in numeric and holds_years(table, i)) or c.kind == "date"]
    # "campaigns that spent more than 2000": an amount of the Spend said right before it, not the Start date's year
    # (it added up every Spend, at 0.8; my own campaigns table, 2026-11-29)
    # (an identifier is no amount: "employees hired before 2020" is no Employee ID under 2020; my own staff table)
    nearest = near[0] if near else None
    amount_said = (
        number.op != "="
        and not number.period
        and nearest is not None
        and nearest in numeric
        and nearest not in yearly
        and not is_year_or_rank(table, nearest)
    )
    if number.is_year and not amount_said:
        # the year or date column the question names ("due in 2026": the Deadline), else the first
        named_years = [c for c in named if c in yearly]
        if named_years or yearly:
            return (named_years or yearly)[0]
    column = _amount_column(number, named, numeric, table, taken, hinted, near or [])
    if column is not None and number.op == "=" and not _holds(table, column, number.value):
        # "the attendance in week 15" of weeks.csv: the named column that holds 15, the Week the rows are named by
        # (no reading: the Attendance holds no 15; my own weeks.csv, 2026-11-29)
        holding = [c for c in named if c in numeric and named_by_rows(table, c) and _holds(table, c, number.value)]
        return holding[0] if holding else None
    return column


def _holds(table: TypedTable, column: int, value: float) -> bool:
    """Whether some row's number in ``column`` is ``value``."""
    return bool(pc.any(pc.equal(table.data.column(f"n{column}"), value)).as_py())


def named_near(words: list[str], number: SaidNumber, named: list[int], table: TypedTable) -> list[int]:
    """The named columns a word said right after a number compared names ("at least 15 sacks"), else one just
    before it, nearest first ("the province with population density under 30" compares the Density, the noun the
    comparison follows, not the Population; fresh tuning nt-6555)."""
    after = max(number.words) + 1
    # ("exceed 2000 in revenue": the word after "in"; it compared the year of the Order Date, at 0.8; my own orders
    # table, 2026-12-07)
    after = after + 1 if words[after : after + 1] == ["in"] else after
    places = [after, *range(number.words[0] - 1, max(number.words[0] - _COMPARED_AFTER - 1, -1), -1)]
    for i in (i for i in places if i < len(words)):
        said = stem(ABBREVIATIONS.get(words[i], words[i]))
        near = [c for c in named if said in name_stems(table.columns[c].name)]
        if near:
            # "a water area of 0": the Water area, of the two columns "area" names (it compared the Land area, found
            # no 0 there and dropped the number; fresh WikiTableQuestions training questions, tuning tables)
            before = {stem(ABBREVIATIONS.get(w, w)) for w in words[max(0, i - 2) : i]}
            return sorted(near, key=lambda c: -len(before & name_stems(table.columns[c].name)))
    return []


def _amount_column(
    number: SaidNumber,
    named: list[int],
    numeric: list[int],
    table: TypedTable,
    taken: set[int],
    hinted: list[int],
    near: list[int],
) -> int | None:
    # A percentage said compares a column of percentages: "teams that won at most 50% of their games" their "Win %",
    # not their Wins (fresh WikiTableQuestions training questions, tuning tables, 2026-11-28)
    shares = [
        c for c in dict.fromkeys([*named, *numeric]) if c in numeric and c not in taken and table.columns[c].percent
    ]
    if number.percent and shares:
        return shares[0]
    # Amounts before ranks and identifiers: "orders with an amount over 1,000" compares the amount, not order_id;
    # "employees who earn over 100,000" names the Employee ID (1 to 15) only as the rows' name.
    # A column of numbers before one of codes that start with a number ("a 1 bedroom unit": Bedrooms, not a Unit "1A"),
    # unless the words said right by the number name it ("a water area of 0": the Water area of "0 (0)" cells, not
    # the Water % beside it; fresh WikiTableQuestions training questions, tuning tables, 2026-11-29)
    for column in sorted(
        named,
        key=lambda c: (
            # the column the words right by the number name comes first ("from week 1 to week 3" of weekly.csv, whose
            # Week numbers its rows: it compared the Revenue, at 0.72; my own weekly store sales, 2026-11-29)
            near.index(c) if c in near else len(near),
            is_year_or_rank(table, c) if c in numeric else True,
            c not in near,
            table.columns[c].kind != "number",
        ),
    ):
        if column in numeric and not (holds_years(table, column) and not number.is_year):
            if IDENTIFIER.search(table.columns[column].name) and not _reaches(table, column, number.value):
                continue
            return column
    free = [c for c in numeric if c not in taken and not is_year_or_rank(table, c)]
    # "number 1 in the UK": a rank the question names by a word ("Peak chart positions UK"), before the only amount
    hinted_ranks = [c for c in hinted if c in numeric and c not in taken and c not in free]
    if len(free) == 1 and not hinted_ranks:
        return free[0]
    amounts = [c for c in free if not table.columns[c].percent]
    # "over £100" compares the "Amount", not the "VAT rate" beside it
    if len(amounts) == 1 and not number.percent and not hinted_ranks:
        return amounts[0]
    # The one column whose values reach the number: "employees who earn more than 100,000" compares the Salary
    # (45,000 to 159,000), not the Employee ID (1 to 15) the word "employees" hints at. Reaching within a factor
    # of ten instead (for "exceed $1,800" past the largest revenue) answered one more WikiTableQuestions dev
    # question wrongly at 0.68 and lost one (bench/table_qa.py --in-process, 2026-11-25): a number beyond every
    # column stays unexplained, and the reading is declined.
    hinted_numbers = [c for c in hinted if c in numeric and c not in taken]
    reaching = [c for c in dict.fromkeys([*free, *hinted_numbers]) if _reaches(table, c, number.value)]
    if len(reaching) == 1:
        return reaching[0]
    # A word of a column's name: "under 50 square km" compares "Land area (km²)", "number 1 in the UK" the rank
    # "Peak chart positions UK"; else the row's "Total" ("nations that won more than 10 medals", of a table of
    # Gold, Silver, Bronze and Total).
    total = [c for c in free if normal(table.columns[c].name) == "total"]
    return next(iter(sorted(hinted_numbers, key=lambda c: c not in free) + total), None)


def _reaches(table: TypedTable, column: int, value: float) -> bool:
    """Whether ``value`` lies within the smallest and the largest number of ``column``."""
    low, high = pc.min_max(table.data.column(f"n{column}")).values()
    return low.is_valid and low.as_py() <= value <= high.as_py()


LENGTH_NAME = re.compile(r"\b(length|distance|duration|time|runtime)\b", re.I)  # "Length (m)", "Running time"


def length_column(table: TypedTable, taken: set[int]) -> int | None:
    """The column "how long is X" reads: a length, distance, duration or time (named as LENGTH_NAME says)."""
    return next((i for i, c in enumerate(table.columns) if i not in taken and LENGTH_NAME.search(c.name)), None)


def pace_column(table: TypedTable, named: list[int], taken: set[int]) -> tuple[int, bool] | None:
    """The column "fastest" and "slowest" order by (a named one first): a time, where fastest is smallest, or a
    speed, where it is largest. Returns the column and whether it holds times."""
    for i in [*named, *range(len(table.columns))]:
        name = table.columns[i].name
        if (
            i not in taken
            and table.columns[i].numeric
            and re.search(r"\b(time|duration|speed|pace)\b|mph|km/h", name, re.I)
        ):
            return i, not re.search(r"speed|pace|mph|km/h", name, re.I)
    return None


def superlative_column(
    q: str, table: TypedTable, conditions: set[int], answer: int | None, names: list[set[str]]
) -> int | None:
    """The column a superlative without a named measure orders by: a date or year for earliest/latest (the one the
    question names first: ``names``, each column's name stems), else the only numeric column that is not a rank."""
    columns = table.columns
    aged = re.search(r"\b(youngest|oldest)\b", q)  # people's ages, else the earliest date ("the oldest asset")
    if aged and age_column(table) is not None:
        return age_column(table)
    if aged or re.search(EARLIEST_OR_LATEST + r"|\b" + LONG_AGO, q) or SENIORITY.search(q):
        dated = [
            i
            for i, c in enumerate(columns)
            if (c.kind == "date" or re.search(r"year|date|season", c.name, re.I)) and (c.numeric or c.kind == "date")
        ]
        if SENIORITY.search(q):  # "the longest-serving employee": when they started, not when a claim was filed (it
            # read expenses.csv's first Submitted claims beside staff.csv's Start Dates; my own tables, 2026-12-07)
            dated = [i for i in dated if _STARTED.search(columns[i].name)]
        # another column than the answer's orders the rows ("the first album": by its Year); the answer's alone orders
        # them itself ("when did the most recent deal close": the latest Close Date, not the Amount beside it)
        # "which project finished earliest": its Completed date ("finished", senses.py), not the Start Date before it
        # ("due" of a Due Date is a stop word: the name's own words count too, but for "date" itself)
        # ("the latest closing date" of an Opening date and a Closing date: its "closing", before the "date" both
        # names share; it ordered by the Opening date, the first)
        # (a date said negated is a condition: "the oldest open ticket" is its Opened, not its Resolved; 2026-12-07)
        asserted = re.sub(rf"\b{BOUND_NEGATION} \w+", "", q).split()
        said, words = {stem(w) for w in asserted}, set(asserted) - _DATE_WORDS
        dated.sort(
            key=lambda i: (
                not (names[i] & said - _DATE_STEMS or words & set(normal(columns[i].name).split())),
                not names[i] & said,
            )
        )
        if others := [i for i in dated if i != answer]:
            return others[0]
        if dated:
            return dated[0]
    candidates = [i for i, c in enumerate(columns) if c.numeric and i != answer and not is_year_or_rank(table, i)]
    if len(candidates) == 1:
        return candidates[0]
    return measured_by(q, table, candidates)


EARLIEST_OR_LATEST = r"\b(?:earliest|latest|newest|most recent(?:ly)?|first|last)\b"  # a date's superlatives
_DATE_WORDS = {"date", "dates", "day", "year", "time"}
_DATE_STEMS = {stem(w) for w in _DATE_WORDS}
LONG_AGO = r"(?:longest|furthest|farthest) ago\b"  # "which vehicle was serviced longest ago": the earliest date
# "the longest-serving", "the most senior", "been here (with us) the longest": the earliest start (my own HR table,
# 2026-11-29); "the shortest", the latest (it read a timesheet's fewest Hours at 0.8, 2026-12-08; superlatives.py)
_STARTED = re.compile(r"(?i)\b(?:start|started|hire|hired|join|joined|since|began|entered|employed|took office)\b")
SENIORITY = re.compile(
    r"\blongest[- ]serving\b|\bmost senior\b|\blongest tenure\b"
    r"|\b(?:been|worked|working) (?:here|with us|(?:at|for|with) (?:the|our) (?:company|firm|business))"
    r" (?:the )?(?:longest|shortest)(?: time)?\b"
)


def measured_by(q: str, table: TypedTable, candidates: list[int]) -> int | None:
    """The column of ``candidates`` an adjective of the question measures ("the tallest building", "how much taller
    is A than B": its Height or Elevation, beside its Floors), or None."""
    for adjectives, name in _MEASURED_BY:
        measured = [i for i in candidates if re.search(rf"\b(?:{name})", table.columns[i].name, re.I)]
        if re.search(rf"\b(?:{adjectives})\b", q) and measured:  # ("the shortest": a height, else a duration)
            return measured[0]
    return None


# The measure an adjective's superlative orders by, when the question names no column.
_MEASURED_BY = [
    ("tallest|taller|shortest|shorter", "height|elevation"),
    ("heaviest|heavier|lightest|lighter", "weight"),
    ("deepest|deeper|shallowest", "depth"),
    ("oldest|older|youngest|younger", "age"),  # "which delegate is older, A or B": their Age (fresh tuning nt-6363)
    ("largest|biggest|smallest|larger|bigger|smaller", "capacity|size|area"),  # "which venue is the largest"
    # "who took the longest vacation" of a Days column (at 0.25, a guess; my own leave table, 2026-12-07), "who logged
    # the longest entry" of Hours (no reading; my own timesheets table, 2026-12-07)
    ("longest|longer|shortest|shorter", "duration|days|nights|length|hours|hrs|minutes|mins"),
]


def column_named_by(number: SaidNumber, hinted: list[int], table: TypedTable) -> int | None:
    """The one column the question names by other words whose name also holds the number ("Population (2011)"), else
    the one column of all whose name holds it ("the number of people living in Angus in 2011")."""
    if number.op != "=":
        return None
    for among in (hinted, range(len(table.columns))):
        holding = [c for c in among if f"{number.value:g}" in normal(table.columns[c].name).split()]
        if holding:
            return holding[0] if len(holding) == 1 else None
    return None


def the_amount(table: TypedTable, taken: set[int]) -> int | None:
    """The table's one amount, when it has one: a number column that is no year, rank or identifier (nor in
    ``taken``), a percentage only when it is the only one ("Amount" beside "VAT rate"), one named as money when there
    are several ("Amount" beside "Hours")."""
    amounts = [i for i, c in enumerate(table.columns) if c.numeric and i not in taken and not is_year_or_rank(table, i)]
    if len(amounts) > 1:
        amounts = [i for i in amounts if not table.columns[i].percent]
    if len(amounts) > 1:  # "Amount" beside "Hours" and "Rate": the column named as money
        amounts = [i for i in amounts if MONEY_NAME.search(table.columns[i].name)] or amounts
    if len(amounts) > 1:  # "Revenue" beside "Unit Price": what was spent, not what one unit costs
        amounts = [i for i in amounts if not _PER_UNIT.search(table.columns[i].name)] or amounts
    if len(amounts) > 1:  # "Amount" beside "Paid" (an invoice's, and what of it was paid): the one called so
        amounts = [i for i in amounts if normal(table.columns[i].name) == "amount"] or amounts
    if (
        len(amounts) == 1
        and _PER_UNIT.search(table.columns[amounts[0]].name)
        and units_column(table, taken) is not None
    ):
        # "Unit Price" beside "Quantity": an order's amount is their product, which no column holds ("the largest
        # order" ordered by the unit price was wrong at 0.75)
        return None
    return amounts[0] if len(amounts) == 1 else None


_PER_UNIT = re.compile(r"(?i)\b(?:unit|per|each|rate)\b")
