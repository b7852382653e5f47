"""PDF pages into elements with pdfplumber: text lines with their fonts, tables, images and their captions.

pdfplumber gives every line its position and its characters' font size and name; from those a line is a heading
(larger or bold and short), a list item (a bullet or a number), a caption ("Figure 1.", "표 1.") or body text,
and neighbouring body lines make a paragraph. Tables found by their ruling lines are kept whole, rows as
``a | b | c``, with the title line above them; an image takes the caption below it. Page numbers and lines
repeated in the margins of most pages are dropped. pdfplumber is imported lazily: only document sources need it.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice
from pathlib import Path
from typing import Any

from ...settings import Limits
from .elements import (
    MB,
    DocumentError,
    Element,
    ParsedDocument,
    TextBudget,
    is_bullet,
    is_caption,
    is_page_furniture,
    join_lines,
)
from .inflate import inflate_budget

HEADING_RATIO = 1.15      # a line this much larger than body text is a heading
MARGIN = 0.08             # top/bottom share of the page where running headers and footers live
CAPTION_GAP = 40.0        # points between an image or table and its caption/title


def parse_pdf(path: Path, name: str | None = None, limits: Limits | None = None) -> ParsedDocument:
    """Elements of every page; :class:`DocumentError` with the reason for an encrypted, scanned or broken file,
    or one past ``limits`` (uploads: inflated bytes, pages, characters, each checked while reading; None: no
    limit). Each page's layout is dropped once read, so memory follows one page, not the document."""
    import pdfplumber

    with inflate_budget(limits.max_inflated_mb * MB if limits else None) as budget:
        try:
            with pdfplumber.open(path) as pdf:
                _check_pages(pdf, limits)
                text = TextBudget(limits)
                pages = []
                for page in pdf.pages:
                    pages.append(_page_lines(page))
                    page.close()
                    text.add(sum(len(ln["text"]) for ln in pages[-1][0]) +
                             sum(len(str(row)) for t in pages[-1][1] for row in t["rows"] or []))
                meta_title = str((pdf.metadata or {}).get("Title") or "").strip()
        except DocumentError:
            raise
        except Exception as exc:  # pdfminer raises many types (PSEOF, PDFSyntaxError, PDFPasswordIncorrect...)
            if budget is not None and budget.exceeded is not None:     # wrapped by pdfplumber on the way out
                raise budget.exceeded from None
            if any(isinstance(e, MemoryError) for e in _chain(exc)):    # the reader's process is out of memory
                raise MemoryError from None
            raise DocumentError(_reason(exc)) from None
        if budget is not None and budget.exceeded is not None:         # swallowed by a lenient reader
            raise budget.exceeded
    if not pages:
        raise DocumentError("the PDF has no pages")
    if not any(lines for lines, _, _ in pages):
        raise DocumentError("no text layer (a scanned or image-only PDF; run OCR on it first)")
    body = _body_size([ln for lines, _, _ in pages for ln in lines])
    furniture = _repeated_margin_lines(pages)
    elements: list[Element] = []
    for number, (lines, tables, images) in enumerate(pages, start=1):
        elements += _page_elements(number, lines, tables, images, body, furniture)
    title = meta_title or next((e.text for e in elements if e.category == "heading"), "") or Path(path).stem
    return ParsedDocument(name or Path(path).name, title, len(pages), elements, "pdf")


def _check_pages(pdf: Any, limits: Limits | None) -> None:
    """Count the page tree's leaves up to one past the cap before any page is read."""
    if limits is None:
        return
    from pdfminer.pdfpage import PDFPage

    cap = limits.max_document_pages
    if sum(1 for _ in islice(PDFPage.create_pages(pdf.doc), cap + 1)) > cap:
        raise DocumentError(f"the PDF has more than {cap} pages (limit max_document_pages = {cap})")


def _chain(exc: BaseException) -> list[BaseException]:
    chain: list[BaseException] = []
    cause: BaseException | None = exc
    while cause is not None and len(chain) < 5:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    return chain


def _reason(exc: Exception) -> str:
    text = " ".join(f"{type(e).__name__} {e}" for e in _chain(exc)).lower()
    if "password" in text or "encrypt" in text:
        return "the PDF is encrypted (password protected); save an unprotected copy and add that"
    return f"not a readable PDF ({type(exc).__name__}: {str(exc)[:120] or 'broken file'})"


def _page_lines(page: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[tuple[float, ...]]]:
    """The page's text lines outside tables, its tables (bbox and rows) and its image boxes."""
    tables = [{"bbox": t.bbox, "rows": t.extract()} for t in page.find_tables()]
    boxes = [t["bbox"] for t in tables]

    def outside(obj: dict[str, Any]) -> bool:
        return not any(_inside(obj, box) for box in boxes)

    lines = []
    for line in page.filter(outside).extract_text_lines(return_chars=True, strip=True):
        text = line["text"].strip()
        chars = [c for c in line["chars"] if c["text"].strip()]
        if not text or not chars:
            continue
        sizes = Counter(round(c["size"], 1) for c in chars)
        bold = sum("bold" in c["fontname"].lower() or "black" in c["fontname"].lower() for c in chars)
        lines.append({"text": text, "x0": line["x0"], "top": line["top"], "x1": line["x1"], "bottom": line["bottom"],
                      "size": sizes.most_common(1)[0][0], "bold": bold >= 0.6 * len(chars),
                      "page_height": float(page.height)})
    images = [(im["x0"], im["top"], im["x1"], im["bottom"]) for im in page.images
              if (im["x1"] - im["x0"]) > 20 and (im["bottom"] - im["top"]) > 20]
    return lines, tables, images


