"""Measures a business table's columns add up to or divide into, said in an analyst's words that name no column
(``derived.py`` makes the rules' reading compute them):

- an amount *including* another: "who earns the most including bonus" (Salary plus Bonus), "the total revenue
  including shipping" (Order Total plus Shipping Fee); "the total compensation" of a table that pays a Salary and a
  Bonus is the two; two columns said *combined*: "the total number of assists and turnovers combined";
- the *price* of what was sold, of a table that holds what it sold for and how many: "the average price of a Desk
  Lamp" (Revenue over Units Sold);
- a *rate* of what was sold: "the return rate of the Cozy Throw" (Returns over Units Sold);
- the *value* of a thing a column counts: "the average transaction value" (Revenue over Transactions);
- the *total* of a price or cost per unit over what was sold: "the total food cost of the lemonade sold" (its Food
  Cost times its Qty Sold);
- what is still *owed* of what was billed: "how much does Acme still owe", "the outstanding balance" (the Amount less
  what was Paid); what is *left* of a budget, ranked: "the largest remaining budget" (the Budget less the Spent); and
  what was *paid*, of a Paid column beside a status that says "Paid" (``amount_paid_said``).

Each was answered wrong at 0.65 or 0.8 over my own employees, shop orders, product sales, shop footfall and menu
tables (2026-11-28): the Bonus alone, the Revenue of the lamps as their price, the Returns as their rate, the average
Transactions as their value, one lemonade's Food Cost as the cost of all sold; and over my own invoices (2026-11-29),
what Acme still owes as all it was billed (9,300 at 0.72, not 3,100).
"""

from __future__ import annotations

import re

from backend.tables.against import BUDGET_NAME, achieved_against
from backend.tables.column_kinds import MONEY_NAME, UNITS_NAME
from backend.tables.infer import TypedTable
from backend.tables.measure import DIVIDED, LESS, PLUS, TIMES, SaidMeasure
from backend.tables.plan import Condition
from backend.tables.vocabulary import Index
from backend.tables.words import MAX_WORDS, MIN_WORDS, name_stems, normal
from backend.text import stem

_INCLUDING = frozenset({"including", "incl", "plus", "inclusive"})  # "inclusive of shipping"
_BEFORE_NAME = frozenset({"the", "their", "his", "her", "its", "of", "all", "any"})  # "including their bonuses"
_PAY_NAME = re.compile(r"(?i)\b(?:salary|salaries|base pay|wages?|pay)\b")
# (a "Leave Allowance" is days, not pay: "Ben's total compensation" read his Salary alone; my own HR table, 2026-11-29)
_EXTRA_PAY_NAME = re.compile(r"(?i)\b(?:bonus|bonuses|commissions?|(?<!leave )allowances?)\b")
_COMPENSATION = frozenset({"compensation", "remuneration", "package"})
_EARNS = frozenset({"earn", "earns", "earned", "makes", "made"})  # said with "in total" of a Salary and a Bonus
_ALL_TOLD = frozenset({"total", "altogether", "overall"})
_INCOME_NAME = re.compile(r"(?i)\b(?:revenue|revenues|sales|income|turnover)\b")
_TOTAL_NAME = re.compile(r"(?i)\b(?:total|amount)\b")  # a row's whole amount, not one unit's
_PRICE = frozenset({"price", "prices"})
_PRICE_QUALIFIERS = frozenset({"selling", "sale", "sales", "unit"})  # "the average selling price"
_RATE_NAME = re.compile(r"(?i)\b(?:rates?|ratio)\b")
_OWED = frozenset({"owe", "owes", "owed", "owing", "outstanding", "balance"})
_OWED_STEMS = frozenset(stem(word) for word in _OWED)
_PAID_NAME = re.compile(r"(?i)\b(?:paid|payments?|received)\b")
_BILLED_NAME = re.compile(r"(?i)\b(?:amount|total|billed|invoiced|invoice amount)\b")


def business_measure(
    words: list[str], stems: list[str], numbers: list[int], table: TypedTable, index_: Index
) -> SaidMeasure | None:
    """The measure an analyst's words say of ``numbers`` (the table's number columns that are no year or rank), or
    None."""
    return (
        _including(words, stems, numbers, table, index_)
        or _combined(words, stems, numbers, table, index_)
        or _compensation(words, numbers, table, index_)
        or _price_of_sold(words, numbers, table, index_)
        or _rate_of_sold(words, stems, numbers, table, index_)
        or _value_of_counted(words, stems, numbers, table, index_)
        or _total_of_sold(words, stems, numbers, table, index_)
        or _owed(words, numbers, table, index_)
        or _left_of_budget(words, numbers, table)
    )


