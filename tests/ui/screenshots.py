"""Screenshots and page measurements of a running demo, in Korean and English at 1440×900, 1280×720 and 390×844
(issue 34's targets). Start the app, then:

    python -m tests.ui.screenshots --url http://127.0.0.1:7860/ --out docs/screenshots

For each language and window it opens a fresh browser (its ``navigator.language`` picks the interface's language),
asks one question, and prints one JSON line: seconds until the answer's first text was visible, words broken across
lines in the panels and answers, whether the answer's first line and the four panels are in view together, Latin
words outside the allowed terms (Korean), sideways scrolling; then a red-flag question in each language. The
screenshots are written as ``<lang>-<width>x<height>.png`` (on a phone also ``-full``: the whole page with the
steps opened; and ``<lang>-emergency``) into ``--out``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from tests.ui.conftest import CHROMIUM_ARGS
from tests.ui.page_checks import (
    FIRST_TEXT_JS,
    broken_words,
    foreign_words_on_page,
    no_sideways_scroll,
    panels_and_answer_in_view,
)

WINDOWS = ((1440, 900), (1280, 720), (390, 844))
LOCALES = {"ko": "ko-KR", "en": "en-US"}
QUESTIONS = {"ko": "당뇨가 있어요. 메트포르민 부작용이 뭔가요?", "en": "I have diabetes. What are the side effects of metformin?"}
RED_FLAGS = {"ko": "갑자기 가슴이 조이듯 아프고 식은땀이 나요", "en": "I suddenly have crushing chest pain and a cold sweat"}
TIMEOUT_MS = 120_000
# Whether the newest answer opens with the alert block (its first element is, or holds, role="alert").
ALERT_FIRST_JS = """() => {
  const answers = document.querySelectorAll('#chatbot .bot-row .message-content');
  const first = answers.length && answers[answers.length - 1].querySelector('.md > *');
  return !!first && (first.getAttribute('role') === 'alert' || !!first.querySelector('[role=alert]'));
}"""


def open_page(browser: Any, url: str, lang: str, width: int, height: int) -> Any:
    page = browser.new_context(viewport={"width": width, "height": height}, locale=LOCALES[lang]).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.locator("#header").get_by_text("오프라인 모드" if lang == "ko" else "offline mode").wait_for()
    return page


def ask(page: Any, question: str) -> float:
    """Send ``question``; the seconds until the answer's first text showed; returns once the answer is complete."""
    done = page.locator("#chatbot .thought-group .title").filter(has_text="🔎").count()
    page.locator("#message textarea").fill(question)
    page.evaluate(FIRST_TEXT_JS)                          # the observer is in place before the click
    page.locator("#send").click()
    seconds = page.evaluate("() => window.__medagentFirst")
    page.locator("#chatbot .thought-group .title").filter(has_text="🔎").nth(done).wait_for()
    page.wait_for_timeout(800)                            # the last frame's panels render
    return round(seconds, 3)


def measure(browser: Any, url: str, lang: str, width: int, height: int, out: Path) -> dict[str, Any]:
    page = open_page(browser, url, lang, width, height)
    first = ask(page, QUESTIONS[lang])
    page.evaluate("window.scrollTo(0, 0)")
    name = f"{lang}-{width}x{height}"
    page.screenshot(path=str(out / f"{name}.png"))
    if width < 600:                                       # a phone: the steps opened, the whole page
        page.locator("#chatbot .thought-group .title").last.click()
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / f"{name}-full.png"), full_page=True)
    broken = broken_words(page)
    row = {"page": name, "first_text_s": first, "broken_words": len(broken),
           "broken_examples": [b["word"] for b in broken[:10]],
           "in_view": panels_and_answer_in_view(page), "no_sideways_scroll": no_sideways_scroll(page)}
    if lang == "ko":
        row["foreign_words"] = foreign_words_on_page(page)
    page.context.close()
    return row


def emergency(browser: Any, url: str, lang: str, out: Path) -> dict[str, Any]:
    page = open_page(browser, url, lang, 1440, 900)
    ask(page, RED_FLAGS[lang])
    alert = page.locator("#chatbot [role=alert]").last
    row = {"page": f"{lang}-emergency", "alert": alert.count() > 0,
           "tel": alert.locator("a[href^='tel:']").first.get_attribute("href") if alert.count() else None,
           "alert_first": page.evaluate(ALERT_FIRST_JS)}
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"{lang}-emergency.png"))
    page.context.close()
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, headless=True, args=CHROMIUM_ARGS)
        for lang in LOCALES:
            for width, height in WINDOWS:
                print(json.dumps(measure(browser, args.url, lang, width, height, args.out), ensure_ascii=False),
                      flush=True)
            print(json.dumps(emergency(browser, args.url, lang, args.out), ensure_ascii=False), flush=True)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
