"""``ApiClient``: the Python client of the /v1 API over httpx (used by the console and by users).

Errors come back as :class:`ApiError` carrying the envelope's status, code and message.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import httpx


class ApiError(Exception):
    """A failed API call, from the error envelope (or the transport); ``suggestion``: a declined table reading the
    caller may accept (the envelope's ``error.suggestion``); ``answer_type``: the type a decline says to ask for
    instead (``error.answer_type``)."""

    def __init__(
        self, status: int, code: str, message: str, suggestion: dict | None = None, answer_type: str | None = None
    ) -> None:
        super().__init__(f"{code} ({status}): {message}")
        self.status, self.code, self.message = status, code, message
        self.suggestion = suggestion
        self.answer_type = answer_type


@dataclass
class Timed:
    """A result with the round-trip time in milliseconds."""

    value: Any
    ms: float


class ApiClient:
    """A small synchronous client; one per process is enough (it pools connections)."""

    def __init__(self, base_url: str, api_key: str, timeout: float = 120.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self._http = httpx.Client(
            base_url=self.base_url, timeout=timeout, headers={"Authorization": f"Bearer {api_key}"}
        )

    def close(self) -> None:
        """Close the pooled connections (a process that keeps one client for its life need not)."""
        self._http.close()

    def _call(self, method: str, path: str, *, raw: bool = False, **kwargs: Any) -> Any:
        try:
            response = self._http.request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            raise ApiError(503, "unavailable", f"The API at {self.base_url} could not be reached: {exc}") from exc
        if response.status_code >= 400:
            try:
                error = response.json()["error"]
                raise ApiError(
                    error["status"], error["code"], error["message"], error.get("suggestion"), error.get("answer_type")
                )
            except (ValueError, KeyError, TypeError):
                raise ApiError(response.status_code, "error", response.text[:200]) from None
        if response.status_code == 204:
            return None
        if raw:
            return response.content
        if response.headers.get("content-type", "").startswith("application/json"):
            return response.json()
        return response.text

    def _timed(self, method: str, path: str, **kwargs: Any) -> Timed:
        started = time.perf_counter()
        value = self._call(method, path, **kwargs)
        return Timed(value, (time.perf_counter() - started) * 1000)

    # answers and search
    def ask(
        self,
        answer_type: str,
        question: str,
        context_id: str | None = None,
        include_sources: bool = True,
        include_confidence: bool = True,
        min_confidence: float | None = None,
    ) -> Timed:
        """A typed answer; ``min_confidence`` replaces the server's bars (a suggestion's, to accept its reading)."""
        body: dict[str, Any] = {"include_sources": include_sources, "include_confidence": include_confidence}
        if min_confidence is not None:
            body["min_confidence"] = min_confidence
        body.update({"query": question, "context_id": context_id} if context_id else {"content": question})
        return self._timed("POST", f"/v1/types/{answer_type}", json=body)

    def search(self, query: str, context_id: str | None = None, limit: int = 10) -> Timed:
        body = {"query": query, "limit": limit} | ({"context_id": context_id} if context_id else {})
        return self._timed("POST", "/v1/search", json=body)

    def questions(self, declined: bool | None = None, limit: int = 50, offset: int = 0) -> dict:
        """A page of the question log: ``{"questions", "total", "next_offset"}``."""
        params: dict[str, Any] = {"limit": limit, "offset": offset}
        if declined is not None:
            params["declined"] = str(declined).lower()
        return self._call("GET", "/v1/questions", params=params)

    # contexts
    def contexts(self) -> list[dict]:
        return self._call("GET", "/v1/contexts")

    def create_context(self, name: str, description: str = "") -> dict:
        return self._call("POST", "/v1/contexts", json={"name": name, "description": description})

    def delete_context(self, context_id: str) -> None:
        self._call("DELETE", f"/v1/contexts/{context_id}")

    # documents
    def documents(self, context_id: str | None = None) -> list[dict]:
        return self._call("GET", self._documents_path(context_id))

    def _documents_path(self, context_id: str | None) -> str:
        return f"/v1/contexts/{context_id}/documents" if context_id else "/v1/documents"

    def upload(self, filename: str, data: bytes, context_id: str | None = None) -> dict:
        return self._call("POST", self._documents_path(context_id), files={"file": (filename, data)})

    def upload_batch(self, files: list[tuple[str, bytes]], context_id: str | None = None, wait: bool = False) -> dict:
        """Send many files (and .zip archives) in one request; a job to follow (``job(id)``) unless ``wait``."""
        parts = [("file", (name, data)) for name, data in files]
        path = self._documents_path(context_id) + "/batch"
        return self._call("POST", path, files=parts, params={"wait": str(wait).lower()})

    def add_batch(self, documents: list[dict], context_id: str | None = None, wait: bool | None = None) -> dict:
        """Add ``[{"text", "name", "source"?} | {"url"}]`` in one request (a job to follow when it runs long)."""
        params = {} if wait is None else {"wait": str(wait).lower()}
        return self._call(
            "POST", self._documents_path(context_id) + "/batch", json={"documents": documents}, params=params
        )

    def job(self, job_id: str) -> dict:
        """A batch job: ``{"status", "done", "failed", "pending", "eta_s", "items": [...]}``."""
        return self._call("GET", f"/v1/jobs/{job_id}")

    def add_url(self, url: str, context_id: str | None = None) -> dict:
        return self._call("POST", self._documents_path(context_id), json={"url": url})

    def add_text(self, text: str, name: str, context_id: str | None = None, source: str | None = None) -> dict:
        body = {"text": text, "name": name} | ({"source": source} if source else {})
        return self._call("POST", self._documents_path(context_id), json=body)

    def document(self, document_id: str) -> dict:
        return self._call("GET", f"/v1/documents/{document_id}")

    def content(self, document_id: str) -> str:
        """The text the document was indexed from."""
        return self._call("GET", f"/v1/documents/{document_id}/content")

    def original(self, document_id: str) -> bytes:
        """The file the document was uploaded as (ApiError 404 for pasted text and web pages)."""
        return self._call("GET", f"/v1/documents/{document_id}/original", raw=True)

    def delete_document(self, document_id: str) -> None:
        self._call("DELETE", f"/v1/documents/{document_id}")

    # extraction grids
    def grids(self) -> list[dict]:
        return self._call("GET", "/v1/grids")

    def create_grid(
        self, context_id: str, columns: list[dict], name: str = "", document_ids: list[str] | None = None
    ) -> dict:
        body = {"context_id": context_id, "name": name, "columns": columns}
        return self._call("POST", "/v1/grids", json=body | ({"document_ids": document_ids} if document_ids else {}))

    def grid(self, grid_id: str) -> dict:
        """A grid with its state and rows: ``{"status", "progress", "columns", "rows": [{"document", "cells"}]}``."""
        return self._call("GET", f"/v1/grids/{grid_id}")

    def add_grid_columns(self, grid_id: str, columns: list[dict]) -> dict:
        return self._call("POST", f"/v1/grids/{grid_id}/columns", json={"columns": columns})

    def run_grid(self, grid_id: str) -> dict:
        return self._call("POST", f"/v1/grids/{grid_id}/run")

    def edit_grid_cell(self, grid_id: str, document_id: str, column: str, data: Any) -> dict:
        body = {"document_id": document_id, "column": column, "data": data}
        return self._call("PUT", f"/v1/grids/{grid_id}/cells", json=body)

    def export_grid(self, grid_id: str, file_format: str = "csv", document_link: str | None = None) -> bytes:
        """The grid as a CSV or XLSX file's bytes; ``document_link`` (with ``{id}``) is the link written for a
        document that is not a web page (default: the API's own, which needs a key)."""
        params = {"format": file_format} | ({"document_link": document_link} if document_link else {})
        return self._call("GET", f"/v1/grids/{grid_id}/export", params=params, raw=True)

    def delete_grid(self, grid_id: str) -> None:
        self._call("DELETE", f"/v1/grids/{grid_id}")

    def status(self) -> dict:
        return self._call("GET", "/v1/status")