def _inside(obj: dict[str, Any], box: tuple[float, ...]) -> bool:
    cx, cy = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
    return box[0] - 1 <= cx <= box[2] + 1 and box[1] - 1 <= cy <= box[3] + 1


def _body_size(lines: list[dict[str, Any]]) -> float:
    sizes: Counter[float] = Counter()
    for ln in lines:
        sizes[ln["size"]] += len(ln["text"])
    return sizes.most_common(1)[0][0] if sizes else 10.0


def _in_margin(ln: dict[str, Any]) -> bool:
    h = ln["page_height"]
    return ln["bottom"] < h * MARGIN or ln["top"] > h * (1 - MARGIN)


def _repeated_margin_lines(pages: list[tuple[list[dict[str, Any]], Any, Any]]) -> set[str]:
    """Running headers/footers: margin lines (digits ignored) on at least half of the pages of a 3+ page file."""
    if len(pages) < 3:
        return set()
    seen: Counter[str] = Counter()
    for lines, _, _ in pages:
        seen.update({re.sub(r"\d+", "#", ln["text"]) for ln in lines if _in_margin(ln)})
    return {text for text, n in seen.items() if n >= len(pages) / 2}


def _page_elements(number: int, lines: list[dict[str, Any]], tables: list[dict[str, Any]],
                   images: list[tuple[float, ...]], body: float, furniture: set[str]) -> list[Element]:
    lines = [ln for ln in lines if not is_page_furniture(ln["text"]) and
             not (_in_margin(ln) and re.sub(r"\d+", "#", ln["text"]) in furniture)]
    used: set[int] = set()
    anchored: list[Element] = []
    for table in tables:
        title = _nearest(lines, used, table["bbox"], above=True, predicate=is_caption)
        rows = [" | ".join((cell or "").replace("\n", " ").strip() for cell in row) for row in table["rows"] or []]
        text = "\n".join(r for r in rows if r.strip(" |"))
        if text:
            anchored.append(Element("table", f"{title}\n{text}" if title else text, number, tuple(table["bbox"])))
    for box in images:
        caption = _nearest(lines, used, box, above=False, predicate=is_caption) or \
            _nearest(lines, used, box, above=True, predicate=is_caption)
        if caption:
            anchored.append(Element("figure", caption, number, tuple(box)))
    free = [(i, ln) for i, ln in enumerate(lines) if i not in used]
    return sorted(anchored + _text_elements(number, free, body), key=lambda e: (e.bbox[1], e.bbox[0]))


def _nearest(lines: list[dict[str, Any]], used: set[int], box: tuple[float, ...], *, above: bool,
             predicate: Any) -> str:
    """The caption-like line just above (a table's title) or below (a figure's caption) a box; marks it used."""
    best, best_gap = None, CAPTION_GAP
    for i, ln in enumerate(lines):
        if i in used or not predicate(ln["text"]):
            continue
        gap = box[1] - ln["bottom"] if above else ln["top"] - box[3]
        if -2 <= gap <= best_gap:
            best, best_gap = i, gap
    if best is None:
        return ""
    used.add(best)
    return lines[best]["text"]


def _role(ln: dict[str, Any], body: float) -> str:
    text = ln["text"]
    if ln["size"] >= body * HEADING_RATIO and len(text) <= 150:
        return "heading"
    if ln["bold"] and len(text) <= 100 and not text.endswith((".", "다.", ":")) and not is_bullet(text):
        return "heading"
    if is_caption(text):
        return "caption"
    return "list" if is_bullet(text) else "paragraph"


def _text_elements(number: int, free: list[tuple[int, dict[str, Any]]], body: float) -> list[Element]:
    """Group consecutive lines of one role into blocks; a list item's wrapped lines stay with the item."""
    elements: list[Element] = []
    block: list[dict[str, Any]] = []
    role = ""

    def flush() -> None:
        if block:
            text = "\n".join(join_lines([ln["text"] for ln in item]) for item in _items(block)) \
                if role == "list" else join_lines([ln["text"] for ln in block])
            box = (min(b["x0"] for b in block), block[0]["top"], max(b["x1"] for b in block), block[-1]["bottom"])
            level = 1 if role == "heading" and block[0]["size"] >= body * 1.4 else 2 if role == "heading" else 0
            elements.append(Element(role, text, number, box, level))

    prev: dict[str, Any] | None = None
    for _, ln in free:
        r = _role(ln, body)
        height = ln["bottom"] - ln["top"]
        continues = prev is not None and ln["top"] - prev["bottom"] < 0.9 * height
        if r == "paragraph" and role == "list" and continues and ln["x0"] > block[0]["x0"] + 2:
            r = "list"  # the wrapped second line of a bullet
        if r != role or not continues or r in ("heading", "caption") and prev is not None and \
                ln["size"] != prev["size"]:
            flush()
            block, role = [], r
        block.append(ln)
        prev = ln
    flush()
    return elements


def _items(block: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    items: list[list[dict[str, Any]]] = []
    for ln in block:
        if is_bullet(ln["text"]) or not items:
            items.append([ln])
        else:
            items[-1].append(ln)
    return items
