"""Contexts and documents as a tenant sees them: create, list, get, delete, always tenant-scoped.

Anything of another tenant is reported exactly like something that does not exist (404), so a key
never learns what other tenants have.
"""

from __future__ import annotations

import json
import uuid

from backend.errors import NotFound, ValidationFailed
from backend.models import MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, Context, Document, TableSummary, utc_now
from backend.store import LanceStore


class Catalog:
    """The tenant-scoped view of contexts and documents."""

    def __init__(self, store: LanceStore) -> None:
        self._store = store

    def create_context(self, tenant: str, name: str, description: str = "") -> Context:
        name, description = (name or "").strip(), (description or "").strip()
        if not name or len(name) > MAX_NAME_CHARS:
            raise ValidationFailed(f"name: a name of 1-{MAX_NAME_CHARS} characters is required.")
        if len(description) > MAX_DESCRIPTION_CHARS:
            raise ValidationFailed(f"description: at most {MAX_DESCRIPTION_CHARS} characters.")
        context = Context(str(uuid.uuid4()), tenant, name, description, utc_now())
        self._store.insert_context(context)
        return context

    def counts(self, tenant: str) -> dict[str, int]:
        """How many contexts, documents and chunks the tenant has (for /v1/status)."""
        return self._store.counts(tenant)

    def list_contexts(self, tenant: str) -> list[Context]:
        return self._store.list_contexts(tenant)

    def context(self, tenant: str, context_id: str) -> Context:
        """The tenant's context, else :class:`NotFound` (also for another tenant's)."""
        context = self._store.get_context(tenant, context_id)
        if context is None:
            raise NotFound(f"No context with id {context_id!r}.")
        return context

    def find_context(self, tenant: str, name_or_id: str) -> Context:
        """A context by id, or by exact name when unique (for the CLI)."""
        by_id = self._store.get_context(tenant, name_or_id)
        if by_id:
            return by_id
        matches = [c for c in self._store.list_contexts(tenant) if c.name == name_or_id]
        if len(matches) != 1:
            raise NotFound(f"No context with id or unique name {name_or_id!r}.")
        return matches[0]

    def delete_context(self, tenant: str, context_id: str) -> None:
        self.context(tenant, context_id)
        self._store.delete_context(tenant, context_id)

    def documents(self, tenant: str, context_id: str | None) -> list[Document]:
        """Documents of a context (checked to be the tenant's), or of no context when ``None``."""
        if context_id is not None:
            self.context(tenant, context_id)
        return self._store.documents.listed(tenant, context_id)

    def all_documents(self, tenant: str) -> list[Document]:
        return self._store.documents.listed(tenant, any_context=True)

    def document(self, tenant: str, document_id: str) -> Document:
        document = self._store.documents.get(tenant, document_id)
        if document is None:
            raise NotFound(f"No document with id {document_id!r}.")
        return document

    def tables(self, tenant: str, documents: list[Document]) -> dict[str, list[TableSummary]]:
        """``{document id: its tables}`` for these documents (their current versions' tables, in document order)."""
        revisions = {d.id: d.content_hash for d in documents}
        rows = self._store.data_tables.of_documents(tenant, list(revisions)) if documents else []
        found: dict[str, list[TableSummary]] = {}
        for row in sorted(rows, key=lambda r: r["ordinal"]):
            if revisions.get(row["document_id"]) == row["revision"]:
                columns = [c["name"] for c in json.loads(row["columns"])]
                found.setdefault(row["document_id"], []).append(TableSummary(row["name"], row["row_count"], columns))
        return found

    def content(self, tenant: str, document_id: str) -> str:
        content = self._store.documents.content(tenant, document_id)
        if content is None:
            raise NotFound(f"No document with id {document_id!r}.")
        return content

    def keep_original(self, document: Document, filename: str, media_type: str, data: bytes) -> None:
        """Keep the file a document was uploaded as (replacing an earlier upload of it)."""
        self._store.originals.put(
            {
                "document_id": document.id,
                "tenant": document.tenant,
                "context_id": document.context_id or "",
                "filename": filename,
                "media_type": media_type or "application/octet-stream",
                "data": data,
                "stored_at": utc_now(),
            }
        )

    def original(self, tenant: str, document_id: str) -> tuple[str, str, bytes]:
        """``(filename, media type, bytes)`` of an uploaded document; :class:`NotFound` for text and web pages."""
        self.document(tenant, document_id)
        row = self._store.originals.get(tenant, document_id)
        if row is None:
            raise NotFound(
                f"Document {document_id!r} was not uploaded as a file, so there is no original to download "
                "(its text is at /content; a web page's original is its source URL)."
            )
        return row["filename"], row["media_type"], row["data"]

    def delete_document(self, tenant: str, document_id: str) -> None:
        self.document(tenant, document_id)
        self._store.documents.delete(tenant, document_id)
