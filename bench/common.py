"""Helpers shared by the benchmarks: where the shared data is, a cached services instance, a table printer."""

from __future__ import annotations

import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
CACHE = ROOT / "bench" / ".cache"


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) of ``values``, by linear interpolation."""
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[max(0, min(98, round(q) - 1))] \
        if len(values) > 1 else values[0]


def print_table(headers: list[str], rows: list[list[object]]) -> None:
    """A plain-text table on stdout."""
    cells = [[str(h) for h in headers]] + [[f"{c:.3f}" if isinstance(c, float) else str(c) for c in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    for n, row in enumerate(cells):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
        if n == 0:
            print("  ".join("-" * width for width in widths))
