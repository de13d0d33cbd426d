"""A table's vocabulary: the :class:`Index` of its column names and cell values that questions are read against
(built once per loaded table, ``loaded.py``), with what some columns hold (yes and no, game outcomes, scores) and the
other ways a question says a cell ("first place" for "1st"); and the columns a question names by it
(:func:`named_columns`). A question's words: ``words.py``; the cell values it says: ``mentions.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pyarrow as pa
import pyarrow.compute as pc

from backend.tables.cells import MISSING, list_items
from backend.tables.demonyms import people_of
from backend.tables.infer import TypedTable
from backend.tables.plan import MAX_LIMIT
from backend.tables.senses import name_by_the_tables_sense
from backend.tables.words import (
    BRACKETED,
    CUE_STEMS,
    CUE_WORDS,
    MIN_SPELT,
    MONTH_NAMES,
    NO_CELLS,
    ORDINAL_WORDS,
    UNIT_SAID,
    name_stems,
    normal,
)
from backend.text import STOP_WORDS, stem

MAX_VALUE_WORDS = 8  # the longest cell value looked for in a question, in words
MAX_DISTINCT = 200_000  # columns with more distinct values than this are not searched for values
MAX_SPELLINGS = 20_000  # a table with more long words than this keeps none to read misspellings by (words.MIN_SPELT)


@dataclass(frozen=True)
class Index:
    """A table's words: each column's name stems, and its normalised cell values (built once per loaded table)."""

    names: list[set[str]]
    values: list[dict[str, str]]
    max_words: int
    words: list[set[str]]  # each column's words (for values said in part: "castledon" of "Castledon Farm")
    stemmed: list[dict[str, str]]  # each column's values by their words' stems (plurals, tenses)
    gaps: list[bool]  # whether some of each column's cells are missing ("", "—", "n/a": cells.MISSING)
    flags: list[str | None]  # the cell that says yes, in a column of yes and no ("remote": "Yes" / "No")
    zeros: list[bool]  # whether some of each number column's cells are 0 (a country with no bronze medal)
    # how many of each name's words stand outside brackets: "speed" names "Speed (km/h)" as fully as "Speed"
    name_sizes: list[int]
    # the long words of the table's column names and values, to read a misspelt one by ("castledon" for
    # "Castleton", "desnsity" for "Density"); empty for a
    # table with more than MAX_SPELLINGS of them (looking one up would cost more than a query)
    spellings: tuple[str, ...] = ()
    # each column's cells by the outcome they record, in a column of results ("W 21–14", "Lost", "Runner-up"):
    # {"win": [...], "loss": [...]}; empty for other columns
    outcomes: tuple[dict[str, list[str]], ...] = ()
    scores: tuple[bool, ...] = ()  # whether each column is one of scores ("27–24": tables.scores)
    name_words: frozenset[str] = frozenset()  # the words of the column names, as written ("opened" of "Opened")
    # codes written in brackets after a value ("usa" of "Paula Jean Myers-Pope (USA)"): short words that are said
    # in part of a cell all the same ("divers from usa")
    codes: frozenset[str] = frozenset()
    phrases: frozenset[str] = frozenset()  # the column names of two words or more ("offer salary"), normal form
    # how many different cells each column holds (``values`` also keys a cell by the ways it is said: "first place",
    # "january"; counting those keys made a Month of "Jan", "Feb", "Mar" over six rows look unrepeated)
    distinct: tuple[int, ...] = ()
    # the values each column's cells list among others ("zx" and "bbc" of a "ZX, BBC" cell): a value said that one of
    # them lists picks those rows too (conditions.as_listed)
    listed: tuple[frozenset[str], ...] = ()


# The first word of a cell that records a game's or a final's outcome, and the outcome it records.
OUTCOME_CELLS = {"w": "win", "won": "win", "win": "win", "winner": "win", "l": "loss", "lost": "loss", "loss": "loss"}
OUTCOME_CELLS |= {"runner": "loss"}  # "Runner-up"
# The share of a column's distinct cells that must start with one for it to be a column of results. Over the 360
# WikiTableQuestions tables (2026-11-24): 0.8 finds 20 columns, all of results (Result, Outcome, Res., W/L); 0.6
# adds 5, among them notes ("Details") where a few cells start "Won".
OUTCOME_SHARE = 0.8
# Two numbers of up to three digits around a dash, not part of a date ("2024-03-01") or a span of years ("1996–99").
_SCORE = re.compile(r"(?<![\d.:/-])\d{1,3}\s*[-–—]\s*\d{1,3}(?![\d.:/-])")
# The share of a column's distinct cells that must hold a score. Over the 360 WikiTableQuestions tables
# (2026-11-24) 0.8 finds 92 columns: Score 24, Result 23, Record 8 (win–loss records, read the same way), Score in the
# final 4, legs and aggregates; 0.6 adds a column of dates and two of temperature ranges; 0.95 drops 7, 2 Results
SCORE_SHARE = 0.8

# Cells that write a value short, and how questions say it: "finished in first place" is a "1st" cell, "did he not
# finish" a "DNF" one (the racing and ranking abbreviations of Wikipedia's results tables), "missed" a "No-show".
_SAID_AS = {
    "dnf": ("did not finish", "not finish"),
    "dns": ("did not start", "not start"),
    "dnq": ("did not qualify", "not qualify"),
    "dsq": ("disqualified",),
    "dq": ("disqualified",),
    "ret": ("retired",),
    # an appointment's or a booking's status: "which patient missed the most appointments" (it counted every one)
    "no show": ("missed", "did not show", "did not attend"),
    # a stock movement's direction: "how many Widgets were received" (it counted Widget's rows, at 0.72), "shipped
    # out" (it added up every Widget movement, at 0.72; my own stock movements table, 2026-11-29)
    "in": ("received", "inbound", "incoming", "came in", "came into", "went in"),
    "out": ("shipped out", "outbound", "outgoing", "went out", "dispatched", "issued"),
}
_ORDINAL_CELL = re.compile(r"(\d+)(?:st|nd|rd|th)")
_MONTH_CELLS = {name[:3]: name for name in MONTH_NAMES if len(name) > 3} | {"sept": "september"}

_CODE = re.compile(r"\(([A-Z]{2,3})\)")  # "(USA)", "(GB)": a country's or a team's code after a name
_YES = {"yes", "y", "true"}
_YES_NO = _YES | NO_CELLS


def index(table: TypedTable) -> Index:
    """The words of ``table`` that questions are matched against."""
    names = [name_stems(c.name) for c in table.columns]
    name_by_the_tables_sense(table, names)
    values: list[dict[str, str]] = []
    gaps: list[bool] = []
    flags: list[str | None] = []
    longest = 1
    for i in range(len(table.columns)):
        by_norm, gap, flag, words_long = _column_values(table, i)
        values.append(by_norm)
        gaps.append(gap)
        flags.append(flag)
        longest = max(longest, words_long)
    words = [{w for key in by_norm for w in key.split()} for by_norm in values]
    distinct = tuple(len(set(by_norm.values())) for by_norm in values)
    for by_norm in values:  # said whole only: "finish" alone is no part of a "DNF" cell
        for key, cell in list(by_norm.items()):
            for alias in said_as(key):
                by_norm.setdefault(alias, cell)
                longest = max(longest, alias.count(" ") + 1)
    zeros = [
        f"n{i}" in table.data.column_names and bool(pc.any(pc.equal(table.data.column(f"n{i}"), 0.0)).as_py())
        for i in range(len(table.columns))
    ]
    sizes = [
        len(name_stems(UNIT_SAID.sub("", BRACKETED.sub(" ", c.name))) or name)
        for c, name in zip(table.columns, names, strict=True)
    ]
    named = {w for c in table.columns for w in normal(c.name).split()}
    long_words = {w for w in set().union(named, *words) if len(w) >= MIN_SPELT and w.isalpha()}
    spellings = tuple(sorted(long_words)) if len(long_words) <= MAX_SPELLINGS else ()
    outcomes = tuple(_outcomes(by_norm) for by_norm in values)
    scores = tuple(
        column.kind == "text" and f"s{i}" not in table.data.column_names and holds_scores(list(by_norm.values()))
        for i, (column, by_norm) in enumerate(zip(table.columns, values, strict=True))
    )
    codes = frozenset(
        code.lower() for by_norm in values for cell in by_norm.values() for code in _CODE.findall(cell or "")
    )
    stemmed = [_by_stems(by_norm) for by_norm in values]
    listed = tuple(
        frozenset(item for cell in set(by_norm.values()) if len(items := list_items(cell or "")) > 1 for item in items)
        for by_norm in values
    )
    return Index(
        names, values, longest, words, stemmed, gaps, flags, zeros, sizes, spellings, outcomes, scores,
        frozenset(named), codes, frozenset(n for c in table.columns if " " in (n := normal(c.name))), distinct, listed,
    )  # fmt: skip


def _column_values(table: TypedTable, i: int) -> tuple[dict[str, str], bool, str | None, int]:
    """Column ``i``'s values as a question says them (normal form → cell), whether it has empty cells, its "yes"
    cell when it holds yes/no flags, and the most words a value has."""
    distinct = pc.unique(table.data.column(f"c{i}"))  # in table order, counted by Arrow (a million rows: ms)
    cells = pc.utf8_lower(pc.utf8_trim_whitespace(distinct.fill_null("")))
    gap = bool(pc.any(pc.is_in(cells, value_set=pa.array(sorted(MISSING)))).as_py())
    said = set(cells.to_pylist()) - set(MISSING) if len(cells) <= len(_YES_NO) + len(MISSING) else set()
    yes = [c for c in distinct.to_pylist() if c and c.strip().lower() in _YES]
    # a column of yes and no, and perhaps one state besides ("Approved": Yes, No, Pending; my own expenses table,
    # 2026-11-29: "the total of approved expenses" had no reading)
    flag = yes[0] if said and yes and (said <= _YES_NO or (said & NO_CELLS and len(said - _YES_NO) == 1)) else None
    by_norm: dict[str, str] = {}
    header = normal(table.columns[i].name)
    shared: set[str] = set()  # "Published (2005)", "Published (2011)": "published" says neither
    longest = 1
    if len(distinct) <= MAX_DISTINCT:
        for cell in distinct.to_pylist():
            # "Chuck Bednarik (Lottery bonus pick)" is said "Chuck Bednarik": a note in brackets is not the value
            noted = BRACKETED.sub(" ", cell) if cell and ("(" in cell or "[" in cell) else ""
            for key in (normal(cell or ""), normal(noted)):
                # A cell that repeats its column's name is a header row inside the data, not a value; a cell that
                # is a common word is no value to look for, unless it is a month ("May").
                # (an acronym is a value: "IT" of a Department column, looked for where a question writes it so,
                # mentions.said_values)
                common = (key in STOP_WORDS or key in CUE_WORDS) and key not in MONTH_NAMES and not is_acronym(cell)
                if key and key == normal(noted) and by_norm.get(key, cell) != cell:
                    shared.add(key)
                if key and key != header and key not in by_norm and not common:
                    by_norm[key] = cell
                    longest = max(longest, min(MAX_VALUE_WORDS, key.count(" ") + 1))
                elif common and key in _SAID_AS:  # "In" of a stock movement: said "received", never "in"
                    for alias in _SAID_AS[key]:
                        by_norm.setdefault(alias, cell)
                        longest = max(longest, alias.count(" ") + 1)
    for key in shared - {normal(cell or "") for cell in by_norm.values()}:
        del by_norm[key]
    return by_norm, gap, flag, longest


def is_acronym(cell: str | None) -> bool:
    """Whether a cell is a short word in capitals ("IT", "HR", the grade "A"): a value even where it is a common word
    (looked for only where a question writes it so: "who got the most A grades" counted every grade, at 0.8; my own
    grades table, 2026-11-29)."""
    said = (cell or "").strip()
    return 1 <= len(said) <= 4 and said.isalpha() and said.isupper()


def _by_stems(by_norm: dict[str, str]) -> dict[str, str]:
    """A column's values by their stems ("returns" says "returned", "Americans" says "American"); a stem two cells
    of the column share names neither."""
    by_stem: dict[str, str] = {}
    clashes: set[str] = set()
    for key, cell in by_norm.items():
        stems = " ".join(stem(w) for w in key.split())
        if stems in by_stem and by_stem[stems] != cell:
            clashes.add(stems)
        by_stem.setdefault(stems, cell)
    return {k: v for k, v in by_stem.items() if k not in clashes}


def said_as(key: str) -> tuple[str, ...]:
    """Other ways a question says a cell (in :func:`normal` form): "first place" or "1st place" for "1st", "did
    not finish" for "DNF"."""
    ordinal = _ORDINAL_CELL.fullmatch(key)
    if ordinal and 1 <= int(ordinal.group(1)) <= len(ORDINAL_WORDS):
        word = ORDINAL_WORDS[int(ordinal.group(1)) - 1]
        return (f"{word} place", f"{key} place", f"{word} position", f"{key} position")
    if key in _MONTH_CELLS:  # "in January" of a Month column of "Jan", "Feb" (it read every month; my own energy table)
        return (_MONTH_CELLS[key],)
    return _SAID_AS.get(key, ()) + people_of(key)  # "american" for "United States"


