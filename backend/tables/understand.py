"""How a question is understood before any rule reads it (``understand``): the conditions it puts on the rows, the
measure it adds up or ranks, the column that answers, the places it names ("ranked first") and whether it asks for a
highest or lowest. Each step settles one field of the ``question.ParsedQuestion`` the rules then share, in order.
"""

from __future__ import annotations

import re

from backend.tables.adjective_measures import sized_by
from backend.tables.against import SPENT_NAME
from backend.tables.answered import answered_column
from backend.tables.average_compared import average_compared
from backend.tables.business_measures import amount_paid_said
from backend.tables.column_kinds import (
    MONEY_NAME,
    PRICE_NAME,
    is_year_or_rank,
    placing_column,
    units_column,
    year_column,
)
from backend.tables.columns import the_amount
from backend.tables.conditions import filled_or_empty, question_conditions
from backend.tables.counts import UNITS_MOVED
from backend.tables.infer import TypedTable
from backend.tables.named_rows import shared_column
from backend.tables.plan import Condition
from backend.tables.positions import Ranked
from backend.tables.quantities import SaidDate, SaidNumber
from backend.tables.question import ASKS_YEAR, ParsedQuestion
from backend.tables.senses import ended_columns
from backend.tables.superlatives import highest_or_lowest
from backend.tables.value_kinds import valued_column
from backend.tables.vocabulary import Index
from backend.tables.words import (
    ABBREVIATIONS,
    MONEY_NOUNS,
    MONEY_VERBS,
    ORDINAL_WORDS,
    RATE_AFTER_ITS_NOUN,
    Mention,
    any_word,
    name_stems,
    normal,
    row_noun,
    table_words,
)
from backend.text import stem
from backend.types import AnswerType

# Words that ask for an amount without naming its column ("how much did we spend", "the largest expense")
_AMOUNT_CUE = re.compile(
    r"\b(?:total|sum|how much|average|mean|median|largest|biggest|highest|smallest|lowest|costs?|grossed"
    # "the most expensive booking" of a Total beside a nightly Rate: the Total (it counted each booking's one row, a
    # tie, declined; my own bookings table, 2026-11-29)
    r"|expensive|cheapest|costliest|priciest)\b"
    r"|" + any_word(MONEY_VERBS | MONEY_NOUNS).pattern
)
_PAID = any_word(MONEY_VERBS)
_AGGREGATED = frozenset({"average", "mean", "median", "total"})  # words said right before the measure they add up
_SPENDING = re.compile(r"\b(?:spend|spends|spent|spending|pay|pays|paid)\b")  # money out: what a money column holds
_TIME_SPENT = re.compile(r"\b(?:minutes|hours|days|weeks|time)\b")
_PLACE = r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)?)"
_RANKED_AT = re.compile(
    # (not "came in second to last": a place from the foot, ordinals_said.py)
    r"\b(?:ranked|placed|finished|came in|came)\s+(?:in\s+)?(?:the\s+)?" + _PLACE + r"\b(?!\s+(?:to|from)\s+last\b)"
    # "the last year that they received first": a place taken (it read "first" as the earliest year, at 0.8; fresh
    # tuning nt-11563); said so only before "place" or at the end, not "took first the train"
    r"|\b(?:received|earned|took|got|achieved|won)\s+(?:the\s+)?" + _PLACE + r"(?=\s+(?:place|position)\b|$)"
)


def understand(
    q: str,
    table: TypedTable,
    mentions: list[Mention],
    named: list[int],
    numbers: list[SaidNumber],
    answer_type: AnswerType,
    dates: list[SaidDate],
    hinted: list[int],
    index_: Index,
    ranked: Ranked | None = None,
) -> ParsedQuestion:
    """What every rule needs of the question: its conditions, measure, answer column and superlative."""
    conditions, condition_columns, compared_row = question_conditions(
        q, table, mentions, named, numbers, dates, hinted, index_
    )
    paid = amount_paid_said(q, conditions, table, index_)
    if paid is not None:  # "how much has Hooli paid": the amounts of its Paid column, not its rows whose Status is Paid
        conditions = [c for c in conditions if c is not paid[0]]
        condition_columns, named = {c.column for c in conditions}, [*named, paid[1]]
    p = ParsedQuestion(
        q=q,
        table=table,
        index=index_,
        answer_type=answer_type,
        mentions=mentions,
        named=named,
        numbers=numbers,
        dates=dates,
        hinted=hinted,
        ranked=ranked,
        conditions=conditions,
        condition_columns=condition_columns,
        compared_row=compared_row,
    )
    _choose_measure(p)
    against = average_compared(p.q, table, p.measure, index_)
    if against is not None:  # "orders above the average revenue": rows compared with it, no average asked for
        condition, p.q = against
        p.conditions.append(condition)
        p.condition_columns.add(condition.column)
    _choose_answer_column(p)
    _flags_said(p)
    # "what is the last model and its origin?": a list of several named columns of one row.
    p.extra = tuple(
        c for c in named if c != p.answer_column and c not in p.condition_columns and c != p.measure and " and " in q
    )
    _ranked_at(p)
    p.is_max, p.is_min, p.measure = highest_or_lowest(p.q, p.table, p.measure, p.named, p.condition_columns)
    return p


