"""``GET /v1/questions``: the tenant's question log, newest first (what was asked, answered, declined)."""

from __future__ import annotations

import json

from fastapi import APIRouter, Depends, Query

from backend.api.deps import current_key, get_services
from backend.api.schemas import LoggedQuestionOut, QuestionPage
from backend.models import ApiKey
from backend.services import Services

router = APIRouter(tags=["questions"])


@router.get("/questions", response_model=QuestionPage, summary="The question log of the key's tenant")
def list_questions(
    declined: bool | None = Query(None, description="true: only declined questions; false: only answered ones."),
    limit: int = Query(50, ge=1, le=500),
    offset: int = Query(0, ge=0),
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
) -> QuestionPage:
    entries, total = services.questions.list(key.tenant, declined=declined, limit=limit, offset=offset)
    items = [
        LoggedQuestionOut(
            id=e.id,
            asked_at=e.asked_at,
            type=e.type,
            question=e.question,
            context_id=e.context_id,
            answer=None if e.answer is None else json.loads(e.answer),
            declined=e.declined,
            reason=e.reason,
            confidence=e.confidence,
            latency_ms=e.latency_ms,
        )
        for e in entries
    ]
    more = offset + len(items) < total
    return QuestionPage(questions=items, total=total, next_offset=offset + len(items) if more else None)
