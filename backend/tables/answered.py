"""Which column answers a question: the one named after its wh-word ("which team"), another it names, the one its
wh-word asks for by name ("who": a person's column, "where": a place's), or, with none, a guess (the rows' names,
a year or an amount). The kind of value a word after "which" says ("which party": "Liberal Party") is
``value_kinds.py``'s."""

from __future__ import annotations

import re

from backend.tables.column_kinds import IDENTIFIER, holds_years, is_rank, says_when
from backend.tables.infer import TypedTable
from backend.tables.row_keys import row_answer, row_key
from backend.tables.row_nouns import row_words_explained
from backend.tables.wh_columns import (
    asks_person,
    code_names_rows,
    kind_asked,
    names_people,
    of_numbers,
    roles_first,
    rows_named,
    wh_words_column,
)
from backend.tables.words import (
    ABBREVIATIONS,
    MAX_WORDS,
    MIN_WORDS,
    PERSONS,
    RATE_AFTER_ITS_NOUN,
    name_stems,
    table_words,
)
from backend.text import STOP_WORDS, stem

# "what is his/her compression": a possessive before the noun asked for is as "the" (fresh WikiTableQuestions training
# questions, tuning tables, 2026-11-29); so is an analyst's "our" ("what is our cheapest item" answered its SKU, where
# "the cheapest item" answered its Item; my own inventory table, 2026-12-07)
_ASKED = re.compile(
    r"\b(?:which|what|who|whose|name the|list the)\s+(?:is |was |were |are )?"
    r"(?:(?:the|his|her|its|their|our|my|your) )*(\w+)(?: (\w+))?"
)


def answered_column(
    q: str,
    named: list[int],
    table: TypedTable,
    conditions: set[int],
    measure: int | None,
    wants_text: bool,
    wants_number: bool = False,
    names: list[set[str]] | None = None,
) -> tuple[int | None, bool]:
    """The column whose cell answers the question, and whether it was guessed (not named in the question).
    ``names``: each column's name stems with the senses the table gives them (``vocabulary.Index.names``)."""
    # "which employees" asks for their names, not the codes of "Employee ID" (unless it says "ids" or "codes")
    codes_unasked = wants_text and not re.search(r"\b(?:ids?|codes?|skus?|numbers?|refs?)\b", q)
    # "which team", "what year", "what is the name of": the column named right after the wh-word.
    asked = _ASKED.search(q)
    # "whose leave is still waiting for approval": the person the leave is of, as a "who" asks, not the Leave Type its
    # noun names (at 0.8; my own leave table, 2026-12-07); "whose name is listed before X" asks for the name itself
    whose = re.match(r"\s*whose (?!names?\b)", q) is not None
    for found in (
        kind_asked(q, table, conditions),  # ("what did Hooli order": no Order ID, though "order" names it)
        wh_words_column(q, table, conditions, nouns=wants_text) if whose else None,
        _named_after_wh_word(asked, named, table, conditions, codes_unasked, names) if asked else None,
        _named_otherwise(q, named, table, conditions, measure, wants_text, wants_number, codes_unasked),
        wh_words_column(q, table, conditions, nouns=wants_text),
    ):
        if found is not None:
            return found, False
    if measure is not None and re.search(r"^how (?:many|much)|what (?:is|was) the (?:total|number|amount)", q):
        return measure, False
    if wants_number and measure is not None and measure in named:  # "what does the Burr Grinder cost": its Unit Cost
        return measure, False
    return _guessed_column(q, table, conditions, asked, wants_number)


