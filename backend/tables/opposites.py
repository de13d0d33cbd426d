"""A question's words that negate what a table says, read as the negation: a prefix ("unpaid" of a Paid column),
an opposite ("late" of an On Time column), a word whose opposite cells write ("open" of "Closed Won" stages), and a
state before the step that closes a row ("still open" of a Resolved date). ``parse.read`` asks here first.
"""

from __future__ import annotations

from backend.tables.vocabulary import Index
from backend.tables.words import BOUND_NEGATION
from backend.text import stem


def unprefixed(words: list[str], index_: Index) -> list[str]:
    """The words, with a word that negates a column's name read as the negation (:data:`BOUND_NEGATION`, which negates
    that word only): by its prefix ("unpaid" of a table with a "Paid" column is "non paid", "non-billable" of a
    "Billable" one "non billable"), or as its opposite (:data:`_OPPOSITES`: "late" of an "On Time" column is "non on
    time"); and a word no cell writes, whose opposite cells write (:data:`_CELL_OPPOSITES`: "open" of "Closed Won"
    stages is "non closed")."""
    out: list[str] = []
    names = index_.names
    awaited_at = -1
    for at, word in enumerate(words):
        if at == awaited_at:
            continue
        awaited = _awaited(words, at, index_)
        if awaited is not None:  # "waiting for approval" of an Approved column: not approved
            awaited_at, name = awaited
            out += [BOUND_NEGATION, name]
            continue
        closing = _closing_step(word, words, at, index_)
        if closing is not None:  # "how many tickets are still open" of a Resolved date: not resolved
            if out and out[-1] == "not":
                out[-1] = closing
            else:
                out += [BOUND_NEGATION, closing]
            continue
        prefix = next((p for p in ("non", "un", "in") if word.startswith(p)), "")
        rest = word[len(prefix) :].lstrip("-")
        # ("in" only of a column of yes and no: "inactive" of an Active flag; no reading of my own subscriptions
        # table, 2026-12-07; "income" or "invoice" negate nothing)
        negated = (
            prefix
            and len(rest) >= 3
            and any(stem(rest) in n and (prefix != "in" or index_.flags[c]) for c, n in enumerate(names))
        )
        if negated:
            if not any(stem(word) in n for n in names):
                out += [BOUND_NEGATION, rest]
                continue
        opposite = _OPPOSITES.get(word)
        # (not where a cell writes the word: "how many claims were rejected" of a Status "Rejected" beside an
        # Approved date counted every claim not approved, at 0.8; my own expenses table, 2026-11-29)
        written_too = any(word in c for c in index_.words)
        if (
            opposite is not None
            and _OPPOSITE_NAMES[opposite] in names
            and not any(stem(word) in n for n in names)
            and not written_too
        ):
            out += [BOUND_NEGATION, *opposite.split()]
            continue
        cells = index_.words
        written = [o for o in _CELL_OPPOSITES.get(word, ()) if any(o in c for c in cells)]
        if written and not any(word in c for c in cells):
            # "open deals" of stages "Closed Won" and "Closed Lost": not closed; of stages "Won" and "Lost": neither
            ended = written[:2] if written[0] in ("won", "lost") else written[:1]
            if out and out[-1] == "not":  # "deals that are not open": closed (won or lost)
                out[-1:] = " or ".join(ended).split()
            else:
                out += [w for o in ended for w in (BOUND_NEGATION, o)]
            continue
        out.append(word)
    return out


def _awaited(words: list[str], at: int, index_: Index) -> tuple[int, str] | None:
    """Where the word after "waiting (for)", "awaiting", "pending" or "without" names a column of yes and no, and
    the word of that column's name: "awaiting payment" of a Paid column ("paid"), "pending review" of a Reviewed
    one."""
    if words[at] not in _AWAITING or any(words[at] in cells for cells in index_.words):
        return None  # (an Approved column of "Yes", "No" and "Pending" says it itself)
    said_at = at + 1 + (words[at + 1 : at + 2] == ["for"])
    said = stem(words[said_at]) if said_at < len(words) else ""
    for column, names in enumerate(index_.names):
        if index_.flags[column] and any(len(n) >= 3 and (said.startswith(n) or n.startswith(said)) for n in names):
            name = next((w for w in sorted(index_.name_words) if stem(w) in names), None)
            if name is not None:
                return said_at, name
    return None


# "How much is still waiting for approval" of an Approved column summed the approved claims, at 0.72 (my own expenses
# table, 2026-12-07): what a row waits for, or is without, is what it has not got.
_AWAITING = {"awaiting", "waiting", "pending", "without"}


def _closing_step(word: str, words: list[str], at: int, index_: Index) -> str | None:
    """The name of the step that closes a row ("resolved" of a Resolved date), when ``word`` says a row has not
    reached it: "open" as a state ("still open", "open tickets"), not the verb ("did Acme open": its Opened date)."""
    if word not in _STILL_OPEN or not (words[at - 1 : at] in _BEFORE_A_STATE or words[at + 1 : at + 2]):
        return None
    if any(word in cells for cells in index_.words):  # a Status of "Open" cells says it itself
        return None
    return next((name for name in _CLOSING_STEPS if name in index_.name_words), None)


# "open" and "outstanding" of a table whose rows close at a step its columns name: "how many tickets are still open"
# of an Opened and a Resolved date counted every ticket, at 0.8 (the Opened column's word; my own tickets table,
# 2026-11-29).
_STILL_OPEN = {"open", "outstanding"}
_CLOSING_STEPS = ("resolved", "closed", "completed", "finished", "delivered")
_BEFORE_A_STATE = (["still"], ["not"], ["are"], ["is"], ["was"], ["were"], ["remain"], ["currently"])


# Words whose opposite a column of yes and no is named by: "how many shipments were late" of an "On Time" column.
# "How many expenses were rejected" of an "Approved" column (my own expenses table, 2026-11-29: it counted them all).
# ("which students failed" of a Passed column had no reading, my own gradebook; "still in transit" of a Delivered
# date counted every shipment, at 0.28, my own shipments; 2026-11-29)
_OPPOSITES = {
    "late": "on time", "delayed": "on time", "rejected": "approved", "declined": "approved", "failed": "passed",
    "fail": "passed", "fails": "passed", "transit": "delivered",
    # "the total outstanding" of invoices with a Paid column: those not paid (no reading; my own invoices, 2026-12-07)
    "outstanding": "paid",
    # "how many claims are pending approval" of an Approved column: not approved (it counted the approved ones, at
    # 0.62; my own expenses table, 2026-12-07)
    "pending": "approved",
    # "how many customers churned", "the churn rate" of an Active column of yes and no: those not active (it counted
    # every customer, at 0.28; no reading; my own subscriptions table, 2026-12-07; of a Cancelled On date: senses.py)
    "churned": "active", "churn": "active", "lapsed": "active",
}  # fmt: skip
_OPPOSITE_NAMES = {
    "on time": {"time"}, "approved": {"approv"}, "passed": {"pass"}, "delivered": {"deliv"}, "paid": {"pay"},
    "active": {"activ"},
}  # fmt: skip
# Words whose opposite cells write, where no cell writes the word: "how many open deals" of a Stage column whose
# cells say "Closed Won" and "Closed Lost", and never "Open"; "open tasks" of a Status "Done" (the first written).
_CELL_OPPOSITES = {"open": ("closed", "done", "completed", "resolved", "won", "lost")}
