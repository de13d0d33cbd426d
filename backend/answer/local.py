"""The ``local`` engine: a small instruct model on this machine (llama.cpp) reads the best evidence sentences and
writes the value alone; its confidence comes from the model's own token probabilities and the value's grounding.

It is the `llm` engine's code path (``llm.ask``: the same client, validation and retry) with another
:class:`~backend.answer.llm.Reader` and a loopback endpoint (``local_runtime``). What makes it fast enough on two
cores: the model sees the few sentences the offline engine ranks best, not five whole passages (a few hundred
prompt tokens, not a thousand), the reply is ``{"answer": <value>}`` with no spaces and no quote (6–12 tokens at
~10 tokens/s), and the instructions come first and never change, so llama.cpp reuses their cache. A reading under
the text answers' bar is read once more on the next best sentences (the answer is often ranked just past the first
few), and the more confident of the two readings stands.

Under ``ANSWERBASE_ENGINE=auto`` the offline engine answers until the model is loaded (and while no model file is
there at all); with ``local`` a question waits for the model.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from backend.answer.candidates import in_question
from backend.answer.engine import AnswerEngine, Proposal, Question
from backend.answer.grounding import find_value
from backend.answer.llm import COMPACT_JSON, Completion, LLMClient, Message, Reply, ask
from backend.answer.local_confidence import LocalSignals, probability
from backend.answer.local_runtime import LocalRuntime
from backend.answer.model_reply import read_written, scaled, token_signals
from backend.answer.offline import OfflineEngine, rank_sentences, unanswerable
from backend.answer.planners import LocalPlanner
from backend.answer.prompts import describe_type
from backend.config import LLMSettings, Settings
from backend.errors import UpstreamError, UpstreamTimeout
from backend.types import AnswerType, normalise, value_schema

# Dates are asked as the model writes them ("June 11, 1962") and read as the offline engine reads passages: the ISO
# pattern is beyond llguidance's regex (no \d), and a small model writes dates out more surely than it converts
# them. Numbers stay JSON numbers: asked as text, the model declined 18 of 70 tuning questions instead of 1, and
# got 14 of 31 integers right instead of 24 (bench/calibrate_local.py, 2026-11-26); its "12" for "12 million" is
# scaled from the evidence instead (``scaled``).
WRITTEN = (AnswerType.DATETIME,)
# Words that make a date relative to today: only then is today's date shown (a small model copies it otherwise:
# "2026-06-06" for an agreement of 1951, typed-QA 2026-11-26).
RELATIVE = re.compile(r"\b(?:today|tomorrow|yesterday|tonight|next|last|this|ago|coming|upcoming)\b", re.IGNORECASE)
MAX_EVIDENCE_CHARS = 1600  # ~400 tokens: ~10 s of prompt at 40 tokens/s on 2 cores
TOP_ALTERNATIVES = 5
SYSTEM_PROMPT = (
    "You read short evidence and answer a question with one typed JSON value. Use ONLY the evidence, never what you "
    "know. If the evidence does not state the answer, or states something only similar to it, reply "
    '{"answer":null}. Otherwise reply {"answer":<value>} and nothing else.'
)


def evidence_window(question: Question, sentences: int, skip: int = 0) -> list[tuple[str, str]]:
    """The best ``sentences`` evidence sentences after the ``skip`` best, as (document name, sentence), best first,
    within ``MAX_EVIDENCE_CHARS``."""
    chosen: list[tuple[str, str]] = []
    used = 0
    for sentence in rank_sentences(question)[skip : skip + sentences]:
        if sentence.coverage <= 0 or used + len(sentence.text) > MAX_EVIDENCE_CHARS:
            continue
        chosen.append((question.evidence[sentence.passage].name, sentence.text.strip()))
        used += len(sentence.text)
    return chosen


def repeats_question(values: list[Any], question: Question) -> bool:
    """Whether the model's values only repeat the question ("Who was Boleslaw II of Masovia?" → "Bolesław II of
    Masovia"): the question's own words are no answer to it. A yes/no is never such a value.

    Right on none of the 9 such values in three readings of the typed-QA halves (7 tuning, 2 checking,
    bench/calibrate_local.py 2026-11-26/27); the confidence (local_confidence.COEFFICIENTS) was fitted with 2 of them
    among its 225 values, and a refit without them moves no coefficient by more than 0.05.
    """
    if question.answer_type.element is AnswerType.BOOLEAN or not values:
        return False
    return all(in_question(value, question.text) for value in values)


def compact_schema(answer_type: AnswerType) -> dict[str, Any]:
    """``{"answer": <value> | null}``, written without spaces (llguidance's ``x-guidance``: every token costs)."""
    value = value_schema(answer_type)
    if answer_type.element in WRITTEN:
        written = {"type": "string", "minLength": 1, "maxLength": 40}
        value = {**value, "items": written} if answer_type.is_array else written
    return {
        "type": "object",
        "properties": {"answer": {"anyOf": [value, {"type": "null"}]}},
        "required": ["answer"],
        "additionalProperties": False,
        "x-guidance": COMPACT_JSON,
    }


def more_confident(first: Proposal, second: Proposal) -> Proposal:
    """The better of two readings of one question: a value over none, else the more confident (the first on a tie,
    with its reason for declining)."""
    if second.value is None:
        return first
    if first.value is None:
        return second
    return second if second.confidence > first.confidence else first


class SentenceReader:
    """The best sentences in (after the ``skip`` best, for a further reading), ``{"answer": ...}`` out, confidence
    from the model's probabilities."""

    logprobs = TOP_ALTERNATIVES
    retry_hint = 'only {"answer":<value or null>} of the required type.'

    def __init__(self, offline: OfflineEngine, sentences: int, skip: int = 0) -> None:
        self._offline = offline
        self._sentences = sentences
        self._skip = skip

    def window(self, question: Question) -> list[tuple[str, str]]:
        """The sentences this reader shows the model."""
        return evidence_window(question, self._sentences, self._skip)

    def messages(self, question: Question) -> list[Message]:
        """The fixed instructions (cached across questions), then the sentences, the question and the type."""
        window = self.window(question)
        lines = "\n".join(f"- ({name}) {text}" for name, text in window) or "(no evidence)"
        # today's date only where a relative date needs it (RELATIVE)
        today = (
            f"Today is {question.now.strftime('%Y-%m-%d (%A)')}.\n"
            if question.answer_type.element is AnswerType.DATETIME and RELATIVE.search(question.text)
            else ""
        )
        return [
            {"role": "system", "content": SYSTEM_PROMPT},
            {
                "role": "user",
                "content": f"Evidence:\n{lines}\n\n{today}Question: {question.text}\n"
                f"The answer must be {describe_type(question.answer_type)}.",
            },
        ]

    def schema(self, answer_type: AnswerType) -> dict[str, Any]:
        """The compact reply schema."""
        return compact_schema(answer_type)

    def value(self, answer: Any, question: Question) -> Any:
        """The answer as a value of the type: a date read from what the model wrote, a number scaled as the
        evidence writes it."""
        if question.answer_type.element in (AnswerType.INTEGER, AnswerType.FLOAT):
            numbers = answer if question.answer_type.is_array else [answer]
            read = [text for _, text in self.window(question)]
            scaled_numbers = [scaled(n, read) if isinstance(n, int | float) else n for n in numbers]
            return normalise(
                scaled_numbers if question.answer_type.is_array else scaled_numbers[0], question.answer_type
            )
        if question.answer_type.element not in WRITTEN:
            return normalise(answer, question.answer_type)
        written = answer if question.answer_type.is_array else [answer]
        values = [read_written(str(item), question.answer_type.element, question.now) for item in written]
        return normalise(values if question.answer_type.is_array else values[0], question.answer_type)

    def proposal(self, question: Question, value: Any, reply: Reply, completion: Completion) -> Proposal:
        """The value with its calibrated confidence and where it stands in the evidence."""
        values = value if question.answer_type.is_array else [value]
        if repeats_question(values, question):
            return Proposal.nothing(f"The model's answer {value!r} only repeats the question.")
        chose, value_prob = token_signals(completion)
        found = [find_value(v, question.answer_type, question.evidence, question.now) for v in values]
        # a yes/no is stated by no span of its own: it is judged by its tokens and the offline engine's reading
        grounded = float(all(found)) if question.answer_type.element is not AnswerType.BOOLEAN else 1.0
        offline = self._offline.propose(question)
        signals = LocalSignals(
            chose,
            value_prob,
            grounded,
            float(offline.value == value),
            completion.prompt_tokens,
            completion.completion_tokens,
            float(self._skip > 0),
        )
        confidence = probability(signals, question.answer_type)
        spans = [spans[0] for spans in found if spans]
        element_confidences = [confidence] * len(values) if question.answer_type.is_array else None
        proposal = Proposal(value, confidence, spans, element_confidences=element_confidences, signals=signals)
        if not grounded:
            proposal.reason = f"The model's answer {value!r} is not stated in the evidence."
        return proposal


def read(
    question: Question, client: LLMClient, reader: SentenceReader, further: SentenceReader, below: float
) -> Proposal:
    """``reader``'s reading, and where it is under ``below`` (0: never) ``further``'s, on the next best sentences: the
    better of the two (``more_confident``). The first stands when there are no further sentences or the model fails
    on them.

    The answer's sentence was ranked just past the window for 14 of the 187 answerable tuning questions (not
    yes/no) the model got wrong (2026-11-26). Reading again under the bar, on bench/typed_qa.py's sample (200
    answerable questions a half and every unanswerable one, in-process, 2026-11-27): tuning exact match 63.5% →
    66.5% at precision 82.5% → 82.1% (8 second readings kept, 6 right, no unanswerable question answered),
    checking 64.5% → 67.0% at 89.0% → 86.5% (10 kept, 5 right: there, their confidence, mean 0.79, overstates
    them); p50 2.15 → 2.35 s a question. Over HTTP (bench/typed_qa.py --engine local --per-half 200): checking
    precision 89.0% → 85.8% and exact match 64.5% → 66.5%, tuning 82.5% → 82.1% and 63.5% → 66.5%, p50 2.26 →
    2.36 s, p95 3.5 → 5.2 s.
    """
    first = ask(question, client, reader)
    if below <= 0 or (first.value is not None and first.confidence >= below) or not further.window(question):
        return first
    try:
        return more_confident(first, ask(question, client, further))
    except (UpstreamError, UpstreamTimeout):
        return first


class LocalEngine:
    """The local model's answers; in ``auto`` the offline engine's until the model is loaded."""

    name = "local"

    def __init__(self, settings: Settings, embedder: object | None = None) -> None:
        self._settings = settings.local
        self._runtime = LocalRuntime(settings.local)
        self._offline = OfflineEngine(settings, embedder)  # type: ignore[arg-type]
        self._fallback: AnswerEngine | None = self._offline if settings.engine == "auto" else None
        sentences = settings.local.evidence_sentences
        self._reader = SentenceReader(self._offline, sentences)
        self._further_reader = SentenceReader(self._offline, sentences, skip=sentences)
        self._read_further_below = settings.local.read_further_below
        self._client: LLMClient | None = None
        self._one_at_a_time = threading.Lock()
        self._runtime.start()

    @property
    def runtime(self) -> LocalRuntime:
        """The model's runtime (its state for the Status page)."""
        return self._runtime

    @property
    def answering(self) -> str:
        """The engine that answers a question asked now: ``local``, or ``offline`` while the model is not ready."""
        return "local" if self._runtime.ready or self._fallback is None else "offline"

    def propose(self, question: Question) -> Proposal:
        """The model's reading; the offline engine's while the model loads (``auto``), else after waiting for it."""
        if reason := unanswerable(question):  # a name no passage mentions: no reading can answer it (and it is quick)
            return Proposal.nothing(reason)
        if self._fallback is not None and not self._runtime.ready:
            self._runtime.start()  # a model pulled since: load it for the next questions
            proposal = self._fallback.propose(question)
            proposal.engine = self._fallback.name
            return proposal
        with self.model() as client:
            return read(question, client, self._reader, self._further_reader, self._read_further_below)

    @contextmanager
    def model(self) -> Iterator[LLMClient]:
        """The model's client, once it is loaded (waiting for it), held for one request at a time: the model reads
        one (n_parallel 1), and a request queued inside llama.cpp would spend its timeout waiting (a grid asks a
        column of every document at once; a table question is planned beside them)."""
        client = self._client_for(self._runtime.wait())
        with self._one_at_a_time:
            yield client

    def planner(self) -> LocalPlanner:
        """The model as a second reader of table questions (see :class:`~backend.answer.planners.LocalPlanner`)."""
        return LocalPlanner(lambda: self._runtime.ready, self.model)

    def close(self) -> None:
        """Close the model client's connections and let the model go (its server stops with it)."""
        if self._client is not None:
            self._client.close()
        self._runtime.stop()

    def _client_for(self, base_url: str) -> LLMClient:
        if self._client is None:
            settings = LLMSettings(
                base_url=base_url,
                api_key="local",
                model="local",
                response_format="json_schema",
                timeout_s=self._settings.timeout_s,
                max_tokens=self._settings.max_tokens,
            )
            self._client = LLMClient(settings)
        return self._client