def _named_after_wh_word(
    asked: re.Match[str],
    named: list[int],
    table: TypedTable,
    conditions: set[int],
    codes_unasked: bool,
    names: list[set[str]] | None,
) -> int | None:
    """ "which team scored the most goals": the column named by the word after the wh-word, by its name or by a sense
    the table gives it ("which rep" of a deal's Owner)."""
    columns = table.columns
    senses = names or [name_stems(c.name) for c in columns]

    def names_words(word: str) -> bool:  # a noun naming a column of words ("the last ticket opened": a date's verb)
        return not word.endswith("ed") and any(
            stem(ABBREVIATIONS.get(word, word)) in name_stems(columns[c].name)
            for c in named
            if columns[c].kind == "text"
        )

    said = [w for w in asked.groups() if w]
    # "what is the most expensive product", "the cheapest product": a superlative says how to order, not which
    # column is asked ("the highest salary" still asks for the salary)
    if said[0] in ("most", "least"):
        said = []
    elif said[0] in MAX_WORDS or said[0] in MIN_WORDS or said[0] == "top":  # "the top-grossing film" as "highest"
        said = said[1:]
        # "what is the best-selling product", "the highest rated product": the noun after the word the rows are
        # ordered by, where it names a column of words (it read the SKU, and the Rating; my own products table,
        # 2026-11-29)
        noun = asked.string[asked.end() :].split()[:1]
        if noun and names_words(noun[0]):
            said = noun + said
    who = asked.group(0).startswith("who")
    if who and said and said[0] in STOP_WORDS:  # "who is on leave": a state of a person, no column asked for
        said = []
    verb_said = who and not re.search(r"\b(?:is|was|were|are)\s", asked.group(0))
    if verb_said:
        # "who took leave in July": a verb and its object follow; the verb may name the column asked for ("who
        # produced": the Producer), its object does not (it read the Leave Type, 'Vacation', at 0.8; my own leave
        # table, 2026-12-07)
        said = said[:1]
    kind = stem(said[0]) if said else ""
    # (a person is named, not keyed: below; "which delegate is the oldest" of delegates.csv asks for the Contestant,
    # not the Province first column; the twenty-fifth stop's note)
    # (nor is a verb: "who donated the most" of donations.csv asks for a donor, not a Gift ID, though "donated" and
    # "donations" share their stem; it read the largest gift's ID at 0.8, my own donations table, 2026-12-08)
    row_said = (
        row_words_explained([kind], table)
        and kind not in PERSONS
        and not asks_person(" ".join(said[:1]), table)
        and not verb_said
    )
    if codes_unasked and row_said and not any(kind in name_stems(c.name) for c in columns):
        # "which home sold for the most" of listings.csv: a home is a row, told by its name (it read the Sold Price the
        # verb names, at 0.8; my own listings table, 2026-11-29); "which product" of inventory.csv is its Item, not
        # its SKU
        key = row_key(table, conditions, names_first=True)
        if key is not None:
            return key

    if len(said) == 2 and said[1] in RATE_AFTER_ITS_NOUN:  # "what was the win pct": the Pct, not the Wins
        said.reverse()
    last = said[-1] if said else ""
    for word in asked.string[asked.end() :].split():
        # "what was the last winner's album": of nouns that each name a column, the last is the one asked for (the
        # Winner's Album; fresh WikiTableQuestions training questions, tuning tables, 2026-11-28)
        if not (names_words(last) and names_words(word)):
            break
        said.insert(0, word)
        last = word
    for word in said:
        wanted = stem(ABBREVIATIONS.get(word, word))
        # "what was the population of Leeds": the measure itself; but "who was hired first", "who was the first
        # pick" ask for a person, ordered by the date or number column
        fitting = [
            c
            for c in named
            if c not in conditions
            and wanted in senses[c]
            and not (who and (columns[c].kind == "date" or columns[c].numeric))
        ]
        if who and fitting and all(of_numbers(table, c) for c in fitting) and rows_named(table, conditions):
            # "who was the last deputy judge": a person, from the Name column, not the "Term as a Deputy Judge" (of
            # dates) the role's words name; "who was the president after X" still reads a President column of names
            # (fresh WikiTableQuestions training questions, 2026-11-28)
            return None
        codes = [c for c in fitting if codes_unasked and IDENTIFIER.search(columns[c].name)]
        # "what was the most expensive service" of a Service Date and a Service Type: the words, not the date
        others = sorted((c for c in fitting if c not in codes), key=lambda c: columns[c].kind != "text")
        if others and all(columns[c].kind == "date" or columns[c].numeric for c in others):
            found = row_answer(asked.string, others, codes, table, conditions, codes_unasked)
            if found is not None:  # "which order was placed first": the "Order ID"; "Order Date" is about it
                return found
            # "which deals are open" of leads.csv: "deals" names the rows, not the number its "Deal Value" says
            said_stems = {stem(ABBREVIATIONS.get(w, w)) for w in asked.string.split()}
            numbers_of_rows = all(columns[c].numeric and name_stems(columns[c].name) - said_stems for c in others)
            if codes_unasked and numbers_of_rows and (key := row_key(table, conditions)) is not None:
                return key
        if others:
            return others[0]
        if codes and code_names_rows(table, who):
            return codes[0]  # "which deal closed most recently" of deals.csv: nothing but its Deal ID names a deal
    return None


