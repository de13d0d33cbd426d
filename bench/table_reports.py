"""The tables ``bench/table_qa.py`` prints: exact match and precision per half (a decline scores 0), by type, category
and kind, calibration buckets, precision and coverage at each threshold, and the precision of the surest answers that
reach each exact match, for the WikiTableQuestions questions and for the business-table ones.
"""

from __future__ import annotations

from collections import defaultdict

from bench.common import half, percentile, print_table
from bench.table_scoring import exact


def trust_tables(title: str, answered: list[dict]) -> None:
    """Calibration buckets (mean confidence against observed accuracy) and precision/coverage at thresholds, over
    every answer kept."""
    kept = [a for a in answered if a["every"] is not None and a.get("confidence") is not None]
    buckets: dict[float, list[dict]] = defaultdict(list)
    for a in kept:
        buckets[min(0.9, int(a["confidence"] * 10) / 10)].append(a)
    print(f"\n{title}: calibration, every answer kept")
    print_table(
        ["confidence", "answers", "mean confidence", "right"],
        [
            [
                f"{low:.1f}-{low + 0.1:.1f}",
                len(v),
                sum(a["confidence"] for a in v) / len(v),
                sum(a["right_every"] for a in v) / len(v),
            ]
            for low, v in sorted(buckets.items())
        ],
    )
    rows = []
    for threshold in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
        passed = [a for a in kept if a["confidence"] >= threshold]
        right = sum(a["right_every"] for a in passed)
        rows.append(
            [threshold, len(passed) / max(1, len(answered)), right / max(1, len(passed)), right / max(1, len(answered))]
        )
    print(f"\n{title}: at each threshold")
    print_table(["threshold", "coverage", "precision", "exact match"], rows)
    surest_answers(title, answered, kept)


def surest_answers(title: str, answered: list[dict], kept: list[dict]) -> None:
    """The precision of the fewest surest answers (ties in the order asked) that reach each exact match: a curve flat
    from the top says the reader, not the confidence, holds precision down (no threshold does better)."""
    ranked = sorted(kept, key=lambda a: -a["confidence"])
    targets, rows, right = [0.3, 0.35, 0.4, 0.45, 0.5], [], 0
    for n, a in enumerate(ranked, start=1):
        right += a["right_every"]
        while targets and right >= targets[0] * len(answered):
            rows.append([targets.pop(0), n / len(answered), right / n, a["confidence"]])
    print(f"\n{title}: the surest answers that reach each exact match")
    print_table(["exact match", "coverage", "precision", "lowest confidence"], rows)


def report_business(answered: list[dict]) -> None:
    """Exact match, precision and declines of the business questions per half, by category, then how far to trust
    them."""
    rows = []
    for name in ("tuning", "checking", "both"):
        part = [a for a in answered if name in (a["half"], "both")]
        for label, key, right in (("", "value", "right"), (", every answer kept", "every", "right_every")):
            given = [a for a in part if a[key] is not None]
            hits = sum(a[right] for a in given)
            rows.append(
                [name + label, len(part), hits / len(part), hits / max(1, len(given)), 1 - len(given) / len(part)]
            )
    tables = len({a["table"] for a in answered})
    print(f"\nBusiness tables ({len(answered)} analysts' questions over {tables} tables in one context):")
    print_table(["half", "questions", "exact match", "precision", "declined"], rows)
    groups: dict[str, list[dict]] = defaultdict(list)
    for a in answered:
        groups[a["category"]].append(a)
    print("\nBy category (as the server answers):")
    print_table(
        ["category", "questions", "exact match", "declined"],
        [
            [k, len(v), sum(a["right"] for a in v) / len(v), sum(a["value"] is None for a in v) / len(v)]
            for k, v in sorted(groups.items(), key=lambda kv: -len(kv[1]))
        ],
    )
    for name in ("tuning", "checking"):
        trust_tables(f"Business tables, {name} half", [a for a in answered if a["half"] == name])


def report(answered: list[dict], threshold: float | None) -> None:
    """Exact match (a decline scores 0) and precision per half: as the server answers by default, with every
    answer kept, and (``threshold``) keeping answers at or above that confidence."""
    for item in answered:
        item.setdefault("every", item["value"])
        item["right"] = exact(item["value"], item["gold"], item["type"])
        item["right_every"] = exact(item["every"], item["gold"], item["type"])
        item["half"] = half(item["table"])
    readings = [("", "value", "right")]
    if any(a.get("confidence") is not None for a in answered):
        readings.append((", every answer kept", "every", "right_every"))
    rows = []
    for name in ("tuning", "checking"):
        part = [a for a in answered if a["half"] == name]
        bars = [(label, lambda a, key=key: a[key] is not None, right) for label, key, right in readings]
        if threshold is not None:
            bars.append((f", at {threshold:.2f}", lambda a: (a["confidence"] or 0) >= threshold, "right_every"))
        for label, kept, right in bars:
            answered_part = [a for a in part if kept(a)]
            rows.append(
                [
                    name + label,
                    len(part),
                    sum(a[right] for a in answered_part) / max(1, len(part)),
                    sum(a[right] for a in answered_part) / max(1, len(answered_part)),
                    1 - len(answered_part) / max(1, len(part)),
                    sum(a["kind"] == "table" for a in part) / max(1, len(part)),
                ]
            )
    print(f"\nWikiTableQuestions dev, {len(answered)} questions (a decline scores 0):")
    print_table(["half", "questions", "exact match", "precision", "declined", "computed"], rows)
    for field_name in ("type", "category", "kind"):
        groups: dict[str, list[dict]] = defaultdict(list)
        for a in answered:
            if a["half"] == "checking":
                groups[str(a.get(field_name))].append(a)
        print(f"\nChecking half by {field_name} (as the server answers by default):")
        print_table(
            [field_name, "questions", "exact match", "declined"],
            [
                [k, len(v), sum(a["right"] for a in v) / len(v), sum(a["value"] is None for a in v) / len(v)]
                for k, v in sorted(groups.items(), key=lambda kv: -len(kv[1]))
            ],
        )
    if any(a.get("confidence") is not None for a in answered):
        print("\nChecking half, exact match of computed answers by confidence:")
        bands: dict[str, list[bool]] = defaultdict(list)
        for a in answered:
            if a["half"] == "checking" and a["kind"] == "table" and a.get("confidence") is not None:
                bands[f"{a['confidence']:.2f}"].append(a["right_every"])
        print_table(
            ["confidence", "answers", "exact match"], [[k, len(v), sum(v) / len(v)] for k, v in sorted(bands.items())]
        )
    if any(a.get("confidence") is not None for a in answered):
        trust_tables("Checking half", [a for a in answered if a["half"] == "checking"])
    if any(a.get("coverage") is not None for a in answered):
        print("\nTuning half, exact match by the parser's coverage:")
        bands = defaultdict(list)
        for a in answered:
            if a["half"] == "tuning" and a.get("coverage") is not None:
                bands[f"{min(1.0, int(a['coverage'] * 4) / 4):.2f}"].append(a["right"])
        print_table(
            ["coverage", "answers", "exact match"], [[k, len(v), sum(v) / len(v)] for k, v in sorted(bands.items())]
        )
    print(
        f"\nlatency p50 {percentile([a['ms'] for a in answered], 50):.0f} ms, "
        f"p95 {percentile([a['ms'] for a in answered], 95):.0f} ms"
    )
