"""Measurements of the demo's page in a real browser (Playwright), shared by the browser test and the screenshot
script (tests/ui/screenshots.py): words broken across lines (measured with text ranges), whether the newest
answer's first line and the four panels are in view together, the Latin words a Korean page shows outside the
allowed terms, and when the first answer text becomes visible."""

from __future__ import annotations

from typing import Any

from tests.ui.test_korean import foreign_words

PANELS = ("#panel-slots", "#panel-profile", "#panel-documents", "#panel-refine")
ANSWER = "#chatbot .bot-row .message-content"             # the last one is the newest answer
READ_AREAS = (*PANELS, "#chatbot .bot-row")

# Every word (letters and digits, with inner hyphens, dots and apostrophes) of every visible text node under the
# given selectors; a word whose range spans client rectangles on more than one line is broken inside itself.
BROKEN_WORDS_JS = """
(selectors) => {
  const broken = [];
  const word = /[\\p{L}\\p{N}]+(?:[-'’.][\\p{L}\\p{N}]+)*/gu;
  for (const selector of selectors) {
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.textContent.matchAll(word)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
          if (!rects.length) continue;
          const lines = new Set(rects.map(r => Math.round(r.top / 4)));
          const tops = [...lines].sort((a, b) => a - b);
          if (tops.length > 1 && (tops[tops.length - 1] - tops[0]) * 4 > rects[0].height * 0.6)
            broken.push({word: m[0], where: selector});
        }
      }
    }
  }
  return broken;
}
"""

# Whether an element's box is inside the window (and, for the answer's first line, inside the chat's own view).
IN_VIEW_JS = """
([selector, first]) => {
  const all = document.querySelectorAll(selector);
  let element = all[all.length - 1];
  if (!element) return false;
  if (first) element = element.querySelector('.md > *') || element;
  const r = element.getBoundingClientRect();
  const fits = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.right <= innerWidth + 1 &&
               (first ? r.top + 16 <= innerHeight : r.bottom <= innerHeight + 1);
  if (!first || !fits) return fits;
  const wrap = element.closest('.bubble-wrap, .panel-wrap');
  if (!wrap) return fits;
  const w = wrap.getBoundingClientRect();
  return r.top >= w.top - 1 && r.top + 16 <= w.bottom;
}
"""

# When the newest answer first shows text (not the "…" placeholder): a MutationObserver, installed before the send,
# resolves window.__medagentFirst with the seconds since it was installed.
FIRST_TEXT_JS = """
() => { window.__medagentFirst = new Promise(resolve => {
  const start = performance.now();
  const count = document.querySelectorAll('#chatbot .bot-row').length;
  const check = () => {
    const rows = document.querySelectorAll('#chatbot .bot-row');
    if (rows.length <= count) return false;
    const contents = rows[rows.length - 1].querySelectorAll('.message-content');
    const text = contents.length ? contents[contents.length - 1].innerText.trim() : '';
    if (text && text !== '…') { resolve((performance.now() - start) / 1000); return true; }
    return false;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document.querySelector('#chatbot'), {subtree: true, childList: true, characterData: true});
}); }
"""


# What a person reads on the page: text nodes with a box on screen (collapsed folds and hidden parts have none).
VISIBLE_TEXT_JS = """
(leftOut) => {
  const out = [];
  const root = document.querySelector('.gradio-container') || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(leftOut) || !node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(r => r.width > 0 && r.height > 0)) out.push(node.textContent);
  }
  for (const e of root.querySelectorAll('input[placeholder], textarea[placeholder]'))
    if (e.getClientRects().length && !e.closest(leftOut)) out.push(e.placeholder);
  return out.join(' ');
}
"""
# Left out of the Korean check: what people and documents wrote (the chat's messages, passages' titles and text),
# and Gradio's own footer (its words come from Gradio's translations, not from this app).
LEFT_OUT = ("#chatbot .message-content", "#chatbot .user-row", "footer", "#raw-result", ".ma-snippet",
            ".ma-doc-head b", "a[href^='http']", "script", "style")


def broken_words(page: Any, selectors: tuple[str, ...] = READ_AREAS) -> list[dict[str, str]]:
    return page.evaluate(BROKEN_WORDS_JS, list(selectors))


def panels_and_answer_in_view(page: Any) -> dict[str, bool]:
    """Each panel, and the newest answer's first line, fully in the window (scrolled to the top)."""
    page.evaluate("window.scrollTo(0, 0)")
    seen = {p: page.evaluate(IN_VIEW_JS, [p, False]) for p in PANELS}
    seen["answer's first line"] = page.evaluate(IN_VIEW_JS, [ANSWER, True])
    return seen


def foreign_words_on_page(page: Any, data: list[str] = ()) -> list[str]:
    """The Latin words of the page's text outside the allowed terms (a Korean page should show none); the chat's
    messages are left out (an answer follows its question's language) except for their headings and steps."""
    text = page.evaluate(VISIBLE_TEXT_JS, ", ".join(LEFT_OUT))
    return foreign_words(text, list(data))


def no_sideways_scroll(page: Any) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")
