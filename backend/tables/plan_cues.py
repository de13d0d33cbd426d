"""The words a plan's own computation accounts for (``cue_words_explained``, asked by ``explain.py``): a word of money
of a plan that reads a money column, the units a Quantity counts, "percentage" of a share, "single" of one row's
value, "long" of a duration, the verb of the date a duration ends on, "margin" of a score, a month or a quarter a
condition holds."""

from __future__ import annotations

import re

from backend.tables.against import SPENT_NAME, level_words
from backend.tables.changes_said import CHANGE_WORDS
from backend.tables.column_kinds import MONEY_NAME, PRICE_NAME, UNITS_NAME, names_a_chart, people_column
from backend.tables.columns import LENGTH_NAME, SENIORITY
from backend.tables.comparisons import LEFT, MISSED_LEVEL, PAST_LEVEL
from backend.tables.infer import TypedTable
from backend.tables.nps import nps_words
from backend.tables.outcomes_said import OUTCOME_WORDS
from backend.tables.periods import (
    DURING,
    OVER_THE_MONTHS,
    month_number,
    period_columns,
    said_quarter,
)
from backend.tables.plan import SCORE_PARTS, Operation, Plan, ReadingKind
from backend.tables.positions import STEPS
from backend.tables.scores import SCORE_WORDS
from backend.tables.spans import names_the_end
from backend.tables.vocabulary import Index
from backend.tables.words import (
    GIFT_VERBS,
    HELD_NAME,
    MONEY_NOUNS,
    MONEY_VERBS,
    MONTH_NAMES,
    PERSONS,
    table_words,
)
from backend.text import stem

_PART_WORDS = {"percent", "percentage", "share", "proportion", "fraction", "rate"}
# Money words a plan reading a money column explains. Not the nouns of money coming in ("revenue", "sales"): a Revenue
# column is named by them, and an invoice's Amount explaining "the total revenue from Acme" would make invoices.csv read
# it as well as orders.csv's Revenue does (bench/table_qa.py --business, 2026-11-27: 2 tuning questions lost).
# Also the words tables/derived.py reads as money where no column holds it ("the billing for Acme").
_MONEY_WORDS = MONEY_VERBS | set("money cost costs bill billing charge charges earnings".split())
_MONEY_WORDS |= {"expensive", "pricey", "costly"}  # "the most expensive booking": its Total
# Money paid to people, which only a table of people's pay holds: a Salary, or the hours an Employee logged at their
# rate (priced.py). Of any money column, "the total payroll" read bookings.csv's Total, "total" its name, over
# staff.csv's Salary (my own business tables, 2026-12-07).
_PAY_WORDS = {"payroll", "wages"}
# What a column of units counts: "how many items did Hooli buy" adds up its Quantity.
_UNIT_WORDS = {"items", "units", "pieces"}
_ONE_ROW_WORDS = {"single", "individual"}
_ALL_ROWS_TOGETHER = {"overall", "across", "altogether"}
# What comes between "across" and the whole it names: "across the fleet", "across all stores", "across the company"
_WHOLE_SAID = {"the", "all", "our", "every", "whole", "entire"}
_MOST_ROWS_WORDS = {"common", "frequent", "popular", "prevalent", "often", "busiest", "quietest"}  # most rows
_SIZED_GROUPS = {"team", "group", "crew", "staff"}  # "the largest team": the most rows (aggregations.per_group)
_SIZING = (["largest"], ["biggest"], ["smallest"])
_SHORT_WORDS = {"far", "short", "fall", "falls"}  # "how far is South from its target" (comparisons.short_of)
_SOLD = {"sold", "sell", "sells", "selling"}
_SPENDING = {"spend", "spends", "spent", "spending"}
_ADS = {"ad", "ads", "advertising", "marketing", "media"}  # what the spending was on: "ad spend", "media spend"
_HOW_LONG = {"long", "time", "times", "days", "length", "duration"}  # what a duration averaged or ranged is asked as
_LASTED = {"run", "ran", "running", "last", "lasted"}  # "how long did Brand Video run": its days, start to end


