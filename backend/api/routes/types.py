"""``POST /v1/types/{type}``: a question in, ``{"data": <value of the type>}`` out."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Path

from backend.api.deps import base_url, current_key, get_services
from backend.api.schemas import TypedAnswer, TypedQuestion, search_result
from backend.errors import NotFound
from backend.models import ApiKey
from backend.services import Services
from backend.types import AnswerType

router = APIRouter(tags=["answers"])


@router.post("/types/{type_name}", response_model=TypedAnswer, response_model_exclude_none=True,
             summary="Answer a question as a typed JSON value",
             description="Types: " + ", ".join(AnswerType.names()) + ". 422 `no_answer` when none is found.")
def answer_typed(
    body: TypedQuestion,
    type_name: str = Path(..., description="The answer type.", json_schema_extra={"enum": AnswerType.names()}),
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services), base: str = Depends(base_url),
) -> TypedAnswer:
    if type_name not in AnswerType.names():
        raise NotFound(f"Unknown type {type_name!r}; valid types: {', '.join(AnswerType.names())}.")
    answer = services.answers.answer(key.tenant, body.question, AnswerType(type_name), body.context_id)
    sources = [search_result(hit, base) for hit in answer.evidence] if body.include_sources else None
    return TypedAnswer(data=answer.value, sources=sources)
