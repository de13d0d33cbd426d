"""Rates an analyst says by their names, without their two columns: "the click-through rate" (Clicks over
Impressions), "the conversion rate", "the resolution rate", "the return on ad spend" (Revenue over Spend), "the cost
per acquisition" (Spend over Conversions). ``derived.said_measure`` asks here once it has found no "<a> per <b>".
And the time a column's amount is per, said before it (``per_time``: "the hourly rate", "a monthly rent").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from backend.tables.column_kinds import MONEY_NAME
from backend.tables.infer import TypedTable
from backend.tables.measure import DIVIDED, SaidMeasure
from backend.tables.vocabulary import Index
from backend.text import stem

# Rates an analyst names without saying their two columns: the rate's words, the stem that names the column divided
# and the stems that may name the one it is over (the first the table has). The marketing funnel's own terms: a
# click-through rate is clicks over impressions, a conversion rate conversions over clicks (or visits); a shop's
# conversion rate its transactions over its footfall; a support team's resolution rate what it resolved over what it
# handled ("Dana's resolution rate" and "the conversion rate at Camden" had no reading over my own call-centre and shop
# tables, 2026-11-28: "resolution" does not stem to "resolv").
_NAMED_RATES = (
    (("click", "through", "rate"), "click", ("impress", "view")),
    (("ctr",), "click", ("impress", "view")),
    (("conversion", "rate"), "convers", ("click", "visit", "session", "visitor")),
    (("conversion", "rate"), "transact", ("footfal", "visitor", "visit")),
    (("resolution", "rate"), "resolv", ("call", "ticket", "case", "contact", "handl")),
)
# A campaign's returns and costs said by their marketing names, of a table with a column of each part: the revenue
# over the spend ("the best return on ad spend" read the largest Spend, at 0.8; "the ROAS of Retargeting" had no
# reading: my own campaigns table, 2026-11-29), the spend over the conversions or the clicks.
_RETURN_ON_SPEND = (("roas",), ("return", "on", "ad", "spend"), ("return", "on", "spend"))
_COST_PER_CONVERSION = (("cpa",), ("cost", "per", "acquisition"))
_COST_PER_CLICK = (("cpc",),)


def rate_said(
    words: list[str], named_by: Callable[[str], int | None], income: int | None, spent: int | None
) -> SaidMeasure | None:
    """The named rate the question's ``words`` say, over the columns the table has for its two parts (``named_by``: the
    one number column a stem names; ``income`` and ``spent``: the table's one column of money in and out), or None."""
    for rate, divided, overs in _NAMED_RATES:
        start = _find(words, rate)
        column = named_by(divided)
        per = next((c for s in overs if (c := named_by(s)) is not None), None)
        if start is not None and column is not None and per is not None and column != per:
            return SaidMeasure(column, DIVIDED, per, frozenset(range(start, start + len(rate))))
    for phrases, over, under in (
        (_RETURN_ON_SPEND, income, spent),
        (_COST_PER_CONVERSION, spent, named_by("convers")),
        (_COST_PER_CLICK, spent, named_by("click")),
    ):
        for phrase in phrases:
            start = _find(words, phrase)
            if start is not None and over is not None and under is not None and over != under:
                return SaidMeasure(over, DIVIDED, under, frozenset(range(start, start + len(phrase))))
    return None


def _find(words: list[str], phrase: tuple[str, ...]) -> int | None:
    """Where ``phrase`` starts among ``words``, or None."""
    size = len(phrase)
    return next((i for i in range(len(words) - size + 1) if tuple(words[i : i + size]) == phrase), None)


# Words that say what a column's amount is per ("the hourly rate", "a monthly salary").
_PER_TIME = frozenset({"hourly", "daily", "weekly", "monthly", "quarterly", "yearly", "annual"})
_SAME_PERIOD = {"annual": "yearly"}
# Money a row's event brings or costs (an order's Revenue, a claim's Amount), not an amount per time a row keeps (a
# Rate, a Fee, a Salary, a Rent): "the average monthly revenue" of dated orders is each month's total averaged, which
# no plan computes (it averaged the orders, at 0.8; my own orders table, 2026-12-07), so "monthly" names no such column
# A salary is a year's pay unless its name says another time: "the average monthly salary" of a Salary of 98,000 is
# no 98,000 (it averaged the Salary, at 0.8; my own staff table, 2026-12-07)
_A_YEARS = re.compile(r"(?i)\bsalar(?:y|ies)\b")
_KEPT_PER_TIME = re.compile(r"(?i)\b(?:rate|fee|fare|price|salary|salaries|wages?|pay|rent|premium|subscription)s?\b")


def per_time(words: list[str], stems: list[str], index_: Index, table: TypedTable) -> set[int]:
    """The positions of words that say what the column named next is per ("hourly" of "Cy's hourly rate" of a
    table with a Rate column): they qualify that column and name none of their own ("hourly" is no "Hours"). A
    column per another time is not explained so ("the annual cost" of a Monthly Cost: the cap on another unit holds
    it, answer/table_caps.py; it read the month's cost as the year's, at 0.8, my own fleet table, 2026-11-29), nor is
    the money of a dated table's events (``_KEPT_PER_TIME``)."""
    periods = {stem(word): _SAME_PERIOD.get(word, word) for word in _PER_TIME}
    dated = any(column.kind == "date" for column in table.columns)

    def per_period(column: int, word: str) -> bool:  # an amount a row keeps for a time, not its event's money
        name = table.columns[column].name
        if _A_YEARS.search(name) and not periods.keys() & index_.names[column]:  # a Salary is a year's
            return _SAME_PERIOD.get(word, word) == "yearly"
        return not (dated and MONEY_NAME.search(name) and not _KEPT_PER_TIME.search(name))

    return {
        i
        for i, word in enumerate(words[:-1])
        if word in _PER_TIME
        and any(
            stems[i + 1] in names
            and all(periods[s] == _SAME_PERIOD.get(word, word) for s in names if s in periods)
            and per_period(c, word)
            for c, names in enumerate(index_.names)
        )
    }