def _named_by_the_rows_noun(p: ParsedQuestion, column: int, said: set[str], rows: set[str]) -> bool:
    """Whether the question names ``column`` only by a word of its name that the file says its rows are, and leaves
    the rest of its name unsaid ("listings" of a List Price in listings.csv, not "tries" of tries.csv's Tries)."""
    name = name_stems(p.table.columns[column].name)
    return bool(name & said) and name & said <= rows and not p.index.names[column] & said - rows and not name <= said


# a verb of goods changing hands and a superlative, before the thing moved ("ordered the most Paper Cups")
_UNITS_RANKED = re.compile(r"\b(?:sold|bought|purchased|ordered|shipped|delivered) the (?:most|least|fewest)\b")
# "which product sold the most", "the most sold product" (and "the best-selling", rephrase.py): its units added up,
# not its order lines counted (it counted them, at 0.8; my own orders table, 2026-12-07); "which product sold more,
# Travel Mug or French Press" too (it counted their order lines; my own orders table, 2026-12-07)
_MOST_MOVED = re.compile(
    r"\b(?:sold|bought|purchased|ordered|shipped) the (?:most|least|fewest)$|\b(?:most|least) (?:sold|bought|ordered)\b"
    r"|\b(?:sold|sells?) (?:more|less|fewer)\b"
)


