"""The offline semantic parser: a question → a query plan over one table, with no model.

What the question says about the table (cell values, column names, numbers, days: ``words.py``) is found here;
``understand.understand`` settles what every reading needs (conditions, the answer column, the measure), and the
question forms of ``rules.py``, tried in order, choose the plan. The reading's ``coverage`` is the share of the
question's content words that the plan accounts for (``explain.py``): a question it only half understands gets a
low coverage, and the answering code steps aside for the text engine.
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.tables.column_kinds import tells_rows_apart
from backend.tables.columns import column_named_by
from backend.tables.derived import deriving, said_measure
from backend.tables.durations_said import said_durations
from backend.tables.explain import explain
from backend.tables.infer import TypedTable
from backend.tables.mentions import cell_words_left_out, left_out_values, names_said, said_values
from backend.tables.named_rates import per_time
from backend.tables.nations_said import coded_mentions
from backend.tables.number_conditions import names_a_counted_column
from backend.tables.opposites import unprefixed
from backend.tables.ordinals_said import placed_down
from backend.tables.places_said import place_compared, said_places
from backend.tables.plan import Operation, ReadingKind
from backend.tables.positions import answers_said, top_n, ways_offered
from backend.tables.quantities import SaidDate, compared_number, kept_in_scale, said_dates, said_numbers
from backend.tables.question import ASKS_WHO, ASKS_YEAR, Reading
from backend.tables.rephrase import rephrased
from backend.tables.row_nouns import row_words_explained
from backend.tables.rows_or_values import counted_rows
from backend.tables.rules import first_reading
from backend.tables.spelling import spelt_as_in_table
from backend.tables.top_rows import rows_ranked
from backend.tables.understand import understand
from backend.tables.vocabulary import Index, index, named_columns
from backend.tables.words import ABBREVIATIONS, Mention, normal, table_words
from backend.text import stem
from backend.types import AnswerType

__all__ = ["Reading", "read"]

_DIFFERENT = re.compile(r"\b(?:different|distinct|unique)\b")  # values counted as such, not rows

# "which week had the highest revenue", asked for a number: the Week's value of the row or group, not the revenue (it
# added up every week's revenue, at 0.8; my own weekly store sales, 2026-11-29)
_ASKS_NUMBERED = re.compile(r"^(?:in |on )?(?:what|which) (week|month|quarter|round|stage|lap|episode|period)\b")


def _asks_numbered(q: str, index_: Index) -> bool:
    """Whether the question asks which numbered period or round (a column of the table) something was in."""
    asked = _ASKS_NUMBERED.search(q)
    return asked is not None and any(stem(asked.group(1)) in names for names in index_.names)


# "which team", "what network", "other than the united states, what other nationality": the noun after the wh-word,
# where it is a column's whole name
_WHICH_NOUN = re.compile(r"\b(?:which|what)(?: other)? (\w+)")


def _asked_picked(q: str, reading: Reading, table: TypedTable) -> int | None:
    """The column a "which <column>" question asks for, when the reading picks rows by it but reads another column
    ("which team finished last in the marlboro grand prix" read the Driver of the rows whose Team says Marlboro)."""
    asked = _WHICH_NOUN.search(q)
    if asked is None or not reading.plan.select:
        return None
    said = [stem(asked.group(1))]
    named = (i for i, c in enumerate(table.columns) if [stem(w) for w in re.findall(r"\w+", c.name.lower())] == said)
    column = next(named, None)
    if column is None or column in reading.plan.select:
        return None
    return column if any(condition.column == column for condition in reading.plan.where) else None


def _said_stem(word: str, index_: Index) -> str:
    """The stem a question's word names columns by: its own, where it is a column's whole name ("hired" of a Hires
    column: it read "hired" as the Start Date it names in a staff table, and counted rows, at 0.72; my own monthly
    headcount table, 2026-11-30), else its abbreviation's spelt out ("dept": department)."""
    own = stem(word)
    if word in ABBREVIATIONS and any(names == {own} for names in index_.names):  # (not "units" of a Unit Price)
        return own
    return stem(ABBREVIATIONS.get(word, word))


