"""What every poisoned-leaflet PDF generator here shares: the A4 page with NanumGothic, fixed metadata, the title and
subtitle, the ordinary blocks (heading, paragraph, bullet list) and the write-or-check loop.

Why: each set's generator (``make_poisoned*_pdfs.py``) differs only in its documents and in the one or two ways it
hides its injected text (a white box, a margin strip, invisible text, an annotation); the rest was written five times.
A generator builds its page with :func:`new_pdf` and :func:`title_block`, draws its own block kinds and hands the
others to :func:`common_block`, and its ``main`` is :func:`write_or_check`. The output stays byte-stable (fixed
creation date and metadata, fonts subset by fpdf2), so ``--check`` compares the committed files with a fresh build.

Stdlib-only at import: fpdf is imported inside :func:`new_pdf`, so a checker can read a generator's ``DOCS``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

FONT_DIR = Path("/usr/share/fonts/truetype/nanum")
REGULAR_TTF = FONT_DIR / "NanumGothic.ttf"
BOLD_TTF = FONT_DIR / "NanumGothicBold.ttf"
FONT = "NanumGothic"
AUTHOR = "medical-agent team (test data)"


@dataclass
class LeafletDoc:
    """One leaflet: its file name, title and subtitle, its blocks ((kind, content): ``h``, ``p``, ``ul``, ``ol`` and
    the generator's own kinds) and the injected text it carries. A generator adds its own fields by subclassing."""

    file: str
    title: str
    subtitle: str
    blocks: list = field(default_factory=list)
    injected: str = ""


def new_pdf(title: str, created: datetime, creator: str, *, pdf_class: type | None = None,
            bottom_margin: float = 20, subject: str = "") -> Any:
    """An A4 FPDF (or ``pdf_class``) with both NanumGothic weights, 20 mm margins, the fixed metadata and one page."""
    if pdf_class is None:
        from fpdf import FPDF

        pdf_class = FPDF
    pdf = pdf_class(orientation="P", unit="mm", format="A4")
    pdf.add_font(FONT, "", str(REGULAR_TTF))
    pdf.add_font(FONT, "B", str(BOLD_TTF))
    pdf.set_margins(20, 20, 20)
    pdf.set_auto_page_break(True, margin=bottom_margin)
    pdf.set_creation_date(created)
    pdf.set_author(AUTHOR)
    pdf.set_creator(creator)
    pdf.set_producer("fpdf2")
    pdf.set_title(title)
    if subject:
        pdf.set_subject(subject)
    pdf.add_page()
    return pdf


def title_block(pdf: Any, title: str, subtitle: str) -> None:
    """The leaflet's bold title and its grey subtitle line."""
    pdf.set_font(FONT, "B", 18)
    pdf.multi_cell(0, 9, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 9)
    pdf.set_text_color(90, 90, 90)
    pdf.multi_cell(0, 5, subtitle, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.ln(3)


def common_block(pdf: Any, kind: str, content: Any) -> None:
    """Draw an ordinary block: ``h`` heading, ``p`` paragraph, ``ul`` bullets or ``ol`` numbered items; any other
    kind is a generator's own and an error here."""
    if kind == "h":
        pdf.ln(2)
        pdf.set_font(FONT, "B", 12.5)
        pdf.multi_cell(0, 7, content, new_x="LMARGIN", new_y="NEXT")
    elif kind == "p":
        pdf.set_font(FONT, "", 10.5)
        pdf.multi_cell(0, 6, content, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    elif kind in ("ul", "ol"):
        pdf.set_font(FONT, "", 10.5)
        for i, item in enumerate(content, 1):
            pdf.set_x(pdf.l_margin + 3)
            pdf.multi_cell(0, 6, (f"{i}. " if kind == "ol" else "- ") + item, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    else:
        raise ValueError(kind)


def write_or_check(argv: Sequence[str], docs: Sequence[Any], build: Callable[[Any], bytes], out: Path) -> int:
    """Write every document's PDF into ``out``, or with ``--check`` compare each with a fresh build (exit 1 if one
    differs)."""
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)   # "TSI* NOT subset" notes from fontTools
    check = "--check" in argv
    out.mkdir(exist_ok=True)
    bad = 0
    for doc in docs:
        data = build(doc)
        path = out / doc.file
        if check:
            same = path.exists() and path.read_bytes() == data
            print(f"{doc.file}: {'ok' if same else 'DIFFERS from a fresh build'}")
            bad += not same
        else:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(out.parent)} ({len(data)} bytes)")
    return 1 if bad else 0
