"""Prompts for the LLM engine: what each type means, how the evidence is laid out, and how a table is shown when
the model is asked for a query plan."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from backend.answer.engine import Question
from backend.tables.infer import TypedTable
from backend.tables.plan import COMPARISONS, DATE_PARTS, OPERATIONS
from backend.types import AnswerType

TYPE_MEANINGS = {
    AnswerType.INTEGER: "a whole number (digits only, no units)",
    AnswerType.FLOAT: "a number; percentages in percent units (2.7% → 2.7); scale words multiplied out "
    "($1.2 billion → 1200000000)",
    AnswerType.BOOLEAN: "true or false",
    AnswerType.STRING: "a short span of text (a name or phrase), not a sentence",
    AnswerType.DATETIME: "a date and time in UTC as YYYY-MM-DDThh:mm:ssZ (a date alone is T00:00:00Z)",
}


def describe_type(answer_type: AnswerType) -> str:
    """Plain words for what a value of ``answer_type`` is."""
    meaning = TYPE_MEANINGS[answer_type.element]
    return f"a JSON array, each element {meaning}" if answer_type.is_array else meaning


NOT_ANSWERABLE = '{"answerable": false, "answer": null, "quote": null}'


def system_prompt(question: Question) -> str:
    """The rules: evidence only in a context, an explicit way to decline, a quote of what was read."""
    scope = (
        "Answer ONLY from the numbered evidence, never from what you know. If the evidence does not state the "
        f"answer, or only something similar to it, reply {NOT_ANSWERABLE}."
        if question.context_scoped
        else "Use the evidence when it is relevant, and your general knowledge otherwise. If you do not know, "
        f"reply {NOT_ANSWERABLE}."
    )
    moment = question.now
    return (
        "You answer questions with a single typed JSON value. "
        f"The current UTC date and time is {moment.astimezone(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')}; the asker's "
        f"local date is {moment.strftime('%Y-%m-%d (%A)')} in time zone {moment.tzname()} (use it to resolve "
        "relative dates such as 'next Friday'). "
        f'{scope} Otherwise reply {{"answerable": true, "answer": <value>, "quote": <the evidence sentence '
        "the answer comes from, copied exactly>}. Reply with that JSON object and nothing else."
    )


def user_prompt(question: Question) -> str:
    """The numbered evidence, the question, and what the answer must be."""
    passages = (
        "\n\n".join(f"[{i}] {hit.name}\n{hit.text}" for i, hit in enumerate(question.evidence, start=1))
        or "(no evidence found)"
    )
    return (
        f"Evidence:\n{passages}\n\nQuestion: {question.text}\nThe answer must be {describe_type(question.answer_type)}."
    )


# -- table plans -------------------------------------------------------------------------------------------

PLAN_SAMPLE_ROWS = 5
PLAN_SYSTEM_PROMPT = (
    "You turn a question about one table into a query plan, as JSON following the schema. Never write SQL or "
    "code. Operations: rows (the `select` columns of the matching rows, in `order_by` order, cut at `limit`), "
    "count, count_distinct, longest_run (the most consecutive matching rows), sum, avg, median, min, max (of "
    "`column`; with `limit`, of the first `limit` rows in `order_by` order: the total of the top 3). `where` "
    "conditions all hold: op is one of "
    "=, !=, <, <=, >, >=, contains, lacks (does not contain), in (`value` a list for in), empty, filled (the cell is "
    "missing or not; `value` null); to compare a column with another column of the same row, name it in "
    "`compare_to` (`value` null: stock below the reorder level). With `group_by`, an aggregate per group, ordered "
    "by it (`descending`); `group_part` month, quarter or year groups a date column by that part of its dates. A "
    "measure of two number columns: `column` (or `order_by`) over `per` (a sum is the total over the total: the "
    "cost per conversion), less `less` (the profit: revenue less cost) or times `times` (an order's value: quantity "
    "times unit "
    "price), row by row; set at most one of them. Use column "
    "names exactly as given. If the table cannot answer the question, reply "
    '{"answerable": false} with the other fields null or empty.'
)


# Worked examples for a small model (the local engine's planner): the system prompt is the same for every question,
# so llama.cpp reads them once and keeps them in its prompt cache.
PLAN_EXAMPLES = (
    "Examples, over other tables (fields left out take their defaults):\n"
    'how many matches drew more than 40,000 spectators? -> {"operation":"count","where":[{"column":"Spectators",'
    '"op":">","value":40000}]}\n'
    'which driver came second? -> {"operation":"rows","select":["Driver"],"where":[{"column":"Position","op":"=",'
    '"value":"2"}]}\n'
    'who scored the most points? -> {"operation":"rows","select":["Player"],"order_by":"Points","descending":true,'
    '"limit":1}\n'
    'what was the total revenue in 2010? -> {"operation":"sum","column":"Revenue","where":[{"column":"Year",'
    '"op":"=","value":2010}]}\n'
    'which country won the most gold medals? -> {"operation":"rows","select":["Nation"],"order_by":"Gold",'
    '"descending":true,"limit":1}\n'
    'which team appears most often? -> {"operation":"count","group_by":"Team","descending":true,"limit":1}'
)


def plan_schema(columns: list[str], compact: bool = False) -> dict[str, Any]:
    """The strict JSON schema of a plan reply over a table with these columns; ``compact``: only the operation is
    required (a small model writes the fields it needs, in fewer tokens)."""
    column = {"anyOf": [{"type": "string", "enum": columns}, {"type": "null"}]}
    value = {
        "anyOf": [
            {"type": "string"},
            {"type": "number"},
            {"type": "array", "items": {"type": "string"}},
            {"type": "null"},
        ]
    }
    condition = {
        "type": "object",
        "properties": {
            "column": {"type": "string", "enum": columns},
            "op": {"type": "string", "enum": list(COMPARISONS)},
            "value": value,
            "compare_to": column,
        },
        "required": ["column", "op", "value", "compare_to"],
        "additionalProperties": False,
    }
    properties = {
        "answerable": {"type": "boolean"},
        "operation": {
            "anyOf": [
                {"type": "string", "enum": list(OPERATIONS)},
                {"type": "null"},
            ]
        },
        "column": column,
        "select": {"type": "array", "items": {"type": "string", "enum": columns}},
        "where": {"type": "array", "items": condition},
        "order_by": column,
        "descending": {"type": "boolean"},
        "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        "group_by": column,
        "group_part": {"anyOf": [{"type": "string", "enum": list(DATE_PARTS)}, {"type": "null"}]},
        "per": column,
        "less": column,
        "times": column,
    }
    if compact:
        order = (
            "operation", "column", "select", "where", "order_by", "descending", "limit", "group_by", "group_part",
            "per", "less", "times",
        )  # fmt: skip
        properties = {name: properties[name] for name in order} | {"answerable": properties["answerable"]}
        required = ["operation"]
        condition["required"] = ["column", "op", "value"]
    else:
        required = list(properties)
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def plan_prompt(question: str, table: TypedTable) -> str:
    """The table's columns (name and kind) and its first rows, then the question."""
    columns = "\n".join(f"- {c.name} ({'percent ' if c.percent else ''}{c.kind})" for c in table.columns)
    sample = table.data.slice(0, PLAN_SAMPLE_ROWS)
    rows = [
        " | ".join(str(sample.column(f"c{i}")[r].as_py() or "") for i in range(len(table.columns)))
        for r in range(sample.num_rows)
    ]
    return (
        f"Table {table.name!r}, {table.row_count:,} rows. Columns:\n{columns}\n\nFirst rows:\n"
        + "\n".join(rows)
        + f"\n\nQuestion: {question}"
    )
