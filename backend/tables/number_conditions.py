"""The conditions the numbers a question says put on rows (:func:`number_conditions`): a year within the years a row
spans ("on the board in 2003"), the ranks of "the top 50", a comparison with the column the number belongs to
("population density under 30"), a year said in a text column's words ("published in 2011"), and the other end of a
range ("between 90,000 and 110,000"). ``conditions.py`` gathers them with the rest. A word the question says as a
cell ("won") names the number column instead when a count stands by it ("won 1 game": :func:`names_a_counted_column`,
which ``parse.py`` asks before it reads the cells said)."""

from __future__ import annotations

import itertools

import pyarrow.compute as pc

from backend.tables.cells import iso_week, parse_number
from backend.tables.column_kinds import chart_places, holds_places, holds_years, is_rank, rank_column
from backend.tables.columns import named_near, number_column
from backend.tables.differences_said import asks_difference
from backend.tables.durations_said import paced, seconds_in, seconds_per, timed_column
from backend.tables.infer import TypedTable
from backend.tables.plan import Condition
from backend.tables.quantities import SaidNumber
from backend.tables.spans import during
from backend.tables.vocabulary import Index
from backend.tables.words import (
    MAX_WORDS,
    MIN_WORDS,
    MONTH_NAMES,
    NUMBERED_PERIODS,
    STOP_WORDS,
    Mention,
    name_stems,
    negation_before,
)
from backend.text import stem


def number_conditions(
    numbers: list[SaidNumber], words: list[str], table: TypedTable, named: list[int], taken: set[int], hinted: list[int]
) -> list[Condition]:
    """The conditions the numbers a question says put on the rows: a year within each row's span ("on the board
    in 2003"), the ranks of "the top 50", or a comparison with the column the number belongs to (``taken``: the
    columns other conditions already hold)."""
    taken = set(taken)
    numeric = [i for i, c in enumerate(table.columns) if c.numeric]
    conditions: list[Condition] = []
    equal_at: dict[int, int] = {}  # column → where a number said equal to it was said
    for number in numbers:
        found = during(number.value, words, table, named, taken) if number.op == "=" else []
        said_at = number.words[0]
        # "in the top 10 in the UK": the rank column named ("Peak chart positions UK"), else the table's rank
        # (or a column of places it names: "finished in the top 10" of a Finish of "7th", "24th")
        rank = next(
            (
                c
                for c in [*named, *hinted]
                if table.columns[c].numeric and (is_rank(table.columns[c].name) or holds_places(table, c))
            ),
            None,
        )
        top = said_at > 0 and words[said_at - 1] == "top"
        if rank is None and top:
            # "in the top 10 of the US Hot 100": a chart named, its numbers the places (it read the first row, "10" left
            # out, at 0.8; fresh tuning nt-2877, 2026-12-06)
            rank = _chart_named(words, number, [c for c in named if c in numeric and c not in taken], table)
        rank = rank if rank is not None else rank_column(table)
        if not found and top and rank is not None:
            found = [Condition(rank, "<=", number.value, "number")]  # "in the top 50": ranked 1 to 50
        if number.duration:  # "under 2:20": the table's column of times, in seconds (durations_said.py)
            timed = timed_column(table, [*named, *hinted])
            if timed is not None:
                conditions.append(Condition(timed, number.op, seconds_in(number, table, timed), "number"))
                taken.add(timed)
            continue
        if number.place:  # "finished below 10th": the table's places (places_said.py), or no condition
            conditions += [Condition(rank, number.op, number.value, "number")] if rank is not None else []
            taken |= {rank} if rank is not None else set()
            continue
        # the named columns the words right by the number name; none when the nearest holds text ("position 1" of a
        # Pos. of "1" and "DNF" is no Qual. Pos.; fresh WikiTableQuestions training questions, tuning tables)
        near = named_near(words, number, named, table)
        near = [c for c in near if c in numeric] if near and near[0] in numeric else []
        ordered = [*near, *(c for c in named if c not in near)]
        # "between 20 and 29": the other end of the same column's range, whichever column names 29 best
        closes = not found and bool(conditions) and _closes_range(conditions[-1], number, words)
        column = conditions[-1].column if closes else None
        if column is None and not found:
            column = number_column(number, ordered, numeric, table, taken, hinted, near)
        if column is not None and not number.is_year and number.value < 1000 and holds_years(table, column):
            # a column of years is compared with no number a year could be: "how many players were in at least
            # five seasons" is no Season of 5 or later (every row counted, at 0.72; nt-5468, fifteenth stop)
            column = None
        month_said = any(w[:3] in _MONTHS for w in words[max(0, said_at - 2) : said_at])  # "june of 1986": a day
        if column is None and not found and number.is_year and number.op == "=" and not month_said:
            found = _year_in_text(number.value, table, taken)  # "published in 2011": "Published (2011)"
        if column is None and not found and said_at > 0 and words[said_at - 1] == "week":
            found = _iso_weeks(number.value, table, taken)  # "in week 2" of a Week of "2024-W02"
        # "in 2007 or 2008": a second number of a column, said as the other option (two_values.either_number); so is
        # the other side of a difference ("how much higher in week 15 than in week 14", "between week 15 and week 14")
        between = set(words[equal_at[column] : said_at]) if column in equal_at else set()
        option = "or" in between or (bool(between & _OTHER_SIDE) and asks_difference(" ".join(words)))
        if column in equal_at and number.op == "=" and _listed(words, equal_at[column], said_at):
            # "the revenue in weeks 1 and 2": the rows of either week (it read week 1 alone, at 0.72, "2" left
            # unexplained; my own regional sales table, 2026-11-30)
            first = next(i for i, c in enumerate(conditions) if c.column == column and c.op in ("=", "in"))
            conditions[first] = _either_cell(table, conditions[first], number.value)
            continue
        if column is not None and not (number.op == "=" and column in taken and not option):
            op = paced(number.op, words, said_at, table, column)
            if op == "=" and negation_before(words, said_at):
                op = "!="  # "cyclists that do not have -1 laps down"
            if op == "=" and said_at > 0 and words[said_at - 1] == "top":
                op = "<="  # "to chart in the top ten" of a Year-end Chart the table names no rank: 1 to 10 of it
            view = "year" if table.columns[column].kind == "date" else "number"  # "born before 1850": a date's year
            if number.is_year and op != "!=" and f"s{column}" in table.data.column_names:
                view = "during"  # "playing in 1990": within the years "1988–1992"; "after 2010": ending past it
            found = [Condition(column, op, number.value * seconds_per(words, number, table, column), view)]
            if op == "=":
                equal_at[column] = said_at
        conditions += found
        taken |= {c.column for c in found}
    return conditions


