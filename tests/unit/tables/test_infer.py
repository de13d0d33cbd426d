"""Files read as raw tables (read.py), their cells read as people write them (cells.py), and column types
inferred with missing cells (infer.py); a stored table reads back the same."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from openpyxl import Workbook

from backend.tables.cells import leading_number, parse_date, parse_number, year_range
from backend.tables.infer import from_bytes, infer, to_bytes
from backend.tables.read import as_text, html_tables, markdown_tables, read_xlsx
from tests.unit.tables.sample import ORDERS, table_of


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("1,234", 1234.0),
        ("1 234 567", 1234567.0),
        ("$1,200.50", 1200.5),
        ("€3.5", 3.5),
        ("US$12", 12.0),
        ("48.4%", 48.4),
        ("(12)", -12.0),
        ("-7", -7.0),
        ("12[3]", 12.0),
        ("7*", 7.0),
        ("12 km", None),
        ("abc", None),
        ("", None),
    ],
)
def test_numbers_are_read_as_people_write_them(cell, expected):
    assert parse_number(cell) == expected


def test_leading_numbers_and_dates():
    assert leading_number("1st") == 1.0 and leading_number("17 years") == 17.0 and leading_number("n/a") is None
    assert parse_date("January 26, 1995") == datetime(1995, 1, 26)
    assert parse_date("27 August 2005 (Saturday)") == datetime(2005, 8, 27)
    assert parse_date("2004-02-27") == datetime(2004, 2, 27)
    assert parse_date("soon") is None
    # cells that span years: a two-digit end takes the start's century, or the next one
    assert year_range("1996–99") == (1996, 1999) and year_range("1998-02") == (1998, 2002)
    assert year_range("1991–97, 2000–04") == (1991, 2004) and year_range("1956") == (1956, 1956)
    assert year_range("2001-1999") is None and year_range("n/a") is None
    assert year_range("15 January 1931 — 1 February 1936") == (1931, 1936)


def test_column_types_are_inferred_with_missing_cells():
    table = table_of(ORDERS)
    kinds = {c.name: (c.kind, c.numeric, c.percent) for c in table.columns}
    assert kinds == {
        "order_id": ("number", True, False),
        "region": ("text", False, False),
        "amount": ("number", True, False),
        "discount": ("number", True, True),  # "n/a" is a missing cell, not text
        "order_date": ("date", False, False),
        "status": ("text", False, False),
    }
    assert table.data.column("n2").to_pylist() == [1200.5, 300.0, 50.0, 2000.0, None]
    assert table.row_count == 5
    pending = table_of("event,points\nOpen,305\nMasters,430\nFinals,TBD\nCup,TBA\n")
    assert pending.columns[1].numeric and pending.data.column("n1").to_pylist() == [305.0, 430.0, None, None]


def test_a_header_row_is_detected_and_names_are_made_unique():
    headed = table_of("name,score,score,\nAda,1,2,x\nBob,3,4,y\n")
    assert [c.name for c in headed.columns] == ["name", "score", "score (2)", "column 4"]
    headless = table_of("Ada,1,2\nBob,3,4\nCy,5,6\n")
    assert [c.name for c in headless.columns] == ["column 1", "column 2", "column 3"] and headless.row_count == 3
    # years over numbers that are no years name their columns (sales by year: it read the header as a row of data)
    by_year = table_of("Region,2021,2022\nEast,120,150\nWest,140,130\n")
    assert [c.name for c in by_year.columns] == ["Region", "2021", "2022"] and by_year.row_count == 2
    # a first row of data whose year sits over more years is data
    dated = table_of("2019,Ada,3\n2020,Bob,4\n2021,Cy,5\n")
    assert dated.columns[0].name == "column 1" and dated.row_count == 3


def test_dialects_semicolons_tabs_and_backslash_escaped_quotes():
    assert table_of("a;b\n1;2\n3;4\n").columns[1].name == "b"
    assert table_of("a\tb\n1\t2\n").data.column("c1").to_pylist() == ["2"]
    # WikiTableQuestions writes a quote inside a cell as \" (and every cell quoted)
    wtq = table_of('"Title","Time"\n"\\"Die Slow\\"","4:00"\n"","3:10"\n')
    assert wtq.data.column("c0").to_pylist() == ['"Die Slow"', ""]
    doubled = table_of('title,n\n"say ""hi""",1\n')
    assert doubled.data.column("c0").to_pylist() == ['say "hi"']


def test_day_first_or_month_first_is_decided_by_the_column():
    table = table_of("day,n\n03/04/2024,1\n25/04/2024,2\n")
    assert table.columns[0].kind == "date"
    assert table.data.column("d0").to_pylist()[0] == datetime(2024, 4, 3)  # 25/04 proves day-first


def test_a_title_over_a_spreadsheet_report_is_no_header():
    # a report exported with its title and a blank row over the header: it read the title as the header
    book = Workbook()
    sheet = book.active
    for row in (["Quarterly Sales Report", None, None], [None, None, None], ["Region", "Q1", "Q2"]):
        sheet.append(row)
    sheet.append(["East", 100, 120])
    sheet.append(["West", 90, 95])
    buffer = io.BytesIO()
    book.save(buffer)
    [raw] = read_xlsx(buffer.getvalue())
    report = infer(raw, "report.xlsx")
    assert [c.name for c in report.columns] == ["Region", "Q1", "Q2"] and report.row_count == 2
    assert report.data.column("n2").to_pylist() == [120.0, 95.0]
    # searched as text, the title comes first and each row reads under the real header
    assert as_text(raw, 10).splitlines() == [
        "Quarterly Sales Report",
        "Region: East; Q1: 100; Q2: 120",
        "Region: West; Q1: 90; Q2: 95",
    ]
    # a table of one column keeps its first rows
    single = table_of("a\nb\nc\nd\n")
    assert single.row_count == 3 and single.columns[0].name == "a"


def test_xlsx_html_and_markdown_tables():
    book = Workbook()
    sheet = book.active
    sheet.title = "Q1"
    sheet.append(["region", "sales"])
    sheet.append(["Europe", 120])
    sheet.append(["Asia", 80.5])
    book.create_sheet("Q2").append(["empty"])
    buffer = io.BytesIO()
    book.save(buffer)
    sheets = read_xlsx(buffer.getvalue())
    assert [(t.label, t.rows) for t in sheets] == [
        ("Q1", [["region", "sales"], ["Europe", "120"], ["Asia", "80.5"]]),
        ("Q2", [["empty"]]),
    ]
    html = (
        "<table><caption>Staff</caption><tr><th>Office</th><th>People</th></tr><tr><td>Leeds</td><td>12</td></tr>"
        "<tr><td colspan=2>total 12</td></tr></table><table><tr><td>layout</td></tr></table>"
    )
    [staff] = html_tables(html)
    assert staff.label == "Staff" and staff.header is True
    assert staff.rows == [["Office", "People"], ["Leeds", "12"], ["total 12", "total 12"]]
    markdown = "Intro\n\n| City | Pop |\n|---|---:|\n| Leeds | 812,000 |\n| York | 210,000 |\n\nAfter."
    [cities] = markdown_tables(markdown)
    assert cities.rows == [["City", "Pop"], ["Leeds", "812,000"], ["York", "210,000"]]


def test_a_stored_table_reads_back_the_same():
    table = table_of(ORDERS)
    columns, data = to_bytes(table)
    again = from_bytes(table.name, columns, data)
    assert again.columns == table.columns and again.data.equals(table.data)
