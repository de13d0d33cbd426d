"""Exports as files: rows of plain Python values written as CSV or as XLSX, holding the same data.

CSV cells are plain text (strings unquoted, whole floats without ".0", booleans ``true``/``false``, datetimes
ISO 8601, lists as JSON, empty for none); XLSX cells are typed (numbers, booleans, ISO datetimes as dates).
Shared by the API's grid exports and the console's exports.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from datetime import datetime

from openpyxl import Workbook
from openpyxl.styles import Font

Row = dict[str, object]


def plain(value: object) -> str:
    """A value as a CSV cell: text as is, whole floats without ".0", booleans lower-case, lists as JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def to_csv(columns: list[str], rows: Iterable[Row]) -> str:
    """``rows`` as CSV text with a header, every value written by :func:`plain`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows([plain(row.get(column)) for column in columns] for row in rows)
    return out.getvalue()


def _cell(value: object) -> object:
    """A value as an XLSX cell: numbers and booleans typed, ISO datetimes as dates, lists as JSON text."""
    if isinstance(value, str) and len(value) == 20 and value.endswith("Z") and value[10] == "T":
        try:
            return datetime.fromisoformat(value.removesuffix("Z"))  # UTC, as the API gives it
        except ValueError:
            return value
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return value


# What Excel refuses in a sheet's name (openpyxl raises on them; Excel will not open a file that has them), its
# length limit, and the name it keeps for itself.
_FORBIDDEN_IN_TITLES = re.compile(r"[\\/?*\[\]:]")
_MAX_TITLE_CHARS = 31


def sheet_title(name: str, default: str = "Sheet") -> str:
    """``name`` as a valid sheet title: Excel's forbidden characters (``\\ / ? * [ ] :``) become spaces, at most
    31 characters, no apostrophe at either end, never empty nor the reserved "History" ("Tally*" → "Tally")."""
    title = " ".join(_FORBIDDEN_IN_TITLES.sub(" ", name).split())[:_MAX_TITLE_CHARS].strip().strip("'").strip()
    if not title:
        return default
    return f"{title[: _MAX_TITLE_CHARS - 1]}_" if title.lower() == "history" else title


def to_xlsx(columns: list[str], rows: Iterable[Row], sheet: str) -> bytes:
    """``rows`` as an XLSX workbook of one sheet named ``sheet`` (made valid by :func:`sheet_title`): a bold header
    row, typed cells, ISO-formatted dates."""
    book = Workbook()
    table = book.active
    table.title = sheet_title(sheet)
    table.append(columns)
    for cell in table[1]:
        cell.font = Font(bold=True)
    for row in rows:
        table.append([_cell(row.get(column)) for column in columns])
        for cell in table[table.max_row]:
            if isinstance(cell.value, datetime):
                cell.number_format = "yyyy-mm-dd hh:mm:ss"
    table.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
