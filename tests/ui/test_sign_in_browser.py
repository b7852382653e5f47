"""Sign-in round trip in a real browser (issue 36, item 1, the target): Gradio's mocked OAuth routes and signed
session cookie, with the offline identity of ``sign_in: mock``, on three servers sharing one agent's database (two
as Alice, replicas of each other; one as Bob). Two browser contexts signed in as Alice, one per replica, see one
profile and the same conversation; a third context signed in as Bob sees nothing of it; Alice's erasure in one
context is what the other sees after a reload; signing out returns to an anonymous session. No log record names
Alice, her Hugging Face id or her key."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from medical_agent.ui.runtime import AgentRuntime
from medical_agent.ui.sign_in import account_key, mock_oauth_info
from tests.ui.conftest import QUESTION_KO, free_port, os_has_chromium
from tests.ui.test_browser import (
    TIMEOUT_MS,
    VIEWPORT,
    expect,
    open_page,
    panel_text,
    send,
)
from tests.ui.test_sign_in import SALT, signed_settings

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os_has_chromium(), reason="Debian chromium not installed at /usr/bin/chromium")]


@pytest.fixture(scope="module")
def servers(ui_settings, ui_agent) -> Iterator[dict[str, str]]:
    """app.main three times on free ports: Alice's two replicas and Bob's, all on the session's agent."""
    import app

    demos: list[Any] = []
    urls: dict[str, str] = {}
    try:
        for name, user in (("alice-1", "alice"), ("alice-2", "alice"), ("bob", "bob")):
            port = free_port()
            settings = signed_settings(ui_settings, user)
            with pytest.MonkeyPatch.context() as mp:
                mp.setenv("GRADIO_SERVER_NAME", "127.0.0.1")
                mp.setenv("GRADIO_SERVER_PORT", str(port))
                demos.append(app.main(settings, block=False, runtime=AgentRuntime(settings, ui_agent)))
            urls[name] = f"http://127.0.0.1:{port}/"
        yield urls
    finally:
        for demo in demos:
            demo.close()


LABELS = {"en-US": ("Sign in with Hugging Face", "Sign out ({})"), "ko-KR": ("허깅페이스로 로그인", "로그아웃 ({})")}


def signed_in_page(browser, url: str, user: str, locale: str = "en-US"):
    """A new browser context that opens ``url`` and clicks "Sign in with Hugging Face" (Gradio's mocked login
    route sets its session cookie and comes back); the page's load event then opens the account."""
    page = open_page(browser, url, locale=locale, context=browser.new_context(viewport=VIEWPORT, locale=locale))
    sign_in, sign_out = LABELS[locale]
    expect()(page.locator("#sign-in")).to_have_text(sign_in, timeout=TIMEOUT_MS)
    page.locator("#sign-in").click()
    expect()(page.locator("#sign-in")).to_have_text(sign_out.format(user), timeout=TIMEOUT_MS)
    return page


def test_two_contexts_as_one_user_share_a_profile_a_third_sees_nothing_and_erasure_reaches_both(
        browser, servers, ui_agent, caplog):
    caplog.set_level(logging.DEBUG)
    alice_key = account_key(mock_oauth_info("alice")["userinfo"]["sub"], SALT)
    first = signed_in_page(browser, servers["alice-1"], "alice")
    first.locator("#profile-controls").get_by_text("My profile", exact=False).first.click()
    expect()(first.locator("#profile-keep")).to_contain_text("Signed in as alice", timeout=TIMEOUT_MS)
    send(first, QUESTION_KO)
    expect()(first.locator("#profile-panel")).to_contain_text("Diabetes", timeout=TIMEOUT_MS)
    assert ui_agent.deps.profiles.get(alice_key) is not None                 # stored under the salted key

    second = signed_in_page(browser, servers["alice-2"], "alice")           # another device, another replica
    expect()(second.locator("#profile-panel")).to_contain_text("Diabetes", timeout=TIMEOUT_MS)
    expect()(second.locator("#chatbot")).to_contain_text(QUESTION_KO, timeout=TIMEOUT_MS)   # the conversation too

    third = signed_in_page(browser, servers["bob"], "bob", "ko-KR")          # the button in Korean, too
    third.wait_for_timeout(1500)                                             # its account has been opened
    assert "아직 프로필이 없습니다" in panel_text(third, "#profile-panel")
    assert QUESTION_KO not in third.locator("#chatbot").inner_text()

    first.locator("#profile-delete").click()
    first.locator("#profile-delete-confirm-yes").click()
    expect()(first.locator("#profile-delete-status")).to_contain_text("🗑 Deleted", timeout=TIMEOUT_MS)
    second.reload()                                                          # the other device sees it gone
    expect()(second.locator("#sign-in")).to_have_text("Sign out (alice)", timeout=TIMEOUT_MS)
    second.wait_for_timeout(1500)
    assert "No profile yet" in panel_text(second, "#profile-panel")
    assert QUESTION_KO not in second.locator("#chatbot").inner_text()
    assert ui_agent.deps.profiles.get(alice_key) is None

    second.locator("#sign-in").click()                                      # sign out: anonymous again
    expect()(second.locator("#sign-in")).to_have_text("Sign in with Hugging Face", timeout=TIMEOUT_MS)
    second.locator("#profile-controls").get_by_text("My profile", exact=False).first.click()
    expect()(second.locator("#profile-keep")).to_contain_text("resume code", timeout=TIMEOUT_MS)
    logged = "\n".join(f"{r.name} {r.getMessage()}" for r in caplog.records)
    for secret in ("alice", alice_key, mock_oauth_info("alice")["userinfo"]["sub"]):
        assert secret not in logged
    for page in (first, second, third):
        page.context.close()
