"""What the health routes return: the service's status for a key (engine, model, search mode, the tenant's counts)
and the store's upkeep."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class MaintenanceOut(BaseModel):
    """The store's upkeep: what the last run did, and how the tables stand now."""

    last_run: dict[str, Any] | None = Field(
        None, description="When, by which process, why, how long, and the fragments before and after."
    )
    fragments: dict[str, int] = Field(..., description="Data fragments per table (compaction merges them).")
    unindexed_rows: int = Field(..., description="Chunks the indexes have not absorbed yet (still searchable).")
    maintainer: str | None = Field(None, description="The process holding the upkeep lease now, if any.")


class ModelOut(BaseModel):
    """The local engine's model: ``absent`` (no file: `answerbase models pull`), ``loading``, ``ready``, ``failed``."""

    state: str
    model: str
    detail: str = Field("", description="Where the file is, or what is wrong with it.")
    load_s: float | None = Field(None, description="How long the model took to load.")


class StatusOut(BaseModel):
    """What serves this key: engine, embedder, search mode, the tenant's counts and the store's upkeep."""

    engine: str
    answering: str = Field(
        ..., description="The engine answering now: `local` falls back to `offline` while its model loads (auto)."
    )
    model: ModelOut | None = Field(None, description="The local engine's model, when that is the engine.")
    embedder: str
    search_mode: str
    tenant: str
    counts: dict[str, int]
    maintenance: MaintenanceOut
