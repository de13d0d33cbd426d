"""Which of a context's tables answers a question several of them read (``ranked``), and whether a rival reads it as
well (``ambiguous``: the answer's confidence then drops by table_confidence.AMBIGUITY_FACTOR).

The table that explains most of the question answers; between equals, in this order (each a wrong table first met on
my own business tables, 2026-12-06 and 2026-12-07, bench/table_qa.py --business):
- the one whose answer column the question asked for ("who works in Support": staff.csv's people, not budget.csv's
  guessed Quarter), where it reads one (a share of the rows reads none);
- the one whose answer is of the role a "who" names ("who was hired first": staff.csv's Employee, not projects.csv's
  Client by its Start Date; ``wh_columns.fills_role``), and whose rows of the party a verb of billing names are of
  its role ("how much should we invoice Fabrikam": a Client, not a Supplier; ``wh_columns.bills_the_other_party``);
- not a log of an event the question does not say ("how many Cold Brew Kits were sold": orders.csv, not returns.csv,
  whose Customer, Product and Units are those of the orders returned), and a log where it says a verb of logging
  ("how many hours were logged": timesheets.csv, not projects.csv's Hours);
- the one with a row for each of what a ranking names ("who is our newest customer": subscriptions.csv, not the
  customer of orders.csv's last order);
- the one whose measure the question does not name in part only ("who has the second highest salary": staff.csv's
  Salary, not an applicants table's Expected Salary, "expected" unsaid);
- the one whose name the question says more of ("which orders were cancelled": orders.csv, not purchase_orders.csv;
  ``words.name_said``);
- the one whose own column holds the measure ("the billing for Acme": invoices.csv's Amount, not order lines'
  Quantity times their Unit Price, tables/derived.py);
- the one whose rows (or units) are what it counts ("how many employees work in Engineering": staff.csv's rows, not
  expenses.csv's different Employees; "how many Travel Mugs do we have": inventory.csv's In Stock, not orders.csv's
  orders of mugs);
- the one whose measure the question names ("the total payroll of Sales": staff.csv's Salary, not expenses.csv's one
  Amount);
- the one whose columns read the question says more of by their own names ("the total value of stock on hand":
  inventory.csv's In Stock, not orders.csv's Quantity, which "stock" names only as what a quantity may be);
- the one whose conditions' cells the question says whole ("how many units of coffee do we have": inventory.csv's
  Category 'Coffee', not purchase_orders.csv's Item 'Coffee Beans').
A rival within 0.05 of the coverage and equal on the first six makes the answer ambiguous (where it computes a value:
answer/tables.py); of the two, answer/tables.py lets the one whose run is surer answer (a ranking of groups too small
to rank is not). A rival equal on all of them (``even``), as sure of its run and of another value, leaves the choice to
chance: the answer is held as one of two readings (answer/tables.py).
"""

from __future__ import annotations

import re

from backend.tables import parse
from backend.tables.column_kinds import tells_rows_apart
from backend.tables.infer import TypedTable
from backend.tables.plan import Condition, Operation, Plan, ReadingKind
from backend.tables.row_nouns import is_a_log
from backend.tables.wh_columns import bills_the_other_party, fills_role
from backend.tables.words import ABBREVIATIONS, NO_CELLS, name_said, name_stems, table_words
from backend.text import stem

# A table's reading of a question: its coverage, the stored row of its document, the table, the reading
Candidate = tuple[float, dict, TypedTable, parse.Reading]
_TIED = 0.05  # coverages this close are as good (no data: one content word of twenty)
# Logs of one event, named so: they share their columns with the table of what the event befell (orders.csv), and
# answer the questions that say it ("how many units were returned"); "what did Umbrella buy most recently" was
# ambiguous, at 0.536, once my own returns log joined the orders (2026-12-07)
_EVENT_LOGS = frozenset(stem(w) for w in ("returns", "refunds", "cancellations", "complaints", "exchanges"))
_SHARES_OF_ROWS = frozenset({ReadingKind.PERCENT, ReadingKind.SHARE})  # readings that read no answer column


def ranked(question: str, candidates: list[Candidate]) -> list[Candidate]:
    """The tables' readings, the one that answers first."""
    return sorted(candidates, key=lambda c: _preference(question, c[0], c[2], c[3]), reverse=True)


def reads_as_much(first: Candidate, other: Candidate) -> bool:
    """Whether ``other`` explains as much of the question as ``first`` (within ``_TIED``)."""
    return other[0] >= first[0] - _TIED


def ambiguous(question: str, candidates: list[Candidate]) -> bool:
    """Whether the runner-up of ``ranked`` candidates reads the question as well as the first: as much of it, and as
    sure of what it asks for, of the role said, of the event said, of what its first row names, and as named."""
    if len(candidates) < 2:
        return False
    (coverage, _, table, reading), (rival_coverage, _, rival_table, rival) = candidates[:2]
    first, second = _preference(question, coverage, table, reading), _preference(question, coverage, rival_table, rival)
    return rival_coverage >= coverage - _TIED and first[1:7] == second[1:7]


