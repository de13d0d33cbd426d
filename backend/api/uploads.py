"""Reading an ingest request body: a multipart ``file``, or JSON ``{"url"}`` or ``{"text","name","source"?}``."""

from __future__ import annotations

import json
from dataclasses import dataclass

from fastapi import Request
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from backend.api.catalog_schemas import TextDocumentIn, UrlDocumentIn
from backend.errors import InvalidRequest, UnsupportedMediaType, ValidationFailed
from backend.ingest import Source
from backend.ingest.archives import ArchiveRefused, expand, is_archive
from backend.ingest.batch import BatchItem
from backend.services import Services

# Shown in /openapi.json: the route reads the body itself because it accepts two media types.
INGEST_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {"file": {"type": "string", "format": "binary"}},
                }
            },
            "application/json": {
                "schema": {
                    "oneOf": [
                        {"$ref": "#/components/schemas/UrlDocumentIn"},
                        {"$ref": "#/components/schemas/TextDocumentIn"},
                    ]
                }
            },
        },
    }
}


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    return f"{'.'.join(str(p) for p in error['loc']) or 'body'}: {error['msg']}"


@dataclass(frozen=True)
class Upload:
    """An uploaded file as it came, kept so that people can download the original."""

    filename: str
    media_type: str
    data: bytes


async def read_source(
    request: Request, services: Services, tenant: str, context_id: str | None
) -> tuple[Source, Upload | None]:
    """The source the request describes, and the uploaded file when it is one; 400/415/422 for a body that
    describes none."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    ingestor = services.ingestor
    if content_type == "multipart/form-data":
        async with request.form(max_files=1, max_fields=10) as form:  # the spooled files are closed on leaving
            upload = form.get("file")
            if not isinstance(upload, UploadFile):
                raise ValidationFailed("file: a multipart field named 'file' with the document is required.")
            filename, media_type, data = upload.filename or "upload", upload.content_type, await upload.read()
        source = await run_in_threadpool(ingestor.file_source, tenant, context_id, filename, data, media_type)
        return source, Upload(source.name, media_type or "application/octet-stream", data)
    if content_type != "application/json":
        raise UnsupportedMediaType("Send the document as multipart/form-data (field 'file') or as JSON.")
    try:
        payload = json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidRequest("The request body is not valid JSON.") from exc
    if not isinstance(payload, dict):
        raise ValidationFailed("body: a JSON object with 'url', or 'text' and 'name', is required.")
    try:
        if "url" in payload:
            url = UrlDocumentIn.model_validate(payload).url
            return await run_in_threadpool(ingestor.url_source, tenant, context_id, url), None
        text = TextDocumentIn.model_validate(payload)
    except ValidationError as exc:
        raise ValidationFailed(_first_error(exc)) from exc
    return ingestor.text_source(tenant, context_id, text.text, text.name, text.source), None


MAX_BATCH_ITEMS = 1000


async def read_batch(request: Request, services: Services) -> tuple[list[BatchItem], bool]:
    """The items of a batch request, numbered in order, and whether it held an archive. Items that are bad on
    their own (an invalid JSON item, an unsafe path in a zip) come back carrying their error; a body that is not
    a batch at all is refused (400/413/415/422)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == "multipart/form-data":
        async with request.form(max_files=MAX_BATCH_ITEMS, max_fields=MAX_BATCH_ITEMS) as form:
            uploads = [
                (part.filename or "upload", await part.read(), part.content_type)
                for part in form.getlist("file")
                if isinstance(part, UploadFile)
            ]  # read whole: the spooled files are closed on leaving
        if not uploads:
            raise ValidationFailed("file: one or more multipart fields named 'file' are required.")
        items: list[BatchItem] = []
        archives = False
        limit = services.settings.max_upload_mb * 1024 * 1024
        for name, data, media_type in uploads:
            if not is_archive(name):
                items.append(BatchItem(len(items), name, data, media_type))
                continue
            archives = True
            try:
                entries = await run_in_threadpool(expand, data, limit)
            except ArchiveRefused as exc:
                items.append(BatchItem(len(items), name, error=("invalid_request", f"{name!r} was refused: {exc}.")))
                continue
            for entry in entries:
                label = f"{name}/{entry.path}"
                error = ("invalid_request", f"{label!r} was refused: {entry.error}.") if entry.error else None
                items.append(BatchItem(len(items), label, entry.data, None, error=error))
        return _bounded(items), archives
    if content_type != "application/json":
        raise UnsupportedMediaType(
            "Send a batch as multipart/form-data (fields 'file') or as JSON {\"documents\": [...]}."
        )
    try:
        payload = json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidRequest("The request body is not valid JSON.") from exc
    documents = payload.get("documents") if isinstance(payload, dict) else None
    if not isinstance(documents, list):
        raise ValidationFailed('documents: a list of {"text", "name"} or {"url"} objects is required.')
    return _bounded([_json_item(i, document) for i, document in enumerate(documents)]), False


def _bounded(items: list[BatchItem]) -> list[BatchItem]:
    if not items:
        raise ValidationFailed("documents: the batch is empty.")
    if len(items) > MAX_BATCH_ITEMS:
        raise ValidationFailed(f"documents: at most {MAX_BATCH_ITEMS} items per batch (got {len(items)}).")
    return items


def _json_item(index: int, document: object) -> BatchItem:
    """One JSON item as a batch item, or carrying the field error that refuses it."""
    try:
        if isinstance(document, dict) and "url" in document:
            url = UrlDocumentIn.model_validate(document).url
            return BatchItem(index, url, url=url)
        text = TextDocumentIn.model_validate(document)
        return BatchItem(index, text.name, text=text.text, source=text.source)
    except ValidationError as exc:
        name = (
            str(document.get("name") or document.get("url") or f"item {index}")
            if isinstance(document, dict)
            else f"item {index}"
        )
        return BatchItem(index, name[:200], error=("invalid_request", f"documents[{index}].{_first_error(exc)}"))
