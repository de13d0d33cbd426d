"""Documents: add (file, URL or text) to a context or to none, list, get, read, refresh, delete."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import PlainTextResponse
from starlette.concurrency import run_in_threadpool

from backend.api.catalog_schemas import DocumentOut, document_out
from backend.api.deps import base_url, current_key, get_services
from backend.api.uploads import INGEST_BODY, Upload, read_source
from backend.ingest import Source
from backend.models import ApiKey, Document
from backend.services import Services

router = APIRouter(tags=["documents"])


def _ingest(services: Services, source: Source, upload: Upload | None, base: str) -> DocumentOut:
    """Index the source, keep an uploaded file's bytes beside it for download, and show the document."""
    document = services.ingestor.ingest(source)
    if upload is not None:
        services.catalog.keep_original(document, upload.filename, upload.media_type, upload.data)
    if not source.tables:  # a document's tables are its source's: with none, there are none to look up
        return document_out(document, base, None)
    return _one_out(services, source.tenant, document, base)


@router.post(
    "/contexts/{context_id}/documents",
    response_model=DocumentOut,
    status_code=201,
    openapi_extra=INGEST_BODY,
    summary="Add a document to a context (file, URL or text)",
)
async def add_context_document(
    context_id: str,
    request: Request,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> DocumentOut:
    context = await run_in_threadpool(services.catalog.context, key.tenant, context_id)
    source, upload = await read_source(request, services, key.tenant, context.id)
    return await run_in_threadpool(_ingest, services, source, upload, base)


@router.post(
    "/documents",
    response_model=DocumentOut,
    status_code=201,
    openapi_extra=INGEST_BODY,
    summary="Add a document outside any context (file, URL or text)",
)
async def add_document(
    request: Request,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> DocumentOut:
    source, upload = await read_source(request, services, key.tenant, None)
    return await run_in_threadpool(_ingest, services, source, upload, base)


@router.get("/contexts/{context_id}/documents", response_model=list[DocumentOut], summary="List a context's documents")
def list_documents(
    context_id: str,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> list[DocumentOut]:
    return _out(services, key.tenant, services.catalog.documents(key.tenant, context_id), base)


@router.get("/documents", response_model=list[DocumentOut], summary="List all the tenant's documents")
def list_all_documents(
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> list[DocumentOut]:
    return _out(services, key.tenant, services.catalog.all_documents(key.tenant), base)


@router.get("/documents/{document_id}", response_model=DocumentOut, summary="Get a document")
def get_document(
    document_id: str,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> DocumentOut:
    return _one_out(services, key.tenant, services.catalog.document(key.tenant, document_id), base)


@router.get(
    "/documents/{document_id}/content", response_class=PlainTextResponse, summary="The stored text of a document"
)
def get_document_content(
    document_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> PlainTextResponse:
    return PlainTextResponse(services.catalog.content(key.tenant, document_id))


@router.get(
    "/documents/{document_id}/original",
    response_class=Response,
    summary="The file a document was uploaded as (404 for pasted text and web pages)",
)
def get_document_original(
    document_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> Response:
    filename, media_type, data = services.catalog.original(key.tenant, document_id)
    ascii_name = "".join(ch if ch.isascii() and ch.isprintable() and ch not in '"\\' else "_" for ch in filename)
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"
    return Response(data, media_type=media_type, headers={"Content-Disposition": disposition})


@router.post(
    "/documents/{document_id}/refresh",
    response_model=DocumentOut,
    summary="Fetch a web document again and re-index it if it changed",
)
def refresh_document(
    document_id: str,
    key: ApiKey = Depends(current_key),
    services: Services = Depends(get_services),
    base: str = Depends(base_url),
) -> DocumentOut:
    return _one_out(services, key.tenant, services.ingestor.refresh(key.tenant, document_id), base)


@router.delete(
    "/documents/{document_id}", status_code=204, response_class=Response, summary="Delete a document and its chunks"
)
def delete_document(
    document_id: str, key: ApiKey = Depends(current_key), services: Services = Depends(get_services)
) -> Response:
    services.catalog.delete_document(key.tenant, document_id)
    return Response(status_code=204)


def _out(services: Services, tenant: str, documents: list[Document], base: str) -> list[DocumentOut]:
    """Documents as the API shows them, each with its tables (read in one query for the list)."""
    tables = services.catalog.tables(tenant, documents)
    return [document_out(d, base, tables.get(d.id)) for d in documents]


def _one_out(services: Services, tenant: str, document: Document, base: str) -> DocumentOut:
    return _out(services, tenant, [document], base)[0]
