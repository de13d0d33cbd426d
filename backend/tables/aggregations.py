"""The question forms that compute over rows, beyond a plain count or total: different values counted, the longest
run of matching rows, groups (each month's or each answer value's rows added up, averaged or counted), each row's
total over a column for each month, and the average or median of a measure. Each is a rule of ``rules.RULES``,
tried at its place there.
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.tables.column_kinds import (
    IDENTIFIER,
    MONEY_NAME,
    PRICE_NAME,
    SCORE_NAME,
    has_missing_cells,
    numbers_rows,
    rows_are_people,
    writes_units,
    year_column,
)
from backend.tables.columns import the_amount
from backend.tables.counts import EARNED
from backend.tables.infer import TypedTable
from backend.tables.periods import across_months
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.question import Outcome, ParsedQuestion
from backend.tables.row_nouns import row_words_explained
from backend.tables.tallies import rows_each_group_has, rows_said_so_often
from backend.tables.vocabulary import Index
from backend.tables.words import AVERAGE, MONEY_NOUNS, row_noun
from backend.text import stem
from backend.types import AnswerType


def distinct(p: ParsedQuestion) -> Outcome:
    """ "how many different teams": the different values of the column asked for."""
    said = re.search(r"(?:how many|number of) (?:different|distinct|unique) (\w+)", p.q)
    if said is None:
        return None
    # the column the noun names ("how many different teams are in the top five positions": the Team, not the "Qual.
    # Pos." the last word names; it counted 5 positions for 4 teams, at 0.8; fresh tuning nt-1762's table, 2026-12-06)
    noun = stem(said.group(1))
    target = next((c for c, names in enumerate(p.index.names) if noun in names and c not in p.condition_columns), None)
    if target is None:
        target = p.answer_column if not p.guessed else next((c for c in p.named if c not in p.condition_columns), None)
    return (
        p.reading(Plan(Operation.COUNT_DISTINCT, target, where=p.where), ReadingKind.DISTINCT)
        if target is not None
        else None
    )


def streak(p: ParsedQuestion) -> Outcome:
    """ "the longest losing streak", "the most consecutive wins": the longest run of matching rows."""
    if re.search(r"\bstreak\b|\b(?:most|longest) consecutive\b", p.q) and p.numeric_answer and p.where:
        return p.reading(Plan(Operation.LONGEST_RUN, where=p.where), ReadingKind.LONGEST_RUN)
    return None


# ("what was our best quarter" was declined, no group by quarter; my own orders table, 2026-12-07)
# ("what was the busiest month": no reading; my own orders table, 2026-12-07)
_PART_ASKED = re.compile(r"\b(?:which|what) (?:(?:was|is) the (?:busiest|quietest) )?(month|quarter|year)\b")


def date_part_group(p: ParsedQuestion) -> Outcome:
    """ "which month had the most orders": the months of the table's dates, each one's rows counted (or its amounts
    added up, or averaged), when no column is called month."""
    part = _date_part_asked(p.q, p.table, p.condition_columns, p.index)
    if part is None or p.is_max == p.is_min:
        return None
    operation = Operation.AVG if re.search(r"\b(?:average|mean)\b", p.q) else Operation.SUM
    descending, limit = p.is_max, p.group_limit
    plan = (
        Plan(operation, p.measure, where=p.where, descending=descending, limit=limit)
        if p.measure is not None and not numbers_rows(p.table, p.measure)  # an Episode's numbers: its rows counted
        else Plan(Operation.COUNT, where=p.where, descending=descending, limit=limit)
    )
    return p.reading(replace(plan, group_by=part[0], group_part=part[1]), ReadingKind.GROUP)


def _date_part_asked(q: str, table: TypedTable, taken: set[int], index_: Index) -> tuple[int, str] | None:
    """The date column and the part of its dates ("month", "quarter", "year") a question asks for when it asks
    "which month" or "what year" of a table with dates and no column of months or years, else None."""
    asked = _PART_ASKED.search(q)
    if asked is None or any(asked.group(1) in names for names in index_.names) or year_column(table) is not None:
        return None
    dated = next((i for i, c in enumerate(table.columns) if c.kind == "date" and i not in taken), None)
    return (dated, asked.group(1)) if dated is not None else None


_PER_UNIT = re.compile(r"(?i)\b(?:unit price|unit cost|price per|cost per|price each)\b")  # per unit: averaged
# (and money coming in: "which region has the highest MRR" of customers in regions took the region of the one
# largest customer, at 0.8; my own subscriptions table, 2026-11-29)
ADDITIVE = re.compile(
    r"(?i)^(?!.*\b(?:unit|per|rate|avg|average|price)\b).*"
    r"\b(?:expenses|expenditure|costs|spend|spent|revenue|sales|income|mrr|arr|bookings)\b"
)
_ADDS_UP = re.compile(r"\b(?:sold|sells?|bought|purchased|ordered)\b")  # goods; money is counts.EARNED


def per_group(p: ParsedQuestion) -> Outcome:
    """ "which product sold the most units", "who spent the most", "which department has the highest payroll": what
    each one's rows add up to, not its biggest row; "which category has the most stock": "the most" of an amount,
    where the answer's values repeat, adds them up; "which agent has the highest average satisfaction": each agent's
    average, the highest first."""
    q = p.q
    if _one_row_ranked(p):
        return None
    repeats = p.answer_column is not None and p.index.distinct[p.answer_column] < p.table.row_count
    sized = _TEAM_SIZE.search(q) and rows_are_people(p.table, p.index)
    if repeats and p.measure_named is None and sized and p.is_max != p.is_min:
        # "which manager has the largest team": each one's rows counted (it read the Manager of the largest Salary,
        # "team" left out, at 0.8; my own staff table, 2026-11-29), of a table of people (not expenses.csv's claims)
        plan = Plan(Operation.COUNT, group_by=p.answer_column, where=p.where, descending=p.is_max)
        return p.reading(replace(plan, limit=p.group_limit), ReadingKind.GROUP)
    asked = p.answer_column
    best = _BEST_OF.search(q) if repeats and p.measure is None and asked is not None else None
    money = the_amount(p.table, p.condition_columns) if best else None
    money = money if money is not None and MONEY_NAME.search(p.table.columns[money].name) else None
    if best and money is not None and asked is not None and stem(best.group(1)) in p.index.names[asked]:
        # "who is our top customer", "our best customer": the one whose rows bring in the most money (it read the
        # first row listed, at 0.8; no reading of "best"; my own orders table, 2026-12-07)
        plan = Plan(Operation.SUM, money, group_by=p.answer_column, where=p.where, descending=True)
        return p.reading(replace(plan, limit=p.group_limit), ReadingKind.GROUP)
    # "who is our top customer by revenue", "the top product by quantity": the highest of what each one's rows add up
    # to (it read the customer of the one largest order, at 0.8; "top" is no highest; my own orders table, 2026-12-07)
    topped = best if best is not None else (_BEST_OF.search(q) if repeats and asked is not None else None)
    top_asked = topped is not None and asked is not None and stem(topped.group(1)) in p.index.names[asked]
    is_max = p.is_max or top_asked
    # "who earns the highest salary" of one row per person: that row's salary, read as a ranking of rows (it read
    # "sum of 'salary' for each 'name'", right but worded as if names repeated; my own staff table, 2026-11-29)
    earned = (EARNED.search(q) or _ADDS_UP.search(q)) if repeats else None
    grouped = re.search(r"\b(average|mean|total|sum|payroll)\b", q) or earned
    # ("fewest" too: "which department logged the fewest hours" took the department of the one shortest week, at 0.8;
    # my own timesheets table, 2026-11-29)
    grouped = grouped or (
        re.search(r"\b(?:most|least|fewest)\b", q) if p.measure_named is not None and repeats else None
    )
    # "which month had the lowest expenses" of months repeated per region: an amount that adds up, summed per month (it
    # took the month of the one lowest row at 0.8; my own monthly report, 2026-11-28), not a rate or a unit's price
    additive = p.measure is not None and ADDITIVE.search(p.table.columns[p.measure].name)
    grouped = grouped or (re.search(r"\b(?:highest|lowest)\b", q) if additive and repeats else None)
    grouped = grouped or (_sized(p) if repeats else None)
    # (a day too: "on which day were the most calls taken" of agents' daily rows took the day of the one busiest row,
    # at 0.8; my own call centre table, 2026-11-29)
    names_a_group = p.wants_text or p.element is AnswerType.DATETIME
    grouped = grouped or (topped if top_asked and p.measure_named is not None else None)
    if not (grouped and is_max != p.is_min and names_a_group and p.measure is not None):
        return None
    if p.answer_column in (None, p.measure):
        return None
    if grouped is earned and p.measure_named is not None and PRICE_NAME.search(p.table.columns[p.measure].name):
        # "which guest paid the highest rate": the price of one row, ranked as the rows are (it added up each guest's
        # nightly Rates, at 0.72: three guests paid the highest; my own bookings table, 2026-12-07); but "which plan
        # earns the most", no price said, is what each plan's rows bring in (my own subscriptions table, 2026-12-07)
        return None
    said = re.search(r"\b(?:most|fewest|least)\s+(\w+)", q)
    counted = stem(said.group(1)) if said and said.group(1) not in MONEY_NOUNS else ""  # "the most sales": money
    said_rows = row_words_explained([counted], p.table) and not any(counted in names for names in p.index.names)
    if said_rows and p.measure_named is not None:
        # "which agent sold the most homes" of listings.csv: each agent's rows counted, of those that fill the column
        # the verb names (the sold ones), not their Sold Price added up (at 0.8; my own listings table, 2026-11-29)
        filled = (Condition(p.measure, "filled", None),) if has_missing_cells(p.table, p.measure) else ()
        plan = Plan(Operation.COUNT, where=(*p.where, *filled), group_by=p.answer_column, descending=is_max)
        return p.reading(replace(plan, limit=p.group_limit), ReadingKind.GROUP)
    # a score each row gives ("which region is the most satisfied" of a Satisfaction column) is averaged unless a
    # total is asked: a region with more respondents is not the more satisfied (my own survey table, 2026-11-28); so is
    # a price a row pays per unit ("the most expensive product" of orders: its Unit Price, not the prices added up)
    name = p.table.columns[p.measure].name
    scored = (SCORE_NAME.search(name) or _PER_UNIT.search(name)) and grouped.group(0) not in ("total", "sum")
    operation = Operation.AVG if scored or grouped.group(0) in ("average", "mean") else Operation.SUM
    plan = Plan(operation, p.measure, group_by=p.answer_column, where=p.where, descending=is_max, limit=p.group_limit)
    kind = ReadingKind.GROUP
    if p.ranked is not None:  # "the 3 most sold products": the first three groups (it listed the first alone, at 0.8)
        plan, kind = replace(plan, limit=p.ranked.size, descending=p.ranked.highest), ReadingKind.GROUPS
    if operation is Operation.SUM and numbers_rows(p.table, p.measure):  # "the most episodes": rows, not numbers
        plan = replace(plan, operation=Operation.COUNT, column=None)
    if p.table.columns[p.measure].kind == "text" and operation is Operation.SUM and repeats:
        # "the least power" of "150 kW (201 hp)" cells is a row's own quantity, where "the most events" counts rows
        # (it counted each engine's rows, at 0.72; fresh WikiTableQuestions tuning nt-8460, 2026-12-06)
        if said and not said.group(1).endswith("s") and writes_units(p.table, p.measure):
            return None
        # "the year with the most events" of an Event column of "3000 m" and "5000 m": its rows counted, not the
        # distances in its cells added up (fresh WikiTableQuestions training questions, tuning tables, 2026-11-28).
        # Where each group is one row, its own quantity ranks it: "the prime minister with the shortest total time in
        # office" of "996 days" counted one row each, a tie of all (fresh tuning nt-9538, 2026-12-06)
        plan = replace(plan, operation=Operation.COUNT, column=None)
    return p.reading(plan, kind)


# "which destination had the most expensive shipment" of shipments.csv: the one costliest row's destination, not
# each destination's shipments added up (it read the two to Paris, at 0.8; my own shipments table, 2026-11-29)
_RANKED_NOUN = re.compile(
    r"\b(?:most|least)\s+\w+\s+(\w+)\b|\b(?:highest|lowest|largest|biggest|smallest|cheapest|costliest)\s+(\w+)\b"
)


def _one_row_ranked(p: ParsedQuestion) -> bool:
    """Whether the superlative is said of one of the table's rows, in the singular ("the most expensive shipment"), or
    of one row's value ("the most hours in a single entry", "in an individual claim")."""
    said = _RANKED_NOUN.search(p.q)
    noun = next((g for g in said.groups() if g), "") if said else ""
    if _ONE_ROW.search(p.q) and not any(stem(w) in names for names in p.index.names for w in _ONE_ROW_WORDS):
        # ("who logged the most hours in a single entry" added up each one's hours, at 0.72, "single" left out; my
        # own timesheets table, 2026-12-07; not of a table with a Single column: a record's single)
        return True
    # the rows' noun is the file's ("shipment" of shipments.csv) or its code column's ("gift" of a Gift ID: "who gave
    # the largest gift" added up each donor's gifts, at 0.8; my own gifts table, 2026-12-08)
    coded = {i for i, c in enumerate(p.table.columns) if IDENTIFIER.search(c.name)}
    of_rows = stem(noun) == row_noun(p.table) or any(stem(noun) in p.index.names[i] for i in coded)
    return bool(noun) and not noun.endswith("s") and of_rows


