"""The ``llm`` engine: whole evidence passages put to an OpenAI-compatible model through ``llm.py``'s client and
reading loop, its reply ``{"answerable", "answer", "quote"}``: the model has an explicit way to say the evidence does
not answer, and quotes the sentence it read. The value's confidence comes from grounding: a value found in the
evidence (however written) is trusted; one found nowhere, in a context, is not.
"""

from __future__ import annotations

from typing import Any

from backend.answer.engine import Proposal, Question
from backend.answer.grounding import find_quote, find_value
from backend.answer.llm import Completion, LLMClient, Message, Reader, Reply, ask
from backend.answer.prompts import system_prompt, user_prompt
from backend.config import Settings
from backend.types import AnswerType, normalise, value_schema

MAX_QUOTE_CHARS = 400
# Confidence by grounding. NOT calibrated: no model is reachable from this workplace to calibrate against.
# They are priors ordered by evidence strength; re-fit them with bench/typed_qa.py against the model you deploy.
GROUNDED = 0.9  # the value itself occurs in the evidence
QUOTED = 0.7  # the value does not occur, but the sentence the model quotes does (a derived value, a boolean)
GENERAL_KNOWLEDGE = 0.6  # no context: the model may answer from what it knows
UNGROUNDED = 0.2  # in a context, neither the value nor a quote is in the evidence: below any sane threshold


def answer_schema(answer_type: AnswerType) -> dict[str, Any]:
    """The strict JSON schema of a reply: ``{"answerable": bool, "answer": <value> | null, "quote": str | null}``."""
    return {
        "type": "object",
        "properties": {
            "answerable": {"type": "boolean"},
            "answer": {"anyOf": [value_schema(answer_type), {"type": "null"}]},
            "quote": {"anyOf": [{"type": "string", "maxLength": MAX_QUOTE_CHARS}, {"type": "null"}]},
        },
        "required": ["answerable", "answer", "quote"],
        "additionalProperties": False,
    }


class PassageReader:
    """Whole evidence passages in; ``{"answerable", "answer", "quote"}`` out; confidence by grounding."""

    logprobs = 0
    retry_hint = 'only {"answerable": ..., "answer": <value or null>, "quote": ...} of the required type.'

    def messages(self, question: Question) -> list[Message]:
        """The rules, then the numbered passages and the question."""
        return [
            {"role": "system", "content": system_prompt(question)},
            {"role": "user", "content": user_prompt(question)},
        ]

    def schema(self, answer_type: AnswerType) -> dict[str, Any]:
        """The reply's strict schema."""
        return answer_schema(answer_type)

    def value(self, answer: Any, question: Question) -> Any:
        """The answer as the schema asked for it, normalised."""
        return normalise(answer, question.answer_type)

    def proposal(self, question: Question, value: Any, reply: Reply, completion: Completion) -> Proposal:
        """The value with its grounding confidence."""
        return grounded(question, value, reply.quote)


class LLMEngine:
    """Asks a model for a typed answer through a :class:`Reader`; retries once when the value is invalid."""

    name = "llm"

    def __init__(
        self,
        settings: Settings,
        embedder: object | None = None,
        *,
        client: LLMClient | None = None,
        reader: Reader | None = None,
    ) -> None:
        self._client = client or LLMClient(settings.llm)
        self._reader: Reader = reader or PassageReader()

    def propose(self, question: Question) -> Proposal:
        """The model's value with its confidence, or nothing when it says it cannot answer."""
        return ask(question, self._client, self._reader)

    def close(self) -> None:
        """Close the model client's connections."""
        self._client.close()


def grounded(question: Question, value: Any, quote: str) -> Proposal:
    """The value with its confidence by grounding: found in the evidence, quoted from it, or neither."""
    values = value if question.answer_type.is_array else [value]
    found = [find_value(v, question.answer_type, question.evidence, question.now) for v in values]
    quoted = find_quote(quote, question.evidence) if quote else []
    if question.answer_type.element is AnswerType.BOOLEAN:
        found = [quoted] * len(values)  # a yes/no is grounded by the sentence that says it
    confidences = [
        GROUNDED
        if spans and question.answer_type.element is not AnswerType.BOOLEAN
        else QUOTED
        if spans or quoted
        else UNGROUNDED
        if question.context_scoped
        else GENERAL_KNOWLEDGE
        for spans in found
    ]
    spans = [spans[0] if spans else None for spans in found]
    proposal = Proposal(
        value,
        max(confidences, default=GROUNDED),
        [s for s in spans if s] or quoted[:1],
        element_confidences=confidences if question.answer_type.is_array else None,
    )
    if not question.answer_type.is_array and confidences[0] == UNGROUNDED:
        proposal.reason = f"The model's answer {value!r} is not stated in the evidence."
    return proposal
