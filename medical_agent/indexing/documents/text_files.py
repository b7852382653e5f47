"""Markdown, plain-text and HTML files into the same elements as a PDF (one "page" each; a form feed in a text file
starts a new page; no layout, so no bounding boxes).

Markdown's ``#`` lines are headings, ``-``/``*``/``1.`` lines list items, ``|`` rows a table; HTML's h1–h6, p, li,
table rows and figcaption map the same way through the standard library's HTML parser (no page layout to read).
Text a reader of the page never sees is not read (issue 32: a poisoned page hid its instructions there): scripts,
styles and templates, elements marked ``hidden`` or ``aria-hidden="true"``, styled ``display: none`` or
``visibility: hidden``, and a ``<dialog>`` that is not open.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from ...settings import Limits
from .elements import (
    TABLE_TITLE,
    DocumentError,
    Element,
    ParsedDocument,
    TextBudget,
    is_bullet,
    is_caption,
    join_lines,
)

MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
MD_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
MD_IMAGE = re.compile(r"^\s*!\[[^\]]*\]\([^)]*\)\s*$")


def _read(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise DocumentError("not UTF-8 text (save it as UTF-8)") from None
    if not text.strip():
        raise DocumentError("the file is empty")
    return text


def parse_markdown(path: Path, name: str | None = None, limits: Limits | None = None,
                   kind: str = "markdown") -> ParsedDocument:
    text = _read(path)
    TextBudget(limits).add(len(text))
    pages = text.split("\f")
    elements: list[Element] = []
    for number, page in enumerate(pages, start=1):
        elements += _markdown_page(page, number)
    title = next((e.text for e in elements if e.category == "heading"), "") or path.stem
    return ParsedDocument(name or path.name, title, len(pages), elements, kind)


def parse_text(path: Path, name: str | None = None, limits: Limits | None = None) -> ParsedDocument:
    return parse_markdown(path, name, limits, kind="text")


def _markdown_page(page: str, number: int) -> list[Element]:
    """Blocks split by blank lines and by a change of role; a "Table 1." line right above a table is its title,
    a caption right below an image (``![...](...)``) is the figure."""
    elements: list[Element] = []
    block: list[str] = []
    role, title = "", ""

    def flush() -> None:
        nonlocal block, role, title
        if block:
            if role == "table":
                rows = [" | ".join(c.strip() for c in ln.strip().strip("|").split("|")) for ln in block
                        if not MD_TABLE_RULE.match(ln)]
                text = "\n".join([title] * bool(title) + rows)
            elif role == "list":
                text = "\n".join(ln.strip() for ln in block)
            else:
                text = join_lines(block)
            if role != "image":
                elements.append(Element(role, text, number))
        block, role, title = [], "", ""

    for raw in page.splitlines():
        line = raw.rstrip()
        heading = MD_HEADING.match(line)
        if heading or not line.strip():
            flush()
            if heading:
                elements.append(Element("heading", heading.group(2), number, level=len(heading.group(1))))
            continue
        r = "table" if line.lstrip().startswith("|") else "image" if MD_IMAGE.match(line) else \
            "list" if is_bullet(line) else "caption" if is_caption(line) else "paragraph"
        if r == "table" and role == "caption" and TABLE_TITLE.match(block[0]):
            title, block, role = join_lines(block), [], "table"
        elif r == "caption" and role == "image":
            block, role, r = [], "figure", "figure"
        elif r == "paragraph" and role == "list" and raw[:1].isspace():
            block[-1] += " " + line.strip()
            continue
        if r != role:
            flush()
            role = r
        block.append(line)
    flush()
    return elements


HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
# a hidden element whose end tag HTML lets one leave out ends where the next block starts ("<p hidden>…<p>…")
IMPLIED_END = {"p", "li"}
BLOCKS = {"p", "li", "ul", "ol", "div", "table", "section", "article", "aside", "h1", "h2", "h3", "h4", "h5", "h6"}


def _hidden(tag: str, attrs: list[tuple[str, str | None]]) -> bool:
    """An element a reader of the rendered page does not see."""
    given = {k.lower(): (v or "") for k, v in attrs}
    return "hidden" in given or given.get("aria-hidden", "").lower() == "true" or \
        bool(HIDDEN_STYLE.search(given.get("style", ""))) or (tag == "dialog" and "open" not in given)


class _HtmlElements(HTMLParser):
    MAP = {"h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading", "h6": "heading",
           "p": "paragraph", "li": "list", "figcaption": "figure", "caption": "caption", "tr": "table"}
    SKIP = {"script", "style", "nav", "footer", "header", "noscript", "template"}

    def __init__(self, budget: TextBudget) -> None:
        super().__init__(convert_charrefs=True)
        self.budget = budget
        self.elements: list[tuple[str, str, int]] = []
        self.stack: list[str] = []
        self.text: list[str] = []
        self.cells: list[str] = []
        self.skipping = 0
        self.title = ""
        self._in_title = False
        self.hidden: list[str] = []         # the open elements of a hidden subtree, its root first

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.hidden and len(self.hidden) == 1 and self.hidden[0] in IMPLIED_END and tag in BLOCKS:
            self.hidden = []
        if self.hidden:
            if tag not in VOID:
                self.hidden.append(tag)
            return
        if tag not in VOID and _hidden(tag, attrs):
            self.hidden = [tag]
            return
        if tag in self.SKIP:
            self.skipping += 1
        elif tag == "title":
            self._in_title = True
        elif tag in self.MAP:
            self.stack.append(tag)
            self.text = []
        elif tag in ("td", "th"):
            self.text = []
        elif tag == "br":
            self.text.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.hidden:
            if tag in self.hidden:
                del self.hidden[len(self.hidden) - 1 - self.hidden[::-1].index(tag):]
            return
        if tag in self.SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag == "title":
            self._in_title = False
        elif tag in ("td", "th"):
            self.cells.append(" ".join("".join(self.text).split()))
            self.text = []
        elif tag in self.MAP and self.stack and self.stack[-1] == tag:
            self.stack.pop()
            text = " | ".join(self.cells) if tag == "tr" else " ".join("".join(self.text).split())
            self.cells = [] if tag == "tr" else self.cells
            if text:
                level = int(tag[1]) if tag[0] == "h" and tag[1:].isdigit() else 0
                self.elements.append((self.MAP[tag], text, level))
            self.text = []

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self._in_title:
            self.title += data
        elif not self.skipping:
            self.budget.add(len(data))
            self.text.append(data)


def parse_html(path: Path, name: str | None = None, limits: Limits | None = None) -> ParsedDocument:
    parser = _HtmlElements(TextBudget(limits))
    parser.feed(_read(path))
    elements: list[Element] = []
    for category, text, level in parser.elements:
        if category == "table" and elements and elements[-1].category in ("table", "caption"):
            last = elements.pop()
            text = f"{last.text}\n{text}"
        elif category == "list" and elements and elements[-1].category == "list":
            last = elements.pop()
            text = f"{last.text}\n• {text}"
        elif category == "list":
            text = f"• {text}"
        elements.append(Element(category, text, 1, level=level))
    if not elements:
        raise DocumentError("no readable text in the HTML file")
    title = " ".join(parser.title.split()) or next((e.text for e in elements if e.category == "heading"), path.stem)
    return ParsedDocument(name or path.name, title, 1, elements, "html")
