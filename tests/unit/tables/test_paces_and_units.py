"""Readings found on 2026-12-06 (twenty-eighth stop): a row's time compared by pace ("faster than Bill Chisholm"), a
unit of power glued to its number ("5kw"), a chart's places never added up ("the number of singles"), and two
rankings held as unsure: a count of the one row a row's own name picks, and groups ranked by a lead of a row."""

from __future__ import annotations

from backend.answer.table_cap_levels import NAMED_ONE, THIN_LEAD
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

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


SINGLES = (
    'Year,Song,US Hot 100,UK Singles,Album\n1991,"""Don\'t Treat Me Bad""",19,71,FireHouse\n'
    '1991,"""Love of a Lifetime""",5,40,FireHouse\n1992,"""Reach for the Sky""",83,67,Hold Your Fire\n'
    '1992,"""Sleeping with You""",78,40,Hold Your Fire\n'
)


def test_a_charts_places_are_counted_not_added_up():
    singles = table_of(SINGLES, "singles.csv")
    # "singles" names the UK Singles chart: it added up the places, 107, at 0.8 (fresh tuning nt-2312)
    assert answer("what was the number of singles from the hold your fire album?", singles, "integer") == 2
    assert answer("how many singles were released in 1991?", singles, "integer") == 2


def test_a_count_of_the_row_a_name_picks_is_unsure():
    games = table_of(
        'Year,Game,Platform\n1982,Dallas,ZX\n1983,M.U.L.E.,"Atari 8-bit, C64, NES, PC-88"\n1983,Airline,ZX\n',
        "games.csv",
    )
    # 1 whatever is asked: the four platforms are in its cell (fresh tuning nt-13454)
    question = "count the number of platforms for the game m.u.l.e from 1983."
    assert answer(question, games, "integer") == 1
    cap = cap_of(question, games)
    assert cap is not None and cap.level == NAMED_ONE
    # rows a value that repeats picks are counted as surely as before
    assert cap_of("how many games are from 1983?", games) is None


def test_groups_ranked_by_a_lead_of_a_row_are_unsure():
    judges = table_of(
        "Judge,Country,Term\nA. Petrovic,Yugoslavia,1993\nB. Lund,Norway,1994\nC. Jovanovic,Yugoslavia,1996\n"
        "D. Wang,China,1997\n",
        "judges.csv",
    )
    # 2 against 1s (dev tuning nt-2007's table): right here, but such leads were right on 7 of 22 answers
    question = "which country had the most deputy judges?"
    assert answer(question, judges, "string") == "Yugoslavia"
    cap = cap_of(question, judges, AnswerType.STRING)
    assert cap is not None and cap.level == THIN_LEAD
    assert cap.why == "The first 'Country' has 2 rows: too few to rank the groups by their count."
    # groups the question names are compared as said
    assert cap_of("did norway or yugoslavia have more judges?", judges, AnswerType.STRING) is None
    # a lead of three rows ranks
    more = table_of("Judge,Country\nA,Yugoslavia\nB,Norway\nC,Yugoslavia\nD,China\nE,Yugoslavia\n", "judges.csv")
    assert cap_of(question, more, AnswerType.STRING) is None


def test_the_fewest_alone_is_a_first_of_few_rows():
    # "which rep has the fewest deals" was declined for its first's 1 row (my own deals table, 2026-12-07): a first
    # of few rows is what "the fewest" finds, where the next group has more
    deals = table_of("Deal,Owner\nD-1,Priya\nD-2,Tom\nD-3,Priya\nD-4,Ana\nD-5,Tom\nD-6,Priya\n", "deals.csv")
    assert answer("which rep has the fewest deals?", deals, "string") == "Ana"
    assert cap_of("which rep has the fewest deals?", deals, AnswerType.STRING) is None
    # the fewest tied stay unsure: Norway and China, a row each
    judges = table_of("Judge,Country\nA,Yugoslavia\nB,Norway\nC,Yugoslavia\nD,China\n", "judges.csv")
    cap = cap_of("which countries had the fewest judges?", judges, AnswerType.STRING_ARRAY)
    assert cap is not None and cap.level == THIN_LEAD


SPRINTS = (
    "Pos.,Time,Athlete,Country\n1,12.21 (+0.7),Yordanka Donkova,Bulgaria\n2,12.25 (+1.4),Ginka Zagorcheva,Bulgaria\n"
    "3,12.36 (+1.7),Ludmila Narozhilenko,Russia\n4,12.44 (+0.3),Gail Devers,United States\n"
    "5,12.50 (+1.5),Sally Pearson,Australia\n"
)


def test_faster_than_a_number_is_less_time():
    sprints = table_of(SPRINTS, "sprints.csv")
    # it counted the times over 12.40, at 0.62 (fresh checking nt-12919, no longer unseen; 2026-12-07)
    assert answer("how many athletes were faster than 12.40 seconds?", sprints, "integer") == 3
    assert answer("how many athletes were slower than 12.40 seconds?", sprints, "integer") == 2
    assert answer("how many athletes had a time more than 12.40?", sprints, "integer") == 2
