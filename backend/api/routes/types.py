"""``POST /v1/types/{type}``: a question in, ``{"data": <value of the type>}`` out."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Path

from backend.answer.service import reference_moment
from backend.api.deps import base_url, current_key, get_services
from backend.api.presenting import answer_source, table_computation
from backend.api.schemas import TypedAnswer, TypedQuestion
from backend.errors import NotFound
from backend.models import ApiKey
from backend.services import Services
from backend.types import AnswerType

router = APIRouter(tags=["answers"])


@router.post(
    "/types/{type_name}",
    response_model=TypedAnswer,
    response_model_exclude_none=True,
    summary="Answer a question as a typed JSON value",
    description="Types: " + ", ".join(AnswerType.names()) + ". 422 `no_answer`, with the reason, when "
    "the documents do not answer it with enough confidence.",
)
def answer_typed(
    body: TypedQuestion,
    type_name: str = Path(..., description="The answer type.", json_schema_extra={"enum": AnswerType.names()}),
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> TypedAnswer:
    if type_name not in AnswerType.names():
        raise NotFound(f"Unknown type {type_name!r}; valid types: {', '.join(AnswerType.names())}.")
    answer = services.answers.answer(
        key.tenant,
        body.question,
        AnswerType(type_name),
        body.context_id,
        now=reference_moment(body.reference_date, body.timezone),
        min_confidence=body.min_confidence,
    )
    sources = None
    if body.include_sources:
        spans = [[(s.start, s.end) for s in answer.spans if s.passage == i] for i in range(len(answer.evidence))]
        sources = [answer_source(hit, base, hit_spans) for hit, hit_spans in zip(answer.evidence, spans, strict=True)]
        if answer.table is not None and sources:
            sources[0].computation = table_computation(answer.table)
    confident = body.include_confidence
    return TypedAnswer(
        data=answer.value,
        confidence=answer.confidence if confident else None,
        engine=answer.engine if confident else None,
        sources=sources,
    )
