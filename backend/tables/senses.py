"""Words a table's columns suggest where no column's name says them (``name_by_the_tables_sense``, called once per
loaded table by ``vocabulary.index``): an analyst says "energy" of a kWh column, "downtime" of a Duration, "the price"
of a Cost, "logged" of the Actual beside an Estimate and "churned" of a Cancelled On date. The words a question says
as other words of its own: ``words.ABBREVIATIONS``; what a cell is said as: ``vocabulary._SAID_AS``.
"""

from __future__ import annotations

import re

from backend.tables.infer import TypedTable
from backend.tables.words import HELD_NAME, LEVEL_NAME
from backend.text import stem

_ACHIEVED_WORDS = frozenset({stem("sales"), stem("revenue"), stem("bookings")})
_TAKEN_WORDS = frozenset({stem("revenue"), stem("takings")})
_MRR = ("mrr", "recurring")
_PRICED_NAME = re.compile(r"(?i)\b(?:rate|price|fee)\b")
# Words a table's columns suggest where no column's name says them: the one column whose name matches is named by the
# words. "Units", "quantity" and "stock" name what is held ("how many units are in York" adds up its On Hand; "units"
# is read as "quantity", words.ABBREVIATIONS). The rest each an answer given wrong over my own tables (2026-11-28):
# "energy" of a kWh column ("how much energy did Leeds use" read its Cost), "downtime" of an incident's Duration (it
# counted incidents; "the average appointment length" averaged the Fees), "satisfied" of a Satisfaction score (the
# stems differ: it counted respondents), "revenue" of an order's Subtotal or Order Total (no reading), "visitors" of a
# shop's Footfall (it counted days); "people" of a Population.
_SENSES = (
    # ("how many units do we hold in Brewing": "hold" left out, at 0.72; "the value of stock on hand": "hand", at 0.28;
    # my own inventory table, 2026-12-07)
    (HELD_NAME, frozenset(stem(w) for w in ("quantity", "stock", "hold", "held", "holding", "hand"))),
    (re.compile(r"(?i)\b[kmg]?wh\b"), frozenset({stem(w) for w in ("energy", "consumption", "usage", "electricity")})),
    (re.compile(r"(?i)\b(?:duration|outage)\b"), frozenset({stem("downtime"), stem("outage"), stem("length")})),
    (re.compile(r"(?i)\bsatisfaction\b"), frozenset({stem("satisfied"), stem("satisfy")})),
    (re.compile(r"(?i)\b(?:subtotal|order total|order value)\b"), frozenset({stem("revenue"), stem("takings")})),
    # "the average length of stay", "who stayed the longest" of a Nights column (it averaged the Total, at 0.28)
    (re.compile(r"(?i)^\s*nights\b"), frozenset({stem("stay"), stem("stayed"), stem("stays"), stem("length")})),
    # "the average length of leave" of a Days column (right, held at 0.28; my own leave table, 2026-12-07)
    (re.compile(r"(?i)^\s*days\s*$"), frozenset({stem("length")})),
    # "which project took the most time", "how many people logged time" of an Hours column (it counted each project's
    # rows, "time" left out, at 0.72; my own timesheets table, 2026-12-07)
    (re.compile(r"(?i)^\s*(?:hours|hrs)\b"), frozenset({stem("time")})),
    (re.compile(r"(?i)\bfootfall\b"), frozenset({stem("visitors"), stem("visits")})),
    # "which municipality has the most people who reside in it": its Population (fresh WikiTableQuestions training
    # questions, tuning tables, 2026-11-28)
    (re.compile(r"(?i)\bpopulation\b"), frozenset({stem("people"), stem("residents"), stem("inhabitants")})),
    # "which school has the most students" of an Enrollment (it counted each school's one row: a tie of them all,
    # declined; fresh WikiTableQuestions tuning nt-7177, 2026-12-06)
    (re.compile(r"(?i)\benrol(?:l)?ment\b"), frozenset({stem("students"), stem("pupils")})),
    # "what did the Rome shipment weigh" (no reading of its Weight (kg): "weigh" and "weight" stem apart; my own
    # shipments table, 2026-11-29)
    (re.compile(r"(?i)\bweight\b"), frozenset({stem("weigh"), stem("weighs"), stem("weighed")})),
    # "how many 5-star reviews are there", "4 stars or more" of a Rating (it counted every review, the stars left
    # out; my own reviews table, 2026-11-29)
    (re.compile(r"(?i)\b(?:rating|stars?)\b"), frozenset({stem("star"), stem("stars")})),
    # "how much does Acme still owe" of invoices with a Balance Due (it added up their Amount, "owe" left out, at 0.72;
    # my own invoices table, 2026-11-29; without such a column business_measures reads the Amount less the Paid)
    (re.compile(r"(?i)\b(?:balance|outstanding|amount due)\b"), frozenset({stem("owe"), stem("owing")})),
    # "the average sale price", "the highest sale price in Dallas" of a Sold Price beside a List Price (it read the
    # List Price, held at 0.3 as named alike; my own listings table, 2026-11-29)
    (re.compile(r"(?i)\bsold (?:price|for|amount)\b"), frozenset({stem("sale")})),
    # "the average revenue per seat for Acme" of an MRR column (it averaged the Seats, "revenue" left out, at 0.72; my
    # own subscriptions table, 2026-11-29)
    (re.compile(r"(?i)^\s*(?:mrr|arr)\b"), frozenset({stem("revenue")})),
    # "what is our MRR", "the monthly recurring revenue" of a Monthly Fee (no reading; my own subscriptions table,
    # 2026-12-07). Not "revenue": "which month had the highest revenue" then read subscriptions.csv beside orders.csv
    # (bench/table_qa.py --business, biz-103, 2026-12-07)
    (re.compile(r"(?i)^\s*monthly (?:fee|price|charge|payment|subscription)s?\b"), frozenset(stem(w) for w in _MRR)),
    # "the most popular product" of a Units Sold (it counted each product's one row: a tie of them all, declined; my
    # own products table, 2026-11-29)
    (re.compile(r"(?i)\b(?:units?|quantity|qty|items?) sold\b"), frozenset({stem("popular")})),
    # "which homes sold above asking", "for less than the asking price" of a List Price (it read "above" as the row
    # listed before, and "asking" was left out; my own listings table, 2026-11-29)
    (re.compile(r"(?i)\b(?:list|listing|listed|asking) price\b"), frozenset({stem("asking")})),
)
_REPS = ("rep", "reps", "salesperson", "salespeople", "seller", "sellers")
# The same for columns of words: "country" of a Nation or Nationality ("which country had the most deputy judges"
# counted the judges' terms, "country" left out; WikiTableQuestions questions on tuning tables, 2026-11-29).
_TEXT_SENSES = (
    (re.compile(r"(?i)\bnation(?:ality|s)?\b"), frozenset({stem("country"), stem("countries")})),
    # "the conversion rate" of a Converted column of yes and no: the noun of its verb (no reading; my own leads
    # table, 2026-11-29)
    (re.compile(r"(?i)\bconverted\b"), frozenset({stem("conversion"), stem("conversions")})),
    # "which rep has won the most revenue" of a deal's Owner (it named the largest deal, "rep" left out, at 0.66; my own
    # deals table, 2026-12-07)
    (re.compile(r"(?i)^\s*(?:owner|deal owner|account owner|account manager)\s*$"), frozenset(stem(w) for w in _REPS)),
    # "how much did we bill for Atlas" of timesheets with a Billable flag: the billable hours, priced (it priced every
    # hour, "bill" and "billable" stem apart; my own timesheets, 2026-12-07)
    (re.compile(r"(?i)^\s*billable\b"), frozenset(stem(w) for w in ("bill", "billed"))),
)
# And for dates: "joined" or "hired" of a Start Date ("how many employees joined in 2023" left "joined" out, so the
# one row it counted was capped as a cell asked for; my own HR table, 2026-11-29).
_DATE_SENSES = (
    # ... and "signed up", "subscribed", "registered" of a subscription's or an account's ("how many customers signed
    # up in 2025" left "signed" out, tied with orders.csv's customers of 2025; my own subscriptions table, 2026-12-08)
    (
        re.compile(r"(?i)\b(?:start(?:ed)?|hire[ds]?|joined|joining)\b"),
        frozenset(stem(w) for w in ("joined", "hired", "signed", "subscribed", "registered")),
    ),
    # "which player was born last" of a Date of birth (it read the last row listed, "born" left out; fresh
    # WikiTableQuestions tuning nt-12994, 2026-12-06)
    (re.compile(r"(?i)\b(?:birth|dob|birthday|birthdate)\b"), frozenset({stem("born")})),
    # "which project finished earliest" of a Completed date (it ordered the Start Date, at 0.8; my own projects table,
    # 2026-11-29)
    (re.compile(r"(?i)\b(?:completed|completion|done)\b"), frozenset(stem(w) for w in ("finished", "finish"))),
)


