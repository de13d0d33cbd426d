"""Answers computed from tables: the question goes to the context's table that it matches best, the offline
parser (or the model) turns it into a plan, and ``tables.results`` runs it on DuckDB and converts the result to the
asked type; this module chooses the table (how sure a reading is: ``table_confidence.py``).

A result that does not fit the type is declined, never coerced. When no table reading is confident enough the
answering service asks the text engine instead (a question about a document's prose, or not about a table at all),
unless the question is plainly about a table: then it declines with the plan it would have run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from backend.answer.engine import TableEvidence
from backend.answer.table_cap_levels import ONE_OF_TWO_READINGS
from backend.answer.table_caps import matched_caps
from backend.answer.table_choice import Candidate, ambiguous, even, ranked, reads_as_much
from backend.answer.table_confidence import (
    AMBIGUITY_FACTOR,
    EXPLAINS_EVERY_WORD,
    MODEL_PLAN_CONFIDENCE,
    reading_confidence,
)
from backend.answer.table_second_reading import Checker, Planner, check_reading, plan_kind, same_value
from backend.models import SearchHit
from backend.store import LanceStore
from backend.tables import parse
from backend.tables.infer import TypedTable
from backend.tables.loaded import LoadedTables
from backend.tables.mentions import names_said
from backend.tables.plan import InvalidPlan, ReadingKind
from backend.tables.plan_json import from_json
from backend.tables.plan_words import describe
from backend.tables.results import compute
from backend.tables.rows_shown import rows_read
from backend.types import AnswerType

SPREADSHEETS = (".csv", ".tsv", ".xlsx")  # documents that are tables and nothing else

ABOUT_A_TABLE = 0.5  # a reading that explains this much of the question is about the table (declined, not re-asked)


@dataclass
class TableProposal:
    """A value computed from a table (None when the result did not fit the type, with the reason), its
    confidence, and how it was computed."""

    value: Any
    confidence: float
    evidence: TableEvidence
    hit: SearchHit
    reason: str = ""
    about_the_table: bool = False  # the reading explains most of the question: the table is where the answer is
    unexplained: tuple[str, ...] = ()  # the question's words the reading does not account for
    spreadsheet: bool = False  # the table is its whole document (a CSV or a sheet), not a table inside prose
    fits: AnswerType | None = None  # the type that holds a computed value that is not of the type asked
    explains_every_word: bool = False  # the reading accounts for every content word of the question
    offers_value: bool = True  # a decline may offer the value to accept (not where a cap says no one value answers)


class TableAnswerer:
    """Finds, reads and queries the tables of a tenant's context."""

    def __init__(self, store: LanceStore, planner: Planner | None = None, checker: Checker | None = None) -> None:
        self._store = store
        self._planner = planner  # a model that writes every plan (the llm engine)
        self._checker = checker  # a model that reads again what the rules read in part (the local engine)
        self._tables = LoadedTables(store.data_tables.data)

    def propose(
        self,
        tenant: str,
        context_id: str | None,
        question: str,
        answer_type: AnswerType,
        document_id: str | None = None,
    ) -> TableProposal | None:
        """The best table answer from a context's tables (``context_id=None``: those of documents in no context),
        or None when no table reads the question."""
        listed = self._store.data_tables.listed(tenant, context_id)
        if document_id is not None:
            listed = [row for row in listed if row["document_id"] == document_id]
        live = self._store.documents.live_revisions({row["document_id"] for row in listed}) if listed else {}
        readings = []
        names = names_said(question)  # "orders from Antarctica": a table with no Antarctica does not answer it
        for row in listed:
            if live.get(row["document_id"]) != row["revision"]:
                continue  # a version being written, or replaced a moment ago
            loaded = self._tables.get(tenant, row)
            if loaded is None:
                continue
            table, table_words = loaded
            reading = parse.read(question, table, answer_type, table_words)
            if reading is not None and not names & set(reading.unexplained):
                readings.append((reading.coverage, row, table, reading))
        if not readings:
            return None
        readings = _answering_first(ranked(question, readings), answer_type)  # (answer/table_choice.py)
        rival_answers = False
        rival_value = None  # the value of a rival table that answers otherwise and that nothing ranks below
        if ambiguous(question, readings):
            # of two tables the parser reads as well, the one whose run is surer of its answer: "which region sold the
            # most in January" ranked deals.csv's few January deals (capped at 0.30: too few to rank) over
            # monthly_sales.csv's Jan column (0.8; bench/table_qa.py --business, biz-159, 2026-12-07)
            runs = [_run(candidate, answer_type) for candidate in readings[:2]]
            if runs[1][0] > runs[0][0]:
                readings, runs = [readings[1], readings[0], *readings[2:]], runs[::-1]
            rival_answers = min(run[0] for run in runs) >= 0  # (a rival whose reading matches nothing answers nothing)
            (sure, value), (rival_sure, other) = runs
            # (a rival that computes the same value leaves nothing to choose: "who works in Support" of staff.csv and
            # of a training log beside it, held at 0.536 though both say Ela and Finn; my own tables, 2026-12-07)
            rival_answers = rival_answers and not same_value(value, other)
            if rival_answers and sure == rival_sure and even(question, readings):
                rival_value = other
        coverage, row, table, reading = readings[0]
        model_plan = False
        if self._planner is not None:
            if coverage < ABOUT_A_TABLE:
                return None  # the question is not about this table: the text engine answers it
            try:
                planned = self._planner.plan(question, table)
                if planned is None:
                    return None  # the model says the table does not answer it
                plan = from_json(planned, table)
            except InvalidPlan as exc:
                return _refused(row, table, f"The model's plan does not fit {table.name}: {exc}.")
            reading = parse.Reading(plan, plan_kind(plan, answer_type), coverage)
            model_plan = True
        result, (value, reason, fits) = compute(reading, table, answer_type)
        confidence = MODEL_PLAN_CONFIDENCE if model_plan else reading_confidence(reading, table)
        cap = matched_caps(reading, result, table)
        if cap is not None:
            confidence = min(confidence, cap.level)
        if rival_answers:  # another table answers it as well
            # (not one whose reading matches nothing: "which item is out of stock" of a purchase orders table with no
            # Qty of 0 made inventory.csv's answer ambiguous, at 0.536; my own business tables, 2026-12-07)
            confidence *= AMBIGUITY_FACTOR
        caution = cap.why if cap is not None else ""
        if rival_value is not None:
            # two tables read it alike, as surely, to two values: which answers is the order they were listed in. Such
            # first tables were right on 5 of 12 tuning and 4 of 7 checking business questions (in-process, 2026-12-07,
            # once timesheets.csv joined projects.csv): held as one of two readings, the other told
            confidence = min(confidence, ONE_OF_TWO_READINGS)
            rival = f"It answers {value!r}; {readings[1][2].name} reads it as well, and answers {rival_value!r}"
            caution = f"{rival}: the question does not say which table it asks. {caution}"
        check = None
        if self._checker is not None and coverage < EXPLAINS_EVERY_WORD and self._checker.ready:
            # shown beside the answer, its confidence unchanged: with Qwen2.5-Coder-1.5B the two plans agreed on 13 of
            # 70 readings and the model's differing plan was right on 1 of 23 (bench/table_qa.py --checks, 50 a half,
            # 2026-11-26), while the rules' differing value was right on 11 of 12 tuning readings and 2 of 11 checking
            # ones: no signal to fit a confidence on yet (local.table_second_reading is off by default)
            check = check_reading(self._checker, question, table, answer_type, reading, value)
        shown, matched_count = rows_read(reading, result, table)
        evidence = TableEvidence(
            document_id=row["document_id"],
            table=table.name,
            plan=_reading_words(reading, table),
            sql=result.sql,
            parameters=[_plain(p) for p in result.parameters],
            columns=[c.name for c in table.columns],
            rows=[[cell or "" for cell in matched.values()] for matched in shown],
            matched_count=matched_count,
            unexplained=reading.unexplained,
            second_reading=check,
            caution=caution.strip(),
        )
        about = coverage >= ABOUT_A_TABLE and value is not None
        spreadsheet = row["name"].split(" › ")[0].lower().endswith(SPREADSHEETS)
        hit = _hit(row, evidence)
        return TableProposal(
            value,
            confidence,
            evidence,
            hit,
            reason,
            about,
            reading.unexplained,
            spreadsheet,
            fits,
            coverage >= EXPLAINS_EVERY_WORD,
            cap is None or cap.offers_value,
        )


