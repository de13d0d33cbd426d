"""Request and response bodies of the /v1 API (what /openapi.json documents): questions, search, the question log
and errors.

Contexts and documents are in ``catalog_schemas.py``, grids and jobs in ``job_schemas.py``, the status in
``status_schemas.py``; domain records become these bodies in ``presenting.py``."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from backend.models import MAX_QUESTION_CHARS


class StrictBody(BaseModel):
    """A request body: unknown fields are refused (a misspelt option is an error, not ignored), text is trimmed."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class TypedQuestion(StrictBody):
    """A question to answer as a typed value: ``{"content"}``, or ``{"query", "context_id"}``."""

    model_config = ConfigDict(
        extra="forbid",
        str_strip_whitespace=True,
        json_schema_extra={"anyOf": [{"required": ["content"]}, {"required": ["query"]}]},
    )

    # No length floor on either field: the one the mode does not use may be sent empty (a form posting both); the
    # one it uses is checked in _has_question.
    content: str | None = Field(None, max_length=MAX_QUESTION_CHARS, description="The question (no context).")
    query: str | None = Field(None, max_length=MAX_QUESTION_CHARS, description="The question (with context_id).")
    context_id: str | None = Field(None, description="Answer only from this context's documents.")
    include_sources: bool = Field(
        False,
        description="Add the evidence as `sources` to the response; each source "
        "the value was read from carries `spans`: [[start, end], ...] in its `page_content`.",
    )
    include_confidence: bool = Field(
        False,
        description="Add `confidence`: the calibrated probability (0-1) that "
        "the value is right. Answers below the server's threshold are 422 `no_answer`.",
    )
    min_confidence: float | None = Field(
        None,
        ge=0.0,
        le=1.0,
        description="Decline (422 `no_answer`) any answer below this confidence, computed ones included. Default: "
        "the server's thresholds (ANSWERBASE_ANSWER__MIN_CONFIDENCE for text, __MIN_TABLE_CONFIDENCE for tables).",
    )
    reference_date: date | None = Field(
        None, description="The day relative dates ('next Friday') are resolved against (ISO date; default today)."
    )
    timezone: str | None = Field(
        None,
        max_length=64,
        description="IANA time zone of the asker (default UTC): it "
        "decides which day 'today' is. Values are still UTC `...Z`.",
    )

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                ZoneInfo(value)
            except (ZoneInfoNotFoundError, ValueError) as exc:
                raise ValueError(f"unknown time zone {value!r} (use an IANA name such as 'Europe/London')") from exc
        return value

    @model_validator(mode="after")
    def _has_question(self) -> TypedQuestion:
        if not self.question:
            field = "query" if self.context_id else "content"
            sent = (self.query if self.context_id else self.content) is not None
            raise ValueError(f"{field}: must not be empty" if sent else f"{field}: a non-empty question is required")
        return self

    @property
    def question(self) -> str:
        """With a context, ``query`` wins over ``content``; without, ``content`` wins."""
        first, second = (self.query, self.content) if self.context_id else (self.content, self.query)
        return first or second or ""


class SearchRequest(StrictBody):
    """A search: the query, optionally one context, and how many passages (one ranking at any limit)."""

    query: str = Field(..., min_length=1, max_length=MAX_QUESTION_CHARS, pattern=r"\S")
    context_id: str | None = None
    limit: int = Field(10, ge=1, le=50)


class DocumentMetadata(BaseModel):
    """Where a search result comes from."""

    name: str
    source: str = Field(..., description="A URL: the page for web documents, else this API's /content link.")
    type: str = Field(..., description="`web`, `document` or `text-snippet`.")
    document_id: str
    context_id: str | None
    score: float = Field(
        ...,
        description="Relevance in [0, 1]: a share of the passage's BM25 score over the query's best plus the rest "
        "of its cosine similarity to the query (ANSWERBASE_SEARCH__LEXICAL_WEIGHT); results are in this order.",
    )
    similarity: float | None = Field(
        None,
        description="Cosine similarity of the passage and the query under the embedder, about 0-1 (null in "
        "full-text mode).",
    )
    relevant: bool = Field(
        True,
        description="Whether the score reaches the relevance floor (ANSWERBASE_SEARCH__MIN_RELEVANCE). When the "
        "first result is not relevant, nothing in the scope is.",
    )


class SearchResult(BaseModel):
    """One document found by search, its best passage as ``page_content``."""

    metadata: DocumentMetadata
    page_content: str
    type: Literal["Document"] = "Document"


class ModelReading(BaseModel):
    """The local model's own plan for a table question the rules read only in part, and how it compares."""

    outcome: Literal["agrees", "differs", "no plan", "unusable"] = Field(
        ...,
        description="agrees: its plan gives the same value; differs: another value; no plan: the model says the "
        "table does not answer; unusable: its plan does not fit the table or gives no value of the type.",
    )
    plan: str = Field("", description="The model's plan in words (or why it was unusable).")
    value: Any = Field(None, description="The value the model's plan gives, when it gives one.")


