"""Background jobs' rows: state and per-item results, rewritten as the job progresses."""

from __future__ import annotations

import json
from typing import Any

from backend.models import Job
from backend.store.schema import read_rows, upsert_rows, where


class JobTable:
    """The ``jobs`` table."""

    def __init__(self, table: Any) -> None:
        self._table = table

    def put(self, job: Job) -> None:
        row = {
            "id": job.id,
            "tenant": job.tenant,
            "kind": job.kind,
            "context_id": job.context_id or "",
            "status": job.status,
            "items": json.dumps(list(job.items)),
            "created_at": job.created_at,
            "updated_at": job.updated_at,
            "heartbeat_at": job.heartbeat_at,
            "finished_at": job.finished_at,
        }
        upsert_rows(self._table, "id", [row])

    def get(self, tenant: str, job_id: str) -> Job | None:
        rows = read_rows(self._table, where(tenant=tenant, id=job_id))
        return _job(rows[0]) if rows else None

    def list_jobs(self, tenant: str | None = None, status: str | None = None) -> list[Job]:
        """Jobs newest first (a tenant's, or every tenant's when None), optionally of one status."""
        jobs = [_job(row) for row in read_rows(self._table, where(tenant=tenant, status=status) or None)]
        return sorted(jobs, key=lambda j: j.created_at, reverse=True)


def _job(row: dict) -> Job:
    return Job(
        id=row["id"],
        tenant=row["tenant"],
        kind=row["kind"],
        context_id=row["context_id"] or None,
        status=row["status"],
        items=tuple(json.loads(row["items"])),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        heartbeat_at=row["heartbeat_at"],
        finished_at=row["finished_at"],
    )
