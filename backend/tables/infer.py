"""Column types of a raw table, and the typed table (Arrow) that queries run on.

Every column keeps its cell text (``c<i>``); a column whose cells read as numbers also gets a number view
(``n<i>``, float64) and one whose cells read as dates a date view (``d<i>``, timestamp). Queries only ever name
these generated identifiers, never a header from the file. What each cell states is read by ``cells.py``; this
module decides from a column's cells which views it gets.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from backend.tables.cells import (
    DATE_FORMATS,
    MISSING,
    ONGOING,
    date_range,
    decimal_comma,
    in_english,
    leading_number,
    parse_date,
    parse_duration,
    parse_number,
    race_outcomes,
    year_range,
)
from backend.tables.read import RawTable, below_titles

# A column is a number (or date) column when this share of its non-empty cells read as one. Chosen on the
# table-QA dev tables (bench/table_qa.py, 2026-11-23): lower values turned name columns with a few numbers
# into numbers; a few "—" or "n/a" cells must not turn a number column into text.
TYPED_SHARE = 0.9
# A text column gets a number view when this share of its cells *starts* with a number ("1st", "12 (3)",
# "17 years"): ranks and counts written with words stay comparable and summable.
LEADING_SHARE = 0.8


@dataclass(frozen=True)
class Column:
    """A column: its name (unique in the table), its kind and which views it has."""

    name: str
    kind: str  # "number", "date" or "text"
    numeric: bool  # has a number view n<i> (number columns, and text columns that start with numbers)
    percent: bool = False  # its numbers were written as percentages


@dataclass(frozen=True)
class TypedTable:
    """A table ready to query: its name, columns and data (Arrow: c<i> text, n<i> numbers, d<i> dates, s<i> and
    l<i> the first and last year of cells that span years, row, and summary: a totals row at its foot)."""

    name: str
    columns: list[Column]
    data: pa.Table

    @property
    def row_count(self) -> int:
        return self.data.num_rows

    @property
    def has_summary(self) -> bool:
        """Whether the table ends with a totals row (tables stored before 2026-11-24 have no summary column)."""
        return "summary" in self.data.column_names and bool(pc.any(self.data.column("summary")).as_py())

    def read_as(self, column: int, cells: list[str], view: str) -> dict[str, Any]:
        """What this table read from each of ``cells`` of a column, through its number view (``view`` "n") or its
        date view ("d"): "€60,78" is 60.78 where the column writes decimal commas, "5/11/2025" is May 11 where it
        writes months first (a cell read alone could be either)."""
        text = self.data.column(f"c{column}")
        picked = self.data.filter(pc.is_in(text, pa.array(list(set(cells)), pa.string())))
        said = picked.column(f"c{column}").to_pylist()
        read = picked.column(f"{view}{column}").to_pylist()
        return {c: value for c, value in zip(said, read, strict=True) if value is not None}

    def column_index(self, name: str) -> int:
        """The position of the column called ``name`` (ValueError when there is none)."""
        for i, column in enumerate(self.columns):
            if column.name == name:
                return i
        raise ValueError(f"the table has no column {name!r}")


def _with_sub_header(header: list[str], row: list[str]) -> list[str] | None:
    """The column names of a header written on two rows ("Appearances", "Appearances" over "Start", "Sub"; the
    other cells repeated), or None when ``row`` is data. A second header row repeats some header cells, names
    columns the first row leaves alike or most of them, and holds no number."""
    said = [cell.strip() for cell in row]
    if len(said) != len(header):
        return None
    repeated = sum(bool(c) and c.lower() == h.strip().lower() for c, h in zip(said, header, strict=True))
    alike = len({h.strip().lower() for h in header}) < len(header)
    if not repeated or not (alike or repeated * 2 >= len(header)):
        return None
    if any(parse_number(c) is not None for c in said if c):
        return None
    return [
        h if not c or c.lower() == h.strip().lower() else f"{h.strip()} {c}" for h, c in zip(header, said, strict=True)
    ]


def infer(raw: RawTable, name: str) -> TypedTable:
    """Decide the header, name the columns uniquely, type each column, and build the typed table ``name``."""
    rows = below_titles(raw.rows) if raw.header is None else raw.rows
    width = len(rows[0]) if rows else 0
    has_header = raw.header if raw.header is not None else _looks_like_header(rows)
    header, body = (rows[0], rows[1:]) if has_header and len(rows) > 1 else ([""] * width, rows)
    merged = _with_sub_header(header, body[0]) if has_header and body else None
    if merged is not None:  # a header of two rows: "Peak chart positions" over "US" and "US R&B"
        header, body = merged, body[1:]
    if has_header:  # the header repeated down a long table (as a web page pages it) is no row of data
        said = _as_said(header)
        body = [row for row in body if _as_said(row) != said]
    columns, arrays = [], {}
    spanning = [_spanning_text(row) for row in body]
    for i, column_name in enumerate(unique_names(header)):
        cells = [row[i] if i < len(row) else "" for row in body]
        values = [
            None if c.lower() in MISSING or c.lower() in ONGOING or c == span else c
            for c, span in zip(cells, spanning, strict=True)
        ]
        present = [v for v in values if v is not None]
        continental = decimal_comma(present[:1000])
        numbers = [parse_number(v, continental) if v is not None else None for v in values]
        parsed = sum(n is not None for n in numbers)
        kind, numeric, percent = "text", False, False
        if present and parsed >= TYPED_SHARE * len(present):
            kind, numeric = "number", True
            percent = sum(v.rstrip().endswith("%") for v in present) >= TYPED_SHARE * len(present)
        elif parsed and parsed >= TYPED_SHARE * (len(present) - race_outcomes(present)):  # places, and "DNF"
            numeric = True
        elif present and sum(parse_duration(v) is not None for v in present[:200]) >= TYPED_SHARE * len(present[:200]):
            # race times and durations ("4:09.695", "2:05:33") sort and compare as seconds, not by their first digits
            numeric, numbers = True, [parse_duration(v) if v is not None else None for v in values]
        else:
            dates = _dates(present, [*DATE_FORMATS, "%Y-%m"] if _MONTHS_NAME.search(column_name) else DATE_FORMATS)
            if dates is not None:
                kind = "date"
                arrays[f"d{i}"] = pa.array(
                    [dates.get(v) if v is not None else None for v in values], pa.timestamp("ms")
                )
            leading = [leading_number(v) if v is not None else None for v in values]
            starts_with_numbers = present and sum(n is not None for n in leading) >= LEADING_SHARE * len(present)
            if kind == "text" and starts_with_numbers and not _spans_days(present[:200]):
                numeric, numbers = True, leading  # "17 years", "1st": but a day is no amount ("30 January 1920 — …")
        arrays[f"c{i}"] = pa.array(cells, pa.string())
        if numeric:
            arrays[f"n{i}"] = pa.array(numbers, pa.float64())
        if kind != "date" and _spans_years(present[:200]):  # "1996–99": its first and last year (s<i>, l<i>)
            spans = [year_range(v) if v is not None and "," not in v else None for v in values]  # one span each
            arrays[f"s{i}"] = pa.array([s[0] if s else None for s in spans], pa.float64())
            arrays[f"l{i}"] = pa.array([s[1] if s else None for s in spans], pa.float64())
        columns.append(Column(column_name, kind, numeric, percent))
    arrays["row"] = pa.array(range(len(body)), pa.int64())
    totals = [i >= len(body) - FOOT_ROWS and _is_summary(row) for i, row in enumerate(body)]
    # a box score's "Team" row just above its totals (team rebounds, no player's): no row of players either ("who is
    # the last player to not attempt a 3 point shot" answered "Team", at 0.8; fresh WikiTableQuestions tuning nt-2926)
    team = [i + 1 < len(body) and totals[i + 1] and _is_team_row(row) for i, row in enumerate(body)]
    arrays["summary"] = pa.array([t or s for t, s in zip(team, totals, strict=True)], pa.bool_())
    return TypedTable(name, columns, pa.table(arrays))


FOOT_ROWS = 3  # totals rows are looked for among the last rows ("Total members", "vacant", "Total seats")
SUMMARY = re.compile(r"(?:grand |career )?totals?:?|sum|overall|career", re.I)  # "Career": a player's stats, summed
# "Total seats", "Grand Total - Value (billion rials)", "Team Totals" (the last "player" of a box score: fresh
# WikiTableQuestions tuning nt-2926, 2026-12-06)
_TOTAL_LABEL = re.compile(r"(?:grand )?totals?\b|.*\btotals?$", re.I)


def _is_summary(row: list[str]) -> bool:
    """A totals row at the foot of a table ("Total", "Grand total"): it sums the rows above, it is not one of them.
    A longer label ("Total seats") counts when the rest of the row holds numbers only: "Total Recall, 1990,
    Verhoeven" is a film."""
    if any(SUMMARY.fullmatch(cell.strip()) for cell in row[:2]):
        return True
    labels = [i for i, cell in enumerate(row[:2]) if _TOTAL_LABEL.match(cell.strip())]
    rest = [cell for i, cell in enumerate(row) if i not in labels and cell.strip().lower() not in MISSING]
    # (numbers, or made of numbers: "168/408" of shots made and attempted)
    return bool(labels) and bool(rest) and all(leading_number(cell) is not None for cell in rest)