def _answering_first(readings: list[Candidate], answer_type: AnswerType) -> list[Candidate]:
    """The ranked readings, with the first of those that read the question as fully as the first and compute a value
    moved up where the first computes none ("what were total sales in Q1 for the North": orders.csv's North America,
    ranked first, had no Q1 orders and declined, where monthly_sales.csv's North adds up its Jan to Mar; my own
    business tables, 2026-12-07)."""
    if len(readings) < 2 or not reads_as_much(readings[0], readings[1]) or _run(readings[0], answer_type)[0] >= 0:
        return readings  # (no rival to run: one table's reading is run once, below)
    for at, other in enumerate(readings[1:], start=1):
        if not reads_as_much(readings[0], other):
            break
        if _run(other, answer_type)[0] >= 0:
            return [other, *readings[:at], *readings[at + 1 :]]
    return readings


def _run(candidate: Candidate, answer_type: AnswerType) -> tuple[float, Any]:
    """A table's reading run: its confidence once its result has capped it, and its value; a confidence of -1 where it
    computes no value of the type asked (a rival that matches no rows answers nothing)."""
    _, _, table, reading = candidate
    result, typed = compute(reading, table, answer_type)
    if typed.value is None:
        return -1.0, None
    cap = matched_caps(reading, result, table)
    confidence = reading_confidence(reading, table)
    return (min(confidence, cap.level) if cap is not None else confidence), typed.value


