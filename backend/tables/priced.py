"""A total no column holds, of a quantity and what one of it costs or sells for, said by a word for money that names
no column of its own (``quantity_times_price``): Hours times a Rate ("how much did we bill for Atlas"), Seats times a
"Price per Seat", a Qty times its Unit Cost ("the value of PO-1002") or a Quantity times its Unit Price ("how much did
Hooli spend"). ``derived.py`` makes the rules' reading compute it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from backend.tables.cells import parse_number
from backend.tables.columns import the_amount
from backend.tables.infer import TypedTable
from backend.tables.measure import TIMES, SaidMeasure
from backend.tables.quantities import comparison_before
from backend.tables.vocabulary import Index
from backend.tables.words import ABBREVIATIONS, table_words
from backend.text import stem

# A table with both a cost and a price says which by the word: money going out at the cost, coming in at the price; a
# word for either ("value") is no measure of such a table.
_QUANTITY_NAME = re.compile(r"(?i)\b(?:qty|quantity|units|on hand|stock|sold)\b")  # "Tickets Sold" at a "Ticket Price"
_UNIT_COST_NAME = re.compile(r"(?i)\b(?:unit cost|cost per unit|cost each)\b")
_UNIT_PRICE_NAME = re.compile(r"(?i)\b(?:unit price|price per unit|price each|price)\b")
_OUTGOING = frozenset({"spend", "spending", "spent", "cost", "costs"})
_INCOMING = frozenset(
    {"revenue", "revenues", "sales", "income", "turnover", "takings", "earn", "earned", "earns", "earnings"}
)
_EITHER = frozenset(
    {"value", "worth", "amount", "pay", "pays", "paid", "payroll", "wages", "bill", "billed", "billing", "charge"}
    # ("how much should we invoice Fabrikam" added up its hours, at 0.72, "invoice" left out; my own timesheets
    # table, 2026-12-07)
    | {"charged", "invoice", "invoiced"}
)
_WAGES = frozenset({"payroll", "wages"})  # what people are paid: hours at their rate, of all the products above
# How pricey a row is: "the most expensive order" (its quantity times its price), "the cheapest shipment"; not of
# what is held ("the most expensive product" of an inventory's On Hand is the one of the highest price)
_PRICEY = frozenset({"expensive", "cheap", "cheaper", "cheapest", "costliest", "priciest"})
# A quantity held or sold to date makes each row a product, not a purchase: "the cheapest item" of a menu's Qty Sold
# and Price is the one of the lowest price (it read the least sold times its price once "cost" named no Price column)
_STOCK_NAME = re.compile(r"(?i)\b(?:on hand|in stock|stock|inventory|sold)\b")
# Time billed at a rate ("how much should we bill Acme" of a timesheet: its Hours times its Rate): any word for money
_HOURS_NAME = re.compile(r"(?i)^\s*(?:billable |billed |worked )?hours\s*$")
_RATE_NAME = re.compile(r"(?i)^\s*(?:hourly |bill |billing |billable )?rate\s*(?:\(.*\))?$")


def quantity_times_price(
    words: list[str],
    stems: list[str],
    numbers: list[int],
    table: TypedTable,
    named_as: Callable[[re.Pattern[str]], int | None],
    index_: Index,
) -> SaidMeasure | None:
    """A quantity times its unit cost or price, said by a word for money that names no column of its own: Hours times
    a Rate, Seats times a "Price per Seat", else a Quantity times its Unit Cost or Unit Price. "The most expensive
    order" is the one that cost the most, where the quantity is what a row bought (a Qty, a Weight), not what is held
    ("the most expensive product" of an inventory is the one of the highest price)."""
    said = next((i for i, w in enumerate(words) if w in _OUTGOING | _INCOMING | _EITHER | _PRICEY), None)
    if said is None:
        return None
    # (a column of words the word names is no measure: "how much did we bill" of a Billable flag; senses.py)
    named = {c for c, names in enumerate(index_.names) if stems[said] in names and table.columns[c].numeric}
    # "the most expensive product" of orders.csv: a Product is priced by its Unit Price, not by what an order of it
    # came to (the rows are orders); "the most expensive order" is the rows' own noun (my own orders table, 2026-11-29)
    asked = [stems[said + 1]] if said + 1 < len(words) else []
    asked += [stems[i + 1] for i, w in enumerate(words[:-1]) if w in ("which", "what")]  # "which product is the most…"
    rows = table_words(table)
    if words[said] in _PRICEY and any(s not in rows and any(s in names for names in index_.names) for s in asked):
        return None
    hours, rate = named_as(_HOURS_NAME), named_as(_RATE_NAME)
    if words[said] in _WAGES and (hours is None or rate is None):
        return None  # people's pay is time at a rate: "the total payroll" read inventory.csv's stock at its cost
    quantity, unit = (hours, rate) if hours is not None and rate is not None else _priced_per(numbers, table, index_)
    if quantity is None:
        quantity = named_as(_QUANTITY_NAME)
        cost, price = named_as(_UNIT_COST_NAME), named_as(_UNIT_PRICE_NAME)
        price = price if price != cost else None  # "Unit Cost" is no price
        if cost is None or price is None:
            unit = cost if price is None else price
        else:
            unit = None if words[said] in _EITHER | _PRICEY else cost if words[said] in _OUTGOING else price
        # of a Qty and its Unit Cost only a word of how pricey a row is, naming the price, says their product
        held = quantity is not None and _STOCK_NAME.search(table.columns[quantity].name)
        if named and (words[said] not in _PRICEY or held):
            return None
    # "what did SH-3 cost" of a "Cost per kg": what it cost, unless the question says per what ("the cost per kg")
    if named and not (named == {unit} and "per" not in words):
        return None
    if quantity is None or unit is None or unit == quantity:
        return None
    # A row's worth compared with a number, of a table that keeps what each row came to ("Revenue" beside "Quantity"
    # and "Unit Price"): that column is compared ("how many orders were worth more than $1,000" compared the Quantity
    # with 1,000 once the product stood for the measure, 0 at 0.1; my own orders table, 2026-12-07)
    if _compared_after(words, said) and the_amount(table, {quantity, unit}) is not None:
        return None
    # "who earns the highest rate", "the average unit price": a question that names the price (by another word than
    # the one for money, as "what did SH-3 cost" names the Cost per kg) reads it; "how many hours did we bill" the
    # quantity (it priced them; my own timesheets, 2026-12-07)
    counted = {stems[i + 1] for i, w in enumerate(words[:-1]) if w == "many"}
    if any(s in index_.names[unit] for i, s in enumerate(stems) if i != said) or counted & index_.names[quantity]:
        return None
    return SaidMeasure(quantity, TIMES, unit, frozenset({said}))


def _compared_after(words: list[str], said: int) -> bool:
    """Whether the words right after ``said`` compare it with a number ("worth more than 1,000", "valued over 500")."""
    for end in range(said + 2, min(said + 5, len(words))):
        if parse_number(words[end]) is not None:
            return comparison_before(" ".join(words[said + 1 : end])) != "="
    return False


_PRICED_PER = re.compile(r"(?i)\b(?:price|cost|fee|rate|charge)s?\s+per\s+(\w+)")


def _priced_per(numbers: list[int], table: TypedTable, index_: Index) -> tuple[int | None, int | None]:
    """The one column priced per what another counts ("Price per Seat", "Seats") as (quantity, price), or Nones."""
    found = []
    for unit in numbers:
        per = _PRICED_PER.search(table.columns[unit].name)
        said = per.group(1).lower() if per else ""
        counted = [c for c in numbers if per and c != unit and stem(ABBREVIATIONS.get(said, said)) in index_.names[c]]
        if len(counted) == 1:
            found.append((counted[0], unit))
    return found[0] if len(found) == 1 else (None, None)
