"""The ``llm`` engine: typed answers from any OpenAI-compatible chat model (the only importer of openai).

Servers differ in structured output, so the request format is a setting: ``json_schema`` (strict
schema), ``json_object`` (JSON mode with the schema attached, as llama-cpp-python wants) or ``none``
(prompt only, JSON parsed out of the text). A reply cut by the token limit is a failed reply; a value
that fails validation gets one retry with the error; after that the engine gives up.

The reply is ``{"answerable", "answer", "quote"}``: the model has an explicit way to say the evidence does
not answer, and quotes the sentence it read. The value's confidence comes from grounding: a value found in
the evidence (however written) is trusted; one found nowhere, in a context, is not.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import openai
from openai.types.chat import ChatCompletionMessageParam

from backend.answer.engine import Proposal, Question
from backend.answer.grounding import find_quote, find_value
from backend.answer.prompts import PLAN_SYSTEM_PROMPT, plan_prompt, plan_schema, system_prompt, user_prompt
from backend.config import LLMSettings, Settings
from backend.errors import Unavailable, UpstreamError, UpstreamTimeout
from backend.tables.infer import TypedTable
from backend.types import AnswerType, normalise, value_schema

_JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)
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


@dataclass(frozen=True)
class Reply:
    """A parsed model reply."""

    answerable: bool
    answer: Any
    quote: str


def response_format(mode: str, schema: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The ``response_format`` request field for the configured structured-output mode."""
    if mode == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": True}}
    if mode == "json_object":
        return {"type": "json_object", "schema": schema}
    return None


def parse_reply(text: str) -> Reply:
    """The reply's fields, tolerating prose or code fences around the JSON object (and servers that drop
    ``answerable`` or ``quote``: a non-null answer is then taken as answerable)."""
    candidates = [text.strip()]
    match = _JSON_OBJECT.search(text)
    if match:
        candidates.append(match.group(0))
    for candidate in candidates:
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and "answer" in data:
            answer = data["answer"]
            answerable = data.get("answerable", answer is not None) is not False and answer is not None
            return Reply(answerable, answer, str(data.get("quote") or ""))
    raise ValueError("the reply is not a JSON object with an 'answer' field")


class LLMClient:
    """Chat completions against one OpenAI-compatible endpoint, with errors mapped to ours."""

    def __init__(self, settings: LLMSettings) -> None:
        self._settings = settings
        self._client = openai.OpenAI(
            base_url=settings.base_url,  # None: the SDK's default endpoint
            api_key=settings.api_key or "not-needed",  # a local endpoint may want none
            timeout=settings.timeout_s,
            max_retries=0,  # we decide about retries; the SDK's own would multiply the latency
        )

    def complete(self, messages: list[ChatCompletionMessageParam], schema: dict[str, Any], name: str) -> str:
        """The reply text (asked to follow ``schema``), or a typed error (timeout → 504, rate limit → 503, other
        failure → 502)."""
        kwargs: dict[str, Any] = {}
        fmt = response_format(self._settings.response_format, schema, name)
        if fmt is not None:
            kwargs["response_format"] = fmt
        try:
            completion = self._client.chat.completions.create(
                model=self._settings.model,
                messages=messages,
                temperature=0,
                max_tokens=self._settings.max_tokens,
                **kwargs,
            )
        except openai.APITimeoutError as exc:
            raise UpstreamTimeout(f"The model did not answer within {self._settings.timeout_s:g} s.") from exc
        except openai.RateLimitError as exc:
            retry_after = exc.response.headers.get("retry-after", "5")
            raise Unavailable(
                "The model is rate limited upstream; try again later.",
                retry_after=int(float(retry_after)) if retry_after.replace(".", "").isdigit() else 5,
            ) from exc
        except openai.APIStatusError as exc:
            raise UpstreamError(f"The model server answered HTTP {exc.status_code}.") from exc
        except openai.APIError as exc:
            raise UpstreamError(f"The model server could not be reached: {type(exc).__name__}.") from exc
        if not completion.choices:
            raise UpstreamError("The model returned no choices.")
        choice = completion.choices[0]
        if choice.finish_reason == "length":
            raise UpstreamError("The model's reply was cut off at the token limit.")
        return choice.message.content or ""


class LLMEngine:
    """Asks the model for a typed answer; retries once when the value is invalid; grounds what it says."""

    name = "llm"

    def __init__(self, settings: Settings, embedder: object | None = None) -> None:
        self._client = LLMClient(settings.llm)

    def propose(self, question: Question) -> Proposal:
        """The model's value with a confidence from grounding, or nothing when it says it cannot answer."""
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": system_prompt(question)},
            {"role": "user", "content": user_prompt(question)},
        ]
        problem = ""
        for _attempt in range(2):
            text = self._client.complete(
                messages, answer_schema(question.answer_type), f"{question.answer_type.value}_answer"
            )
            try:
                reply = parse_reply(text)
                if not reply.answerable:
                    return Proposal.nothing(
                        "The model found no answer in the evidence."
                        if question.context_scoped
                        else "The model did not know the answer."
                    )
                return self._grounded(question, normalise(reply.answer, question.answer_type), reply.quote)
            except ValueError as exc:
                problem = str(exc)
                messages += [
                    {"role": "assistant", "content": text},
                    {
                        "role": "user",
                        "content": f"That reply was invalid ({problem}). Reply again with "
                        'only {"answerable": ..., "answer": <value or null>, "quote": ...} of the required '
                        "type.",
                    },
                ]
        raise UpstreamError(f"The model's reply was unusable after a retry: {problem}.")

    @staticmethod
    def _grounded(question: Question, value: Any, quote: str) -> Proposal:
        """The value with its confidence: found in the evidence, quoted from it, or neither."""
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


class LLMPlanner:
    """Asks the model for a table query plan (JSON, never SQL or code): the table's schema and a few rows in, the
    plan out, parsed and checked against the table by ``backend.tables.plan.from_json``."""

    def __init__(self, settings: LLMSettings) -> None:
        self._client = LLMClient(settings)

    def plan(self, question: str, table: TypedTable) -> dict[str, Any] | None:
        """The model's plan as a JSON object, or None when it says the table does not answer the question."""
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": PLAN_SYSTEM_PROMPT},
            {"role": "user", "content": plan_prompt(question, table)},
        ]
        text = self._client.complete(messages, plan_schema([c.name for c in table.columns]), "table_plan")
        match = _JSON_OBJECT.search(text)
        try:
            data = json.loads(match.group(0) if match else text)
        except json.JSONDecodeError as exc:
            raise UpstreamError("The model's table plan was not JSON.") from exc
        if not isinstance(data, dict):
            raise UpstreamError("The model's table plan was not a JSON object.")
        return data if data.get("answerable", True) is not False else None
