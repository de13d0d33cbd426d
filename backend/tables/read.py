"""Files and documents → raw tables (rows of cell text): CSV/TSV of any common dialect, XLSX sheets, and the
tables inside HTML, Markdown and DOCX. Nothing here guesses types; ``infer.py`` does."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

MAX_CELL_CHARS = 2_000  # a cell longer than this is prose, not data; cut so one cell cannot bloat a table


@dataclass(frozen=True)
class RawTable:
    """A table as read: its label within its document ("" for a file that is one table; a sheet's name, a
    caption or "table 2" otherwise), and its rows of cell text (the first row may be a header; ``infer`` decides).

    ``header`` is True when the format marks the first row as a header (HTML ``<th>``, a Markdown table's
    separator line), False when it marks it as data, None when only the cells can tell.
    """

    label: str
    rows: list[list[str]]
    header: bool | None = None


def below_titles(rows: list[list[str]]) -> list[list[str]]:
    """The rows below a title a spreadsheet report puts over its table ("Quarterly Sales Report", then a blank row,
    then the header): leading rows of one cell or none, over a row that fills more. They were read as the header,
    every real column unnamed and the header a row of data."""
    start = 0
    while start + 2 < len(rows) and _filled(rows[start]) <= 1:
        start += 1
    # (a table of one column, or of rows of one cell each, has no title to skip)
    return rows[start:] if start and _filled(rows[start]) > 1 else rows


def _filled(row: list[str]) -> int:
    return sum(bool(cell.strip()) for cell in row)


def as_text(table: RawTable, max_rows: int) -> str:
    """A table as searchable text: the title over it (``below_titles``), then one line of ``column: value`` pairs a
    row, so each row reads on its own in a chunk; past ``max_rows`` rows, a line saying how many more there are (the
    whole table is still answered by computing)."""
    rows = below_titles(table.rows) if table.header is None else table.rows
    if not rows:
        return ""
    titles = [" ".join(cell for cell in row if cell) for row in table.rows[: len(table.rows) - len(rows)]]
    header, body = rows[0], rows[1:]
    lines = titles + [
        "; ".join(f"{h}: {v}" if h else v for h, v in zip(header, row, strict=False) if v) for row in body[:max_rows]
    ]
    if len(body) > max_rows:
        lines.append(f"… and {len(body) - max_rows:,} more rows.")
    return "\n".join(line for line in lines if line)


def _clean(cell: object) -> str:
    text = "" if cell is None else str(cell)
    return " ".join(text.split())[:MAX_CELL_CHARS]


def _rectangular(rows: list[list[str]]) -> list[list[str]]:
    """Rows padded to the widest row, with rows and trailing columns that are wholly empty dropped."""
    rows = [row for row in rows if any(cell for cell in row)]
    width = max((len(row) for row in rows), default=0)
    rows = [row + [""] * (width - len(row)) for row in rows]
    while width and all(not row[width - 1] for row in rows):
        width -= 1
        rows = [row[:width] for row in rows]
    return rows


def read_delimited(text: str) -> RawTable:
    """A CSV or TSV text, its dialect sniffed: the delimiter, the quote, and backslash-escaped quotes (``\\"``,
    as WikiTableQuestions writes them) as well as doubled ones (``""``)."""
    sample = text[:16_384]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel_tab if sample.count("\t") > sample.count(",") else csv.excel
    # Doubled quotes inside a cell ("say ""hi""") mean the standard escape; an empty cell ("") does not count.
    backslashed = '\\"' in sample and not re.search(r'[^",;|\t\n\\]""[^",;|\t\n]', sample)
    reader = csv.reader(
        io.StringIO(text, newline=""),
        delimiter=dialect.delimiter,
        quotechar=dialect.quotechar or '"',
        escapechar="\\" if backslashed else None,
        doublequote=not backslashed,
        skipinitialspace=bool(dialect.skipinitialspace),
    )
    rows = [[_clean(cell) for cell in row] for row in reader]
    return RawTable("", _rectangular(rows))


def read_xlsx(data: bytes) -> list[RawTable]:
    """Each non-empty sheet of a workbook, cell values as computed when it was last saved (not formulas)."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        tables = []
        for sheet in book.worksheets:
            rows = _rectangular([[_xlsx_cell(value) for value in row] for row in sheet.iter_rows(values_only=True)])
            if rows:
                tables.append(RawTable("" if len(book.worksheets) == 1 else sheet.title, rows))
        return tables
    finally:
        book.close()


def _xlsx_cell(value: object) -> str:
    """A spreadsheet cell as text: whole numbers without ".0", dates in ISO form (``infer`` reads them back)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        text = value.isoformat()
        return text.removesuffix("T00:00:00")
    return _clean(value)


def html_tables(html: str) -> list[RawTable]:
    """The data tables of an HTML page (layout tables of one row or one column are skipped)."""
    import lxml.html

    try:
        root = lxml.html.fromstring(html)
    except (ValueError, lxml.etree.ParserError):
        return []
    tables: list[RawTable] = []
    for element in root.iter("table"):
        if element.xpath("ancestor::table"):
            continue  # a table nested in a cell is part of that cell
        rows, header = [], None
        for tr in element.xpath("./tr|./thead/tr|./tbody/tr|./tfoot/tr"):
            cells = tr.xpath("./th|./td")
            if header is None:
                header = bool(cells) and all(c.tag == "th" for c in cells)
            row: list[str] = []
            for cell in cells:
                span = int(cell.get("colspan", "1")) if cell.get("colspan", "1").isdigit() else 1
                row += [_clean(cell.text_content())] * max(1, min(span, 50))
            rows.append(row)
        rows = _rectangular(rows)
        if len(rows) >= 2 and len(rows[0]) >= 2:
            caption = element.xpath("./caption")
            label = _clean(caption[0].text_content()) if caption else f"table {len(tables) + 1}"
            tables.append(RawTable(label, rows, header))
    return tables


_MD_ROW = re.compile(r"^\s*\|?(.+?)\|?\s*$")
_MD_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def markdown_tables(text: str) -> list[RawTable]:
    """The pipe tables of a Markdown text (a header line, a ``---|---`` line, then rows)."""
    lines = text.splitlines()
    tables: list[RawTable] = []
    i = 0
    while i < len(lines) - 1:
        if "|" in lines[i] and _MD_SEPARATOR.match(lines[i + 1]):
            rows = [_md_cells(lines[i])]
            i += 2
            while i < len(lines) and "|" in lines[i] and lines[i].strip():
                rows.append(_md_cells(lines[i]))
                i += 1
            rows = _rectangular(rows)
            if len(rows) >= 2 and len(rows[0]) >= 2:
                tables.append(RawTable(f"table {len(tables) + 1}", rows, True))
        else:
            i += 1
    return tables


def _md_cells(line: str) -> list[str]:
    match = _MD_ROW.match(line)
    inner = match.group(1) if match else line
    return [_clean(cell.replace("\\|", "|")) for cell in re.split(r"(?<!\\)\|", inner)]


def docx_tables(tables: list[list[list[str]]]) -> list[RawTable]:
    """A Word document's tables, given as rows of cell text (python-docx repeats a merged cell in each column)."""
    found: list[RawTable] = []
    for rows in tables:
        rows = _rectangular([[_clean(c) for c in row] for row in rows])
        if len(rows) >= 2 and len(rows[0]) >= 2:
            found.append(RawTable(f"table {len(found) + 1}", rows))
    return found
