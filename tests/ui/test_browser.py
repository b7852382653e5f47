"""A real browser (Debian's chromium via Playwright) against the served demo. A ko-KR browser gets the Korean
interface; one Korean turn fills all four panels, which are in view together with the answer's first line at
1440×900, with no word broken across lines and no English word outside the allowed terms; the choice of language
survives a reload. A second browser context is a different person and sees none of it; its deletion asks first and
says what went; a correction made in the profile editor shows in the next answer. A red-flag answer opens with the
alert block; 👍 on an answer is stored and erased with the profile."""

from __future__ import annotations

import pytest

from tests.ui.conftest import QUESTION_KO, os_has_chromium
from tests.ui.page_checks import (
    BROKEN_WORDS_JS,
    PANELS,
    broken_words,
    foreign_words_on_page,
    no_sideways_scroll,
    panels_and_answer_in_view,
)
from tests.ui.test_korean import strings

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os_has_chromium(), reason="Debian chromium not installed at /usr/bin/chromium")]
TIMEOUT_MS = 60_000
VIEWPORT = {"width": 1440, "height": 900}
OFFLINE = {"ko-KR": "오프라인 모드", "en-US": "offline mode"}
DONE = "#chatbot .thought-group .title"          # the steps' title: "🔎 …" once the answer is complete


def expect():
    return pytest.importorskip("playwright.sync_api").expect


def open_page(browser, url: str, requests: list[str] | None = None, locale: str = "ko-KR", context=None):
    page = (context or browser.new_context(viewport=VIEWPORT, locale=locale)).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    if requests is not None:
        page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    page.locator("#header").get_by_text(OFFLINE[locale]).wait_for()           # header filled by the load event
    return page


def send(page, text: str) -> None:
    done = page.locator(DONE).filter(has_text="🔎").count()
    page.locator("#message textarea").fill(text)
    page.locator("#send").click()
    page.locator(DONE).filter(has_text="🔎").nth(done).wait_for()           # the final frame has arrived
    page.wait_for_timeout(500)


def panel_text(page, element: str) -> str:
    locator = page.locator(element)
    locator.wait_for(state="visible")
    return locator.inner_text()


def test_the_word_check_sees_a_broken_word(browser):
    page = browser.new_page()
    page.set_content('<div id="a" style="width:40px;word-break:break-all">assertion demographics</div>'
                     '<div id="b" style="width:60px;word-break:keep-all">사용 관련</div>')
    assert {w["word"] for w in page.evaluate(BROKEN_WORDS_JS, ["#a"])} == {"assertion", "demographics"}
    assert page.evaluate(BROKEN_WORDS_JS, ["#b"]) == []
    page.close()


