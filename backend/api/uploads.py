"""Reading an ingest request body: a multipart ``file``, or JSON ``{"url"}`` or ``{"text","name","source"?}``."""

from __future__ import annotations

import json
from dataclasses import dataclass

from fastapi import Request
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from backend.api.schemas import TextDocumentIn, UrlDocumentIn
from backend.errors import InvalidRequest, UnsupportedMediaType, ValidationFailed
from backend.ingest import Source
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
        form = await request.form(max_files=1, max_fields=10)
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise ValidationFailed("file: a multipart field named 'file' with the document is required.")
        data = await upload.read()
        source = await run_in_threadpool(
            ingestor.file_source, tenant, context_id, upload.filename or "upload", data, upload.content_type
        )
        return source, Upload(source.name, upload.content_type or "application/octet-stream", data)
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
