"""The columns a wh-word asks for by name: "who" of the rows' names or of a person's column (and which person, by
the role the question's verb says), "where" of a place's, "when" of a date's; the columns a question asks for by the
kind of thing they hold ("what did Umbrella buy": its goods; "which city": the place); and whether a column says who
anyone is.
"""

from __future__ import annotations

import re

from backend.tables.column_kinds import IDENTIFIER, named_by_rows
from backend.tables.infer import TypedTable
from backend.tables.spans import ENDS, STARTS
from backend.tables.words import normal

WH_COLUMNS = {
    "who": "name player driver rider artist winner athlete contestant delegate nominee recipient incumbent "
    "candidate person respondent employee consultant customer client agent rep seller salesperson assignee coach "
    "member manager donor sponsor contributor borrower tenant buyer supplier vendor "
    "captain composer writer singer actor cyclist runner swimmer boxer jockey trainer opponent team club nation "
    "country title champion performer author director owner attendee participant guest student patient applicant "
    "speaker volunteer",
    "where": "venue location city place country site stadium town ground arena host office branch address destination "
    "warehouse store region",
    "when": "date airdate year season time",
}


def names_people(name: str) -> bool:
    """Whether a column's name says its cells are people (or teams): what "who" asks for ("Employee ID" does not)."""
    return not IDENTIFIER.search(name) and any(
        re.search(rf"\b{word}", name, re.I) for word in WH_COLUMNS["who"].split()
    )


def code_names_rows(table: TypedTable, who: bool) -> bool:
    """Whether a named identifier column is what names the rows: not asked "who", and no text column of names or
    titles."""
    return not who and not any(_NAMES_A_ROW.search(c.name) for c in table.columns if c.kind == "text")


# A column of the rows' names or titles: what "which employee" asks for, before the "Employee ID".
_NAMES_A_ROW = re.compile(r"(?i)\b(?:names?|titles?)\b")


def of_numbers(table: TypedTable, column: int) -> bool:
    """Whether most of a text column's cells hold a number (terms, dates, scores): not who anyone is."""
    cells = [str(v) for v in table.data.column(f"c{column}").to_pylist() if v]
    return bool(cells) and sum(any(ch.isdigit() for ch in cell) for cell in cells) * 2 > len(cells)


def rows_named(table: TypedTable, conditions: set[int]) -> bool:
    """Whether a text column other than the conditions' names the rows (a "Name" column): who a "who" is."""
    return any(
        c.kind == "text" and i not in conditions and c.name.strip().lower() == "name"
        for i, c in enumerate(table.columns)
    )


# Who does what, in a business table of people on both sides: the staff handle, sell and close; the customers buy,
# order and pay. "Who handled ticket T-104" of a tickets file with a Customer and an Agent column asks for the agent
# (the Customer came first in WH_COLUMNS, my own tickets table, 2026-11-27); "who ordered the most" for the customer.
_ROLES = (
    (
        re.compile(r"(?:handl|assign|resolv|sold|sell|clos|manag|own|work|serv|process|bill|log)"),
        "agent assignee rep seller salesperson employee owner manager consultant",
    ),
    (re.compile(r"(?:bought|buy|order|purchas|placed|paid|pay|spen[dt])"), "customer client buyer"),
    # "who gave the most" of donations by donor and country: the Donor, not the Country (read at 0.8; my own
    # donations table, 2026-11-29)
    (re.compile(r"(?:gave|give|donat|contribut|pledg)"), "donor sponsor contributor"),
    (re.compile(r"(?:borrow|owe)"), "borrower"),
    # "who was hired first" of a staff table beside projects and subscriptions, each with a Start Date: an employee,
    # not a client (it named Acme Corp, a client, once my own projects table joined the staff one, 2026-12-07)
    (re.compile(r"(?:hir|recruit|employ|onboard)"), "employee staff name worker member"),
)


# "What did Umbrella buy", "what has Hooli ordered": the goods a customer's verb moves (it read Umbrella's Region, at
# 0.29; my own orders table, 2026-12-07)
_WHAT_BOUGHT = re.compile(r"^what (?:did|does|do|has|have|had) .*\b(?:buy|bought|order|ordered|purchased?)\b")
_GOODS = re.compile(r"(?i)\b(?:product|item|goods|sku|model|plan|service|article)s?\b")