def test_a_korean_browser_gets_a_readable_korean_page_and_sessions_are_isolated(browser, served_app, tmp_path):
    asked: list[str] = []
    a = open_page(browser, served_app["url"], asked)
    expect()(a.locator("#send")).to_have_text("보내기", timeout=TIMEOUT_MS)   # navigator.language: ko-KR
    send(a, QUESTION_KO)
    assert "메트포르민" in a.locator("#chatbot").inner_text()
    a.screenshot(path=str(tmp_path / "demo.png"))
    assert panels_and_answer_in_view(a) == {**{p: True for p in PANELS}, "answer's first line": True}
    assert broken_words(a) == [] and no_sideways_scroll(a)
    agent = served_app["agent"]                                              # what people wrote is data
    data = [QUESTION_KO, *(s for (u,) in agent.storage.rows("SELECT user_id FROM profiles")
                           for s in strings(agent.deps.profiles.get(u)))]
    assert foreign_words_on_page(a, data) == []
    local = ("http://127.0.0.1", "http://localhost", "data:", "blob:")
    assert asked and [u for u in asked if not u.startswith(local)] == []   # no web font, nothing off the machine
    slots = panel_text(a, "#slots-panel")
    assert "당뇨" in slots and "메트포르민" in slots and "질문만" in slots
    assert "당뇨" in panel_text(a, "#profile-summary") and "당뇨" in panel_text(a, "#profile-panel")
    documents = panel_text(a, "#documents-panel")
    assert "✔ 인용" in documents and "메트포르민 부작용" in documents
    refine = panel_text(a, "#refine-panel")
    assert "점검 1" in refine and "멈춤: 품질 충분" in refine
    assert "질환: 당뇨" in a.locator("#chatbot").inner_text()
    assert not a.locator("#refine-plot").is_visible()                       # one check: no chart

    a.locator("#ui-language").get_by_text("English").click()               # the switch renders the panels again
    expect()(a.locator("#send")).to_have_text("Send", timeout=TIMEOUT_MS)
    expect()(a.locator("#refine-panel")).to_contain_text("Stopped: good enough", timeout=TIMEOUT_MS)
    expect()(a.locator("#profile-summary")).to_contain_text("Conditions", timeout=TIMEOUT_MS)

    b = open_page(browser, served_app["url"], locale="en-US")
    assert "메트포르민" not in b.locator("#chatbot").inner_text()
    assert "No profile yet" in panel_text(b, "#profile-panel")
    send(b, "What are the warning signs of a stroke?")
    assert QUESTION_KO not in b.locator("#chatbot").inner_text()
    b.locator("#profile-controls").get_by_text("My profile", exact=False).first.click()    # the folded controls
    b.locator("#profile-export").click()                                    # export shows a JSON file
    b.locator("#profile-export-file").get_by_text(".json").first.wait_for()
    href = b.locator("#profile-export-file a[href*='my-profile-']").first.get_attribute("href")
    url = href if href.startswith("http") else served_app["url"].rstrip("/") + "/" + href.lstrip("/")
    served = b.request.get(url)                                              # served, with no session at all
    assert served.status == 200 and "user_id" in served.text()
    b.locator("#profile-delete").click()                                    # delete asks first
    b.locator("#profile-delete-confirm-yes").click()
    expect()(b.locator("#profile-delete-status")).to_contain_text("🗑 Deleted", timeout=TIMEOUT_MS)
    expect()(b.locator("#profile-panel")).to_contain_text("No profile yet", timeout=TIMEOUT_MS)
    expect()(b.locator("#chatbot")).not_to_contain_text("stroke", timeout=TIMEOUT_MS)
    expect()(b.locator("#profile-export-file")).to_be_hidden(timeout=TIMEOUT_MS)
    gone = b.request.get(url)                                                # the served copy is gone too
    assert gone.status in (403, 404) and "user_id" not in gone.text()

    a.locator("#profile-controls").get_by_text("My profile", exact=False).first.click()
    a.locator("#profile-item input").click()                  # A corrects the profile in its editor
    a.get_by_role("option", name="Conditions: Diabetes mellitus").click()
    a.locator("#profile-action input").click()
    a.get_by_role("option", name="remove", exact=True).click()
    a.locator("#profile-apply").click()
    a.locator("#profile-edit-status").get_by_text("✔", exact=False).wait_for()
    expect()(a.locator("#profile-panel")).not_to_contain_text("Diabetes", timeout=TIMEOUT_MS)
    send(a, "메트포르민은 언제 먹나요?")
    later = a.locator("#chatbot").inner_text().split("메트포르민은 언제 먹나요?")[-1]   # the second answer
    assert "출처" in later and "질환: 당뇨" not in later                     # it no longer names the diabetes
    a.reload()                                                              # the choice survives a reload
    a.locator("#header").get_by_text("offline mode").wait_for()
    expect()(a.locator("#send")).to_have_text("Send", timeout=TIMEOUT_MS)


