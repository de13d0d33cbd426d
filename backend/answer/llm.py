"""The ``llm`` engine: typed answers from any OpenAI-compatible chat model (the only importer of openai).

Servers differ in structured output, so the request format is a setting: ``json_schema`` (strict
schema), ``json_object`` (JSON mode with the schema attached, as llama-cpp-python wants) or ``none``
(prompt only, JSON parsed out of the text). A reply cut by the token limit is a failed reply; a value
that fails validation gets one retry with the error; after that the engine gives up.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import openai

from backend.answer.engine import Question, register_engine
from backend.answer.prompts import system_prompt, user_prompt
from backend.config import LLMSettings, Settings
from backend.errors import NoAnswer, Unavailable, UpstreamError, UpstreamTimeout
from backend.types import AnswerType, normalise, value_schema

_JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)


def answer_schema(answer_type: AnswerType) -> dict[str, Any]:
    """The strict JSON schema of a reply: ``{"answer": <value of the type> | null}``."""
    return {
        "type": "object",
        "properties": {"answer": {"anyOf": [value_schema(answer_type), {"type": "null"}]}},
        "required": ["answer"],
        "additionalProperties": False,
    }


def response_format(mode: str, answer_type: AnswerType) -> dict[str, Any] | None:
    """The ``response_format`` request field for the configured structured-output mode."""
    schema = answer_schema(answer_type)
    if mode == "json_schema":
        return {"type": "json_schema",
                "json_schema": {"name": f"{answer_type.value}_answer", "schema": schema, "strict": True}}
    if mode == "json_object":
        return {"type": "json_object", "schema": schema}
    return None


def parse_reply(text: str) -> Any:
    """The ``answer`` field of a reply, tolerating prose or code fences around the JSON object."""
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
            return data["answer"]
    raise ValueError("the reply is not a JSON object with an 'answer' field")


class LLMClient:
    """Chat completions against one OpenAI-compatible endpoint, with errors mapped to ours."""

    def __init__(self, settings: LLMSettings) -> None:
        self._settings = settings
        self._client = openai.OpenAI(
            base_url=settings.base_url or os.environ.get("OPENAI_BASE_URL") or None,
            api_key=settings.api_key or os.environ.get("OPENAI_API_KEY") or "not-needed",
            timeout=settings.timeout_s,
            max_retries=0,  # we decide about retries; the SDK's own would multiply the latency
        )

    def complete(self, messages: list[dict[str, str]], answer_type: AnswerType) -> str:
        """The reply text, or a typed error (timeout → 504, rate limit → 503, other failure → 502)."""
        kwargs: dict[str, Any] = {}
        fmt = response_format(self._settings.response_format, answer_type)
        if fmt is not None:
            kwargs["response_format"] = fmt
        try:
            completion = self._client.chat.completions.create(
                model=self._settings.model, messages=messages, temperature=0,
                max_tokens=self._settings.max_tokens, **kwargs,
            )
        except openai.APITimeoutError as exc:
            raise UpstreamTimeout(f"The model did not answer within {self._settings.timeout_s:g} s.") from exc
        except openai.RateLimitError as exc:
            retry_after = exc.response.headers.get("retry-after", "5")
            raise Unavailable("The model is rate limited upstream; try again later.",
                              retry_after=int(float(retry_after)) if retry_after.replace(".", "").isdigit()
                              else 5) from exc
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


@register_engine("llm")
class LLMEngine:
    """Asks the model for ``{"answer": value}``; retries once when the value is invalid."""

    name = "llm"

    def __init__(self, settings: Settings) -> None:
        self._client = LLMClient(settings.llm)

    def propose(self, question: Question) -> Any:
        messages = [{"role": "system", "content": system_prompt(question)},
                    {"role": "user", "content": user_prompt(question)}]
        problem = ""
        for _attempt in range(2):
            reply = self._client.complete(messages, question.answer_type)
            try:
                value = parse_reply(reply)
                if value is None:
                    raise NoAnswer("The model found no answer in the evidence."
                                   if question.context_scoped else "The model did not know the answer.")
                return normalise(value, question.answer_type)
            except ValueError as exc:
                problem = str(exc)
                messages += [{"role": "assistant", "content": reply},
                             {"role": "user", "content": f"That reply was invalid ({problem}). Reply again with "
                              'only {"answer": <value or null>} of the required type.'}]
        raise UpstreamError(f"The model's reply was unusable after a retry: {problem}.")
