"""Readings found on 2026-12-06 (twenty-eighth stop): a row's time compared by pace ("faster than Bill Chisholm"),
and a unit of power glued to its number ("5kw")."""

from __future__ import annotations

from tests.unit.tables.sample import answer, table_of

WALK = (
    "Rank,Name,Nationality,Time\n,Tommy Green,Great Britain,4:50:10\n,Ugo Frigerio,Italy,4:59:06\n"
    "4,Karl Hähnel,Germany,5:06:06\n5,Bill Chisholm,United States,5:51:00\n6,Alfred Maasik,Estonia,6:19:00\n"
    ",Henry Cieman,Canada,\n"
)
STATIONS = (
    "Branding,Callsign,Power (kW),Location\nMom's Radio Laoag,DWSN-FM,5 kW,Laoag\nMom's Radio Naga,DZRB-FM,10 kW,Naga\n"
    "Mom's Radio Bacolod,DYCP-FM,5 kW,Bacolod\nMom's Radio Tacloban,DYJP-FM,2.5 kW,Tacloban\n"
)


def test_faster_than_a_row_is_less_time():
    walk = table_of(WALK, "walk.csv")
    # it counted Bill Chisholm's own row, "faster" left out, at 0.15 (fresh tuning nt-7708)
    assert answer("how many athletes were faster than bill chisholm?", walk, "integer") == 3
    assert answer("how many athletes were slower than karl hähnel?", walk, "integer") == 2
    assert answer("who was faster than ugo frigerio?", walk, "string") == "Tommy Green"


def test_a_unit_of_power_glued_to_its_number():
    stations = table_of(STATIONS, "stations.csv")
    # "5kw" was no cell the question said: it counted every station, at 0.28 (fresh tuning nt-8753)
    assert answer("how many stations broadcast with a power of 5kw?", stations, "integer") == 2