def holds_scores(cells: list[str]) -> bool:
    """Whether most of a column's distinct cells hold a score."""
    return bool(cells) and sum(bool(_SCORE.search(cell)) for cell in cells) >= SCORE_SHARE * len(cells)


def _outcomes(by_norm: dict[str, str]) -> dict[str, list[str]]:
    """A column's cells by the outcome they record, when most of them record one (see ``Index.outcomes``)."""
    recorded: dict[str, list[str]] = {}
    for key, cell in by_norm.items():
        outcome = OUTCOME_CELLS.get(key.split()[0])
        if outcome is not None:
            recorded.setdefault(outcome, []).append(cell)
    if "win" not in recorded or sum(map(len, recorded.values())) < OUTCOME_SHARE * len(by_norm):
        return {}
    if len(by_norm) > MAX_LIMIT:  # a condition lists the cells: a column of results repeats a few
        return {}
    return recorded


_TOTAL = stem("total")
# cue words that name a column called by them alone: "the total", "the headcount", "the time" (of a Time column; it
# was a cue only, for "how many times", and "the time of the last finisher" read the name: 3 tuning and 3 checking
# answers right, none lost, dev and fresh questions in process, 2026-12-06)
_TIME = stem("time")
_NAMES_WHOLE = {_TOTAL, stem("headcount"), _TIME}
_COUNTED_TIMES = "times"  # "how many times", "the number of times": a count, no Time column


