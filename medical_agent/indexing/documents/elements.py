"""The page-level elements a document is parsed into, and the rules that tell a line's role.

Seed 004 parses documents into paragraphs, headings, tables, figures, captions and lists, each with its source
and page. Every reader (PDF, Markdown, text, HTML) produces the same :class:`ParsedDocument`, so chunking,
citations and the references table never ask what kind of file a passage came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...settings import Limits

CATEGORIES = ("heading", "paragraph", "list", "table", "figure", "caption")
BULLET = re.compile(r"^\s*(?:[•·‣▪▫●○◦■□\-–*]|\(?\d{1,2}[.)]|[①-⑳])\s+")
CAPTION = re.compile(r"^\s*(?:figure|fig\.|그림|table|표|chart|diagram)\s*\d+", re.IGNORECASE)
TABLE_TITLE = re.compile(r"^\s*(?:table|표)\s*\d+", re.IGNORECASE)
PAGE_NUMBER = re.compile(r"^\s*(?:page\s*|p\.\s*|-\s*)?\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?\s*(?:-\s*)?(?:쪽|페이지)?\s*$",
                         re.IGNORECASE)


@dataclass(frozen=True)
class Element:
    """One block of a page: ``bbox`` is (x0, top, x1, bottom) in PDF points from the page's top left."""

    category: str
    text: str
    page: int                                   # 1-based
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    level: int = 0                              # headings: 1 is the largest


@dataclass
class ParsedDocument:
    path: str                                   # as given (relative to the collection folder)
    title: str
    pages: int
    elements: list[Element] = field(default_factory=list)
    kind: str = "pdf"                           # pdf | markdown | text | html


class DocumentError(ValueError):
    """A file that cannot be indexed; the message is the reason shown to the person (the build goes on)."""


MB = 1024 * 1024


class TextBudget:
    """The characters of text a reader has taken from one document so far, refused past
    ``limits.max_document_chars`` as they are read (no limits: unlimited)."""

    def __init__(self, limits: Limits | None) -> None:
        self.cap = limits.max_document_chars if limits else None
        self.total = 0

    def add(self, chars: int) -> None:
        self.total += chars
        if self.cap is not None and self.total > self.cap:
            raise DocumentError(f"the document has more than {self.cap:,} characters of text "
                                f"(limit max_document_chars = {self.cap})")


def is_bullet(text: str) -> bool:
    return BULLET.match(text) is not None


def is_caption(text: str) -> bool:
    return CAPTION.match(text) is not None and len(text) <= 300


def is_page_furniture(text: str) -> bool:
    """A bare page number ("3", "- 3 -", "Page 3 of 4", "3 / 4") is not content."""
    return PAGE_NUMBER.match(text) is not None


def join_lines(lines: list[str]) -> str:
    """Lines of one block into running text: a hyphen broken across lines is rejoined, other breaks are spaces."""
    out = ""
    for line in (ln.strip() for ln in lines):
        if not line:
            continue
        if out.endswith("-") and line[:1].islower() and len(out) > 1 and out[-2].isalpha():
            out = out[:-1] + line
        else:
            out = f"{out} {line}" if out else line
    return out
