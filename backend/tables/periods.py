"""The parts of a year a question says, as conditions on the months of a date column: a month ("in March", "after
January"), a quarter ("in Q1"), a range of months ("from January to March"), a span of dates that reaches into one
("on leave in July"); and the columns named for a month, a quarter or a year. How an amount changed across such a range
is ``changes_said.py``'s.
"""

from __future__ import annotations

import re

import pyarrow.compute as pc

from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.tables.spans import span_columns
from backend.tables.words import MONTH_NAMES, Mention, negation_before, normal

_MONTH = r"(" + "|".join(f"{name[:3]}(?:{name[3:]}|\\.)?" for name in MONTH_NAMES) + r")"
# "from January to March", "January through March", "between Jan and Mar" (not "in January and March": two months)
_MONTHS = re.compile(
    rf"\b(?:from\s+)?{_MONTH}\s+(?:to|through|until|till)\s+{_MONTH}\b|\bbetween\s+{_MONTH}\s+and\s+{_MONTH}\b"
)


def said_month(q: str, mentions: list[Mention]) -> tuple[int, str] | None:
    """The month a question names ("in March", "during sept") and how it compares ("=", or "<" for "before
    March", ">" for "after January": of any year), when it is not part of a cell value it says."""
    for number, name in enumerate(MONTH_NAMES, 1):
        for said in re.finditer(rf"\b(in|during|of|for|before|after|since|until)\s+{name[:3]}(?:{name[3:]}|\.)?\b", q):
            at = len(q[: said.start()].split()) + 1  # the month's word
            if not any(m.start <= at < m.end for m in mentions):
                return number, {"before": "<", "until": "<", "after": ">", "since": ">="}.get(said.group(1), "=")
    return None


def said_months(q: str) -> tuple[int, int] | None:
    """The first and last month of a range the question says ("from January to March"), or None (a range that runs
    backwards, "from November to February", crosses a year no month number orders)."""
    said = _MONTHS.search(q)
    if said is None:
        return None
    said_as = [m for m in said.groups() if m]
    first, last = (next(n for n, name in enumerate(MONTH_NAMES, 1) if name[:3] == m[:3]) for m in said_as)
    return (first, last) if first < last else None


_QUARTER = re.compile(
    r"\b(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th) quarter|h([12])|(first|second|1st|2nd) half)"
    r"(?: of the year)?\b"  # ("the first half of the year": "year" was left out, at 0.72; my own orders table)
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}


def said_quarter(q: str) -> tuple[tuple[int, int], tuple[int, ...]] | None:
    """The first and last month of the quarter or half of a year a question names ("in Q1", "the third quarter";
    "the first half of 2025", "H2": it added up the whole year, "half" left out, at 0.72; my own orders, 2026-12-07)
    and its words, or None."""
    said = _QUARTER.search(q)
    if said is None:
        return None
    first = len(q[: said.start()].split())
    quarter, half = said.group(1) or said.group(2), said.group(3) or said.group(4)
    part, size = (quarter, 3) if quarter else (half, 6)
    number = int(part) if part.isdigit() else _ORDINALS[part]
    return (size * number - size + 1, size * number), tuple(range(first, first + len(said.group(0).split())))


def period_conditions(q: str, table: TypedTable, named: list[int], mentions: list[Mention]) -> list[Condition]:
    """The months of a date column a question's part of the year picks: a month, a range of months, or a quarter's
    three (of the date column it names, else the first)."""
    dated = [i for i, c in enumerate(table.columns) if c.kind == "date"]
    # a period said inside a cell value is that value's ("the cost per conversion for Search Q2": a campaign's name,
    # not the months of Q2; my own campaigns table, 2026-11-29)
    outside = " ".join(w for i, w in enumerate(q.split()) if not any(m.start <= i < m.end for m in mentions))
    if not dated:
        return _month_cells_said(outside, table)
    column = next((c for c in named if c in dated), dated[0])
    # (of a From and a To, when no date column is named and a state is said: the rows whose span reaches into the
    # months; "how many leave days were taken in Q3" still adds up the leaves that began in it)
    span = span_columns(table, set()) if not any(c in dated for c in named) and DURING.search(outside) else None
    span = span if span is not None and table.columns[span[0]].kind == "date" else None
    months = said_months(outside)
    if months is not None:  # "from January to March"
        return _in_months(column, months, span)
    month = said_month(q, mentions)
    if month is not None and month[1] == "=" and span is not None:  # "in March"
        return _in_months(column, (month[0], month[0]), span)
    if month is not None:  # "in March", "after January"; "did not order in March": not in it
        op = "!=" if month[1] == "=" and _negated(q, MONTH_NAMES[month[0] - 1]) else month[1]
        return [Condition(column, op, month[0], "month")]
    quarter = said_quarter(outside)
    if quarter is not None:  # "in Q1": its three months
        return _in_months(column, quarter[0], span)
    return []


