"""A tiny OpenAI-compatible chat-completions server on 127.0.0.1: the one test double allowed.

Tests queue replies (content, finish_reason, status, delay) and read back the requests it received.
"""

from __future__ import annotations

import json
import re
import time
import zlib
from dataclasses import dataclass, field

from tests.fakes.http import BackgroundServer, QuietHandler, send


@dataclass
class Reply:
    content: str = '{"answer": null}'
    finish_reason: str = "stop"
    status: int = 200
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    tokens: list[tuple[str, float]] = field(default_factory=list)  # the reply's tokens and log-probabilities, if asked


def hashed_embedding(text: str, dimension: int = 64) -> list[float]:
    """A deterministic bag-of-words vector: texts sharing words are close (a real, if crude, embedder)."""
    vector = [0.0] * dimension
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        vector[zlib.crc32(word.encode()) % dimension] += 1.0
    return vector


class FakeOpenAI(BackgroundServer):
    """Start with ``with FakeOpenAI() as fake:``; ``fake.base_url`` ends in /v1."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[dict] = []
        fake = self

        class Handler(QuietHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                fake.requests.append(body)
                if self.path.endswith("/embeddings"):
                    self._send(
                        200,
                        {
                            "object": "list",
                            "model": body["model"],
                            "data": [
                                {"object": "embedding", "index": i, "embedding": hashed_embedding(text)}
                                for i, text in enumerate(body["input"])
                            ],
                        },
                    )
                    return
                reply = fake.replies.pop(0) if fake.replies else Reply()
                time.sleep(reply.delay_s)
                if reply.status != 200:
                    payload = {"error": {"message": "upstream says no", "type": "error", "code": reply.status}}
                else:
                    payload = {
                        "id": "chatcmpl-1",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body["model"],
                        "choices": [
                            {
                                "index": 0,
                                "finish_reason": reply.finish_reason,
                                "message": {"role": "assistant", "content": reply.content},
                                "logprobs": _logprobs(reply.tokens) if body.get("logprobs") else None,
                            }
                        ],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    }
                self._send(reply.status, payload, reply.headers)

            def _send(self, status: int, payload: dict, headers: dict[str, str] | None = None) -> None:
                send(self, status, "application/json", json.dumps(payload).encode(), headers)

        super().__init__(Handler)
        self.base_url = f"{self.origin}/v1"


def _logprobs(tokens: list[tuple[str, float]]) -> dict:
    """The ``logprobs`` of a choice: each token with itself as its only alternative."""
    entry = [{"token": t, "logprob": lp, "bytes": None} for t, lp in tokens]
    return {"content": [e | {"top_logprobs": [e]} for e in entry]}


def plan_reply(**fields) -> Reply:
    """A model's table plan as the LLM planner asks for it: every field at its default but ``fields``."""
    plan = {
        "answerable": True,
        "operation": None,
        "column": None,
        "select": [],
        "where": [],
        "order_by": None,
        "descending": False,
        "limit": None,
        "group_by": None,
        "group_part": None,
    }
    return Reply(json.dumps(plan | fields))