def _choose_measure(p: ParsedQuestion) -> None:
    """The number column the question reads: one it names, else the table's one amount when it asks for an amount
    ("the total spent on travel"), else the units moved ("how many Cold Brew Kits were sold": their Quantity added
    up; "how many orders were shipped" counts the orders the table is named for)."""
    numeric = [i for i, c in enumerate(p.table.columns) if c.numeric]
    measures = [c for c in p.named if c in numeric and c not in p.condition_columns and not is_year_or_rank(p.table, c)]
    # a column named only by what the file says its rows are is no measure: "how many listings does Kim have" of
    # listings.csv counts her rows (it added up her List Price, "list" of "listings", at 0.8; my own listings table,
    # 2026-11-29)
    # (a column its name says whole stays: "the most tries" of tries.csv is its Tries)
    # (the last word of the file's name says what a row is: "rent" of rent_roll.csv still names its Monthly Rent;
    # "sales" of sales.csv is money, and names its Q1 Sales)
    said, rows = {stem(w) for w in p.q.split()}, {row_noun(p.table)} - {stem(w) for w in MONEY_NOUNS}
    measures = [c for c in measures if not _named_by_the_rows_noun(p, c, said, rows)]
    # a column of numbers before one of codes that start with a number ("the average rent for a unit" of a "Unit"
    # column of "1A", "2B" beside "Monthly Rent": the rent, not the units' leading digits)
    measures.sort(key=lambda c: p.table.columns[c].kind != "number")
    # "the average rent for a one-bedroom unit": the column named right after the word that aggregates it, before one
    # a later word names ("bedroom" names Bedrooms whole, "rent" only half of "Monthly Rent")
    words = p.q.split()
    after = {stem(words[i + 1]) for i, w in enumerate(words[:-1]) if w in _AGGREGATED}
    # and a rate said after the noun it is of ("the win pct": the Pct, not the Wins)
    after |= {stem(ABBREVIATIONS.get(w, w)) for i, w in enumerate(words) if i and w in RATE_AFTER_ITS_NOUN}
    measures.sort(key=lambda c: not after & p.index.names[c])
    if re.search(r"\bhow many\b", p.q):
        # "how many calls did Ava resolve" of Calls and Resolved: the calls she resolved, a column named by what was
        # done to the rows it counts (it added up her Calls, at 0.8; my own call centre table, 2026-11-29)
        measures.sort(key=lambda c: not normal(p.table.columns[c].name).endswith("ed") or len(p.index.names[c]) > 1)
    p.measure = measures[0] if measures else None
    # (a word of a cell said is no verb: "the average bounce rate for Paid Search" read the Revenue, at 0.8; my own
    # web traffic table, 2026-11-29)
    unsaid = " ".join(w for i, w in enumerate(words) if not any(m.start <= i < m.end for m in p.mentions))
    spent = _SPENDING.search(unsaid) and not _TIME_SPENT.search(p.q)
    named = p.table.columns[p.measure].name if p.measure is not None else ""
    named_money = MONEY_NAME.search(named) or PRICE_NAME.search(named)
    if p.measure is not None and spent and not named_money:
        # "how much did London spend on energy": what was spent is the money column, the kWh named is what it bought
        # ("how many minutes did Dr. Patel spend" is time); a price named is what was paid ("which guest paid the
        # highest rate": the Rate, not each guest's Totals added up, at 0.8; my own bookings table, 2026-12-07)
        money = the_amount(p.table, p.condition_columns)
        if money is not None and MONEY_NAME.search(p.table.columns[money].name):
            p.measure = money
    if p.measure is None and spent:
        # "how much did Marketing spend in total" of a Budget and an Actual: the one column of what was spent (it
        # read the Budget, at 0.29; my own budget against actuals table, 2026-11-29)
        spending = [c for c in numeric if c not in p.condition_columns and SPENT_NAME.search(p.table.columns[c].name)]
        p.measure = spending[0] if len(spending) == 1 else None
    p.measure_named = p.measure
    if p.measure is None:  # "which venue is the largest": its Capacity, not the one money column (its Ticket Price)
        p.measure = sized_by(p.q, p.table, p.condition_columns)
    # (a money verb negated is a status, no amount: "the oldest unpaid invoice" ranked the invoices by their Amount,
    # at 0.8; my own invoices table, 2026-12-07: its Paid says No; "how much is unpaid" still asks for an amount), nor
    # is a cell said ("the newest member of Sales" ranked Sales by Salary, at 0.8; my own staff table, 2026-12-07),
    # unless it is a money verb ("which customer paid the most" of a Status "Paid" adds up what each paid)
    affirmed, affirmed_unsaid = (re.sub(r"\b(?:non|not) \w+", "", text) for text in (p.q, unsaid))
    cued = _AMOUNT_CUE.search(affirmed_unsaid) or _PAID.search(affirmed)
    if p.measure is None and cued and not re.search(r"\bhow many\b|\bnumber of\b", p.q):
        p.measure = the_amount(p.table, p.condition_columns)
    moved = UNITS_MOVED.search(p.q)
    if p.measure is None and moved and stem(moved.group(1)) not in table_words(p.table):
        p.measure = units_column(p.table, p.condition_columns)
    # "which customer ordered the most Paper Cups": the most of a thing the table holds is its units, not its rows
    # (a tie of rows, declined; my own order lines table, 2026-11-29)
    ranked = _UNITS_RANKED.search(p.q)
    if p.measure is None and ranked and any(m.start == len(p.q[: ranked.end()].split()) for m in p.mentions):
        p.measure = units_column(p.table, p.condition_columns)
    if p.measure is None and _MOST_MOVED.search(p.q):
        p.measure = units_column(p.table, p.condition_columns)