# "Which city got the most shipments by weight": a place, where no column is called so (it read the Shipment ID
# "shipments" names, at 0.8; my own shipments table, 2026-12-07)
# (a city or a town: "which country" of a Venue of "Erfurt, Germany" is no venue; fresh WikiTableQuestions, 2026-12-07)
_WHICH_PLACE = re.compile(r"^(?:in |to |from )?(?:which|what) (city|town)\b")


def kind_asked(q: str, table: TypedTable, conditions: set[int]) -> int | None:
    """The column a question asks for by the kind of thing it is: the goods "what did <customer> buy/order" asks for
    (a Product, an Item), the place "which city" asks for where no column is called so (a Destination), or None."""
    columns = table.columns
    texts = [i for i, c in enumerate(columns) if i not in conditions and c.kind == "text"]
    if _WHAT_BOUGHT.search(q):
        return next((i for i in texts if _GOODS.search(columns[i].name)), None)
    place = _WHICH_PLACE.match(q)
    if place is None or any(re.search(rf"(?i)\b{place.group(1)}", column.name) for column in columns):
        return None
    named_by = next((c.name for c in columns if c.kind == "text"), "")
    if not IDENTIFIER.search(named_by):  # rows with names of their own may be the places ("Tokyo"), not coded ones
        return None
    towns = [w for w in WH_COLUMNS["where"].split() if w not in ("country", "region")]
    places = {i for word in towns for i in texts if re.search(rf"(?i)\b{word}", columns[i].name)}
    return places.pop() if len(places) == 1 else None  # the one column of places


_WHO_VERB = re.compile(r"^who (?:has |have |had |did |does |do |was |were )?(\w+)")


def roles_first(q: str) -> list[str]:
    """The column words of the role a "who" question's verb asks for, to try before the others."""
    said = _WHO_VERB.match(q)
    return [word for verb, words in _ROLES if said and verb.match(said.group(1)) for word in words.split()]


# The party a verb of billing names: billed, a client ("how much should we invoice Fabrikam": its hours of a timesheet,
# not purchase_orders.csv's orders from Fabrikam as a supplier; tied, listed first, my own business tables,
# 2026-12-07); billing us, a supplier
_BILLING = re.compile(r"\b(?:bill|billed|invoice|invoiced|charge|charged)\b(?: (us)\b)?")
_SUPPLIER_NAME = re.compile(r"(?i)\b(?:supplier|vendor)s?\b")
_CLIENT_NAME = re.compile(r"(?i)\b(?:client|customer)s?\b")


def bills_the_other_party(q: str, table: TypedTable, picked: list[int]) -> bool:
    """Whether a verb of billing names a party the question picks rows of (``picked``: the columns of its conditions)
    by a column of the other role: "invoice Fabrikam" of a Supplier column, "what did Northwind bill us" of a
    Client's."""
    said = _BILLING.search(q)
    if said is None:
        return False
    other = _CLIENT_NAME if said.group(1) else _SUPPLIER_NAME
    return any(other.search(table.columns[c].name) for c in picked)


# Columns of things, which no "who" asks for ("who joined most recently" answered campaigns.csv's latest Campaign, tied
# with staff.csv's Employee and listed first; my own business tables, 2026-12-07)
_THINGS_NAME = re.compile(
    r"(?i)\b(?:campaign|project|product|item|sku|order|booking|event|invoice|ticket|vehicle|shipment|category|"
    r"channel|service)s?\b"
)


def fills_role(q: str, table: TypedTable, column: int | None) -> bool:
    """Whether ``column`` is of the people a "who" question's verb or noun names the role of ("who was hired first",
    "the most recent hire": an employee; "who ordered": a customer), or, where it names no role, of no things (a
    Campaign); between two tables that read a question as well, the one whose answer is of that role answers
    (``answer/table_choice.py``)."""
    if not re.match(r"\s*who\b", q):
        return True
    name = table.columns[column].name if column is not None else ""
    said = [words for verb, words in _ROLES if any(verb.match(w) for w in re.findall(r"\w+", q))]
    if not said:
        return not _THINGS_NAME.search(name)
    return any(re.search(rf"(?i)\b{word}", name) for words in said for word in words.split())


