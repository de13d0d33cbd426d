"""An invoice's status said in an analyst's words (2026-12-07): "unpaid" is a status that picks rows, not the amount a
money verb would ask for ("the oldest unpaid invoice" ranked the invoices by their Amount), and "outstanding" of a
table with a Paid column is what is not paid (no reading)."""

from __future__ import annotations

from tests.unit.tables.sample import answer, table_of

# Unpaid: INV-2003 (Feb 10, Initech, 960), INV-2005 (Mar 5, Acme, 2575.25), INV-2007 (Apr 2, Globex, 450)
INVOICES = (
    "Invoice,Date,Client,Amount,Paid\n"
    "INV-2001,2025-01-15,Acme Corp,4200.0,Yes\n"
    "INV-2003,2025-02-10,Initech,960.0,No\n"
    "INV-2004,2025-02-21,Hooli,7300.0,Yes\n"
    "INV-2005,2025-03-05,Acme Corp,2575.25,No\n"
    "INV-2007,2025-04-02,Globex,450.0,No\n"
    "INV-2008,2025-04-22,Acme Corp,9800.0,Yes\n"
)


def test_unpaid_picks_rows_and_the_superlative_ranks_by_what_it_says():
    invoices = table_of(INVOICES, "invoices.csv")
    # it named INV-2005, the largest unpaid Amount, at 0.8
    assert answer("Which invoice is the oldest unpaid?", invoices, "string") == "INV-2003"
    assert answer("Which is the most recent unpaid invoice?", invoices, "string") == "INV-2007"
    assert answer("Which unpaid invoice is the largest?", invoices, "string") == "INV-2005"
    # a money verb that is not negated still asks for the amount
    assert answer("How much has Acme Corp paid?", invoices, "float") == 14000.0
    assert answer("How much is unpaid?", invoices, "float") == 3985.25


def test_outstanding_is_what_is_not_paid():
    invoices = table_of(INVOICES, "invoices.csv")
    assert answer("What is the total outstanding?", invoices, "float") == 3985.25
    assert answer("How much does Acme Corp have outstanding?", invoices, "float") == 2575.25
    assert answer("How many invoices are outstanding?", invoices, "integer") == 3
    assert answer("Which client has the largest outstanding balance?", invoices, "string") == "Acme Corp"


def test_outstanding_said_of_a_table_without_payments_is_no_status():
    awards = table_of("Year,Award,Result\n2001,Outstanding Actor,Won\n2003,Outstanding Actor,Nominated\n", "a.csv")
    assert answer("how many times did he win outstanding actor?", awards, "integer") == 1
