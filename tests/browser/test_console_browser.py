"""The console in a real browser: `streamlit run app.py` on 127.0.0.1 driven by Debian's chromium.

Opens a page by its URL as a first visit, asks a demo question, runs a search and opens a card's
document, searches for something no document is about, creates a context and uploads to it (the context
survives a reload), and saves a screenshot of each page under tests/browser/artifacts/ (git-ignored).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

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
    data_dir = tmp_path_factory.mktemp("browser")
    env = {**os.environ, "ANSWERBASE_DATA_DIR": str(data_dir), "ANSWERBASE_ENGINE": "offline"}
    env.pop("ANSWERBASE_API_URL", None)
    log = (data_dir / "streamlit.log").open("w")  # a file, not a pipe nobody reads (a full pipe blocks the server)
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
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{url}/_stcore/health", process, timeout_s=60)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)
        log.close()


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
        # where Streamlit would run pages/search.py alone, outside app.py's navigation. It starts the embedded API.
        tab.goto(f"{console_url}/search")
        expect(_picker(tab)).to_have_value("Brightwater handbook (demo)")
        yield tab
        browser.close()


def _picker(page: Page):
    """The context picker (a combobox whose value is the chosen context's name)."""
    return page.get_by_role("combobox", name="Context")


def _settled(page: Page) -> None:
    """Wait until the page's script run is over. While a run draws the page afresh, the elements of the run before
    stay on screen beside the new ones (two "Upload and index" buttons), and what is clicked then may belong to the
    page being replaced: a loaded machine made both happen now and then."""
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")


def _goto(page: Page, name: str) -> None:
    """Open the console page ``name`` from the sidebar and wait for it to be drawn. A link to the page already open
    is not clicked: the click only reruns the page, its heading is already there and the run may not have begun,
    so the next click landed on a page being replaced and was lost ("Create context" created nothing, once in CI)."""
    link = page.get_by_role("link", name=name).first
    target = urlparse(link.get_attribute("href") or "").path
    if urlparse(page.url).path != target:
        link.click()
        page.wait_for_url(lambda url: urlparse(url).path == target)
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    _settled(page)


def test_the_console_serves_this_machine_only_by_default(tmp_path):
    """`make run` (plain `streamlit run app.py`) listens on localhost, not on every interface: the console acts with
    its own API key, so offering it to the network would hand that key to anyone who can reach the machine."""
    port = free_port()
    env = {**os.environ, "ANSWERBASE_DATA_DIR": str(tmp_path / "data"), "ANSWERBASE_ENGINE": "offline"}
    log = tmp_path / "streamlit.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_until_up(f"http://127.0.0.1:{port}/_stcore/health", process, timeout_s=60)
            time.sleep(0.5)  # the banner is printed once the server listens
        finally:
            process.terminate()
            process.wait(timeout=20)
    printed = log.read_text()
    assert f"URL: http://localhost:{port}" in printed and "Network URL" not in printed, printed


def test_a_first_visit_by_url_opens_the_page_inside_the_navigation(page):
    # How long that first visit takes is measured by bench/console_first_visit.py, not asserted here.
    expect(page.get_by_role("heading", name="Search", level=1)).to_be_visible()
    expect(page.get_by_role("link", name="Status & API")).to_be_visible()  # app.py's titles, not file names
    expect(page.get_by_role("link", name="common")).to_have_count(0)
    assert re.search(r"/search\?context=[0-9a-f-]{36}$", page.url), page.url  # the chosen context, in the URL


def test_the_ask_page_opens_by_its_name_as_well_as_at_the_root(page, console_url):
    # Streamlit serves the default page at "/" only: "/ask", the README's address for it, opened behind a "Page not
    # found" dialog that left the page inert.
    context = re.search(r"context=([0-9a-f-]{36})", page.url).group(1)
    page.goto(f"{console_url}/ask?context={context}")
    page.wait_for_url(lambda url: urlparse(url).path == "/")
    expect(page.get_by_role("heading", name="Ask", level=1)).to_be_visible()
    _settled(page)
    expect(page.get_by_text("Page not found")).to_have_count(0)
    assert f"context={context}" in urlparse(page.url).query, page.url  # the chosen context, kept
    expect(_picker(page)).to_have_value("Brightwater handbook (demo)")


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
    # The demo's events calendar is a Markdown table: counted, with the plan and the rows that matched.
    page.get_by_role("textbox").last.fill("How many events take place in London?")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="2", exact=True)).to_be_visible()
    expect(page.get_by_text("count rows of events-2026.md › table 1 where 'Place' = 'London'")).to_be_visible()
    expect(page.get_by_text("2 matching rows")).to_be_visible()
    page.get_by_text("2 matching rows").scroll_into_view_if_needed()  # the chat scrolls inside the page
    page.screenshot(path=ARTIFACTS / "ask-table.png", full_page=True)


