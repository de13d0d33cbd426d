"""A long schemathesis run over every operation of /openapi.json, authenticated, against the real app.

    .venv/bin/python bench/fuzz.py [--examples 100]

Prints, per operation, how many cases ran, the status codes seen, and failures (5xx, undocumented
responses, bodies off the documented schema or the error envelope). The test suite runs a short version.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.api import create_app
from backend.config import RateLimitSettings, Settings
from backend.services import Services
from bench.common import print_table


def fuzz_operation(operation, headers: dict, statuses: Counter, examples: int):
    """A Hypothesis test of one operation that counts the statuses it sees."""

    @given(case=operation.as_strategy())
    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case) -> None:
        response = case.call_and_validate(headers=headers, excluded_checks=[positive_data_acceptance])
        statuses[response.status_code] += 1
        if response.status_code >= 400:
            body = response.json()
            assert set(body) == {"error"} and body["error"]["status"] == response.status_code

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        services = Services.build(Settings(data_dir=Path(tmp), rate_limit=RateLimitSettings(per_minute=0)))
        headers = {"Authorization": f"Bearer {services.keys.create('fuzz')[1]}"}
        app = create_app(services=services)
        with TestClient(app) as client:
            ctx = client.post("/v1/contexts", json={"name": "Fuzz"}, headers=headers).json()["id"]
            client.post(
                f"/v1/contexts/{ctx}/documents",
                headers=headers,
                json={"text": "The fuzz office has 12 desks and opened on 2 May 2020.", "name": "Fuzz"},
            )
        api = schemathesis.openapi.from_asgi("/openapi.json", app)
        rows, started = [], time.perf_counter()
        for operation in [result.ok() for result in api.get_all_operations()]:
            statuses: Counter[int] = Counter()
            failure = ""
            run = fuzz_operation(operation, headers, statuses, args.examples)
            try:
                run()
            except Exception as exc:  # report every operation, not just the first failing one
                failure = str(exc).splitlines()[0][:80]
            rows.append(
                [
                    operation.label,
                    sum(statuses.values()),
                    " ".join(f"{code}×{n}" for code, n in sorted(statuses.items())),
                    failure or "none",
                ]
            )
    print(
        f"schemathesis {schemathesis.__version__ if hasattr(schemathesis, '__version__') else ''}: "
        f"up to {args.examples} examples per operation, {time.perf_counter() - started:.0f} s"
    )
    print_table(["operation", "cases", "statuses", "failures"], rows)


if __name__ == "__main__":
    main()
