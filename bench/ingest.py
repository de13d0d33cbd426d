"""Ingest throughput: chunks/s through the whole pipeline beside the raw embedder on the same chunks.

    .venv/bin/python bench/ingest.py [--docs 800]

Both run in this process on the same SciFact abstracts; the target is a pipeline at ≥ 0.9 of the
raw embedder's throughput (embedding dominates; the store adds little).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.config import Settings
from backend.ingest import Source
from backend.ingest.chunking import chunk_text
from backend.services import Services
from bench.common import SHARED_DATA, print_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=800)
    args = parser.parse_args()
    with (SHARED_DATA / "scifact" / "corpus.jsonl").open() as lines:
        corpus = [json.loads(line) for _, line in zip(range(args.docs), lines, strict=False)]
    texts = [f"{doc['title']}\n\n{doc['text']}" for doc in corpus]
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), engine="offline")
        services = Services.build(settings)
        chunks = [
            c.text
            for text in texts
            for c in chunk_text(text, budget=settings.ingest.chunk_tokens, overlap=settings.ingest.overlap_tokens)
        ]
        services.embedder.embed_documents(chunks[:64])  # warm up
        started = time.perf_counter()
        for start in range(0, len(chunks), 256):
            services.embedder.embed_documents(chunks[start : start + 256])
        raw_s = time.perf_counter() - started
        sources = (
            Source("bench", "ingest", doc["doc_id"], text, "document", f"scifact:{doc['doc_id']}")
            for doc, text in zip(corpus, texts, strict=True)
        )
        started = time.perf_counter()
        stored = services.ingestor.ingest_many(sources)
        pipeline_s = time.perf_counter() - started
        assert sum(d.chunks for d in stored) == len(chunks)
    raw, pipeline = len(chunks) / raw_s, len(chunks) / pipeline_s
    print(
        f"{len(corpus)} SciFact abstracts → {len(chunks)} chunks; embedder {services.embedder.name}, "
        f"batch {settings.embedder.batch_size}, {settings.embedder.threads} thread(s)"
    )
    print_table(
        ["path", "seconds", "chunks/s", "docs/s"],
        [
            ["raw embedder", raw_s, raw, len(corpus) / raw_s],
            ["ingest pipeline", pipeline_s, pipeline, len(corpus) / pipeline_s],
        ],
    )
    print(f"pipeline / raw embedder = {pipeline / raw:.3f} (target ≥ 0.9)")


if __name__ == "__main__":
    main()