def read(question: str, table: TypedTable, answer_type: AnswerType, words_of: Index | None = None) -> Reading | None:
    """The best plan for ``question`` over ``table``, or None when no plan fits at all (``words_of``: the table's
    :func:`index`, when the caller keeps it)."""
    index_ = words_of or index(table)
    question = rephrased(question)
    words = unprefixed(spelt_as_in_table(normal(question).split(), index_), index_)
    if not words:
        return None
    # "a total over 100": a number said after a comparison is compared with, not a cell "100" looked for
    durations = said_durations(question, words)  # "under 2:20": seconds, not the numbers 2 and 20
    timed = {i for d in durations for i in d.words}
    mentions = [
        m
        for m in said_values(words, index_, names_said(question))
        if not compared_number(words, m)
        and not place_compared(words, m.start, m.end)
        and not timed & set(range(m.start, m.end))
        and not names_a_counted_column(words, m, index_, table)
    ]
    covered = {i for m in mentions for i in range(m.start, m.end)}
    # "winners from Kenya" of "Ruth Wanjiru (KEN)", "Houston" of "HOU", "georgia" of "GA": names written as codes
    mentions += coded_mentions(words, index_, covered)
    covered = {i for m in mentions for i in range(m.start, m.end)}
    stems = [_said_stem(w, index_) for w in words]
    rated = per_time(words, stems, index_, table)
    row_nouns = frozenset(table_words(table))
    named = named_columns(stems, covered | rated, index_, row_nouns=row_nouns, words=words)
    # A day said in full ("the 22nd of june 1930") compares dates, unless it is a whole cell the question names.
    # (a cell holding one of its words is no whole cell: "october" of "27 October 1867" in "october 26, 1867"; fresh
    # WikiTableQuestions training questions, tuning tables, 2026-11-28)
    dates = [
        d for d in said_dates(" ".join(words), table) if not any(_covers(m, d) and not m.partial for m in mentions)
    ]
    mentions = [m for m in mentions if not any(_overlap(m, d) for d in dates)]
    covered = {i for m in mentions for i in range(m.start, m.end)}
    covered |= {i for d in dates for i in d.words}
    numbers = said_numbers(question, words, covered, scale_words=not kept_in_scale(table))
    numbers = [n for n in numbers if not timed & set(n.words)] + durations + said_places(words, covered)
    q = " ".join(words)
    hinted = named_columns(stems, covered | rated, index_, share=0.0, row_nouns=row_nouns, words=words)
    # "the population of Leeds in 2011": a number said in a column's name picks that column ("Population 2011")
    by_number = {n: c for n in numbers if (c := column_named_by(n, hinted, table)) is not None}
    named = [*dict.fromkeys([*by_number.values(), *_named_whole(words, table), *named])]
    # "the cost per conversion", "the profit": the rules read the first column (derived.as_derived derives the measure
    # from it once they have)
    measure = said_measure(words, stems, table, index_)
    if measure is not None:
        named = [measure.column, *(c for c in named if c not in (measure.column, measure.other))]
    numbers = [n for n in numbers if n not in by_number]
    # "the top 3 salaries", asked as a list: how many, not a salary of 3 ("how many of the top 10" picks ranks); "the
    # total sales of the top 3 reps", asked as a number: the rows added up (top_rows.py)
    ranked = top_n(words) if answer_type.is_array else None
    if answer_type in (AnswerType.INTEGER, AnswerType.FLOAT, AnswerType.STRING):  # (a string: a total time, "4:19")
        ranked = rows_ranked(words)
    if ranked is not None:
        numbers = [n for n in numbers if ranked.at not in n.words]
    # "who were the other 2 opponents", asked as a list: how many it expects, no Week of 2 (it matched none; fresh
    # WikiTableQuestions tuning nt-10647, 2026-12-06)
    answers = answers_said(words)
    expected = {answers[1]} if answers is not None and answer_type.is_array else set()
    numbers = [n for n in numbers if n.words[0] not in expected]
    # "in what year did he force 15 sacks": a year is read from its row, not computed from numbers; "who is our
    # biggest customer" asked for a number is still a name (its value then says which type to ask for)
    asked_as = answer_type
    if answer_type.element is AnswerType.INTEGER and (ASKS_YEAR.search(q) or _asks_numbered(q, index_)):
        asked_as = AnswerType.STRING_ARRAY if answer_type.is_array else AnswerType.STRING
    elif answer_type.element in (AnswerType.INTEGER, AnswerType.FLOAT) and ASKS_WHO.search(q):
        asked_as = AnswerType.STRING_ARRAY if answer_type.is_array else AnswerType.STRING
    elif answer_type is AnswerType.STRING and q.startswith("how many "):
        asked_as = AnswerType.INTEGER
    parsed = understand(q, table, mentions, named, numbers, asked_as, dates, hinted, index_, ranked)
    reading = first_reading(parsed)
    derived = deriving(reading, parsed, measure) if measure is not None else None
    reading = derived or reading
    if reading is None:
        return None
    placed = placed_down(reading, words)  # "the second highest", "second to last": a place down the order
    reading = placed.reading
    explained = covered | rated | expected | placed.words | {i for n in by_number for i in n.words}
    if derived is not None and measure is not None:  # the measure's words, where the reading derives it
        explained |= measure.words
    reading.coverage, reading.unexplained, reading.says_every_row, reading.asked_modified = explain(
        reading.plan, reading.second, reading.kind, words, stems, explained, named, numbers, ranked, table, index_
    )
    reading.asked_modified |= placed.unread  # a place said and not read qualifies what the reading reads
    reading.different_said = bool(_DIFFERENT.search(q))
    picked: dict[int, list[str]] = {}  # the columns the plan picks rows by, and the values it picks them by
    for condition in (c for plan in (reading.plan, reading.second) if plan for c in plan.where):
        values = condition.value if isinstance(condition.value, (list, tuple)) else [condition.value]
        picked.setdefault(condition.column, []).extend(str(v) for v in values)
    reading.left_out_values = left_out_values(reading.unexplained, picked, index_)
    reading.cell_words_left_out = cell_words_left_out(reading.unexplained, index_)
    reading.each_ungrouped = _each_ungrouped(words, stems, reading, table, index_)
    reading.asked_picked = _asked_picked(q, reading, table)
    reading.answers_said, reading.ways_offered = (answers[0] if answers else None), ways_offered(q)
    settled = {*by_number.values(), *_named_whole(words, table)}  # "the 2026 budget", "the unit price": chosen
    alike = _named_alike(reading, stems, [c for c in named if c not in settled], table, index_)
    if alike is not None:
        reading = _the_total_of_alike(reading, alike, table)
    return counted_rows(reading, table)  # "how many venues had ...": the rows, where their venues mostly differ


