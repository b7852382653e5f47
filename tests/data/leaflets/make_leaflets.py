"""Writes the team's own patient-leaflet PDFs that the PDF ingestion tests read, and the broken inputs beside them.

Why: the PDF reader (headings, lists, tables with their titles, figures with their captions, page numbers) needs
small documents whose layout and page of every fact we know exactly. Public leaflets cannot be redistributed and
their layout is not under our control, so the team wrote these: six general patient leaflets, three in Korean
and three in English, 3-4 A4 pages each. ``questions.jsonl`` asks about them with a gold page per question.

What: every leaflet has a title, bold section headings, paragraphs, bulleted or numbered lists and a warnings
section; some pages carry a dosage table drawn with ``pdf.table()`` under a "표 1." / "Table 1." title line,
or a pillow-drawn figure with a one-line "그림 1." / "Figure 1." caption under it. Each page is laid out on
its own (a page that would overflow is an error), so a fact lives on exactly one page. ``bad/`` gets an
encrypted, an image-only ("scanned"), a truncated and an empty PDF for the error paths.

The output is byte-stable: fixed creation date and metadata, fonts subset by fpdf2, PNGs drawn in memory.
The words are in ``leaflet_texts.py``, the figures in ``leaflet_figures.py``.
Run ``python tests/data/leaflets/make_leaflets.py`` to (re)write the files next to this script;
``check_leaflets.py`` verifies them with pdfplumber. The medical text is general and conservative; it is test
data, not advice.
"""

from __future__ import annotations

import io
import logging
from datetime import UTC, datetime
from pathlib import Path

from fontTools.ttLib import TTFont
from fpdf import FPDF
from fpdf.fonts import FontFace
from leaflet_figures import BOLD_TTF, REGULAR_TTF, font
from leaflet_texts import LEAFLETS, Block, Bullets, Figure, Heading, Leaflet, Para, Table  # noqa: F401 (Figure: for check_leaflets)
from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
FONT = "NanumGothic"
CREATED = datetime(2026, 1, 1, tzinfo=UTC)
AUTHOR = "medical-agent team (test data)"
CREATOR = "tests/data/leaflets/make_leaflets.py"
USER_PASSWORD = "leaflet"   # bad/encrypted.pdf opens with this
BROKEN_BYTES = 300

TITLE_SIZE, HEADING_SIZE, BODY_SIZE, TABLE_SIZE, CAPTION_SIZE = 20.0, 13.5, 10.5, 10.0, 9.5
LINE = 5.8          # mm per body line
TOP, BOTTOM, SIDE = 25.0, 25.0, 20.0



# --------------------------------------------------------------------------------------------- rendering

class LayoutError(RuntimeError):
    """A page's content does not fit on its page, or a one-line element would wrap."""


class LeafletPDF(FPDF):
    """A4 with NanumGothic, a running head (top margin) and a centred "n / N" page number (bottom margin)."""

    def __init__(self, running_head: str = "") -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.running_head = running_head
        self.add_font(FONT, "", str(REGULAR_TTF))
        self.add_font(FONT, "B", str(BOLD_TTF))
        self.set_margins(SIDE, TOP, SIDE)
        self.set_auto_page_break(True, margin=BOTTOM)
        self.set_creation_date(CREATED)
        self.set_author(AUTHOR)
        self.set_creator(CREATOR)
        self.set_producer("fpdf2")

    def header(self) -> None:
        if self.running_head:
            self.set_xy(SIDE, 10)
            self.set_font(FONT, "", 8.5)
            self.set_text_color(110, 110, 110)
            self.cell(0, 5, self.running_head)
            self.set_text_color(0, 0, 0)
        self.set_xy(SIDE, TOP)

    def footer(self) -> None:
        if self.running_head:
            self.set_y(-15)
            self.set_font(FONT, "", 9)
            self.set_text_color(110, 110, 110)
            self.cell(0, 6, f"{self.page_no()} / {{nb}}", align="C")
            self.set_text_color(0, 0, 0)


