"""A counted plural that names people by their job title's last word (my own staff table, 2026-12-07): "how many
managers" counts the rows whose Title ends in "Manager" (it counted every row, 12 at 0.5), beside other conditions
too; a column that is no title or role is not read so ("how many districts" of "Lima District" cells)."""

from __future__ import annotations

from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

STAFF = (
    "Employee,Department,Title,Office\nAda,Engineering,Senior Engineer,London\nBen,Sales,Sales Manager,Berlin\n"
    "Cara,Sales,Account Executive,London\nDev,Engineering,Engineering Manager,London\nEla,Support,Support Lead,Berlin\n"
    "Finn,Support,Support Agent,Berlin\nGia,Finance,Controller,London\n"
)


def test_managers_are_the_titles_that_end_in_manager():
    staff = table_of(STAFF, "staff.csv")
    assert answer("How many managers are there?", staff, "integer") == 2
    assert answer("How many managers are in London?", staff, "integer") == 1
    reading = parse.read("How many managers do we have?", staff, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()
    assert any(c.op == "contains" and c.value == "manager" for c in reading.plan.where)


def test_a_column_of_names_of_places_is_no_title():
    districts = table_of("District,Population\nLima District,100\nAte District,80\nBreña,50\n", "districts.csv")
    reading = parse.read("How many districts are there?", districts, AnswerType.INTEGER)
    assert reading is None or not any(c.op == "contains" for c in reading.plan.where)