def _refused(row: dict, table: TypedTable, reason: str) -> TableProposal:
    """A certain decline: the table was the place to look, and no valid plan came out."""
    evidence = TableEvidence(row["document_id"], table.name, "", "", [], [c.name for c in table.columns], [], 0)
    return TableProposal(None, 1.0, evidence, _hit(row, evidence), reason)


def _reading_words(reading: parse.Reading, table: TypedTable) -> str:
    """A reading's plans in words, as the answer shows them; a rate of each group as the share it ranks by, and a
    claim about every row as the rows that would say otherwise."""
    plan, whole = reading.plan, reading.second
    if reading.kind is ReadingKind.GROUP_RATE and whole is not None and plan.group_by is not None:
        each = table.columns[plan.group_by].name
        part, of = (describe(replace(p, group_by=None, descending=False), table) for p in (plan, whole))
        return f"{part}, out of {of}, for each {each!r}, {'largest' if plan.descending else 'smallest'} share first"
    if reading.kind is ReadingKind.EVERY:  # "are all engineers in London": yes where no row says otherwise
        return f"whether none of these rows is found: {describe(plan, table)}"
    if reading.kind is ReadingKind.PERIOD_COLUMN:  # "which month had the highest sales": a column of months
        first = "largest" if plan.descending else "smallest"
        return f"the column whose total is the {first}: {describe(replace(plan, descending=False), table)}"
    return describe(plan, table) + _second_words(reading, table)


def _second_words(reading: parse.Reading, table: TypedTable) -> str:
    """The second plan of a two-plan reading in words: what it is subtracted from, compared with, or ends at."""
    if reading.second is None:
        return ""
    joined = {
        ReadingKind.DIFFERENCE: "minus",
        ReadingKind.REMAINING: "minus",
        ReadingKind.DURATION: "until",
        ReadingKind.DAYS: "until",
        ReadingKind.PERCENT: "out of",
        ReadingKind.SHARE: "out of",
        ReadingKind.LARGER: "larger than",
        ReadingKind.SAME: "the same as",
        ReadingKind.NEVER: "except",
        ReadingKind.NEVER_COUNT: "except",
        ReadingKind.PER_GROUP_AVERAGE: "over",
    }.get(reading.kind, "compared with")
    return f", {joined} {describe(reading.second, table)}"


def _plain(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value


def _hit(row: dict, evidence: TableEvidence) -> SearchHit:
    """The table's document as an answer's source: its matched rows as the passage."""
    lines = ["; ".join(f"{c}: {v}" for c, v in zip(evidence.columns, r, strict=True) if v) for r in evidence.rows]
    return SearchHit(
        document_id=row["document_id"],
        context_id=row["context_id"] or None,
        name=evidence.table,
        source="",
        type="document",
        text="\n".join(lines) or evidence.plan,
        ordinal=0,
        score=1.0,
    )
