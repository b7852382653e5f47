"""A parsed document into index passages that never cross a page and carry the heading they sit under.

A citation names a page, so a chunk holds one page's text: the paragraphs and lists under one heading, up to the
chunk size; a table or a figure is a chunk of its own, kept whole. The heading goes into the chunk's title, so
BM25 and the embedder see "Metformin leaflet — Kidney function" above a paragraph that never says "kidney".
Chunk ids hash the content (page, category, title, text): re-indexing an unchanged page gives the same id, which
is what clinician feedback and reused vectors are keyed by.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ...text import detect_language
from ..chunking import chunk_text
from .elements import Element, ParsedDocument

ANCHORED = ("table", "figure")


def chunk_id(doc_id: str, page: int, category: str, title: str, text: str) -> str:
    digest = hashlib.sha256(f"{page}\x00{category}\x00{title}\x00{text}".encode()).hexdigest()[:16]
    return f"{doc_id}#{digest}"


def document_chunks(doc: ParsedDocument, *, doc_id: str, chunk_chars: int | None,
                    extra: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Passages ``{chunk_id, doc_id, title, text, lang, source, url, topic, metadata}`` of one document;
    ``metadata`` holds page, category, bbox, heading and the document's title (plus ``extra``)."""
    out: list[dict[str, Any]] = []
    headings: dict[int, str] = {}
    pending: list[Element] = []

    def heading() -> str:
        parts = [headings[k] for k in sorted(headings) if headings[k] != doc.title]
        return " — ".join(parts[-2:])

    def emit(elements: list[Element], category: str) -> None:
        text = "\n".join(e.text for e in elements).strip()
        if not text:
            return
        title = " — ".join(p for p in (doc.title, heading()) if p)
        first = elements[0]
        box = (min(e.bbox[0] for e in elements), first.bbox[1], max(e.bbox[2] for e in elements), elements[-1].bbox[3])
        pieces = [text] if category in ANCHORED else chunk_text(text, chunk_chars)
        for piece in pieces:
            cid = chunk_id(doc_id, first.page, category, title, piece)
            while any(c["chunk_id"] == cid for c in out):  # the same text twice on one page
                cid += "+"
            out.append({"chunk_id": cid, "doc_id": doc_id, "title": title, "text": piece,
                        "lang": detect_language(piece), "source": doc.path, "url": "", "topic": "",
                        "metadata": {"page": first.page, "category": category, "heading": heading(),
                                     "bbox": [round(v, 1) for v in box], "document": doc.title,
                                     "pages": doc.pages, "kind": doc.kind, **(extra or {})}})

    def flush() -> None:
        if pending:
            emit(pending, "list" if all(e.category == "list" for e in pending) else "paragraph")
            pending.clear()

    for element in doc.elements:
        if pending and (element.page != pending[0].page or
                        chunk_chars and sum(len(e.text) + 1 for e in pending) + len(element.text) > chunk_chars):
            flush()
        if element.category == "heading":
            flush()
            level = element.level or 2
            headings = {k: v for k, v in headings.items() if k < level}
            headings[level] = element.text
        elif element.category in ANCHORED:
            flush()
            emit([element], element.category)
        else:
            pending.append(element)
    flush()
    return out