def _named_otherwise(
    q: str,
    named: list[int],
    table: TypedTable,
    conditions: set[int],
    measure: int | None,
    wants_text: bool,
    wants_number: bool,
    codes_unasked: bool,
) -> int | None:
    """A column the question names elsewhere that no condition or measure takes, as fits its wh-word and the type
    asked."""
    columns = table.columns
    years = [c for c in named if c not in conditions and c != measure and says_when(table, c)]
    if years and re.search(r"\b(?:what|which) year\b", q):
        # "what year was the last school established": the years of the Establishment the verb names, not the School
        # Name (fresh WikiTableQuestions training questions, tuning tables, 2026-11-29)
        return years[0]
    free_named = [c for c in named if c not in conditions and c != measure and not (wants_text and columns[c].numeric)]
    if wants_number:
        # "what was Van 1's mileage at its last service" asked for a number: its Mileage (the measure, answered below
        # by answered_column), not the Service it names too (it read 'Oil change' and declined it as no integer; my
        # own fleet maintenance log, 2026-12-06)
        numbers = [c for c in free_named if columns[c].numeric]
        if not numbers and measure in named:
            return None
        free_named = numbers or free_named
    if measure is not None and not wants_text and not re.search(r"\b(?:when|year|date|day)\b", q):
        # "what did SH-3 cost to ship": an amount, its Cost, not the year of the Shipped date a verb names
        free_named = [c for c in free_named if columns[c].kind != "date"]
    if measure is not None and not wants_text:
        # "what did the Rome shipment cost" of shipments.csv: "shipment" says what a row is; its Cost answers
        free_named = [c for c in free_named if not name_stems(columns[c].name) <= table_words(table)]
    codes = [c for c in free_named if IDENTIFIER.search(columns[c].name)]
    if codes_unasked:
        free_named = [c for c in free_named if c not in codes]
    if not free_named:
        # "what was the most expensive booking" of bookings.csv: nothing but its Booking ID names a booking; but
        # "where did the most expensive shipment go" asks for a place, which the wh-word names (wh_words_column; it
        # read the Shipment ID, at 0.8; my own shipments table, 2026-12-07)
        if re.match(r"\s*(?:where|when)\b", q):
            return None
        return codes[0] if codes and code_names_rows(table, who=bool(re.match(r"\s*who\b", q))) else None
    if re.match(r"\s*who\b", q) and not names_people(columns[free_named[0]].name):
        # "who won the most deals" of deals.csv: "deals" names the Deal column, but who answers from the Owner one
        people = [i for i, c in enumerate(columns) if c.kind == "text" and i not in conditions and names_people(c.name)]
        roles = roles_first(q)  # "who handled the largest order": the Sales Rep before the Customer
        # then a "Name" column before a "Nationality" one ("who was the first deputy judge")
        people.sort(
            key=lambda i: (
                not any(re.search(rf"\b{word}", columns[i].name, re.I) for word in roles),
                columns[i].name.strip().lower() != "name",
            )
        )
        if people:
            return people[0]
    if re.match(r"\s*when\b", q):  # "when was the last order from Hooli": its Order Date, not its ID
        dated = [c for c in free_named if says_when(table, c)]
        # "when did Grace's order ship" of orders.csv: its Ship Date; "order" says what the row is, not which date
        said = {stem(w) for w in q.split()} - table_words(table)
        dated.sort(key=lambda c: not name_stems(columns[c].name) & said)
        # "when is Dr. Okafor's next appointment after November 6": the one date column, though a condition takes it
        only = [i for i, c in enumerate(columns) if c.kind == "date"]
        if not dated and len(only) > 1:
            # "when does Eve's leave start" of a From and a To: the date the verb says (wh_words_column), not the
            # Leave Type "leave" names (it read 'Vacation', at 0.8; my own leave table, 2026-12-07)
            return None
        return (dated or only or free_named)[0]
    if all(columns[c].kind == "date" for c in free_named):
        found = row_answer(q, free_named, codes, table, conditions, wants_text)
        if found is not None:  # "what was the most recent listing": the "Listing ID"; the "Listed Date" is about it
            return found
    if re.match(r"\s*who\b", q) and (columns[free_named[0]].kind == "date" or columns[free_named[0]].numeric):
        return None  # "who registered first": a person, not the "Registered On" date that orders them
    first = free_named[0]
    if wants_text and columns[first].kind == "date":
        # "what was the most expensive service" of a Service Date and a Service Type: its type, unless "date" is said
        said = {stem(w) for w in q.split()}
        worded = [
            c
            for c in free_named
            if columns[c].kind == "text" and not (name_stems(columns[first].name) - name_stems(columns[c].name)) & said
        ]
        return worded[0] if worded else first
    return first


def _guessed_column(
    q: str, table: TypedTable, conditions: set[int], asked: re.Match[str] | None, wants_number: bool
) -> tuple[int | None, bool]:
    """With no column asked for: a year or an amount for a number, else the first text column (the rows' names,
    not guessed when the question names the rows: "which employees ..." of employees.csv), else the first free."""
    columns = table.columns
    if wants_number:  # "what was the first olympics she competed in?" as an integer: a year, else an amount
        numbers = [i for i, c in enumerate(columns) if c.numeric and i not in conditions and not is_rank(c.name)]
        years = [i for i in numbers if holds_years(table, i)]
        pick = years if years and re.search(r"\b(year|when|first|last|earliest|latest)\b", q) else numbers
        if pick:
            return pick[0], True
    text_columns = [i for i, c in enumerate(columns) if c.kind == "text" and not c.numeric and i not in conditions]
    text_columns.sort(key=lambda i: bool(IDENTIFIER.search(columns[i].name)))  # names before codes
    if text_columns:
        names_rows = asked is not None and bool({stem(w) for w in asked.groups() if w} & table_words(table))
        return text_columns[0], not names_rows
    free = [i for i in range(len(columns)) if i not in conditions]
    return (free[0], True) if free else (None, True)