def _iso_weeks(value: float, table: TypedTable, taken: set[int]) -> list[Condition]:
    """ "In week 2" of a text column named for weeks whose cells are ISO weeks ("2024-W02"): its cells of that week
    (it added up every week, "2" left unexplained, at 0.72; my own weekly store sales, 2026-11-29)."""
    for column, named in enumerate(table.columns):
        if column in taken or named.kind != "text" or "week" not in name_stems(named.name):
            continue
        weeks = {str(cell): iso_week(str(cell)) for cell in table.data.column(f"c{column}").to_pylist() if cell}
        if weeks and None not in weeks.values():
            held = sorted(cell for cell, week in weeks.items() if week == value)
            return [Condition(column, "in", held)] if held else []
    return []


def _listed(words: list[str], first_at: int, said_at: int) -> bool:
    """Whether a number said at ``said_at`` is listed with the one at ``first_at`` after a plural period ("weeks 1
    and 2", "rounds 3, 4 and 5")."""
    plural = first_at > 0 and words[first_at - 1] != stem(words[first_at - 1])
    joined = [w for w in words[first_at + 1 : said_at] if not w.replace(".", "").isdigit()]
    return plural and stem(words[first_at - 1]) in NUMBERED_PERIODS and joined in (["and"], [])


def _either_cell(table: TypedTable, condition: Condition, value: float) -> Condition:
    """The condition a number listed with another's condition makes: the column's cells holding either number."""
    said = condition.value if condition.op == "in" else [condition.value]
    numbers = table.data.column(f"n{condition.column}").to_pylist()
    cells = table.data.column(f"c{condition.column}").to_pylist()
    held = {cell for cell, n in zip(cells, numbers, strict=True) if n is not None and (n == value or n in said)}
    return Condition(condition.column, "in", sorted(held))


_MONTHS = {m[:3] for m in MONTH_NAMES}
_OTHER_SIDE = {"and", "than", "compared", "versus", "vs"}  # the words between the two sides of a difference