def _negated(q: str, month: str) -> bool:
    """Whether a negation comes right before the month said ("which customers did not order in March": it listed
    those who did, at 0.8; my own orders table, 2026-12-07)."""
    words = q.split()
    at = next((i for i, w in enumerate(words) if w[:3] == month[:3] and month.startswith(w.rstrip("."))), None)
    return at is not None and negation_before(words, at)


# a state the rows are in over their span: "on leave", "away", "running", "active"; and a person who "took leave" or
# "had a holiday" in a month was away in it ("who took leave in July" listed the leaves that began in July, not the
# one from May to July; my own leave table, 2026-12-07). Not "taken" or "started": "the leave days taken in Q3" add up
# the leaves that began in it.
DURING = re.compile(
    r"\b(?:on (?:leave|holiday|vacation)|away|off|out|running|ran|run|live|active|underway"
    r"|(?:took|had) (?:any |some |a |an )?(?:leave|time off|holidays?|vacations?))\b"
)


def _in_months(column: int, months: tuple[int, int], span: tuple[int, int] | None) -> list[Condition]:
    """The rows whose date in ``column`` falls in the months (first, last), or, of a span of a start and an end
    date, those whose span reaches into them: "how many people were on leave in July" counts a leave from May to
    July (it counted those that began in July, at 0.8; my own leave table, 2026-12-07)."""
    first, last = months
    if span is None:
        return [Condition(column, ">=", first, "month"), Condition(column, "<=", last, "month")]
    return [Condition(span[0], "<=", last, "month"), Condition(span[1], ">=", first, "month")]


def _month_cells_said(q: str, table: TypedTable) -> list[Condition]:
    """The cells of a column of month names ("Jan", "Feb") a quarter or a range of months picks ("the total budget
    for Q1": Jan, Feb and Mar; it added up every month, "q1" left out, at 0.28; my own budget against actuals table,
    2026-11-29). A month said alone is a cell of its own (vocabulary.said_as)."""
    quarter = said_quarter(q)
    months = said_months(q) or (quarter[0] if quarter is not None else None)
    if months is None:
        return []
    for column, c in enumerate(table.columns):
        if c.kind != "text":
            continue
        cells = [cell for cell in pc.unique(table.data.column(f"c{column}")).to_pylist() if cell]
        number = {cell: month_number(cell) or 0 for cell in cells}
        if cells and all(number.values()):
            return [Condition(column, "in", [cell for cell in cells if months[0] <= number[cell] <= months[1]])]
    return []


def month_number(cell: str) -> int | None:
    """The month a cell names in full or in three letters ("January", "Jan", "Jan."), else None."""
    said = cell.strip().lower().rstrip(".")
    return next((n for n, name in enumerate(MONTH_NAMES, 1) if said in (name, name[:3])), None)


# "from 2000 to 2005", "from 1990 through 1995": a range of years said by its two ends (conditions.value_conditions)
YEARS_FROM_TO = re.compile(r"\bfrom (\d{4}) (?:to|through|until|till) (\d{4})\b")


