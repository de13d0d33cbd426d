"""``POST /v1/search``: documents matching a query, best first, one passage each."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from backend.api.deps import base_url, current_key, get_services
from backend.api.presenting import search_result
from backend.api.schemas import SearchRequest, SearchResult
from backend.models import ApiKey
from backend.services import Services

router = APIRouter(tags=["search"])


@router.post("/search", response_model=list[SearchResult], summary="Search the tenant's documents")
def search(
    body: SearchRequest,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> list[SearchResult]:
    hits = services.retriever.search(key.tenant, body.query, context_id=body.context_id, limit=body.limit)
    return [search_result(hit, base) for hit in hits]