# A person asked for by a noun, not by "who" ("the tallest delegate", "which athlete won"): a "who" where no column
# is named by the noun (it answered the delegate's province, "Santiago", at 0.66; fresh WikiTableQuestions tuning
# nt-3951, 2026-12-06)
_PERSON_NOUN = re.compile(
    r"\b(player|driver|rider|athlete|contestant|delegate|nominee|recipient|candidate|person|competitor|cyclist|"
    r"runner|swimmer|boxer|jockey|skater|wrestler|singer|actor|actress)(?:s|es)?\b"
)


def asks_person(q: str, table: TypedTable) -> bool:
    """Whether the question asks for a person by a noun no column's name says (:data:`_PERSON_NOUN`)."""
    noun = _PERSON_NOUN.search(q)
    return noun is not None and not any(re.search(rf"\b{noun.group(1)}", c.name, re.I) for c in table.columns)


def wh_words_column(q: str, table: TypedTable, conditions: set[int], nouns: bool = False) -> int | None:
    """The column a wh-word asks for by its name: "who" (with ``nouns``, where text is asked, a person's noun too) of
    the rows' names, or of a person's column; "where" of a place's; "when" (and "what year") of a date's."""
    columns = table.columns
    # ("whose leave is pending" asks for a person as "who" does; "whose name is listed" for the name: answered.py)
    wh = re.match(r"\s*(who|where|when)\b", q) or re.match(r"\s*(who)se\b(?! names?\b)", q)
    wh = wh or re.search(r"\b(who|where|when)\b", q)
    asked = wh.group(1) if wh else ("who" if nouns and asks_person(q, table) else None)
    if asked == "who":  # "who earns the most" of employees.csv: its "Employee" column names the rows
        # (not with codes: "who stayed the longest" of bookings.csv asks for a Guest, not the Booking "B-207")
        naming = [
            i
            for i, c in enumerate(columns)
            if c.kind == "text" and i not in conditions and named_by_rows(table, i) and not of_numbers(table, i)
        ]
        # (rows that are no people are no "who": "who logged the most hours" of tasks.csv asks for its Owner, not a
        # Task; it read 'Build API', at 0.8; my own project tasks table, 2026-11-29)
        people = any(names_people(c.name) for i, c in enumerate(columns) if c.kind == "text" and i not in conditions)
        naming = [i for i in naming if names_people(columns[i].name) or not people]
        if naming:
            return naming[0]
    if asked or re.search(r"\bwhat year\b", q):
        key = asked or "when"
        for word in roles_first(q) + WH_COLUMNS[key].split():
            for i, c in enumerate(columns):
                # (no one is a number: "who is in first place" read the Runners-up count, 1, at 0.8, not the Team;
                # fresh WikiTableQuestions tuning nt-12729, 2026-12-06)
                if i in conditions or (key == "who" and c.kind == "number"):
                    continue
                if re.search(rf"\b{word}", c.name, re.I):
                    return i
        if key == "when":
            return _when_column(q, table, conditions)
    return None


def _when_column(q: str, table: TypedTable, conditions: set[int]) -> int | None:
    """The date column a "when" asks for where no column's name says a date: the one date column, else the start or
    the end the verb says ("when does Eve's vacation start" of a From and a To: its From; it read her Team, at 0.29;
    my own leave table, 2026-12-07)."""
    dates = [i for i, c in enumerate(table.columns) if c.kind == "date" and i not in conditions]
    if len(dates) == 1:
        return dates[0]
    said = set(re.findall(r"\w+", q))
    for verbs, names in ((_BEGINS, STARTS), (_FINISHES, ENDS)):
        named = [i for i in dates if set(normal(table.columns[i].name).split()) & names]
        if said & verbs and len(named) == 1:
            return named[0]
    return None


_BEGINS = {"start", "starts", "started", "begin", "begins", "began", "commence", "commences"}
_FINISHES = {"end", "ends", "ended", "finish", "finishes", "finished", "return", "returns", "stop", "stops"}