def _check_glyphs(texts: list[str]) -> None:
    """Every character must exist in both fonts, or fpdf2 would print nothing (and pdfplumber find nothing)."""
    for path in (REGULAR_TTF, BOLD_TTF):
        cmap = TTFont(str(path)).getBestCmap()
        missing = sorted({ch for t in texts for ch in t if not ch.isspace() and ord(ch) not in cmap})
        if missing:
            raise LayoutError(f"{path.name} has no glyph for {missing}")


def block_texts(block: Block) -> list[str]:
    """The strings a block prints, as they should come back from the PDF (check_leaflets.py compares them)."""
    if isinstance(block, Heading | Para):
        return [block.text]
    if isinstance(block, Bullets):
        return [f"{i}. {t}" if block.numbered else f"• {t}" for i, t in enumerate(block.items, start=1)]
    if isinstance(block, Table):
        return [block.title, *(" ".join(c for c in row if c) for row in (block.header, *block.rows))]
    return [block.caption]


def _one_line(pdf: FPDF, text: str, width: float, what: str) -> None:
    if pdf.get_string_width(text) > width:
        raise LayoutError(f"{what} wraps (keep it on one line): {text!r}")


def _render_block(pdf: FPDF, block: Block) -> None:
    if isinstance(block, Heading):
        pdf.ln(3)
        pdf.set_font(FONT, "B", HEADING_SIZE)
        pdf.set_text_color(20, 50, 100)
        pdf.multi_cell(0, 7.5, block.text, align="L", new_x="LMARGIN", new_y="NEXT")
        pdf.set_text_color(0, 0, 0)
        pdf.ln(1)
    elif isinstance(block, Para):
        pdf.set_font(FONT, "", BODY_SIZE)
        pdf.multi_cell(0, LINE, block.text, align="L", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
    elif isinstance(block, Bullets):
        pdf.set_font(FONT, "", BODY_SIZE)
        for i, item in enumerate(block.items, start=1):
            pdf.set_x(pdf.l_margin + 3)
            pdf.cell(6, LINE, f"{i}." if block.numbered else "•")
            pdf.multi_cell(pdf.epw - 9, LINE, item, align="L", new_x="LMARGIN", new_y="NEXT")
            pdf.ln(0.8)
        pdf.ln(1.5)
    elif isinstance(block, Table):
        pdf.ln(1)
        pdf.set_font(FONT, "B", TABLE_SIZE)
        _one_line(pdf, block.title, pdf.epw, "table title")
        pdf.cell(0, 7, block.title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FONT, "", TABLE_SIZE)
        total = sum(block.widths)
        for row in (block.header, *block.rows):
            for text, rel in zip(row, block.widths, strict=True):
                pdf.set_font(FONT, "B" if row is block.header else "", TABLE_SIZE)
                _one_line(pdf, text, pdf.epw * rel / total - 2.5, "table cell")
        pdf.set_font(FONT, "", TABLE_SIZE)
        style = FontFace(emphasis="BOLD", fill_color=(226, 234, 245))
        with pdf.table(col_widths=block.widths, width=pdf.epw, line_height=6.5, text_align="LEFT",
                       headings_style=style, padding=(0.8, 1.2)) as table:
            for row in (block.header, *block.rows):
                cells = table.row()
                for text in row:
                    cells.cell(text)
        pdf.ln(3)
    else:
        buf = io.BytesIO()
        block.draw().save(buf, format="PNG", optimize=True)
        buf.seek(0)
        pdf.ln(2)
        pdf.image(buf, x=(pdf.w - block.width) / 2, w=block.width)
        pdf.ln(1.5)
        pdf.set_font(FONT, "", CAPTION_SIZE)
        _one_line(pdf, block.caption, pdf.epw, "figure caption")
        pdf.cell(0, 5.5, block.caption, align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)


def render_leaflet(leaflet: Leaflet) -> bytes:
    """The leaflet's PDF bytes; every page of ``leaflet.pages`` must fit on one A4 page."""
    _check_glyphs([leaflet.title, leaflet.intro, leaflet.running_head,
                   *(t for page in leaflet.pages for b in page for t in block_texts(b))])
    pdf = LeafletPDF(leaflet.running_head)
    pdf.set_title(leaflet.title)
    pdf.set_subject(leaflet.subject)
    pdf.set_keywords("patient leaflet; test data")
    pdf.set_lang("ko-KR" if leaflet.lang == "ko" else "en-GB")
    for number, blocks in enumerate(leaflet.pages, start=1):
        pdf.add_page()
        if number == 1:
            pdf.set_font(FONT, "B", TITLE_SIZE)
            pdf.multi_cell(0, 10, leaflet.title, align="L", new_x="LMARGIN", new_y="NEXT")
            pdf.ln(1)
            pdf.set_font(FONT, "", BODY_SIZE)
            pdf.set_text_color(70, 70, 70)
            pdf.multi_cell(0, LINE, leaflet.intro, align="L", new_x="LMARGIN", new_y="NEXT")
            pdf.set_text_color(0, 0, 0)
            pdf.ln(2)
        for block in blocks:
            _render_block(pdf, block)
        if pdf.page != number:
            raise LayoutError(f"{leaflet.filename}: the content of page {number} runs over onto the next page")
    return bytes(pdf.output())


# --------------------------------------------------------------------------------------------- bad inputs

def render_encrypted() -> bytes:
    """A normal one-page text PDF that needs the user password ``USER_PASSWORD`` to open."""
    pdf = LeafletPDF()
    pdf.set_title("Encrypted leaflet")
    pdf.add_page()
    pdf.set_font(FONT, "B", TITLE_SIZE)
    pdf.multi_cell(0, 10, "암호가 걸린 안내문 (Encrypted leaflet)", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", BODY_SIZE)
    pdf.multi_cell(0, LINE, "This page has a normal text layer, but the file opens only with a password. "
                            "이 파일은 암호 없이는 열 수 없습니다.", new_x="LMARGIN", new_y="NEXT")
    pdf.set_encryption(owner_password="owner-" + USER_PASSWORD, user_password=USER_PASSWORD)
    return bytes(pdf.output())


def render_scanned() -> bytes:
    """One page that is only a picture of text: no text layer at all, as a scanner without OCR makes it."""
    dpi = 100
    w, h = int(210 / 25.4 * dpi), int(297 / 25.4 * dpi)
    img = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(img)
    lines = ["스캔한 안내문 (Scanned leaflet)", "",
             "이 페이지는 글자를 그린 이미지일 뿐이며", "텍스트 레이어가 없습니다.", "",
             "This page is only an image of text.", "A reader needs OCR to get words from it."]
    y = 110
    for i, line in enumerate(lines):
        d.text((80, y), line, font=font(30 if i == 0 else 22, bold=i == 0), fill=0)
        y += 50 if i == 0 else 36
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    buf.seek(0)
    pdf = LeafletPDF()
    pdf.set_title("Scanned leaflet")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.image(buf, x=0, y=0, w=210, h=297)
    return bytes(pdf.output())


# --------------------------------------------------------------------------------------------- main

def build_all(out_dir: Path = HERE) -> dict[str, bytes]:
    """Every file this script writes, keyed by its path relative to ``out_dir`` (nothing is written here)."""
    logging.getLogger("fontTools").setLevel(logging.ERROR)   # "TSI0 NOT subset" notes about hinting tables
    files = {leaflet.filename: render_leaflet(leaflet) for leaflet in LEAFLETS}
    files["bad/encrypted.pdf"] = render_encrypted()
    files["bad/scanned.pdf"] = render_scanned()
    files["bad/broken.pdf"] = files[LEAFLETS[0].filename][:BROKEN_BYTES]
    files["bad/empty.pdf"] = b""
    return files


def main() -> None:
    for name, data in build_all().items():
        path = HERE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{len(data):>8} bytes  {path.relative_to(HERE)}")


if __name__ == "__main__":
    main()