def _choose_answer_column(p: ParsedQuestion) -> None:
    """The column whose value answers, and whether the question named it."""
    q, table, index_ = p.q, p.table, p.index
    numeric = [i for i, c in enumerate(table.columns) if c.numeric]
    # "which songs do not have a producer listed": a column the question says is left empty is a condition, not
    # the answer
    left_empty = {c.column for c in filled_or_empty(q, table, p.named, p.condition_columns, index_) if c.op == "empty"}
    p.answer_column, p.guessed = answered_column(
        q, p.named, table, p.condition_columns | left_empty, p.measure, p.wants_text, p.numeric_answer, index_.names
    )
    # "what episode had the most viewers": the column asked for is not also the one to order by
    if p.measure is not None and p.measure == p.answer_column and not p.guessed and p.wants_text:
        p.measure = next(
            (c for c in p.named if c in numeric and c not in (p.answer_column, *p.condition_columns)), p.measure
        )
        p.measure_named = p.measure
    # "of Beijing and Shanghai, which has the most people", "what delegate is the same age as X": with no column
    # asked for, the answer is one of the values the question lists, or another row of X's column.
    options = next((c.column for c in p.conditions if c.op == "in"), p.compared_row)
    # (not the values an agent names: "which songs are produced by pillo jamel or juju" asks for the songs; it listed
    # the two producers, at 0.29; fresh WikiTableQuestions tuning nt-12743, 2026-12-06)
    first = min((m.start for m in p.mentions if options in m.cells), default=0)
    if first > 0 and q.split()[first - 1] in ("by", "from", "with", "against"):
        options = None
    if p.guessed and p.wants_text and options is not None:
        both = next((c for c in p.conditions if c.op == "in"), None) if re.search(r"\bboth\b", q) else None
        p.answer_column = (shared_column(table, both, p.hinted) if both else None) or options
    # "which party has the most members": "party" is part of the cells of the column whose values are parties
    # ("Liberal Party"); the word says what kind of value answers, not which rows.
    values_said = {i for m in p.mentions if not m.partial for i in range(m.start, m.end)}
    kind_of = valued_column(q, index_, values_said) if p.guessed and p.wants_text else None
    if kind_of is not None:
        p.answer_column, word = kind_of
        p.conditions = [c for c in p.conditions if not (c.op == "contains" and c.value == word)]
        compared = {p.compared_row} if p.compared_row is not None else set()
        p.condition_columns = {c.column for c in p.conditions} - compared
    # "what year did the Bulldogs score the most tries": a year, from the column of years ("2001 (Bulldogs)")
    years = year_column(table) if p.guessed and ASKS_YEAR.search(q) else None
    if years is not None:
        p.answer_column = years


def _flags_said(p: ParsedQuestion) -> None:
    """A column of yes and no the question names picks the rows of every reading, not only of a count ("which carrier
    has the most late deliveries" of an "On Time" column: its "not on time" rows; "which employees are remote")."""
    asked = p.answer_column
    if (p.wants_text or p.numeric_answer) and asked is not None and p.index.flags[asked]:
        # "which managers are not remote": a Manager column of yes and no says which rows are managers; their names
        # answer, not its yes and no. "the total of unapproved expenses", "the churn rate": it holds no number either,
        # it picks the rows added up or counted.
        p.answer_column = None
    # so does an end date named by a word for rows that ended or not ("the MRR from active customers": no Cancelled On)
    flags = [
        c
        for c in filled_or_empty(p.q, p.table, p.named, p.condition_columns, p.index)
        if (p.index.flags[c.column] or c.column in ended_columns(p.table))
        and c.column not in (p.answer_column, p.measure)
    ]
    p.conditions = [*p.conditions, *flags]
    p.condition_columns = {*p.condition_columns, *(c.column for c in flags)}
    if p.answer_column is None and asked is not None:
        others = [c for c in p.named if c != asked]
        p.answer_column, p.guessed = answered_column(
            p.q, others, p.table, p.condition_columns, p.measure, p.wants_text, p.numeric_answer
        )


_PLACE_NAME = re.compile(r"(?i)\b(?:rank|pos\.?|position|place)\b")


def _ranked_at(p: ParsedQuestion) -> None:
    """ "what city was ranked first": the row the table's rank column puts first (a rank of 1, not "1st" in a cell)."""
    ranked_at = _RANKED_AT.search(p.q)
    # ("ranked first in the preliminary": the Preliminary Rank it names, not the Rank of the final, whose first rows
    # were left empty; fresh WikiTableQuestions tuning nt-3839, 2026-12-06)
    named = next(
        (c for c in p.named if p.table.columns[c].numeric and _PLACE_NAME.search(p.table.columns[c].name)), None
    )
    placing = (named if named is not None else placing_column(p.table)) if ranked_at else None
    if ranked_at and placing is not None and placing not in p.condition_columns:
        said = ranked_at.group(1) or ranked_at.group(2)
        place = ORDINAL_WORDS.index(said) + 1 if said in ORDINAL_WORDS else int(re.sub(r"\D", "", said))
        p.conditions = [*p.conditions, Condition(placing, "=", float(place), "number")]
        p.condition_columns = {*p.condition_columns, placing}