_ONE_ROW_WORDS = ("single", "individual")
_ONE_ROW = re.compile(r"\b(?:in|on|for) (?:a|one|an|any) (?:single|individual)\b")


# (of a unit of an organisation too, either way round: "which department is the largest" ranked the departments by
# the largest Salary, at 0.8, right only by chance; my own staff table, 2026-12-07)
_UNIT = r"(?:team|group|crew|staff|department|dept|division|office|branch|squad)s?"
_TEAM_SIZE = re.compile(
    rf"\b(?:largest|biggest|smallest) {_UNIT}\b|\b{_UNIT} (?:is|was|are|were) (?:the )?(?:largest|biggest|smallest)\b"
)
_SIZE = re.compile(r"\b(?:biggest|largest|smallest|top)\s+(\w+)")
_BEST_OF = re.compile(r"\b(?:top|best)\s+(?!\d)(\w+)")


def _sized(p: ParsedQuestion) -> re.Match[str] | None:
    """ "who is our biggest customer": a superlative said of the answer's own noun sizes each one by what its rows
    add up to (the customer with the most revenue, not the one of the largest order)."""
    said = _SIZE.search(p.q)
    if said is None or p.answer_column is None or p.measure_named is not None:
        return None
    return said if stem(said.group(1)) in p.index.names[p.answer_column] else None


