"""The client of any OpenAI-compatible chat model (the only importer of openai) and the reading loop the model
engines share (``ask``: a :class:`Reader` puts the question, the reply is validated, retried once).

Servers differ in structured output, so the request format is a setting: ``json_schema`` (strict
schema), ``json_object`` (JSON mode with the schema attached, as llama-cpp-python wants) or ``none``
(prompt only, JSON parsed out of the text). A reply cut by the token limit is a failed reply; a value
that fails validation gets one retry with the error; after that the engine gives up. The `llm` engine's reader
is in ``llm_engine.py``, the `local` one's in ``local.py``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Protocol

import openai
from openai.types.chat import ChatCompletionMessageParam

from backend.answer.engine import Proposal, Question
from backend.config import LLMSettings
from backend.errors import Unavailable, UpstreamError, UpstreamTimeout
from backend.types import AnswerType

Message = ChatCompletionMessageParam  # one chat message, as the engines build them
JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)
# llama.cpp's grammar (llguidance) writes JSON with no whitespace when asked so (a schema's "x-guidance" key)
COMPACT_JSON = {"whitespace_flexible": False, "item_separator": ",", "key_separator": ":"}


@dataclass(frozen=True)
class Reply:
    """A parsed model reply."""

    answerable: bool
    answer: Any
    quote: str


@dataclass(frozen=True)
class Token:
    """One generated token with its log-probability and the likeliest alternatives at its place (the model's
    distribution before any grammar: read the value's tokens, not the JSON's syntax)."""

    text: str
    logprob: float
    alternatives: dict[str, float]


@dataclass(frozen=True)
class Completion:
    """A model's reply: its text, its tokens when asked for (``logprobs``), and what it cost."""

    text: str
    tokens: list[Token]
    prompt_tokens: int = 0
    completion_tokens: int = 0


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
    match = JSON_OBJECT.search(text)
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

    def close(self) -> None:
        """Close the client's pooled connections."""
        self._client.close()

    def complete(
        self,
        messages: list[ChatCompletionMessageParam],
        schema: dict[str, Any],
        name: str,
        logprobs: int = 0,
        max_tokens: int | None = None,
    ) -> Completion:
        """The reply (asked to follow ``schema``; with each token's log-probability and ``logprobs`` alternatives
        when that is not 0; at most ``max_tokens``, the setting's by default), or a typed error (timeout → 504, rate
        limit → 503, other failure → 502)."""
        kwargs: dict[str, Any] = {}
        fmt = response_format(self._settings.response_format, schema, name)
        if fmt is not None:
            kwargs["response_format"] = fmt
        if logprobs:
            kwargs |= {"logprobs": True, "top_logprobs": logprobs}
        try:
            completion = self._client.chat.completions.create(
                model=self._settings.model,
                messages=messages,
                temperature=0,
                max_tokens=max_tokens or self._settings.max_tokens,
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
        tokens = [
            Token(t.token, t.logprob, {a.token: a.logprob for a in t.top_logprobs or []})
            for t in (choice.logprobs.content or [] if choice.logprobs else [])
        ]
        usage = completion.usage
        return Completion(
            choice.message.content or "",
            tokens,
            usage.prompt_tokens if usage else 0,
            usage.completion_tokens if usage else 0,
        )


class Reader(Protocol):
    """How a question is put to a model and its reply made a proposal: the one part in which the `llm` engine (a
    hosted model, whole passages, a quote to ground on) and the `local` one (a small model on this machine, the
    best sentences, the value alone, confidence from its token probabilities) differ."""

    logprobs: int  # alternatives asked for each token (0: none)
    retry_hint: str  # what a valid reply looks like, said after an invalid one

    def messages(self, question: Question) -> list[Message]: ...

    def schema(self, answer_type: AnswerType) -> dict[str, Any]: ...

    def value(self, answer: Any, question: Question) -> Any:
        """The reply's answer as a value of the type, canonical; :class:`ValueError` when it is not one."""
        ...

    def proposal(self, question: Question, value: Any, reply: Reply, completion: Completion) -> Proposal: ...


def ask(question: Question, client: LLMClient, reader: Reader) -> Proposal:
    """Put the question to ``client``'s model as ``reader`` says; a value that fails validation is asked again
    once, with the error; nothing when the model says the evidence does not answer."""
    messages = reader.messages(question)
    schema, name = reader.schema(question.answer_type), f"{question.answer_type.value}_answer"
    problem = ""
    for _attempt in range(2):
        completion = client.complete(messages, schema, name, reader.logprobs)
        try:
            reply = parse_reply(completion.text)
            if not reply.answerable:
                return Proposal.nothing(
                    "The model found no answer in the evidence."
                    if question.context_scoped
                    else "The model did not know the answer."
                )
            return reader.proposal(question, reader.value(reply.answer, question), reply, completion)
        except ValueError as exc:
            problem = str(exc)
            messages += [
                {"role": "assistant", "content": completion.text},
                {
                    "role": "user",
                    "content": f"That reply was invalid ({problem}). Reply again with {reader.retry_hint}",
                },
            ]
    raise UpstreamError(f"The model's reply was unusable after a retry: {problem}.")
