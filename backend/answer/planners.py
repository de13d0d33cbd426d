"""Models that write a table question's plan as JSON (never SQL or code), checked against the table
by ``tables.plan_json.from_json``: a hosted model for the ``llm`` engine (it writes every plan), and the local model
for the ``local`` engine (it reads again what the rules read in part, ``local.table_second_reading``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from backend.answer.llm import COMPACT_JSON, JSON_OBJECT, LLMClient, Message
from backend.answer.prompts import PLAN_EXAMPLES, PLAN_SYSTEM_PROMPT, plan_prompt, plan_schema
from backend.errors import UpstreamError
from backend.tables.infer import TypedTable

# A plan written compactly is 60-120 tokens (a condition or two, every field named): room for four conditions
PLAN_MAX_TOKENS = 256


class LLMPlanner:
    """Asks the model for a table query plan (JSON, never SQL or code): the table's schema and a few rows in, the
    plan out, parsed and checked against the table by ``backend.tables.plan_json.from_json``. ``compact`` is for a small
    model on a CPU, where every token costs: worked examples, only the fields the plan needs, and JSON without
    spaces (llama.cpp's ``x-guidance`` extension)."""

    def __init__(self, client: LLMClient, compact: bool = False) -> None:
        self._client = client
        self._compact = compact

    def plan(self, question: str, table: TypedTable) -> dict[str, Any] | None:
        """The model's plan as a JSON object, or None when it says the table does not answer the question."""
        system = PLAN_SYSTEM_PROMPT + ("\n" + PLAN_EXAMPLES if self._compact else "")
        messages: list[Message] = [
            {"role": "system", "content": system},
            {"role": "user", "content": plan_prompt(question, table)},
        ]
        schema = plan_schema([c.name for c in table.columns], compact=self._compact)
        if self._compact:
            schema["x-guidance"] = COMPACT_JSON
        text = self._client.complete(messages, schema, "table_plan", max_tokens=PLAN_MAX_TOKENS).text
        match = JSON_OBJECT.search(text)
        try:
            data = json.loads(match.group(0) if match else text)
        except json.JSONDecodeError as exc:
            raise UpstreamError("The model's table plan was not JSON.") from exc
        if not isinstance(data, dict):
            raise UpstreamError("The model's table plan was not a JSON object.")
        return data if data.get("answerable", True) is not False else None


class LocalPlanner:
    """The local model writing a table question's plan (the llm engine's :class:`LLMPlanner` over the loopback
    runtime, in compact JSON): the table answerer's second reading where the rules leave words of the question
    unexplained. It reads only once the model is loaded (``ready``): under ``auto`` the rules answer alone until
    then."""

    def __init__(self, loaded: Callable[[], bool], model: Callable[[], AbstractContextManager[LLMClient]]) -> None:
        self._loaded = loaded  # whether the model is loaded
        self._model = model  # the engine's client, held one request at a time (LocalEngine.model)

    @property
    def ready(self) -> bool:
        """Whether the model is loaded (a plan asked now does not wait for it)."""
        return self._loaded()

    def plan(self, question: str, table: TypedTable) -> dict[str, Any] | None:
        """The model's plan as JSON, or None when it says the table does not answer the question."""
        with self._model() as client:
            return LLMPlanner(client, compact=True).plan(question, table)
