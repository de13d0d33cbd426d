"""Prompts for the LLM engine: what each type means, and how the evidence is laid out."""

from __future__ import annotations

from datetime import UTC

from backend.answer.engine import Question
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