def _each_ungrouped(
    words: list[str], stems: list[str], reading: Reading, table: TypedTable, index_: Index
) -> int | None:
    """The column a question asks a value of "each" of ("how many orders did each region place": one count per
    Region) when the plan neither groups by it nor picks rows by it: one value cannot answer it."""
    used = {
        c
        for plan in (reading.plan, reading.second)
        if plan
        for c in (plan.group_by, *plan.select, *(condition.column for condition in plan.where))
    }
    if reading.kind is ReadingKind.PER_GROUP_AVERAGE and reading.second is not None:  # "orders per customer"
        used.add(reading.second.column)
    for i, word in enumerate(words[:-1]):
        # "each region", "the total spend per department" (not "the cost per kg": a rate, of a column of numbers)
        if word in ("each", "per"):
            named = [c for c, names in enumerate(index_.names) if stems[i + 1] in names]
            if word == "per":
                named = [c for c in named if not table.columns[c].numeric]
            # "the average MRR per customer" of one row per customer, "the average downtime per service" of a
            # maintenance log whose rows are services: the average over the rows
            rows = row_words_explained(stems[i + 1 : i + 2], table)
            one_a_row = bool(rows) or any(tells_rows_apart(table, c) for c in named)
            if reading.plan.operation is Operation.AVG and one_a_row:
                continue
            if named and not set(named) & used:
                return named[0]
    return None