def average(p: ParsedQuestion) -> Outcome:
    """ "the average attendance": the measure's mean over the matching rows. "Which class has the higher average
    science score" asks for a class, which one mean over every row cannot say (it answered 75.8, at 0.8, once "score"
    was explained; my own gradebook, 2026-11-29): no reading."""
    if p.wants_text and re.match(r"\s*(?:which|who)\b", p.q):
        return None
    if AVERAGE.search(p.q) and p.measure is not None:
        return p.reading(Plan(Operation.AVG, p.measure, where=p.where), ReadingKind.AVG)
    return None


def median(p: ParsedQuestion) -> Outcome:
    """ "the median salary": the measure's median over the matching rows."""
    if re.search(r"\bmedian\b", p.q) and p.measure is not None:
        return p.reading(Plan(Operation.MEDIAN, p.measure, where=p.where), ReadingKind.MEDIAN)
    return None


def row_totals(p: ParsedQuestion) -> Outcome:
    """ "East's total sales", "which region had the highest total sales" of a table with a column for each month:
    each row's months added up, then summed over the rows picked, or ranked."""
    across = across_months(p.q, p.table, p.named, p.mentions)
    if not across:
        return None
    if p.numeric_answer:
        return p.reading(Plan(Operation.SUM, across[0], where=p.where, across=across), ReadingKind.SUM)
    # one row ranked first, a tie declined (results._tied_totals); a list of those tied is not read
    one = p.wants_text and not p.answer_type.is_array
    if one and p.is_max != p.is_min and p.answer_column is not None and p.answer_column not in across:
        ranked = Plan(
            Operation.ROWS,
            select=(p.answer_column,),
            where=p.where,
            order_by=across[0],
            across=across,
            descending=p.is_max,
            limit=1,
        )
        return p.reading(ranked, ReadingKind.SUPERLATIVE)
    return None


def groups_of_so_many_rows(p: ParsedQuestion) -> Outcome:
    """ "Which customers ordered more than 5 times", asked for a list: the answer's values of more than 5 rows each
    (it listed the customers of a Quantity over 5, at 0.8; my own orders table, 2026-12-07); how many rows each has, as
    ``tallies.rows_each_group_has`` reads it for a count of them."""
    column = p.answer_column
    if not p.answer_type.is_array or column is None or p.index.distinct[column] >= p.table.row_count:
        return None
    having = rows_each_group_has(p.q, p.table, p.index) if rows_said_so_often(p.q, p.table) else None
    if having is None:
        return None
    kept = tuple(c for c in p.where if not (c.view == "number" and c.value == having[1]))  # no amount of so many
    plan = Plan(Operation.ROWS, select=(column,), where=kept, group_by=column, having=having)
    return p.reading(plan, ReadingKind.LIST)