# "What does the Kettle cost" names its Price, and "the most expensive product" a Cost, where the table has no column
# of the other: of an inventory's Unit Cost and Unit Price each word names its own ("the price of the Kettle" read its
# Unit Cost at 0.8 while "cost" was read as "price" everywhere; my own inventory table, 2026-11-28).
_PRICE_OR_COST = (stem("price"), stem("cost"))


def _price_or_cost(names: list[set[str]]) -> None:
    """Add "cost" to the names of the columns named "price" where no column's name says "cost", and the other way."""
    for said, other in (_PRICE_OR_COST, _PRICE_OR_COST[::-1]):
        if not any(other in stems for stems in names):
            for stems in names:
                if said in stems:
                    stems.add(other)


# Words for work done, which name the one Actual beside an Estimate ("how many hours has Ana logged" of an "Estimate
# (h)" and an "Actual (h)" added up her estimates, held at 0.3 as named alike; my own tasks table, 2026-11-28)
_DONE_WORDS = frozenset(stem(w) for w in ("logged", "worked", "took", "taken", "used", "spent"))
_ESTIMATE_NAME = re.compile(r"(?i)\b(?:estimated?|estimates|planned)\b")
# Words for a row that ended, which name the one date column of its end (a "Cancelled On" filled in: "how many customers
# have churned"; left empty: "the MRR from active customers", conditions.filled_or_empty). Both were read as every
# row at 0.18 over my own subscriptions table (2026-11-28).
# And of staff (an End Date filled in: "how many employees have left", "when did Ben leave" read his Start Date, at
# 0.8; left empty: "the average salary of current employees"; my own staff table, 2026-11-29).
# Of an end date: none filled in (conditions.filled_or_empty), unlike an Active column's "yes"
ACTIVE = frozenset(stem(w) for w in ("active", "current", "employed"))  # "still employed": no End Date
_ENDED_WORDS = frozenset(
    {*(stem(w) for w in ("churned", "cancelled", "lost", "inactive", "left", "leave", "leaves", "quit")), *ACTIVE}
)
_ENDED_NAME = re.compile(r"(?i)\b(?:cancel+(?:ed|ation)?|churn(?:ed)?|ended|end date|terminat(?:ed|ion))\b")


