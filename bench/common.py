"""Helpers shared by the benchmarks: where the shared data is, a cached services instance, a table printer."""

from __future__ import annotations

import hashlib
import os
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.helpers import live_server

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
CACHE = ROOT / "bench" / ".cache"


def half(key: str) -> str:
    """ "tuning" or "checking", by a stable hash of ``key``: weights are chosen on one half, reported on the other."""
    return "tuning" if int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) % 2 == 0 else "checking"


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) of ``values``, by linear interpolation."""
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[max(0, min(98, round(q) - 1))]
        if len(values) > 1
        else values[0]
    )


def print_table(headers: list[str], rows: list[list[object]]) -> None:
    """A plain-text table on stdout."""
    cells = [[str(h) for h in headers]] + [[f"{c:.3f}" if isinstance(c, float) else str(c) for c in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    for n, row in enumerate(cells):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
        if n == 0:
            print("  ".join("-" * width for width in widths))


@contextmanager
def running_server(data_dir: Path, extra_env: dict[str, str] | None = None, workers: int = 1) -> Iterator[str]:
    """``answerbase serve`` on a free 127.0.0.1 port over ``data_dir`` (the offline engine unless ``extra_env`` sets
    ``ANSWERBASE_ENGINE``; rate limiting off:
    benchmarks measure the service, not the per-key throttle), logging to ``data_dir/serve.log``; yields its URL."""
    Path(data_dir).mkdir(parents=True, exist_ok=True)
    environment = {**os.environ, **(extra_env or {})}
    engine = environment.pop("ANSWERBASE_ENGINE", "offline")  # the server's own setting wins over a base env's
    with live_server(data_dir, Path(data_dir) / "serve.log", environment, workers, engine=engine) as server:
        yield server.url