def named_columns(
    stems: list[str],
    covered: set[int],
    index: Index,
    share: float = 0.5,
    row_nouns: frozenset[str] = frozenset(),
    words: list[str] | None = None,
) -> list[int]:
    """Columns whose name the question says (at least ``share`` of the name's words, outside cell values), best
    first. A cue word that the table's file is named for (``row_nouns``) says what its rows are, and names a column
    as any word does ("which listing" of listings.csv names its "Listing ID", where "listed" is a cue)."""
    free = {s for i, s in enumerate(stems) if i not in covered and (s not in CUE_STEMS or s in row_nouns)}
    totals = {
        s
        for i, s in enumerate(stems)
        if i not in covered and s in _NAMES_WHOLE and not (words and words[i] == _COUNTED_TIMES)
    }
    # ("time" stays a cue of a longer name as well: "the longest handle time" of "Avg Handle Time (s)")
    whole_only = _NAMES_WHOLE - {_TIME}
    cues = {s for i, s in enumerate(stems) if i not in covered and s in CUE_STEMS and s not in free | whole_only}
    scored = []
    for column, name in enumerate(index.names):
        if not name:
            continue
        # "total" names a column called "Total" ("orders with a total over 100"), "headcount" one called "Headcount"
        # ("the average headcount" read the Revenue, at 0.8; my own yearly table, 2026-11-29); other cue words stay
        # cues ("the number of trains" is no "Number" column: tuning half, 2026-11-24, 2 of 196 lost when they named
        # columns).
        # (an "On Time" of yes and no holds no time: "the average delivery time" is no reading of it)
        # (a name of one word but for a note in brackets: "Time (hand)" is named "the time")
        whole = totals - ({_TIME} if index.flags[column] else set()) if index.name_sizes[column] == 1 else set()
        hit, size = len(name & (free | whole)), index.name_sizes[column]
        hit += len(name & cues) if hit else 0  # "the handle time": a cue word in a name another word said
        if hit and hit >= size * share:
            scored.append((hit / size + 0.01 * hit, -column, column))
    return [c for *_, c in sorted(scored, reverse=True)]