def _year_in_text(year: float, table: TypedTable, taken: set[int], among: list[int] | None = None) -> list[Condition]:
    """A year said of a table with no column of years, as the words of the one text column (of ``among``, where
    given) whose cells say it ("the titles published in 2011": a Status of "Published (2011)"); none when no column
    or several do."""
    said = f"{year:g}"
    holding = [
        i
        for i, c in enumerate(table.columns)
        if not c.numeric
        and i not in taken
        and (among is None or i in among)
        and pc.any(pc.match_substring_regex(table.data.column(f"c{i}"), rf"\b{said}\b")).as_py()
    ]
    return [Condition(holding[0], "contains", said)] if len(holding) == 1 else []


def year_of_named_words(condition: Condition, table: TypedTable, named: list[int]) -> Condition:
    """A year said as a cell of a column the question does not name, read as the words of the one text column it
    names that say that year: "who was elected in 1871" of an Elected column of "elected July 10, 1871", not the
    "Term began" cell 1871 (read as a term that spans 1871, it picked two mayors; fresh WikiTableQuestions training
    questions, tuning tables, 2026-11-29)."""
    year = parse_number(str(condition.value)) if condition.op == "=" and condition.view == "text" else None
    if year is None or not (year.is_integer() and 1800 <= year <= 2100) or condition.column in named:
        return condition
    words = [c for c in named if not table.columns[c].numeric]
    return next(iter(_year_in_text(year, table, {condition.column}, words)), condition)


def _closes_range(opening: Condition, number: SaidNumber, words: list[str]) -> bool:
    """Whether ``number`` is the upper end of a range that ``opening`` starts ("between 5 and 10")."""
    said_at = number.words[0]
    joined = bool(_RANGE_JOINS & set(words[max(0, said_at - 2) : said_at]))  # "5 and 10", "week 1 to week 3"
    return opening.op in (">=", ">") and number.op in ("<=", "<") and joined


_RANGE_JOINS = frozenset({"and", "to", "through", "until", "till"})


_COUNT_WORDS = "two three four five six seven eight nine ten".split()  # in words: after a comparison only
_COMPARED = {"over", "under", "more", "less", "fewer", "least", "most"}
_BESIDE_COUNT = {"only", "just", "exactly", "than", "at", *_COMPARED}  # said between a word and the count after it


def names_a_counted_column(words: list[str], mention: Mention, index_: Index, table: TypedTable) -> bool:
    """Whether a one-word cell value the question says names the number column a count beside it is compared with:
    "how many tournaments did they win only 1 game" of a table with a Won column and a Result of "Won" is a Won of 1
    (it counted the rows that say "Won", 19, at 0.62; fresh WikiTableQuestions tuning nt-1492, 2026-12-06)."""
    if mention.end - mention.start != 1:
        return False
    said = stem(words[mention.start])
    numeric = (c for c, column in enumerate(table.columns) if column.numeric and c not in mention.cells)
    if not any(said in index_.names[c] for c in numeric):
        return False
    skipped = list(itertools.takewhile(lambda w: w in _BESIDE_COUNT, words[mention.end : mention.end + 3]))
    after = words[mention.end + len(skipped) : mention.end + len(skipped) + 1]
    before = words[max(0, mention.start - 1) : mention.start]
    # "scored above 80 in the interview" of an Interview Score beside a Stage of "Interview": the score's, not the
    # stage's rows (it counted the interviewed who scored over 80, 0, held at 0.1; my own applicants table, 2026-12-08);
    # so is "scored lowest in the interview" (it ranked the interviewed only, at 0.8)
    if words[max(0, mention.start - 2) : mention.start] == ["in", "the"]:
        before = words[max(0, mention.start - 3) : mention.start - 2]
        if any(w in MAX_WORDS or w in MIN_WORDS for w in before):
            return True
    compared = bool(_COMPARED & set(skipped))
    return any(w.isdigit() or (compared and w in _COUNT_WORDS) for w in after) or any(w.isdigit() for w in before)


def _chart_named(words: list[str], number: SaidNumber, named: list[int], table: TypedTable) -> int | None:
    """The number column named in the words right after "the top 10" ("of the US Hot 100", "in the UK Singles") whose
    values could be its places, or None ("the top 3 finishers' points" ranks no Points)."""
    after = {stem(w) for w in words[max(number.words) + 1 : max(number.words) + 5] if w not in STOP_WORDS}
    return next((c for c in named if after & name_stems(table.columns[c].name) and chart_places(table, c)), None)