def test_new_patient_asks_first_and_an_empty_send_does_nothing(browser, served_app):
    page = open_page(browser, served_app["url"], locale="en-US")
    page.locator("#send").click()                                           # empty: no bubble, nothing cleared
    page.wait_for_timeout(1500)
    assert page.locator("#chatbot .message-row").count() == 0
    send(page, "What are the warning signs of a stroke?")
    page.locator("#new-patient").click()
    expect()(page.locator("#new-patient-confirm")).to_be_visible(timeout=TIMEOUT_MS)
    page.locator("#new-patient-confirm-cancel").click()                     # cancel: nothing changes
    expect()(page.locator("#new-patient-confirm")).to_be_hidden(timeout=TIMEOUT_MS)
    assert page.locator("#chatbot .message-row").count() == 2
    page.locator("#new-patient").click()
    page.locator("#new-patient-confirm-yes").click()
    expect()(page.locator("#new-patient-status")).to_contain_text("✔ New patient", timeout=TIMEOUT_MS)
    expect()(page.locator("#chatbot .message-row")).to_have_count(0, timeout=TIMEOUT_MS)


def test_a_red_flag_opens_with_the_alert_block_and_a_rating_is_stored_then_erased(browser, served_app):
    page = open_page(browser, served_app["url"])
    send(page, "갑자기 가슴이 조이듯 아프고 식은땀이 나요")
    answer = page.locator("#chatbot .bot-row .message-content").last
    first = answer.locator(".md > *").first
    assert first.get_attribute("role") == "alert" or first.locator("[role=alert]").count() == 1
    assert answer.locator("[role=alert] a[href='tel:119']").count() == 1
    steps = page.locator(DONE).last
    assert "답변 과정" in steps.inner_text()
    store = served_app["agent"].storage.feedback
    before = {u for (u,) in store.db.rows("SELECT DISTINCT user_id FROM answer_feedback")}
    page.locator("#chatbot button[aria-label='좋아요']").last.click()          # Gradio's own 👍, in Korean
    expect()(page.locator("#feedback-status")).to_contain_text("감사합니다", timeout=TIMEOUT_MS)
    page.locator("#feedback-comment textarea").fill("아주 분명해요")
    page.locator("#feedback-send").click()
    expect()(page.locator("#feedback-status")).to_contain_text("의견을 저장", timeout=TIMEOUT_MS)
    (user,) = {u for (u,) in store.db.rows("SELECT DISTINCT user_id FROM answer_feedback")} - before
    assert [(r["rating"], r["comment"]) for r in store.for_user(user)] == [("up", "아주 분명해요")]
    assert store.for_user(user)[0]["trace"]["route"]
    page.locator("#profile-controls").get_by_text("내 프로필", exact=False).first.click()
    page.locator("#profile-delete").click()
    page.locator("#profile-delete-confirm-yes").click()
    expect()(page.locator("#profile-delete-status")).to_contain_text("🗑", timeout=TIMEOUT_MS)
    assert store.for_user(user) == []


def test_html_in_a_message_and_in_a_record_is_shown_as_text_not_rendered(browser, served_app, tmp_path):
    """Issue 33: an <img> in a message or in a name of an imported record rendered in the page (and loaded)."""
    from tests.bad_values import bundle, write_bundle

    base = served_app["url"].rstrip("/")
    asked: list[str] = []
    page = open_page(browser, served_app["url"], asked, locale="en-US")
    send(page, f'<img id="pwn-chat" src="{base}/pwn-pixel-chat.png"> 당뇨가 있어요. 메트포르민 부작용이 뭔가요?')
    assert page.locator("#chatbot img#pwn-chat").count() == 0 and "<img" in page.locator("#chatbot").inner_text()
    record = write_bundle(tmp_path, "record.json", bundle(conditions=(f'<img id="pwn-record" src="{base}/'
                                                                      f'pwn-pixel-record.png">Gout',)))
    page.locator("#profile-controls").get_by_text("My profile", exact=False).first.click()
    page.locator("#profile-record input[type=file]").set_input_files(str(record))
    page.locator("#profile-record-status").get_by_text("from your record", exact=False).wait_for()
    page.locator("#profile-summary").get_by_text("Gout", exact=False).wait_for()
    assert page.locator("img#pwn-record").count() == 0 and page.locator("img#pwn-chat").count() == 0
    assert "<img" in panel_text(page, "#profile-summary") and "<img" in panel_text(page, "#profile-panel")
    assert [u for u in asked if "pwn-pixel" in u] == []                       # nothing was loaded either