def test_search_shows_cards_and_a_card_opens_its_document(page):
    _goto(page, "Search")
    page.get_by_label("Query").fill("parental leave")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_text("1 relevant result for “parental leave”")).to_be_visible()  # unrelated pages left out
    expect(page.get_by_text(re.compile(r"Relevant · 0\.\d\d")).first).to_be_visible()
    expect(page.get_by_role("button", name="Results (XLSX)")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "search.png", full_page=True)
    link = page.get_by_role("link", name="leave-policy.md")
    with page.context.expect_page() as opened:  # links open in a new tab, leaving the results in place
        link.click()
    document = opened.value
    expect(document.get_by_role("heading", name="leave-policy.md", level=1)).to_be_visible()
    expect(document.get_by_text("The passage the search found:")).to_be_visible()
    expect(document.get_by_text("26 weeks").first).to_be_visible()
    document.screenshot(path=ARTIFACTS / "document.png", full_page=True)
    document.close()


def test_a_search_with_nothing_relevant_says_so(page):
    _goto(page, "Search")
    page.get_by_label("Query").fill("The quarterly revenue forecast")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_text("No document is relevant to this query").first).to_be_visible()
    page.screenshot(path=ARTIFACTS / "search-no-match.png", full_page=True)


def _create_context(page: Page, name: str) -> None:
    """Create a context with the Documents page's form; it becomes the chosen one."""
    create = page.get_by_role("button", name="Create context")
    if not create.is_visible():
        page.get_by_text("New context").click()
    form = page.get_by_test_id("stForm").filter(has=create)
    form.get_by_label("Name").fill(name)
    expect(form.get_by_label("Name")).to_have_value(name)  # typed in before the form is sent
    create.click()
    created = page.get_by_text(f"Created “{name}”")
    try:
        expect(created).to_be_visible(timeout=20_000)
    except AssertionError:
        # Under load (two busy loops beside the suite: 2 runs in 18) the click now and then never reaches the server:
        # the form is not sent (clear_on_submit would have emptied it). A person clicks again; so does the test,
        # once, and only then. Why the click is lost is not known yet (see the closing note of 2026-11-25).
        expect(form.get_by_label("Name")).to_have_value(name)
        _settled(page)
        create.click()
        expect(created).to_be_visible()
    _settled(page)
    expect(_picker(page)).to_have_value(name)  # the new context is the chosen one


def test_create_a_context_upload_to_it_and_keep_it_across_a_reload(page, tmp_path):
    _goto(page, "Documents")
    _create_context(page, "Canteen")
    good = tmp_path / "canteen-menu.md"
    good.write_text("# Canteen\nOn Thursdays the canteen serves saffron risotto.")
    broken = tmp_path / "broken_report.docx"
    broken.write_bytes(b"not a Word document")
    page.locator("input[type=file]").first.set_input_files([str(good), str(broken)])
    expect(page.get_by_text("canteen-menu.md").first).to_be_visible()  # the upload reached the server
    _settled(page)
    page.get_by_role("button", name="Upload and index").click()
    expect(page.get_by_text("Added 1 of 2 files; 1 refused: broken_report.docx.")).to_be_visible()
    expect(page.get_by_text("not a valid Word document").first).to_be_visible()
    expect(page.get_by_text("1 document in “Canteen”")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "documents.png", full_page=True)
    assert "context=" in page.url
    page.reload()
    expect(page.get_by_role("heading", name="Documents", level=1)).to_be_visible()
    expect(_picker(page)).to_have_value("Canteen")
    _goto(page, "Search")
    expect(_picker(page)).to_have_value("Canteen")  # one context for the whole console
    page.get_by_label("Query").fill("saffron risotto")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_text("canteen-menu.md").first).to_be_visible()


def test_a_grid_fills_in_over_uploaded_contracts(page, tmp_path):
    _goto(page, "Documents")
    _create_context(page, "Supplier contracts")
    files = []
    for name, text in [
        (
            "alpha.txt",
            "Alpha services agreement. The counterparty is Acme Logistics Ltd. The contract value is "
            "1,200,000 euros. The contract starts on 1 March 2025. The contract renews automatically.",
        ),
        (
            "beta.txt",
            "Beta supply agreement. The counterparty is Borealis Foods GmbH. The contract value is "
            "450,000 euros. The contract starts on 15 June 2024.",
        ),
        ("gamma.txt", "Gamma memo: visitors park on level two."),
    ]:
        (tmp_path / name).write_text(text)
        files.append(str(tmp_path / name))
    page.locator("input[type=file]").first.set_input_files(files)
    for name in ("alpha.txt", "beta.txt", "gamma.txt"):  # the uploads reached the server: only then index them
        expect(page.get_by_text(name).first).to_be_visible()
    _settled(page)
    page.get_by_role("button", name="Upload and index").click()
    expect(page.get_by_text("Added 3 files.")).to_be_visible()
    _goto(page, "Grid")
    expect(_picker(page)).to_have_value("Supplier contracts")
    page.get_by_role("button", name="Run grid").click()
    expect(page.get_by_text("3 documents × 4 columns · 12 cells computed")).to_be_visible()
    assert "grid=" in page.url
    page.screenshot(path=ARTIFACTS / "grid.png", full_page=True)


def test_status_page(page):
    _goto(page, "Status & API")
    expect(page.get_by_text("Answer engine")).to_be_visible()
    expect(page.get_by_text("/v1/types/integer").first).to_be_visible()
    page.screenshot(path=ARTIFACTS / "status.png", full_page=True)
