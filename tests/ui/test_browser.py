"""A real browser (Debian's chromium via Playwright) against the served demo: one Korean turn fills all four
panels; a second browser context is a different person and sees none of it."""

from __future__ import annotations

import pytest

from tests.ui.conftest import QUESTION_KO, os_has_chromium

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os_has_chromium(), reason="Debian chromium not installed at /usr/bin/chromium")]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 60_000


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def open_page(browser, url: str):
    page = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="ko-KR").new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.locator("#header").get_by_text("offline mode", exact=True).wait_for()          # header filled by the load event
    return page


def send(page, text: str) -> None:
    page.locator("#message textarea").fill(text)
    page.locator("#send").click()
    page.locator("#chatbot").get_by_text("Sources", exact=True).wait_for()   # the final frame has arrived


def tab_text(page, tab: str, element: str) -> str:
    page.get_by_role("tab", name=tab, exact=True).click()
    locator = page.locator(element)
    locator.wait_for(state="visible")
    return locator.inner_text()


def test_korean_turn_updates_every_panel_and_sessions_are_isolated(browser, served_app, tmp_path):
    a = open_page(browser, served_app["url"])
    send(a, QUESTION_KO)
    assert "메트포르민" in a.locator("#chatbot").inner_text()
    slots = tab_text(a, "Slots", "#slots-table")
    assert "Diabetes mellitus" in slots and "Metformin" in slots and "present" in slots
    a.screenshot(path=str(tmp_path / "demo-slots.png"), full_page=True)
    assert "당뇨" in tab_text(a, "Profile", "#profile-summary")
    assert "Diabetes mellitus" in a.locator("#profile-table").inner_text()
    a.screenshot(path=str(tmp_path / "demo-profile.png"), full_page=True)
    documents = tab_text(a, "Documents", "#documents-table")
    assert "✔ cited" in documents and "메트포르민 부작용" in documents
    a.screenshot(path=str(tmp_path / "demo-documents.png"), full_page=True)
    refine = tab_text(a, "Refine log", "#refine-table")
    assert "heuristic" in refine and "quality_ok" in refine
    a.locator("#refine-plot").wait_for(state="visible")
    a.screenshot(path=str(tmp_path / "demo-refine.png"), full_page=True)

    b = open_page(browser, served_app["url"])
    assert "메트포르민" not in b.locator("#chatbot").inner_text()
    assert "No profile yet" in tab_text(b, "Profile", "#profile-summary")
    send(b, "What are the warning signs of a stroke?")
    assert QUESTION_KO not in b.locator("#chatbot").inner_text()
    assert "당뇨" not in tab_text(b, "Profile", "#profile-summary")
    assert "당뇨" in tab_text(a, "Profile", "#profile-summary")            # A is unchanged by B's turn
    assert (tmp_path / "demo-slots.png").stat().st_size > 10_000

    b.locator("#profile-export").click()                                    # export shows a JSON file
    b.locator("#profile-export-file").get_by_text(".json").first.wait_for()
    href = b.locator("#profile-export-file a[href*='my-profile-']").first.get_attribute("href")
    url = href if href.startswith("http") else served_app["url"].rstrip("/") + "/" + href.lstrip("/")
    served = b.request.get(url)                                              # served, with no session at all
    assert served.status == 200 and "user_id" in served.text()
    b.locator("#profile-delete").click()                                    # delete asks first
    b.locator("#profile-delete-confirm").click()
    b.locator("#profile-summary").get_by_text("No profile yet").wait_for()
    expect = pytest.importorskip("playwright.sync_api").expect        # waits: outputs render one by one
    expect(b.locator("#chatbot")).not_to_contain_text("stroke", timeout=TIMEOUT_MS)
    expect(b.locator("#profile-export-file")).to_be_hidden(timeout=TIMEOUT_MS)
    gone = b.request.get(url)                                                # the served copy is gone too
    assert gone.status in (403, 404) and "user_id" not in gone.text()
