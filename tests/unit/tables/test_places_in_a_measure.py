"""Readings found on 2026-12-07 (twenty-ninth stop): a place said in a measure ("last in literacy", "on top in bronze
medals") ranks by that measure, not by the table's order."""

from __future__ import annotations

from tests.unit.tables.sample import answer, table_of

# Listed by rank, which follows the gold medals: the bronze medals and the literacy rates are in no order
MEDALS = (
    "Rank,Nation,Gold,Silver,Bronze,Total\n1,Netherlands,4,1,2,7\n2,Spain,2,1,5,8\n3,Italy,1,3,1,5\n4,Poland,0,2,3,5\n"
)
DISTRICTS = (
    "District,Headquarters,Population,Literacy rate\nKhordha,Bhubaneswar,2251673,86.88\n"
    "Nabarangapur,Nabarangpur,1220946,46.43\nSundergarh,Sundergarh,2093437,73.34\n"
)


def test_a_place_in_a_measure_ranks_by_the_measure():
    medals = table_of(MEDALS, "medals.csv")
    # it read the first row, Netherlands, at 0.8 (fresh checking nt-11934, no longer unseen)
    assert answer("which nation is on top in bronze medals?", medals, "string") == "Spain"
    assert answer("which nation is first in total medals?", medals, "string") == "Spain"
    assert answer("which nation is last in bronze medals?", medals, "string") == "Italy"
    assert answer("which nation is last in silver medals?", medals, "string") is None  # a tie, Netherlands and Spain
    districts = table_of(DISTRICTS, "districts.csv")
    # it read the last row, Sundergarh (fresh checking nt-6548, no longer unseen)
    assert answer("what district is last in literacy?", districts, "string") == "Nabarangapur"


def test_a_place_in_the_table_is_still_its_order():
    medals = table_of(MEDALS, "medals.csv")
    assert answer("which nation is first in the table?", medals, "string") == "Netherlands"
    assert answer("which nation is last?", medals, "string") == "Poland"
