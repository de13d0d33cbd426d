"""What a question says about a table: the words it is read with.

Questions and cells are compared in one normal form (:func:`normal`); column names are read as their stems,
abbreviations spelt out (:func:`name_stems`). Here too are the cue words that choose an operation (``parse.py`` uses
them) and the negations that turn a condition around. A table's own words, and the columns a question names by
them: ``vocabulary.py``. The cell values it says are read by ``mentions.py``, the numbers, days and months it
compares with by ``quantities.py``.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass

from backend.tables.infer import TypedTable
from backend.text import STOP_WORDS, stem

# A column of what is held (In Stock, On Hand, Quantity): what "items below their reorder level" compare, and what
# "units" and "stock" name in a table that has one and no column of either name ("how many units are in York" of an
# inventory with an "On Hand" column).
HELD_NAME = re.compile(r"(?i)\b(?:stock|on hand|quantity|qty|units|inventory)\b")
# A level to reach (a Target, Quota or Goal) and what was reached (the Actual, the Sales): "who beat their target",
# "by how much did Bo miss his quota"; "sales" and "revenue" name the Actual of a table with a level and no column of
# either name.
LEVEL_WORDS = r"targets?|quotas?|goals?"
LEVEL_NAME = re.compile(rf"(?i)\b(?:{LEVEL_WORDS})\b")
FROM_A_LEVEL = re.compile(r"\b(?:furthest|farthest|closest|nearest) (?:from|to|below|above) (?:its|their|the)\b")
ACHIEVED_NAME = re.compile(r"(?i)\b(?:actuals?|achieved|attained|sales|revenue|bookings)\b")

MAX_WORDS = (
    "most highest largest greatest biggest maximum max best longest latest newest tallest heaviest oldest furthest"
    " farthest deepest busiest".split()  # ("what was the busiest month": the most rows; no reading, my own orders)
)
MIN_WORDS = (
    "least lowest fewest smallest minimum min shortest worst earliest lightest youngest cheapest shallowest"
    " quietest".split()
)
# Misspelt words ("castledon" for "Castleton"): words at least MIN_SPELT long, read as a table word when the difflib
# ratio is at least SPELLING_SIMILARITY ("castledon"/"castleton" 0.89; "played"/"player" 0.83 is no typo). On the
# tuning half (bench/table_qa.py --in-process, 2026-11-24) ratios 0.80 and 0.85 read 128 of 196 right, 0.90 127;
# MIN_SPELT 5 and 6 read 128, 7 127: the stricter of the ties is kept.
MIN_SPELT = 6
SPELLING_SIMILARITY = 0.85

# Money changing hands, as questions say it ("what was spent on travel", "how much did Hooli pay", "who was billed the
# most"): the verbs, and the nouns of money coming in. The one list that every reading of money uses: what a count adds
# up (counts.EARNED), what asks for an amount (question.py), what a money column explains (explain.py). "bill" and
# "charge" are left out ("Bill Evans", "in charge of").
# What a gift moves ("who gave the most" read the one largest gift's Country, at 0.8; my own donations table,
# 2026-11-29); "give" and "given" stay out ("given the award": no money). Money coming in: no spending raises it.
GIFT_VERBS = frozenset("gave donated donates raised contributed pledged".split())
MONEY_VERBS = GIFT_VERBS | frozenset(
    "spend spends spent spending pay pays paid earn earns earned billed charged invoiced".split()
    + "borrowed lent owed owes".split()  # what a loan moves ("who borrowed the most": the Principal added up)
    # what an expense claim moves ("which employee claimed the most" read the one largest claim's Employee, at 0.8;
    # my own expenses table, 2026-11-29); "claim" and "claims" stay nouns ("the largest claim", "the most claims")
    + "claimed reimbursed".split()
)
MONEY_NOUNS = frozenset("revenue income money sales".split())
# Words for a rate said after the noun it is a rate of ("the win pct", "the goal ratio"): the rate is the column asked
# for, not the noun's (it read the Wins; fresh WikiTableQuestions training questions, tuning tables, 2026-11-29)
RATE_AFTER_ITS_NOUN = frozenset({"pct", "percent", "percentage", "rate", "ratio"})
# Words for the people a row of a file of people is ("people", "staff", "workers"): "how many people work in Support"
# of staff.csv counts its rows; of expenses.csv, the different people of its one column of people.
PERSONS = frozenset(stem(w) for w in "staff employee people person worker personnel colleague member".split())


def any_word(words: frozenset[str] | set[str]) -> re.Pattern[str]:
    """A pattern that finds any of ``words`` as a whole word."""
    return re.compile(r"\b(?:" + "|".join(sorted(words)) + r")\b")


# Periods numbered in a column of numbers ("Week" 1, 2, 3): what "how many weeks" counts and "weeks 1 and 2" lists
NUMBERED_PERIODS = frozenset("week month quarter round season year day".split())
MONTH_NAMES = "january february march april may june july august september october november december".split()
# How questions say the places a "1st" cell holds ("finished in first place"), and the notes in brackets a cell
# carries after its value ("Chuck Bednarik (Lottery bonus pick)").
ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()
BRACKETED = re.compile(r"\s*(?:\([^)]*\)|\[[^\]]*\])")
# The unit a column's name ends with, said as words ("max. depth in meter", "Weight in kg", "Price in USD"): like a
# unit in brackets it says how the cells are measured, not what the column is, so "the deepest lake" names the depth
# ("depth" alone was half a name of three words short: no reading, fresh tuning nt-2569, 2026-12-06).
UNIT_SAID = re.compile(
    r"(?i)\s+in\s+(?:met(?:er|re)s?|m|cm|mm|km|km²|km2|kilomet(?:er|re)s?|miles?|feet|ft|inch(?:es)?|kg|kilograms?"
    r"|g|grams?|tons?|tonnes?|pounds?|lbs?|seconds?|minutes?|hours?|days?|usd|eur|gbp|dollars?|euros?)\s*$"
)


AVERAGE = re.compile(r"\baverage\b|\bmean\b")  # "the average attendance", "the mean delivery time"

# ("ever": "was Car 3 ever serviced at HeavyServe" asks whether any row is, as the yes/no reading does; held at 0.18
# as a word left out, my own fleet maintenance log, 2026-12-06; one dev or fresh question says it)
CUE_WORDS = set(
    "how many much number total sum combined average mean median count times different distinct unique first last next "
    "previous following preceding difference more less fewer higher lower greater larger smaller longer shorter taller "
    "earlier later older younger faster slower quicker listed list name names top bottom above below than only both "
    "either same consecutive amount value exceed exceeds exceeded exceeding recent recently headcount compared versus "
    "ago ever".split()
    + MAX_WORDS
    + MIN_WORDS
)
NEGATION = {
    "not",
    "no",
    "non",
    "except",
    "excluding",
    "besides",
    "other",
    "without",
    "never",
    "missing",  # "expenses missing a receipt" (my own expenses table, 2026-11-29: counted those with one)
    "lacking",
    "didn",
    "don",
    "doesn",
    "isn",
    "wasn",
    "weren",
    "aren",
}
NEGATION_REACH = 3  # a negation applies to the value or column said up to this many content words after it
CUE_STEMS = {stem(w) for w in CUE_WORDS} - {stem(w) for w in "point points value amount".split()}
PLAIN_VERBS = set(
    "came come comes placed place work works worked working started start starts has have had got get gets made "
    "make makes listed list recorded record used use uses there any anyone anybody someone anything something one ones "
    "all every "
    "happen happened take took taken appear appears appeared given give represented included tell me sold sell "
    "sells bought purchased buy buys generated generate generates submitted submits submit filed claimed log logs "
    "still yet "  # "how much does Acme still owe", "the tasks still open"
    "logged brought bring brings "
    "went go goes gone gave gives "  # "how many projects went over budget", "gave a satisfaction of 5"
    "done".split()  # "how many oil changes were done", "has Truck 2 had its brakes done"
)


ABBREVIATIONS = {
    "no": "number",
    "num": "number",
    "pts": "point",
    "pos": "position",
    # "how many teams had less than five qualifying positions": the "Qual. Pos." column (it counted the teams of
    # fewer than 5 rows, at 0.62; fresh WikiTableQuestions tuning nt-13602, 2026-12-06)
    "qual": "qualifying",
    "pop": "population",
    "yr": "year",
    "att": "attendance",
    # "which city had the most attendees": its Attended (or Attendance) added up, not its events counted (at 0.72; my
    # own events table, 2026-11-29)
    "attendees": "attendance",
    "attendee": "attendance",
    "gp": "game",
    "pct": "percent",
    "percentage": "percent",  # "what was their percentage": the Pct column
    "avg": "average",
    "qty": "quantity",
    "units": "quantity",  # "how many units were sold": the Quantity column ("Unit Price" says "unit")
    # a wide table's month columns ("Jan", "Feb"): "Widget's sales in February" reads its Feb
    **{name[:3]: name for name in MONTH_NAMES if len(name) > 3},
    "sept": "september",
    "amt": "amount",
    "dept": "department",
    "payroll": "salary",  # "the payroll of Sales": what its Salary column adds up to
    # ... or its Pay, its Wages ("the payroll of Engineering" of a Gross Pay and a Net Pay read one row's, at 0.29; my
    # own payroll table, 2026-11-30)
    "pay": "salary",
    "wage": "salary",
    "wages": "salary",
    # "who was hired first": the earliest Start Date (a "Hire Date" column is named by either)
    "hire": "start",
    "hired": "start",
    # "who does Bo report to", "Ann's boss": the Manager column (a "Reports To" column is named by either)
    "report": "manager",
    "reports": "manager",
    "boss": "manager",
    "supervisor": "manager",
    # "which day had the most signups": the Date column (a "Day" column is named by either)
    "day": "date",
    # "projects due in 2026": the Deadline (a "Due Date" column is named by either)
    "due": "deadline",
    "foot": "feet",  # "the price per square foot" of a "Square Feet" column
    "min": "minute",  # "Duration (min)" is named by "minutes" ("how long did INC-3 last in minutes")
    "mins": "minute",
    "hr": "hour",
    "hrs": "hour",
    # units: "how many kilograms did FedEx carry" of a "Weight (kg)" (it counted FedEx's rows, at 0.72; my own
    # shipments table, 2026-11-29)
    "kg": "kilogram",
    "kgs": "kilogram",
    "lb": "pound",
    "lbs": "pound",
    "km": "kilometre",
    "kilometer": "kilometre",
    "kilometers": "kilometre",
    # "which stadium holds the most people": its Capacity (it counted stadiums per name, at 0.72; fresh
    # WikiTableQuestions tuning nt-9200, 2026-12-06)
    "holds": "capacity",
    "owns": "owner",  # "who owns the largest deal": its Owner, not the Lead
    "owned": "owner",
    "mileage": "odometer",  # "the mileage of Van 2" is its Odometer reading (either names the column)
    # words that ask for a price: "the most expensive product" ("cost" names a Price column only where no column's
    # name says "cost": vocabulary._price_or_cost)
    "expensive": "price",
    "cheap": "price",
    "cheaper": "price",
    "cheapest": "price",
}


def normal(text: str) -> str:
    """Lower case without accents, words and numbers only, one space between: how questions and cells are
    compared ("san cristobal" says "San Cristóbal")."""
    # "&#321;ód&#378;": a question copied from a web page says "Łódź"
    text = unicodedata.normalize("NFD", html.unescape(text).lower().replace("’", "'").replace("'s ", " "))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.findall(r"[a-z0-9]+(?:[.,][0-9]+)*", unglued(text)))


def unglued(text: str) -> str:
    """``text`` with a unit glued to a number set apart ("15km" says "15 km", in a question as in a cell); money's
    "m" stays ("$1.5m" is a million and a half)."""
    return _GLUED_UNIT.sub(r"\1 \2", text)


_GLUED_UNIT = re.compile(r"((?<![$£€¥₹\d.,])\d+(?:[.,]\d+)*)(km|cm|mm|m|ft|kg|lbs?|mi|mph|mhz|ghz|kb|mb|gb|kw|mw|hp)\b")


@dataclass(frozen=True)
class Mention:
    """A cell value the question says: words ``start:end`` of the question, and the columns holding it."""

    start: int
    end: int
    cells: dict[int, str]  # column → the cell as written in the table (the words said, when partial)
    partial: bool = False  # the words are part of a cell: a "contains" condition


def negation_before(words: list[str], at: int) -> bool:
    """Whether a negation comes within :data:`NEGATION_REACH` words before word ``at``, not counting stop words
    ("not played at X", "other than against the X")."""
    before = [(i, w) for i, w in enumerate(words[:at]) if w not in STOP_WORDS or w in NEGATION]
    return any(
        w in NEGATION and (w != "other" or _other_than(words, i, at)) and (w != BOUND_NEGATION or i == before[-1][0])
        for i, w in before[-NEGATION_REACH:]
    )


# A negation said as a prefix ("non-billable", and "unpaid" or "late" as opposites.unprefixed reads them): it negates
# the word it is part of, not the next values ("non-billable hours did Ann Lee log" are Ann Lee's, not the others').
BOUND_NEGATION = "non"
NO_CELLS = frozenset({"no", "n", "false"})  # the cells that say no in a column of yes and no


def _other_than(words: list[str], other: int, at: int) -> bool:
    """Whether "other" at ``other`` negates word ``at``: as "other than X", X its next value ("other than against
    the 49ers"), not one said later ("other than Ulm, which is the other free city") nor "the other city" itself."""
    between = [w for w in words[other + 2 : at] if w not in STOP_WORDS]
    return words[other + 1 : other + 2] == ["than"] and len(between) <= 1


_HOURS_UNIT = re.compile(r"\s*\(h\)")


def name_stems(name: str) -> set[str]:
    """The words that name a column: stemmed, abbreviations spelt out, without numbers and plural marks
    ("Refractive index(es) 589.3 nm" is named by "refractive index nm")."""
    spelt = name.replace("%", " percentage ")  # "% of votes" is named "percentage of votes"
    spelt = _HOURS_UNIT.sub(" (hours)", spelt)  # "Actual (h)" is named by "hours" ("h" alone names no column: "H/A")
    # camelCase is two words ("unitPrice"); a unit's capital inside one word is not ("kWh", "MWh": one word)
    words = normal(re.sub(r"([a-z])([A-Z][a-z]{2,})", r"\1 \2", spelt)).split()
    naming = [w for w in words if w not in STOP_WORDS and w not in ("s", "es") and not w[0].isdigit()]
    return {stem(ABBREVIATIONS.get(w, w)) for w in naming} or {stem(w) for w in words}


def table_words(table: TypedTable) -> set[str]:
    """The stems of a table's document name, without its extension ("orders" of "orders.csv › Q1")."""
    return {stem(w) for w in _named_for(table)}


def name_said(q: str, table: TypedTable) -> float:
    """The share of a table's name words the question says ("which orders were cancelled": all of orders.csv's, half of
    purchase_orders.csv's): between two tables that read it as well, the one it names (answer/table_choice.py)."""
    named = table_words(table)
    return len(named & {stem(w) for w in re.findall(r"\w+", q.lower())}) / len(named) if named else 0.0


def row_noun(table: TypedTable) -> str:
    """The stem of the last word of a table's document name: what one row is ("line" of invoice_lines.csv)."""
    words = _named_for(table)
    return stem(words[-1]) if words else ""


def _named_for(table: TypedTable) -> list[str]:
    """The words of a table's document name, without its extension."""
    return normal(re.sub(r"\.\w+$", "", table.name.split(" › ")[0])).split()