def _named_alike(
    reading: Reading, stems: list[str], named: list[int], table: TypedTable, index_: Index
) -> tuple[int, list[int]] | None:
    """A column the plan measures or orders by and the others of its kind, taken by no condition, that the question's
    words (``stems``) name just as fully, by the same words ("sales" of "Q1 Sales" and "Q2 Sales", "hours" of
    "Estimate (hours)" and "Actual (hours)"): the parser took the first, and nothing said tells them apart. None where
    the words choose (``named``: the columns named, less those a number or a whole name said chose). What is left of a
    budget takes the column it takes away too ("how many leave days does Ana have left": her Leave Allowance less her
    Leave Taken reads both); a difference of two alike does not (2 dev and fresh tuning readings, both wrong)."""
    said = set(stems)
    plan, second = reading.plan, reading.second
    used = [c for c in (plan.column, plan.order_by) if c is not None and c in named]
    taken = {*used, *(c.column for c in plan.where), *(c for c in (plan.paired,) if c is not None)}
    if second is not None and reading.kind is ReadingKind.REMAINING:
        taken |= {c for c in (second.column, second.order_by) if c is not None}

    def naming(column: int) -> tuple[frozenset[str], float, str, bool]:
        words = frozenset(index_.names[column] & said)
        kind = table.columns[column]
        return words, len(words) / max(index_.name_sizes[column], 1), kind.kind, kind.numeric

    for column in used:
        seen = naming(column)
        others = [o for o in named if o not in taken and seen[0] and naming(o) == seen]
        if others:
            return column, others
    return None


def _the_total_of_alike(reading: Reading, alike: tuple[int, list[int]], table: TypedTable) -> Reading:
    """The reading of the total where the columns named alike are parts and their total ("how many students are
    enrolled at Harvard" of an Undergraduate, a Graduate and a Total enrollment: it read the first, at 0.3, fresh
    WikiTableQuestions tuning nt-4955, 2026-12-06; "Widget's sales" of Q1, Q2 and Total Sales): the total is what a
    question that names no part asks for, and nothing is left to choose. Else the reading unchanged, the first and
    another alike kept (``Reading.alike``, capped as either)."""
    read, others = alike
    totals = [c for c in (read, *others) if _TOTAL_WORDS & set(normal(table.columns[c].name).split())]
    if len(totals) != 1:
        reading.alike = (read, others[0])
        return reading
    total, plan = totals[0], reading.plan
    if total != read:
        moved = replace(plan, column=total) if plan.column == read else replace(plan, order_by=total)
        reading = replace(reading, plan=moved)
    reading.alike = None
    return reading


_TOTAL_WORDS = {"total", "overall", "combined", "all"}


def _named_whole(words: list[str], table: TypedTable) -> list[int]:
    """Columns whose name of two words or more the question says whole: "arrived on time" names "On Time", whose one
    word besides "on" is a cue word ("how many times") that names no column by itself."""
    said = f" {' '.join(words)} "
    names = [normal(c.name) for c in table.columns]
    return [c for c, name in enumerate(names) if len(name.split()) > 1 and f" {name} " in said]


def _overlap(mention: Mention, day: SaidDate) -> bool:
    return any(mention.start <= i < mention.end for i in day.words)


def _covers(mention: Mention, day: SaidDate) -> bool:
    return all(mention.start <= i < mention.end for i in day.words)
