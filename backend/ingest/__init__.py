"""Ingestion: loaders, chunking, web fetching and the pipeline that stores documents."""

from backend.ingest.pipeline import Ingestor, Source

__all__ = ["Ingestor", "Source"]