def cue_words_explained(
    plan: Plan, second: Plan | None, kind: ReadingKind, words: list[str], table: TypedTable, index_: Index
) -> set[int]:
    """The words the plan's own computation accounts for: a word of money, the units a Quantity counts, a month,
    "percentage", "single", "long", "margin", "win", a quarter."""
    explained: set[int] = set()
    if reads_money(plan, table):  # "spent", "paid", "earn", "money"
        # money given is a gift's, coming in: "which campaign raised the most money" read campaigns.csv's Spend at
        # 0.8, over donations.csv's Amount, and "how much was raised in March" deals.csv's Amount as well (my own
        # donations table, 2026-12-08)
        given = _GIVING if _of_gifts(table) and not _reads_spending(plan, table) else set()
        # and money not yet moved is neither paid nor earned: "who earns the highest salary" read an applicants
        # table's Expected Salary as well as staff.csv's Salary (tied, declined; my own tables, 2026-12-08)
        moved = not _reads_unmoved(plan, table)
        money_words = (_MONEY_WORDS - GIFT_VERBS | given) - (set() if moved else MONEY_VERBS)
        explained |= {i for i, w in enumerate(words) if w in money_words}
        if _of_people(table) and moved:
            explained |= {i for i, w in enumerate(words) if w in _PAY_WORDS}
        # "the monthly recurring revenue" of a Monthly Fee (recurring_revenue.py): the revenue "recurring" names
        explained |= {i for i, w in enumerate(words) if w == "revenue" and words[i - 1 : i] == ["recurring"]}
        # "the average deal size" of deals.csv: a row's amount
        rows = table_words(table)
        explained |= {i for i, w in enumerate(words) if w == "size" and i > 0 and stem(words[i - 1]) in rows}
    spent = (plan.column, plan.order_by)
    if any(c is not None and SPENT_NAME.search(table.columns[c].name) for c in spent):
        # "how much did Marketing spend" of an Actual beside its Budget (understand._choose_measure)
        explained |= {i for i, w in enumerate(words) if w in _SPENDING}
        # "our total ad spend" of campaigns' Spend (held at 0.28, "ad" left out; my own campaigns table, 2026-12-07)
        explained |= {i for i, w in enumerate(words[:-1]) if w in _ADS and words[i + 1] in _SPENDING}
    if (
        plan.operation is Operation.COUNT_DISTINCT
        and plan.column is not None
        and people_column(table, index_) == plan.column
    ):
        explained |= {i for i, w in enumerate(words) if stem(w) in PERSONS}  # "how many people filed expenses"
    of = second.column if second is not None and kind in (ReadingKind.PERCENT, ReadingKind.SHARE) else None
    explained |= level_words(words, plan.where, of, table)  # "need reordering", "out of stock", "beat their target"
    explained |= nps_words(words, plan.where, table)  # "promoters", "detractors"
    if (
        plan.operation is Operation.SUM
        and plan.column is not None
        and UNITS_NAME.search(table.columns[plan.column].name)
    ):
        explained |= {i for i, w in enumerate(words) if w in _UNIT_WORDS}
    if plan.operation is Operation.SUM and not plan.where and plan.group_by is None:  # every row's total
        explained |= {i for i, w in enumerate(words) if w in _ALL_ROWS_TOGETHER}  # "the overall click-through rate"
        explained |= _whole_named(words)  # "the total downtime across the fleet": every row of the table
    charted = (plan.column, plan.order_by, *plan.select, *(c.column for c in plan.where))
    if any(c is not None and names_a_chart(table, c) for c in charted):  # "the best position on the US Hot 100"
        explained |= {i for i, w in enumerate(words) if w in _CHART_WORDS}
    if plan.group_part:  # "which month": the part of the dates grouped by
        explained |= {i for i, w in enumerate(words) if w == plan.group_part}
    if kind in (ReadingKind.PERCENT, ReadingKind.SHARE, ReadingKind.GROUP_RATE):  # "what percentage", "the win rate"
        explained |= {i for i, w in enumerate(words) if w in _PART_WORDS}
    if kind in (ReadingKind.MAX, ReadingKind.MIN, ReadingKind.SUPERLATIVE):
        # "the largest single order", "who made the largest single claim": one row's value or the row itself, which
        # max, min and a superlative's ranking of rows are
        explained |= {i for i, w in enumerate(words) if w in _ONE_ROW_WORDS}
    if kind is ReadingKind.GROUP and plan.operation is Operation.COUNT:  # "the most common reason": most rows
        explained |= {i for i, w in enumerate(words) if w in _MOST_ROWS_WORDS}
        explained |= {i for i, w in enumerate(words) if w in _SIZED_GROUPS and words[i - 1 : i] in _SIZING}
    spread = second is not None and second.column == plan.column and second.operation is Operation.MIN
    if kind is ReadingKind.DIFFERENCE and spread:  # "the salary range": its largest less its smallest
        explained |= {i for i, w in enumerate(words) if w in ("range", "ranges")}
    if kind is ReadingKind.REMAINING:  # "how much budget is left", "how much did revenue grow": one less the other
        explained |= {
            i
            for i, w in enumerate(words)
            if LEFT.search(w) or w in CHANGE_WORDS or w in _SHORT_WORDS or PAST_LEVEL.match(w) or MISSED_LEVEL.match(w)
        }
    # "did revenue grow from January to March": whether the later is the larger; "which region grew the most" of a
    # column for each month: its rows ranked by the later less the earlier (changes_said.grew_the_most)
    if kind is ReadingKind.LARGER or (plan.less is not None and plan.order_by is not None and plan.limit == 1):
        explained |= {i for i, w in enumerate(words) if w in CHANGE_WORDS}
    said = SENIORITY.search(" ".join(words))
    if said and plan.order_by is not None and table.columns[plan.order_by].kind == "date":  # "the longest-serving"
        start = len(" ".join(words)[: said.start()].split())
        explained |= set(range(start, start + len(said.group(0).split())))
    read = plan.select[0] if plan.operation is Operation.ROWS and plan.select else None
    length_read = read is not None and words[:2] == ["how", "long"] and LENGTH_NAME.search(table.columns[read].name)
    if kind in (ReadingKind.DURATION, ReadingKind.DAYS) or length_read:  # "how long": a span, or a Time cell
        # ("how many days did it take": the days of a span of dates)
        days = kind is ReadingKind.DAYS
        # ("the length of Spring Sale": its days, start to end, of a table with no column of lengths; spans.took_to)
        lengths = ("long", "length", "duration")
        explained |= {i for i, w in enumerate(words) if w in lengths or w in _LASTED or (days and w == "days")}
    ended = second.column if kind is ReadingKind.DAYS and second is not None else plan.until
    if plan.until is not None:  # "which campaign ran the longest": its days, start to end
        explained |= {i for i, w in enumerate(words) if w in _LASTED}
    if ended is not None:  # "take to arrive" of a Received Date: the verb says the date it ended on
        explained |= {i for i, w in enumerate(words) if names_the_end(stem(w), table.columns[ended].name)}
    explained |= _spans_and_periods_explained(plan, words, table)
    if plan.score or any(c.view in SCORE_PARTS for c in plan.where):  # "the margin of points"
        explained |= {i for i, w in enumerate(words) if w in SCORE_WORDS}
    if any(index_.outcomes[c.column] and c.op == "in" for c in plan.where):  # "how many games did they win"
        explained |= {i for i, w in enumerate(words) if w in OUTCOME_WORDS}
    months = [c for p in (plan, second) if p is not None for c in p.where if c.view == "month"]
    for month in {int(c.value) for c in months}:  # "in March", "after May", "from January to March"
        explained |= {i for i, w in enumerate(words) if w[:3] == MONTH_NAMES[month - 1][:3]}
    quarter = said_quarter(" ".join(words))
    months_picked = any((c.view == "month" and c.op == ">=") or (c.op == "in" and _months(c.value)) for c in plan.where)
    months_picked = months_picked or len(plan.across) == 3  # or a column for each of its months (periods.py)
    if quarter is not None and months_picked:  # "in Q1": of a date column, or a Month's "Jan", "Feb", "Mar"
        explained |= set(quarter[1])
    spanned = {c.column for c in months if c.op == "<="} and {c.column for c in months if c.op == ">="}
    if spanned and len({c.column for c in months}) == 2:  # "ran in June": a span reaching into it (periods.py)
        explained |= {i for i, w in enumerate(words) if DURING.fullmatch(w)}
    if plan.shift:  # "directly after X", "three spots before X": how far the shift goes
        explained |= _shift_words(words)
    if kind is ReadingKind.DIFFERENCE:  # "the salary gap between the highest and lowest paid" (held at 0.28)
        explained |= {i for i, w in enumerate(words) if w == "gap"}
    return explained


