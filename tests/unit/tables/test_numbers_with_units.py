"""Numbers said with their unit (2026-11-29, sixteenth stop: the fresh WikiTableQuestions tuning questions of that stop
and tables of my own): "at least 5 kw" of cells "5 kW" compares the column's numbers, not the one cell "5 kW"."""

from __future__ import annotations

from tests.unit.tables.sample import answer, table_of

STATIONS = """Branding,Callsign,Power (kW),Location
Mom's Radio 97.9,DWSN-FM,5 kW,Laoag
Mom's Radio 95.9,DZRB-FM,10 kW,Naga
DYAP 88.3,DYAP-FM,5 kW,Cebu
Mom's Radio 101.5,DYJP-FM,2.5 kW,Tacloban
DXSS 97.9,DXSS,10 kW,Davao
"""

OPERAS = """Title,Genre,Subdivisions,Premiere
Zenobia,dramma per musica,3 acts,1694
Il prodigio,dramma,3 acts,1695
Zenone,dramma per musica,5 acts,1696
Il Tigrane,serenata,1 act,1697
Primislao,dramma per musica,2 acts,1697
"""


def test_a_number_with_its_unit_after_a_comparison_compares_the_numbers():
    # it counted the cells "5 kW" alone (4 of 6, at 0.72; nt-3842), and the cells "3 acts" (48 of 51; nt-4824)
    stations = table_of(STATIONS, "stations.csv")
    assert answer("how many stations have at least 5 kw or more?", stations, "integer") == 4
    assert answer("how many stations have more than 5 kW?", stations, "integer") == 2
    assert answer("how many stations have 5 kW?", stations, "integer") == 2  # no comparison: the cell itself
    operas = table_of(OPERAS, "operas.csv")
    assert answer("how many operas have at least 3 acts?", operas, "integer") == 3
    assert answer("how many operas have fewer than 3 acts?", operas, "integer") == 2


def test_two_numbers_and_a_day_are_no_number_with_a_unit():
    # "which is older, 10-13 or 18-21": two series, not a comparison with 10 (nt-3821)
    series = table_of("Series number,Composed\n10–13,1832\n18–21,1836\n22–25,1840\n", "series.csv")
    assert answer("which is older, 10-13 or 18-21?", series, "string") == "10–13"
    days = table_of("Date,Encyclical\n1 December 1918,Quod iam diu\n14 May 1919,In hac tanta\n", "encyclicals.csv")
    assert answer("what encyclical was after 1 december 1918?", days, "string") == "In hac tanta"
