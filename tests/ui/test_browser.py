"""A real browser (Debian's chromium via Playwright) against the served demo: one Korean turn fills all four
panels, visible together beside the chat at 1440×900 without a click; a second browser context is a different
person and sees none of it; a correction made in the profile panel shows in the next answer."""

from __future__ import annotations

import pytest

from tests.ui.conftest import QUESTION_KO, os_has_chromium

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os_has_chromium(), reason="Debian chromium not installed at /usr/bin/chromium")]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 60_000
VIEWPORT = {"width": 1440, "height": 900}
PANELS = ("#panel-slots", "#panel-profile", "#panel-documents", "#panel-refine")


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def open_page(browser, url: str, requests: list[str] | None = None):
    page = browser.new_context(viewport=VIEWPORT, locale="ko-KR").new_page()
    page.set_default_timeout(TIMEOUT_MS)
    if requests is not None:
        page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    page.locator("#header").get_by_text("offline mode", exact=True).wait_for()          # header filled by the load event
    return page


def send(page, text: str) -> None:
    page.locator("#message textarea").fill(text)
    page.locator("#send").click()
    page.locator("#chatbot").get_by_text("Sources", exact=True).wait_for()   # the final frame has arrived


def panel_text(page, element: str) -> str:
    locator = page.locator(element)
    locator.wait_for(state="visible")
    return locator.inner_text()


def in_viewport(page, element: str) -> bool:
    box = page.locator(element).bounding_box()
    return bool(box) and box["x"] >= 0 and box["y"] >= 0 and box["width"] > 100 and box["height"] > 100 and \
        box["x"] + box["width"] <= VIEWPORT["width"] + 1 and box["y"] + box["height"] <= VIEWPORT["height"] + 1


def test_korean_turn_updates_every_panel_and_sessions_are_isolated(browser, served_app, tmp_path):
    asked: list[str] = []
    a = open_page(browser, served_app["url"], asked)
    send(a, QUESTION_KO)
    assert "메트포르민" in a.locator("#chatbot").inner_text()
    a.locator("#refine-plot").wait_for(state="visible")
    a.evaluate("window.scrollTo(0, 0)")                                    # the page as it opens
    a.screenshot(path=str(tmp_path / "demo.png"))
    assert [p for p in PANELS if not in_viewport(a, p)] == []            # all four at once, no click, no scroll
    local = ("http://127.0.0.1", "http://localhost", "data:", "blob:")
    assert asked and [u for u in asked if not u.startswith(local)] == []   # no web font, nothing off the machine
    slots = panel_text(a, "#slots-table")
    assert "Diabetes mellitus" in slots and "Metformin" in slots and "present" in slots
    assert "당뇨" in panel_text(a, "#profile-summary")
    assert "Diabetes mellitus" in a.locator("#profile-table").inner_text()
    documents = panel_text(a, "#documents-table")
    assert "✔ cited" in documents and "메트포르민 부작용" in documents
    refine = panel_text(a, "#refine-table")
    assert "heuristic" in refine and "quality_ok" in refine
    assert "질환: 당뇨" in a.locator("#chatbot").inner_text()


    b = open_page(browser, served_app["url"])
    assert "메트포르민" not in b.locator("#chatbot").inner_text()
    assert "No profile yet" in panel_text(b, "#profile-summary")
    send(b, "What are the warning signs of a stroke?")
    assert QUESTION_KO not in b.locator("#chatbot").inner_text()
    assert "당뇨" not in panel_text(b, "#profile-summary")
    assert "당뇨" in panel_text(a, "#profile-summary")                      # A is unchanged by B's turn
    assert (tmp_path / "demo.png").stat().st_size > 10_000

    b.locator("#profile-controls").get_by_text("My profile", exact=False).first.click()    # the folded controls

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

    a.locator("#profile-item input").click()                  # A corrects the profile in its panel
    a.get_by_role("option", name="conditions: Diabetes mellitus").click()
    a.locator("#profile-action input").click()
    a.get_by_role("option", name="remove", exact=True).click()
    a.locator("#profile-apply").click()
    a.locator("#profile-edit-status").get_by_text("✔", exact=False).wait_for()
    assert "당뇨" not in panel_text(a, "#profile-summary")
    a.locator("#message textarea").fill("메트포르민은 언제 먹나요?")
    a.locator("#send").click()
    expect(a.locator("#chatbot")).to_contain_text("메트포르민은 언제 먹나요?", timeout=TIMEOUT_MS)
    a.locator("#chatbot").get_by_text("Sources", exact=True).nth(1).wait_for()   # the second answer is complete
    later = a.locator("#chatbot").inner_text().split("메트포르민은 언제 먹나요?")[-1]   # the second answer
    assert "Sources" in later and "질환: 당뇨" not in later                 # it no longer names the diabetes

    a.locator("#ui-language").get_by_text("한국어").click()                 # the interface in Korean
    expect(a.locator("#send")).to_have_text("보내기", timeout=TIMEOUT_MS)
    expect(a.locator("#message textarea")).to_have_attribute("placeholder", "건강에 관한 질문을 입력하세요")


def test_html_in_a_message_and_in_a_record_is_shown_as_text_not_rendered(browser, served_app, tmp_path):
    """Issue 33: an <img> in a message or in a name of an imported record rendered in the page (and loaded)."""
    from tests.bad_values import bundle, write_bundle

    base = served_app["url"].rstrip("/")
    asked: list[str] = []
    page = open_page(browser, served_app["url"], asked)
    send(page, f'<img id="pwn-chat" src="{base}/pwn-pixel-chat.png"> 당뇨가 있어요. 메트포르민 부작용이 뭔가요?')
    assert page.locator("#chatbot img#pwn-chat").count() == 0 and "<img" in page.locator("#chatbot").inner_text()
    record = write_bundle(tmp_path, "record.json", bundle(conditions=(f'<img id="pwn-record" src="{base}/'
                                                                      f'pwn-pixel-record.png">Gout',)))
    page.locator("#profile-controls").get_by_text("My profile", exact=False).first.click()
    page.locator("#profile-record input[type=file]").set_input_files(str(record))
    page.locator("#profile-record-status").get_by_text("from your record", exact=False).wait_for()
    page.locator("#profile-summary").get_by_text("Gout", exact=False).wait_for()
    assert page.locator("img#pwn-record").count() == 0 and page.locator("img#pwn-chat").count() == 0
    assert "<img" in panel_text(page, "#profile-summary")
    assert [u for u in asked if "pwn-pixel" in u] == []                       # nothing was loaded either