_RIGHT_BESIDE = {"right", "directly", "immediately", "just"}


def _shift_words(words: list[str]) -> set[int]:
    """The words that say how far a shifted row is: "directly" after, "three spots" before (positions.STEPS)."""
    explained = {i for i, w in enumerate(words) if w in _RIGHT_BESIDE}
    said = STEPS.search(" ".join(words))
    if said is not None:
        start = len(" ".join(words)[: said.start()].split())
        explained |= {start, start + 1}
    return explained


def _spans_and_periods_explained(plan: Plan, words: list[str], table: TypedTable) -> set[int]:
    """The words a plan over a column for each month (or quarter), or over how long each row lasted, accounts for:
    "East's total sales", "sales in March", "the average delivery time"."""
    explained: set[int] = set()
    # what the months hold, when the plan adds them up or reads a month said ("East's sales in March"; not "the
    # average monthly sales of West" read as its January)
    read_columns = {plan.column, plan.order_by, *plan.select}
    periods_read = {key for key, column in period_columns(table).items() if column in read_columns}
    if plan.across or any(w in periods_read or w[:3] in periods_read for w in words):
        explained |= {i for i, w in enumerate(words) if w in MONEY_NOUNS or w in _SOLD}
    if plan.across:  # "East's total sales" of a column for each month: the total said
        for said in OVER_THE_MONTHS.finditer(" ".join(words)):
            start = len(" ".join(words)[: said.start()].split())
            explained |= set(range(start, start + len(said.group(0).split())))
    if plan.until is not None and plan.operation is not Operation.ROWS:  # "the average delivery time" of Delivered
        ended = table.columns[plan.until].name
        explained |= {i for i, w in enumerate(words) if w in _HOW_LONG or names_the_end(stem(w), ended)}
    return explained


