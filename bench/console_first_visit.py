"""How long an analyst waits on a first visit: `streamlit run app.py` on a fresh data directory, then a page opened
by its URL in headless chromium, timed until it is usable (its title and the context picker drawn).

    .venv/bin/python bench/console_first_visit.py [--runs 3]

Each run starts a new console process on an empty data directory (the embedded API starts, the embedder loads
in the background, the demo is seeded), so the figure includes everything a first visit after `make run` pays.
The console issue's goal is usable within 3 s; the browser test checks what is drawn, this measures the time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import percentile, print_table
from tests.browser.test_console_browser import CHROMIUM, CHROMIUM_ARGS, ROOT
from tests.helpers import free_port, wait_until_up


def first_visit_s(page_path: str) -> float:
    """Seconds from opening ``page_path`` of a just-started console until its context picker shows the demo."""
    port = free_port()
    with tempfile.TemporaryDirectory() as data_dir:
        env = {**os.environ, "ANSWERBASE_DATA_DIR": data_dir, "ANSWERBASE_ENGINE": "offline"}
        env.pop("ANSWERBASE_API_URL", None)
        command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)]
        process = subprocess.Popen(
            [*command, "--server.headless", "true"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_until_up(f"http://127.0.0.1:{port}/_stcore/health", process, timeout_s=60)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                tab = browser.new_page(viewport={"width": 1400, "height": 1000})
                started = time.perf_counter()
                tab.goto(f"http://127.0.0.1:{port}{page_path}")
                picker = tab.get_by_role("combobox", name="Context")
                expect(picker).to_have_value("Brightwater handbook (demo)", timeout=120_000)
                elapsed = time.perf_counter() - started
                browser.close()
            return elapsed
        finally:
            process.terminate()
            process.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for page_path in ("/", "/search"):
        times = [first_visit_s(page_path) for _ in range(args.runs)]
        each = " ".join(f"{t:.2f}" for t in times)
        rows.append([page_path, args.runs, f"{percentile(times, 50):.2f}", f"{max(times):.2f}", each])
    print_table(["first page", "runs", "usable after p50 (s)", "max (s)", "each run (s)"], rows)


if __name__ == "__main__":
    main()
