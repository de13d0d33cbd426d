"""Which of a context's tables answers a question both read (answer/table_choice.py): a log of an event (returns.csv)
answers only the questions that say the event, by the log's name or by a column of it named for the event."""

from __future__ import annotations

from backend.answer.table_choice import ambiguous, ranked
from backend.tables import parse
from backend.types import AnswerType
from tests.unit.tables.sample import table_of

RETURNS = "Return ID,Customer,Units,Refund\nR-1,Hooli,2,110\nR-2,Acme,5,60\n"
PAYMENTS = "Payment ID,Customer,Amount,Status\nP-1,Hooli,2200,Cleared\nP-2,Acme,95,Refunded\nP-3,Hooli,310,Refunded\n"
ORDERS = "Order ID,Customer,Units\nSO-1,Hooli,3\nSO-2,Acme,4\n"


def _candidates(question: str, *tables):
    readings = [(table, parse.read(question, table, AnswerType.FLOAT)) for table in tables]
    return ranked(question, [(r.coverage, {}, t, r) for t, r in readings if r is not None])


def test_a_column_named_for_the_event_says_it():
    # "refund" names the Refund of returns.csv: the log is not ruled out as an event unsaid, so the payments' Amount
    # of its Refunded rows no longer answers alone at 0.8 (bench/table_qa.py --business, 2026-12-07): a tie
    returns, payments = table_of(RETURNS, "returns.csv"), table_of(PAYMENTS, "payments.csv")
    candidates = _candidates("What was the total refund amount?", payments, returns)
    assert len(candidates) == 2 and ambiguous("What was the total refund amount?", candidates)


def test_a_log_answers_no_question_that_does_not_say_its_event():
    returns, orders = table_of(RETURNS, "returns.csv"), table_of(ORDERS, "orders.csv")
    candidates = _candidates("How many units did Hooli buy?", returns, orders)
    assert candidates[0][2] is orders and not ambiguous("How many units did Hooli buy?", candidates)