def _months(cells: list[str]) -> bool:
    """Whether cells all name months ("Jan", "February")."""
    return all(month_number(str(cell)) for cell in cells)


_PAY_NAME = re.compile(r"(?i)\b(?:salary|salaries|wages?|pay|payroll)\b")


def _of_people(table: TypedTable) -> bool:
    """Whether a table is of people's pay: named for people (staff.csv) or with a column of pay (an expense claim's
    Amount is no wage of the Employee beside it)."""
    return bool(table_words(table) & PERSONS) or any(_PAY_NAME.search(c.name) for c in table.columns)


def reads_money(plan: Plan, table: TypedTable) -> bool:
    """Whether the plan adds up, orders by or compares a column of money (an Amount, a Salary, a nightly Rate)."""
    amounts = {plan.column, plan.order_by, *(c.column for c in plan.where if c.view in ("number", "average"))}
    names = [table.columns[c].name for c in amounts if c is not None]
    return any(MONEY_NAME.search(name) or PRICE_NAME.search(name) for name in names)  # (a Rate: "paid the highest")


# A table of gifts: named for them (donations.csv) or with a column of who gave (a Donor)
_GIFTS_FILES = {stem(w) for w in "donation gift fundraising fundraiser pledge contribution".split()}
_GIVER_NAME = re.compile(r"(?i)\b(?:donors?|contributors?|givers?|pledgers?)\b")
_GIVING = GIFT_VERBS | {"raise", "raises", "donate", "contribute", "contributes", "pledge"}  # "did the Gala raise"


def _of_gifts(table: TypedTable) -> bool:
    """Whether a table is of gifts: named for them (donations.csv) or with a column of givers (a Donor)."""
    return bool(table_words(table) & _GIFTS_FILES) or any(_GIVER_NAME.search(c.name) for c in table.columns)


# Money a column holds that has not changed hands: asked for, offered, planned ("Expected Salary", "Asking Price")
_UNMOVED_NAME = re.compile(
    r"(?i)\b(?:expected|desired|requested|offered|proposed|estimated|planned|forecast|projected|asking|quoted)\b"
)


def _reads_unmoved(plan: Plan, table: TypedTable) -> bool:
    """Whether the plan adds up or orders by a column of money not yet moved (an Expected Salary) and no other."""
    read = [c for c in (plan.column, plan.order_by) if c is not None]
    return bool(read) and all(_UNMOVED_NAME.search(table.columns[c].name) for c in read)


def _reads_spending(plan: Plan, table: TypedTable) -> bool:
    """Whether the plan adds up or orders by a column of money spent (a Spend, a Cost, an Actual) and no other."""
    read = [c for c in (plan.column, plan.order_by) if c is not None]
    return bool(read) and all(SPENT_NAME.search(table.columns[c].name) for c in read)


# Verbs of units changing hands, which a column of what is held (In Stock, On Hand) says nothing of
_MOVED = {"sold", "sell", "sells", "bought", "buy", "buys", "purchased", "shipped", "ordered", "delivered"}


def moved_but_held(plan: Plan, words: list[str], table: TypedTable) -> list[int]:
    """The verbs of units moved ("which product sold the most units") of a plan that adds up or orders by a column
    of what is held and not moved (an In Stock, not a Quantity): words the plan does not account for. "Units" names
    an inventory's In Stock (senses.py), and it read the most stocked item of inventory.csv as well as the most sold
    of orders.csv (bench/table_qa.py --business, biz-8, 2026-12-07)."""
    held = [plan.column, plan.order_by]
    if not any(
        c is not None and HELD_NAME.search(n := table.columns[c].name) and not UNITS_NAME.search(n) for c in held
    ):
        return []
    return [i for i, w in enumerate(words) if w in _MOVED]


def _whole_named(words: list[str]) -> set[int]:
    """The word naming the whole after "across" ("fleet" of "across the fleet", "stores" of "across all stores"):
    of a total over every row it says no more than that every row is added up."""
    for i, w in enumerate(words):
        if w != "across":
            continue
        j = i + 1
        while j < len(words) and words[j] in _WHOLE_SAID:
            j += 1
        if j < len(words):
            return set(range(i + 1, j + 1))
    return set()


# The words of a chart's places, which a column of them accounts for ("the highest chart position" of a "UK Singles")
_CHART_WORDS = frozenset("chart charts charted charting position positions peak peaked place placed".split())