def _is_team_row(row: list[str]) -> bool:
    """A row labelled "Team" whose other cells are numbers or empty (see the box score in :func:`infer`)."""
    labels = [i for i, cell in enumerate(row[:2]) if cell.strip().lower() == "team"]
    rest = [cell for i, cell in enumerate(row) if i not in labels and cell.strip().lower() not in MISSING]
    return bool(labels) and all(leading_number(cell) is not None for cell in rest)


def _spanning_text(row: list[str]) -> str | None:
    """The text a row repeats across three or more of its cells ("Did not enter" in every column of a year): one
    cell spanning the row in the source, not a value of each column, so it does not decide the columns' types."""
    cells = [c for c in row[1:] if c.strip()]
    if len(cells) >= 3 and len(set(cells)) == 1 and parse_number(cells[0]) is None:
        return cells[0]
    return None


def _spans_years(cells: list[str]) -> bool:
    """Nearly all cells are years or spans of years, and some are one span of more than a year ("2007, 2010" lists
    years: it spans none)."""
    spans = [year_range(c) for c in cells]
    return (
        bool(cells)
        and sum(s is not None for s in spans) >= TYPED_SHARE * len(cells)
        and any(s and s[0] != s[1] and "," not in c for s, c in zip(spans, cells, strict=True))
    )