class TableComputation(BaseModel):
    """How a value was computed from a table: the plan in words, the SQL that ran (values bound as parameters,
    never spliced in), and the first rows that matched."""

    table: str = Field(..., description="The table: its document's name, then the sheet or table label.")
    plan: str = Field(
        ..., description="The plan in words, e.g. \"count rows of orders.csv where 'region' = 'Europe'\"."
    )
    sql: str = Field(..., description="The SQL DuckDB ran over the table (columns are c<i>, n<i>, d<i>).")
    parameters: list[Any] = Field(..., description="The values bound to the SQL's `?` placeholders, in order.")
    columns: list[str] = Field(..., description="The table's column names.")
    rows: list[list[str]] = Field(..., description="Up to 20 of the rows that matched the plan's conditions.")
    matched_rows: int = Field(..., description="How many rows matched in all.")
    unexplained: list[str] = Field(
        default_factory=list,
        description="The question's words the plan does not account for (a reading that leaves some out is right "
        "less often: its confidence says how often).",
    )
    caution: str = Field(
        "",
        description='What the rows the plan matched say against it, when that caps the confidence ("It counts 13 '
        'rows: one row read wrong changes a count this large."); empty when nothing does.',
    )
    model_reading: ModelReading | None = Field(
        None, description="The local model's second reading, where the plan leaves words of the question out."
    )


class AnswerSource(SearchResult):
    """A passage a typed answer was drawn from (or, for a computed answer, the table it was computed from)."""

    spans: list[list[int]] | None = Field(
        None,
        description="Where the value was read, as [start, end] character "
        "offsets into `page_content` (only on the sources it was read from).",
    )
    computation: TableComputation | None = Field(
        None, description="For a value computed from a table: how (`page_content` then lists the matched rows)."
    )


class TypedAnswer(BaseModel):
    """A typed answer: `data` always; confidence and sources only when asked for."""

    data: Any = Field(..., description="The answer, exactly of the requested JSON type.")
    confidence: float | None = Field(
        None, description="Calibrated probability that `data` is right, when include_confidence is true."
    )
    engine: str | None = Field(
        None,
        description="What produced `data`, with the confidence: `offline`, `llm`, `local` or `table` (computed).",
    )
    sources: list[AnswerSource] | None = Field(None, description="The evidence, when include_sources is true.")


class LoggedQuestionOut(BaseModel):
    """One entry of the question log."""

    id: str
    asked_at: str
    type: str
    question: str
    context_id: str | None
    answer: Any = Field(None, description="The value returned (absent when declined).")
    declined: bool
    reason: str = Field(..., description="Why it was declined ('' when answered).")
    confidence: float | None
    latency_ms: float


class QuestionPage(BaseModel):
    """A page of the question log, newest first."""

    questions: list[LoggedQuestionOut]
    total: int = Field(..., description="Entries matching the filter, in all pages.")
    next_offset: int | None = Field(None, description="The `offset` of the next page; null on the last.")


class Suggestion(BaseModel):
    """The reading a question over a table was declined with, offered for the caller to accept."""

    reading: str = Field(..., description="The computation in words: \"sum of 'Quantity' of orders.csv where ...\".")
    table: str
    confidence: float = Field(..., description="How often a reading like it is right (below the bar it missed).")
    min_confidence: float = Field(..., description="Ask again with this min_confidence to get this reading's value.")
    unexplained: list[str] = Field(default_factory=list, description="The question's words the reading leaves out.")


class ErrorBody(BaseModel):
    """The one error envelope's body."""

    code: str = Field(
        ...,
        description="invalid_request, unauthorized, not_found, payload_too_large, "
        "unsupported_media_type, rate_limited, no_answer, upstream_error, unavailable, internal_error",
    )
    message: str
    status: int
    suggestion: Suggestion | None = Field(
        None, description="On a `no_answer` whose table reading was too weak: that reading, to accept or rephrase."
    )


class ErrorEnvelope(BaseModel):
    """Every failure of the API has this shape."""

    error: ErrorBody


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    # The media type is explicit: routes answering text/plain (a document's content) still fail in JSON.
    status: {
        "model": ErrorEnvelope,
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}},
    }
    for status, description in {
        400: "Body is not valid JSON",
        401: "Missing, malformed, unknown or revoked API key",
        404: "Unknown route, type, context or document (or another tenant's)",
        405: "Method not allowed",
        413: "Body or upload too large",
        415: "Unsupported upload type",
        422: "Invalid field, or `no_answer` when no answer of the type was found",
        429: "Rate limited",
        500: "Unexpected error",
        502: "Upstream model or page failed",
        503: "Temporarily unavailable",
        504: "Upstream model or page timed out",
    }.items()
}