def even(question: str, candidates: list[Candidate]) -> bool:
    """Whether nothing but the order they were listed in ranks the first of ``ranked`` candidates over the runner-up:
    they explain as much of the question (within ``_TIED``) and are equal on every preference after it."""
    if len(candidates) < 2:
        return False
    (coverage, _, table, reading), (rival_coverage, _, rival_table, rival) = candidates[:2]
    first, second = _preference(question, coverage, table, reading), _preference(question, coverage, rival_table, rival)
    return rival_coverage >= coverage - _TIED and first[1:] == second[1:]


def _preference(question: str, coverage: float, table: TypedTable, reading: parse.Reading) -> tuple[float | bool, ...]:
    """How a table's reading ranks against other tables' (higher first; see the module's docstring)."""
    plan = reading.plan
    counts_rows = plan.operation is not Operation.COUNT_DISTINCT or reading.different_said
    asked = plan.select[0] if plan.select else plan.group_by
    ranked_once = reading.kind is not ReadingKind.SUPERLATIVE or asked is None or tells_rows_apart(table, asked)
    said = _question_stems(question)
    return (
        coverage,
        # (a share of the rows reads no answer column: "the cancellation rate" of bookings.csv, whose Rate column "rate"
        # names, is no surer than orders.csv's; 2026-12-07. A count's guess still ranks: "how many Travel Mugs do we
        # have" is inventory.csv's In Stock, not a count of orders.csv's rows.)
        not reading.guessed_answer_column or reading.kind in _SHARES_OF_ROWS,
        fills_role(question.lower(), table, asked)
        and not bills_the_other_party(question.lower(), table, [c.column for c in plan.where]),
        not _event_unsaid(question, table) and not _logged_elsewhere(question, table),
        ranked_once,
        _measure_named_whole(question, table, plan),
        name_said(question, table),
        plan.paired is None,
        counts_rows and not reading.counts_a_value_kept_in_units,
        not reading.measure_guessed,
        len(said & _columns_read_names(table, plan)),
        # (a flag's "Yes" is said by its column's name: "was Omar hired" of a Hired column)
        all(said >= name_stems(str(c.value)) for c in plan.where if c.op == "=" and c.view == "text" and not _flag(c)),
    )


def _measure_named_whole(question: str, table: TypedTable, plan: Plan) -> bool:
    """Whether the question names no column the plan computes or ranks by in part only, itself or by a word that
    stands for it ("payroll" for a Salary: words.ABBREVIATIONS): "who has the second highest salary" of staff.csv's
    Salary, not of an applicants table's Expected Salary (tied, declined; my own tables, 2026-12-08). A column it says
    no word of (an In Stock read for "units") is named in no part."""
    said = {stem(ABBREVIATIONS.get(w, w)) for w in re.findall(r"\w+", question.lower())}
    names = [name_stems(table.columns[c].name) for c in (plan.column, plan.order_by) if c is not None]
    return not any(name & said and name - said for name in names)


def _question_stems(question: str) -> set[str]:
    """The stems of a question's words."""
    return {stem(w) for w in re.findall(r"\w+", question.lower())}


_YES_NO_CELLS = frozenset({"yes", "y", "true"}) | NO_CELLS


def _flag(condition: Condition) -> bool:
    """Whether a condition keeps the rows a column of yes and no says yes (or no) for."""
    return str(condition.value).strip().lower() in _YES_NO_CELLS


def _columns_read_names(table: TypedTable, plan: Plan) -> set[str]:
    """The stems of the names of the columns a plan reads: what it computes, selects, ranks, groups and compares."""
    read = (plan.column, *plan.select, plan.order_by, plan.group_by, plan.per, plan.less, plan.times, plan.plus)
    read += tuple(c.column for c in plan.where)
    return {w for i in read if i is not None for w in name_stems(table.columns[i].name)}


# Verbs of entries made in a log: "how many hours were logged" of a timesheet, not a projects table's Hours to date
# (tied, listed first; my own business tables, 2026-12-07)
_LOGGED = re.compile(r"\b(?:log|logs|logged|logging|clocked|recorded)\b")


def _logged_elsewhere(question: str, table: TypedTable) -> bool:
    """Whether the question says a verb of logging and the table is not named as a log (``row_nouns.is_a_log``)."""
    return _LOGGED.search(question.lower()) is not None and not is_a_log(table)


def _event_unsaid(question: str, table: TypedTable) -> bool:
    """Whether the table logs an event (its name: returns.csv) that the question does not say, by the log's name or by
    a column of the log named for the event ("the total refund amount": the Refund of returns.csv; it answered from a
    payments table beside it, the Amount of its Refunded payments, at 0.8; bench/table_qa.py --business, 2026-12-07)."""
    logged = table_words(table) & _EVENT_LOGS
    named = {w for column in table.columns for w in name_stems(column.name)} & _EVENT_LOGS
    return bool(logged) and not (logged | named) & _question_stems(question)