def _spans_days(cells: list[str]) -> bool:
    return sum(date_range(c) is not None for c in cells) >= TYPED_SHARE * len(cells)


# A column named for months or periods writes a month as "2026-01" (its first day); elsewhere that is a season
# ("2001-02"), which stays text.
_MONTHS_NAME = re.compile(r"(?i)\b(?:month|period)\b")


def _dates(cells: list[str], formats: list[str]) -> dict[str, datetime] | None:
    """``{cell: date}`` when enough cells read as dates in one of ``formats`` (day-first or month-first decided by
    the column, not by each cell), else None. Years alone are numbers, not dates."""
    if not cells or all(re.fullmatch(r"\d{4}", c) for c in cells):
        return None
    sample = [in_english(c) for c in cells[:200]]  # ("23 settembre 1981": month names of other languages)
    best: tuple[int, str] | None = None
    for fmt in formats:
        hits = sum(parse_date(c, [fmt]) is not None for c in sample)
        if hits and (best is None or hits > best[0]):
            best = (hits, fmt)
    if best is None or best[0] < TYPED_SHARE * len(sample):
        return None
    found = {c: parse_date(in_english(c), [best[1]]) for c in set(cells)}
    if sum(d is not None for d in found.values()) < TYPED_SHARE * len(found):
        return None
    return {c: d for c, d in found.items() if d is not None}


def _as_said(row: list[str]) -> list[str]:
    """A row's cells as compared with the header: lower case, one space between words."""
    return [" ".join(cell.lower().split()) for cell in row]


def _looks_like_header(rows: list[list[str]]) -> bool:
    """A first row is a header unless it reads like the rows below it: a number or date where the column below
    holds numbers or dates. A year over numbers that are no years names its column ("Region, 2021, 2022" over
    "East, 120, 150": sales by year; it was read as a row of data, every column unnamed)."""
    if len(rows) < 2:
        return False
    first, body = rows[0], rows[1:50]
    if any(not cell for cell in first) and all(not cell for cell in first):
        return False
    for i, cell in enumerate(first):
        below = [row[i] for row in body if i < len(row) and row[i].lower() not in MISSING]
        typed_below = below and sum(parse_number(c) is not None for c in below) >= TYPED_SHARE * len(below)
        if typed_below and parse_number(cell) is not None and not (_a_year(cell) and not any(map(_a_year, below))):
            return False
    return True


def _a_year(cell: str) -> bool:
    """Whether a cell is a year written alone ("1956", "2021")."""
    return len(cell.strip()) == 4 and cell.strip().isdigit() and 1800 <= int(cell) <= 2100


def unique_names(header: list[str]) -> list[str]:
    """Column names from a header row: blank ones become ``column N``, repeated ones get `` (2)``, `` (3)``."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for i, cell in enumerate(header):
        name = cell.strip() or f"column {i + 1}"
        key = name.lower()
        if key in seen:
            seen[key] += 1
            name = f"{name} ({seen[key]})"
        else:
            seen[key] = 1
        names.append(name)
    return names


def to_bytes(table: TypedTable) -> tuple[str, bytes]:
    """A typed table as stored: its columns as JSON, and its data as Parquet (zstd)."""
    sink = io.BytesIO()
    pq.write_table(table.data, sink, compression="zstd")
    return json.dumps([asdict(c) for c in table.columns]), sink.getvalue()


def from_bytes(name: str, columns_json: str, data: bytes) -> TypedTable:
    """A stored table read back (the inverse of :func:`to_bytes`)."""
    columns = [Column(**c) for c in json.loads(columns_json)]
    return TypedTable(name, columns, pq.read_table(io.BytesIO(data)))