def _including(
    words: list[str], stems: list[str], numbers: list[int], table: TypedTable, index_: Index
) -> SaidMeasure | None:
    """ "Including <a column>": the amount the question reads (the one money column it names besides, else the
    table's one other money column) plus that column."""
    for i, word in enumerate(words[:-1]):
        if word not in _INCLUDING:
            continue
        end = i + 1
        while end < len(words) - 1 and words[end] in _BEFORE_NAME:
            end += 1
        added = [c for c in numbers if stems[end] in index_.names[c]]
        if len(added) != 1:
            continue
        said = range(i, end + 1)
        money = [c for c in numbers if c != added[0] and MONEY_NAME.search(table.columns[c].name)]
        named = [c for c in money if any(s in index_.names[c] for j, s in enumerate(stems) if j not in said)]
        base = named if len(named) == 1 else money
        if len(base) == 1:
            return SaidMeasure(base[0], PLUS, added[0], frozenset(said))
    return None


# Words that add two columns said together ("assists and turnovers combined", "the total of gold and silver"); the
# sum of one of them was read (109 assists for 193, at 0.8; fresh WikiTableQuestions tuning nt-1702, 2026-12-06)
_ADDED_UP = frozenset({"combined", "together", "altogether", "total", "sum", "plus"})
_SET_APART = frozenset({"difference", "between", "minus", "ratio", "versus", "vs"})  # "the difference between the
# total revenue and cost" takes one from the other


def _combined(
    words: list[str], stems: list[str], numbers: list[int], table: TypedTable, index_: Index
) -> SaidMeasure | None:
    """ "<a> and <b> combined", "<a> plus <b>": two number columns, each named whole by the word said, added."""
    if not _ADDED_UP & set(words) or _SET_APART & set(words):
        return None
    for i, word in enumerate(words[1:-1], start=1):
        if word not in ("and", "plus"):
            continue
        first, second = (_named_whole(stems[j], numbers, table, index_) for j in (i - 1, i + 1))
        if first is not None and second is not None and first != second:
            said = {i - 1, i, i + 1} | {j for j, w in enumerate(words) if w in _ADDED_UP}
            return SaidMeasure(first, PLUS, second, frozenset(said))
    return None


def _named_whole(stem_: str, numbers: list[int], table: TypedTable, index_: Index) -> int | None:
    """The one number column whose whole name is ``stem_`` ("Assists" for "assists")."""
    named = [c for c in numbers if name_stems(table.columns[c].name) == {stem_}]
    return named[0] if len(named) == 1 else None


def _compensation(words: list[str], numbers: list[int], table: TypedTable, index_: Index) -> SaidMeasure | None:
    """ "The total compensation" of a table paying one Salary (or Wage) and one Bonus (or Commission), where no
    column is named for it: the two added."""
    said = next((i for i, word in enumerate(words) if word in _COMPENSATION), None)
    if said is None and _ALL_TOLD & set(words):  # "who earns the most in total": all the pay (it was a tie of rows)
        said = next((i for i, word in enumerate(words) if word in _EARNS), None)
    if said is None or any(words[said] in table.columns[c].name.lower() for c in range(len(table.columns))):
        return None
    pay = [c for c in numbers if _PAY_NAME.search(table.columns[c].name)]
    extra = [c for c in numbers if _EXTRA_PAY_NAME.search(table.columns[c].name)]
    if len(pay) == 1 and len(extra) == 1 and pay != extra:
        return SaidMeasure(pay[0], PLUS, extra[0], frozenset({said}))
    return None


def _sold(numbers: list[int], table: TypedTable) -> int | None:
    """The table's one column of how many were sold (a Quantity, "Units Sold"), or None."""
    units = [c for c in numbers if UNITS_NAME.search(table.columns[c].name)]
    return units[0] if len(units) == 1 else None


def _price_of_sold(words: list[str], numbers: list[int], table: TypedTable, index_: Index) -> SaidMeasure | None:
    """ "The (average) price" of a table with no price column but one of what was sold for (Revenue, Sales) and one
    of how many (Units Sold): the one over the other, of the rows picked together."""
    said = next((i for i, word in enumerate(words) if word in _PRICE), None)
    if said is None or any("price" in names for names in index_.names):
        return None
    income = [c for c in numbers if _INCOME_NAME.search(table.columns[c].name)]
    units = _sold(numbers, table)
    if len(income) != 1 or units is None or units == income[0]:
        return None
    qualifiers = {said - 1} if said > 0 and words[said - 1] in _PRICE_QUALIFIERS else set()
    return SaidMeasure(income[0], DIVIDED, units, frozenset({said, *qualifiers}))


def _rate_of_sold(
    words: list[str], stems: list[str], numbers: list[int], table: TypedTable, index_: Index
) -> SaidMeasure | None:
    """ "The <count> rate" ("the return rate", "the defect rate") of a table with a column of that count beside one of
    how many were sold, and no column of rates: the count over what was sold."""
    if any(_RATE_NAME.search(c.name) for c in table.columns):
        return None
    units = _sold(numbers, table)
    for i, word in enumerate(words[1:], start=1):
        if word != "rate" or units is None:
            continue
        counted = [
            c
            for c in numbers
            if c != units and not MONEY_NAME.search(table.columns[c].name) and stems[i - 1] in index_.names[c]
        ]
        if len(counted) == 1:
            return SaidMeasure(counted[0], DIVIDED, units, frozenset({i - 1, i}))
    return None