def ended_columns(table: TypedTable) -> list[int]:
    """The date columns named for a row's end ("Cancelled On", "Churn Date", "End Date")."""
    return [i for i, c in enumerate(table.columns) if c.kind == "date" and _ENDED_NAME.search(c.name)]


def name_by_the_tables_sense(table: TypedTable, names: list[set[str]]) -> None:
    """Add to ``names`` (each column's name stems) the words a table's columns suggest where no column's name says
    them: "price" or "cost" (``_price_or_cost``), ``_SENSES``, "sales" and "revenue" to its one Actual beside a
    Target or Quota ("who had the highest sales"), words for work done to its one Actual beside an Estimate ("how
    many hours has Ana logged") and words for a row that ended to its one end date ("how many customers churned")."""
    _price_or_cost(names)
    numbers = [i for i, c in enumerate(table.columns) if c.numeric]
    levels = [i for i in numbers if LEVEL_NAME.search(table.columns[i].name)]
    estimates = [i for i in numbers if _ESTIMATE_NAME.search(table.columns[i].name)]
    actual = [i for i in numbers if re.search(r"(?i)\bactuals?\b", table.columns[i].name)]
    # (a level of the same measure is not it: "how much energy did Leeds use" of a kWh beside a "Target kWh" read the
    # Cost; my own energy table, 2026-11-29)
    measured = [i for i in numbers if i not in levels]
    senses = [([i for i in measured if name.search(table.columns[i].name)], words) for name, words in _SENSES]
    senses += [
        ([i for i, c in enumerate(table.columns) if not c.numeric and name.search(c.name)], words)
        for name, words in _TEXT_SENSES
    ]
    senses += [
        ([i for i, c in enumerate(table.columns) if c.kind == "date" and name.search(c.name)], words)
        for name, words in _DATE_SENSES
    ]
    achieved = (actual if levels else [], _ACHIEVED_WORDS)
    # a column named just "Total" beside a Rate or Price is money taken (a booking's Total: "the total revenue from
    # confirmed bookings" left "revenue" out; my own bookings table, 2026-11-29), not a medal table's Total
    priced = any(_PRICED_NAME.search(table.columns[i].name) for i in numbers)
    totals = ([i for i in numbers if table.columns[i].name.strip().lower() == "total"] if priced else [], _TAKEN_WORDS)
    ended = ended_columns(table)
    for columns, words in (
        *senses,
        achieved,
        totals,
        (actual if estimates else [], _DONE_WORDS),
        (ended, _ENDED_WORDS),
    ):
        if len(columns) == 1 and columns is ended:  # "Cancelled On" says "cancelled" itself: the other words
            names[columns[0]] |= words - set().union(*(stems for i, stems in enumerate(names) if i != columns[0]))
        elif len(columns) == 1 and not any(words & stems for i, stems in enumerate(names) if i != columns[0]):
            # (the column's own name may say one of them: "units" names an "In Stock" that says "stock"; it counted
            # the rows of "how many units of coffee do we have", at 0.72; my own inventory table, 2026-12-07)
            names[columns[0]] = names[columns[0]] | words