def period_columns(table: TypedTable) -> dict[str, int]:
    """The table's number columns named for a month ("Jan", "February": keyed "jan"), a quarter ("Q1": "q1") or a
    year ("2021": "2021")."""
    keys = {name: name[:3] for name in MONTH_NAMES} | {name[:3]: name[:3] for name in MONTH_NAMES}
    keys |= {f"q{n}": f"q{n}" for n in range(1, 5)} | {f"quarter {n}": f"q{n}" for n in range(1, 5)}
    return {
        keys.get(name, name): i
        for i, c in enumerate(table.columns)
        if c.numeric and ((name := normal(c.name)) in keys or _YEAR_NAME.fullmatch(name))
    }


_YEAR_NAME = re.compile(r"(?:18|19|20)\d\d|2100")  # a column named for a year: sales by year, "2021", "2022"


def said_year_column(q: str, table: TypedTable) -> bool:
    """Whether the question says a year that names one of the table's columns ("the total sales in 2022")."""
    return any(key.isdigit() and re.search(rf"\b{key}\b", q) for key in period_columns(table))


# "the total sales", "sales in total", "sales this year", "which region sold the most overall", "for the year"
OVER_THE_MONTHS = re.compile(
    r"\b(?:total|sum|combined|overall|altogether|all months|year to date|ytd|this year"
    r"|(?:for|in|over) the (?:whole |full )?year)\b"
)


def across_months(q: str, table: TypedTable, named: list[int], mentions: list[Mention]) -> tuple[int, ...]:
    """The month (or quarter) columns a question adds up along each row ("East's total sales", "which region had the
    highest total sales" of a table with a column for each month: it read East's January, 15,200, or had no reading;
    my own monthly sales table, 2026-11-29), in table order; empty unless it says a total, names no month or quarter
    and no other number column, and the table has a column for each of two months (or quarters) or more; or the
    columns of the months of a range said ("from January to April")."""
    added = columns_of_periods(table)
    months = said_months(q)
    quarter = said_quarter(q)
    if months is None and quarter is not None and not any(key.startswith("q") for key in period_columns(table)):
        # "how much did we sell in Q1" of a column for each month: its three months' columns (no reading; my own
        # monthly sales table, 2026-12-07)
        months = quarter[0]
    if added and months is not None:
        # "North's total sales from January to April": the columns of the months said, each row's added up (it read
        # North's January, 12,000, at 0.8; my own monthly sales table, 2026-12-07)
        periods = period_columns(table)
        ranged = [periods.get(MONTH_NAMES[m - 1][:3]) for m in range(months[0], months[1] + 1)]
        return tuple(c for c in ranged if c is not None) if None not in ranged else ()
    if not added or not OVER_THE_MONTHS.search(q) or said_month(q, mentions) or said_quarter(q):
        return ()
    if said_year_column(q, table):  # "the total sales in 2022": that year's column
        return ()
    if any(table.columns[c].numeric and c not in added for c in named):
        return ()
    return added


def columns_of_periods(table: TypedTable) -> tuple[int, ...]:
    """The table's columns for each month, else for each quarter, else for each year, when it has two or more (in
    table order), else none: what a row's total adds up."""
    periods = period_columns(table)
    months = [c for key, c in periods.items() if key[:1].isalpha() and not key.startswith("q")]
    quarters = [c for key, c in periods.items() if key.startswith("q")]
    years = [c for key, c in periods.items() if key.isdigit()]
    return tuple(sorted(next((kind for kind in (months, quarters, years) if len(kind) > 1), [])))


_ASKS_MONTH = re.compile(r"\b(?:which|what) month\b")


def asks_an_unheld_month(q: str, table: TypedTable) -> bool:
    """Whether the question asks which month and no column can say it: the table has no dates and no cell names a
    month ("which month had the highest sales for North" of a table with a column for each month answered its
    Manager, at 0.8; my own monthly sales table, 2026-11-29)."""
    if not _ASKS_MONTH.search(q) or any(column.kind == "date" for column in table.columns):
        return False
    texts = [i for i, column in enumerate(table.columns) if not column.numeric]
    return not any(pc.any(pc.match_substring_regex(table.data.column(f"c{i}"), _MONTH_WORD)).as_py() for i in texts)


_MONTH_WORD = r"(?i)\b(?:" + "|".join(f"{name}|{name[:3]}" for name in MONTH_NAMES) + r")\b"  # "April", "Apr 2026"