def _value_of_counted(
    words: list[str], stems: list[str], numbers: list[int], table: TypedTable, index_: Index
) -> SaidMeasure | None:
    """ "The (average) <thing> value" of a table with a column counting the things (Transactions, Orders) and one of
    what they brought in: the income over the count."""
    income = [c for c in numbers if _INCOME_NAME.search(table.columns[c].name)]
    for i, word in enumerate(words[1:], start=1):
        if word != "value" or len(income) != 1:
            continue
        counted = [c for c in numbers if c != income[0] and not MONEY_NAME.search(table.columns[c].name)]
        counted = [c for c in counted if stems[i - 1] in index_.names[c]]
        if len(counted) == 1:
            return SaidMeasure(income[0], DIVIDED, counted[0], frozenset({i - 1, i}))
    return None


def _total_of_sold(
    words: list[str], stems: list[str], numbers: list[int], table: TypedTable, index_: Index
) -> SaidMeasure | None:
    """ "The total <cost> of <what> sold": the one money column the question names that is no total (a Price, a Food
    Cost: one unit's), times the table's one column of how many were sold."""
    if "total" not in words or not ({"sold", "sales"} & set(words)):
        return None
    units = _sold(numbers, table)
    per_unit = {
        c: len(index_.names[c] & set(stems))  # "food cost" names the Food Cost more than the Price
        for c in numbers
        if c != units
        and MONEY_NAME.search(table.columns[c].name)
        and not _INCOME_NAME.search(table.columns[c].name)
        and not _TOTAL_NAME.search(table.columns[c].name)
    }
    best = max(per_unit.values(), default=0)
    named = [c for c, hits in per_unit.items() if hits == best]
    if units is None or not best or len(named) != 1:
        return None
    return SaidMeasure(named[0], TIMES, units, frozenset(i for i, w in enumerate(words) if w in ("sold", "sales")))


def _owed(words: list[str], numbers: list[int], table: TypedTable, index_: Index) -> SaidMeasure | None:
    """ "How much does Acme still owe", "the outstanding balance" of a table with one column of what was billed (an
    Amount, a Total) and one of what was paid, and none of what is owed: the one less the other."""
    said = [i for i, word in enumerate(words) if word in _OWED]
    if not said or any(names & _OWED_STEMS for names in index_.names):  # a column holds it ("Balance Due")
        return None
    paid = [c for c in numbers if _PAID_NAME.search(table.columns[c].name)]
    billed = [c for c in numbers if c not in paid and _BILLED_NAME.search(table.columns[c].name)]
    if len(paid) != 1 or len(billed) != 1:
        return None
    still = {i - 1 for i in said if i > 0 and words[i - 1] == "still"}  # "still owe"
    return SaidMeasure(billed[0], LESS, paid[0], frozenset({*said, *still}))


def _left_of_budget(words: list[str], numbers: list[int], table: TypedTable) -> SaidMeasure | None:
    """ "Which project has the largest remaining budget", "the most budget left" of a table with one budget column and
    one of what was spent of it: the budget less the spending, ranked (it ranked the Budgets, at 0.8; my own projects
    table, 2026-11-30). "How much budget is left for Comet" is comparisons.remaining's."""
    said = [i for i, word in enumerate(words) if word in _LEFT]
    if not said or not any(word in MAX_WORDS or word in MIN_WORDS for word in words):
        return None
    budgets = [c for c in numbers if BUDGET_NAME.search(table.columns[c].name)]
    spent = achieved_against(budgets[0], [c for c in numbers if c != budgets[0]], table) if len(budgets) == 1 else None
    return SaidMeasure(budgets[0], LESS, spent, frozenset(said)) if spent is not None else None


_LEFT = frozenset({"remaining", "left", "unspent"})


# "how much has Hooli paid", "how much did Acme pay in August": a verb for money moved that ends the question or comes
# before a preposition, not one before a noun ("the total of paid invoices": the rows whose status says it)
_MONEY_MOVED = re.compile(
    r"\bhow much\b.*\b(?:pay|pays|paid|bill|billed|invoice|invoiced|spend|spent)\b"
    r"\s*(?:$|\?|\b(?:in|on|for|to|so|since|during|by|until|before|after|altogether|overall|in total)\b)"
)


def amount_paid_said(
    q: str, conditions: list[Condition], table: TypedTable, index: Index
) -> tuple[Condition, int] | None:
    """A condition on a status cell ("Paid") that the question's verb says as the number column of the same name, and
    that column ("how much has Hooli paid" of invoices with a Paid column of amounts beside a Status of "Paid", "Open":
    it added up the Amount of Hooli's fully paid invoices, none, where it asks what its Paid column adds up to; my own
    invoices table, 2026-11-29). None where no such verb is said or no number column is named by the cell."""
    if not _MONEY_MOVED.search(q):
        return None
    for condition in conditions:
        if condition.op != "=" or condition.view != "text" or not isinstance(condition.value, str):
            continue
        said = stem(normal(condition.value))
        named = [i for i, column in enumerate(table.columns) if column.numeric and said in index.names[i]]
        if len(named) == 1:
            return condition, named[0]
    return None
