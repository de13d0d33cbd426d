"""The console in a real browser: `streamlit run app.py` on 127.0.0.1 driven by Debian's chromium.

Asks a demo question, runs a search, uploads a file and finds it, and saves a screenshot of each page
under tests/browser/artifacts/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.helpers import free_port, wait_until_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def console_url(tmp_path_factory):
    port = free_port()
    env = {**os.environ, "ANSWERBASE_DATA_DIR": str(tmp_path_factory.mktemp("browser")), "ANSWERBASE_ENGINE": "offline"}
    env.pop("ANSWERBASE_API_URL", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app.py",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.headless",
            "true",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{url}/_stcore/health", process, timeout_s=60)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def page(console_url):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run ./scripts/ensure-chromium (make test does)")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1400, "height": 1000})
        tab.set_default_timeout(120_000)
        expect.set_options(timeout=60_000)  # indexing an upload can take seconds on a busy machine
        # The server's very first session opens a page by its URL (a bookmark after a restart): the case
        # where Streamlit would run pages/search.py alone, outside app.py's navigation.
        tab.goto(f"{console_url}/search")
        yield tab
        browser.close()


def _goto(page: Page, name: str) -> None:
    page.get_by_role("link", name=name).first.click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()


def test_a_first_visit_by_url_opens_the_page_inside_the_navigation(page):
    expect(page.get_by_role("heading", name="Search", level=1)).to_be_visible()
    expect(page.get_by_role("link", name="Status & API")).to_be_visible()  # app.py's titles, not file names
    expect(page.get_by_role("link", name="common")).to_have_count(0)
    assert page.url.endswith("/search")


def test_ask_a_demo_question(page):
    _goto(page, "Ask")
    page.get_by_role("button", name="How many employees work at the London office?").click()
    expect(page.get_by_role("heading", name="212")).to_be_visible()
    expect(page.get_by_text(re.compile(r"(High|Medium|Low) confidence")).first).to_be_visible()
    page.get_by_text("Sources (").first.click()
    expect(page.get_by_text("offices.md").first).to_be_visible()
    expect(page.get_by_text("The answer was read here:").first).to_be_visible()
    # A question the handbook cannot answer is declined with its reason.
    page.get_by_role("textbox").last.fill("When was the Zorblax treaty signed?")
    page.keyboard.press("Enter")
    expect(page.get_by_text("mentions 'Zorblax'").first).to_be_visible()
    page.screenshot(path=ARTIFACTS / "ask.png", full_page=True)


def test_search_shows_cards(page):
    _goto(page, "Search")
    page.get_by_label("Query").fill("parental leave")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_text("leave-policy.md").first).to_be_visible()
    expect(page.get_by_text("1 result for “parental leave”")).to_be_visible()  # unrelated handbook pages left out
    page.screenshot(path=ARTIFACTS / "search.png", full_page=True)


def test_upload_a_file_and_find_it(page, tmp_path):
    _goto(page, "Documents")
    upload = tmp_path / "canteen-menu.md"
    upload.write_text("# Canteen\nOn Thursdays the canteen serves saffron risotto.")
    page.locator("input[type=file]").first.set_input_files(str(upload))
    expect(page.get_by_text("canteen-menu.md").first).to_be_visible()  # the upload reached the server
    page.get_by_role("button", name="Upload and index").click()
    expect(page.get_by_text("Added 1 file.")).to_be_visible()
    expect(page.get_by_text("11 documents")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "documents.png", full_page=True)
    _goto(page, "Search")
    page.get_by_label("Query").fill("saffron risotto")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_text("canteen-menu.md").first).to_be_visible()


def test_status_page(page):
    _goto(page, "Status & API")
    expect(page.get_by_text("Answer engine")).to_be_visible()
    expect(page.get_by_text("/v1/types/integer").first).to_be_visible()
    page.screenshot(path=ARTIFACTS / "status.png", full_page=True)
