"""Verifies the leaflet PDFs, the bad inputs and questions.jsonl with pdfplumber; exits 1 on any problem.

Checks: the PDFs on disk are what make_leaflets.py writes now (byte for byte); every page extracts the exact text
the generator printed (Korean included, spaces intact, no ``(cid:..)`` garbage); headings are bold and larger
than the body; tables are found by ``find_tables()`` with the expected cells and their "표/Table" title line
directly above; figures are images with their "그림/Figure" caption line directly below; every question's
answer is on its gold page (a table answer in a table cell and nowhere else on the page, a figure answer in
the caption line only); and the bad files fail the way the error tests expect.

Run ``python tests/data/leaflets/check_leaflets.py`` (``--text`` prints every page's extracted text).
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pdfplumber

HERE = Path(__file__).resolve().parent
MAX_BYTES = 200_000
CAPTION_GAP = 40.0          # points between a table and its title / an image and its caption
KINDS = {"text", "table", "figure", "list"}
WARNING_WORDS = {"ko": ("주의", "경고", "금기"), "en": ("Warning", "Do not", "contraindicated")}
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_leaflets", HERE / "make_leaflets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_leaflets"] = module     # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


class Report:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.warnings: list[str] = []

    def fail(self, message: str) -> None:
        self.problems.append(message)
        print(f"  FAIL {message}")

    def warn(self, message: str) -> None:
        self.warnings.append(message)
        print(f"  warn {message}")


def outside(boxes: list[tuple[float, ...]]) -> Any:
    def keep(obj: dict[str, Any]) -> bool:
        cx, cy = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
        return not any(b[0] - 1 <= cx <= b[2] + 1 and b[1] - 1 <= cy <= b[3] + 1 for b in boxes)
    return keep


def page_facts(page: Any) -> dict[str, Any]:
    """What the checks need of one page: its text, lines, tables (bbox, rows), images and text outside tables."""
    tables = page.find_tables()
    boxes = [t.bbox for t in tables]
    lines = page.extract_text_lines(return_chars=True, strip=True)
    return {
        "text": page.extract_text() or "",
        "lines": lines,
        "tables": [{"bbox": t.bbox, "rows": [[norm(c or "") for c in row] for row in t.extract()]} for t in tables],
        "images": [im for im in page.images if im["x1"] - im["x0"] > 20 and im["bottom"] - im["top"] > 20],
        "outside_tables": norm(page.filter(outside(boxes)).extract_text() or ""),
        "chars": len(page.chars),
    }


def captions(facts: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """(image, caption line) for every image with a "Figure/그림" line starting within CAPTION_GAP below it."""
    out = []
    for im in facts["images"]:
        below = [ln for ln in facts["lines"] if -2 <= ln["top"] - im["bottom"] <= CAPTION_GAP
                 and re.match(r"^(Figure|그림)\s*\d+\.", ln["text"])]
        out.append((im, norm(below[0]["text"]) if below else ""))
    return out


def table_title(facts: dict[str, Any], bbox: tuple[float, ...]) -> str:
    above = [ln for ln in facts["lines"] if -2 <= bbox[1] - ln["bottom"] <= CAPTION_GAP
             and re.match(r"^(Table|표)\s*\d+\.", ln["text"])]
    return norm(above[-1]["text"]) if above else ""


def check_freshness(gen: ModuleType, report: Report) -> None:
    print("== the files on disk are what make_leaflets.py writes")
    for name, data in gen.build_all().items():
        path = HERE / name
        if not path.exists():
            report.fail(f"{name} is missing (run make_leaflets.py)")
        elif path.read_bytes() != data:
            report.fail(f"{name} differs from a fresh build (run make_leaflets.py; or the output is not stable)")
    print(f"  {len(gen.build_all())} files compared")


def check_leaflet(gen: ModuleType, leaflet: Any, report: Report, show_text: bool) -> list[dict[str, Any]]:
    path = HERE / leaflet.filename
    size = path.stat().st_size
    print(f"== {leaflet.filename} ({leaflet.lang}, {size} bytes, {len(leaflet.pages)} pages)")
    if size >= MAX_BYTES:
        report.fail(f"{leaflet.filename} is {size} bytes (limit {MAX_BYTES})")
    if not 2 <= len(leaflet.pages) <= 4:
        report.fail(f"{leaflet.filename} has {len(leaflet.pages)} pages (want 2-4)")
    pages: list[dict[str, Any]] = []
    with pdfplumber.open(path) as pdf:
        if (pdf.metadata or {}).get("Title") != leaflet.title:
            report.fail(f"{leaflet.filename}: metadata Title is {pdf.metadata.get('Title')!r}")
        if len(pdf.pages) != len(leaflet.pages):
            report.fail(f"{leaflet.filename}: {len(pdf.pages)} pages in the PDF, {len(leaflet.pages)} in the spec")
        for number, (page, blocks) in enumerate(zip(pdf.pages, leaflet.pages, strict=False), start=1):
            facts = page_facts(page)
            pages.append(facts)
            check_page(gen, leaflet, number, blocks, facts, report)
            if show_text:
                print(f"  --- page {number} text ---")
                print("  " + facts["text"].replace("\n", "\n  "))
    all_text = " ".join(norm(p["text"]) for p in pages)
    if not any(w in all_text for w in WARNING_WORDS[leaflet.lang]):
        report.fail(f"{leaflet.filename}: no warning words {WARNING_WORDS[leaflet.lang]}")
    if not any(isinstance(b, gen.Bullets) for page in leaflet.pages for b in page):
        report.fail(f"{leaflet.filename}: no bulleted list")
    return pages


def check_page(gen: ModuleType, leaflet: Any, number: int, blocks: tuple[Any, ...], facts: dict[str, Any],
               report: Report) -> None:
    where = f"{leaflet.filename} p{number}"
    text = norm(facts["text"])
    if "(cid:" in text or "\ufffd" in text:
        report.fail(f"{where}: unmapped glyphs in the extracted text")
    expected = [leaflet.title, leaflet.intro] if number == 1 else []
    expected += [t for b in blocks for t in gen.block_texts(b)]
    for want in expected:
        if norm(want) not in text:
            report.fail(f"{where}: printed text not extracted as written: {want[:70]!r}")
    if f"{number} / {len(leaflet.pages)}" not in text:
        report.fail(f"{where}: page number line missing")
    # headings: bold and larger than the body text
    for heading in (b for b in blocks if isinstance(b, gen.Heading)):
        line = next((ln for ln in facts["lines"] if norm(ln["text"]) == norm(heading.text)), None)
        chars = [c for c in (line or {}).get("chars", []) if c["text"].strip()]
        if not chars or not all("Bold" in c["fontname"] and c["size"] > gen.BODY_SIZE + 1 for c in chars):
            report.fail(f"{where}: heading {heading.text!r} is not a bold, larger line")
    # tables
    specs = [b for b in blocks if isinstance(b, gen.Table)]
    if len(facts["tables"]) != len(specs):
        report.fail(f"{where}: find_tables() found {len(facts['tables'])} tables, expected {len(specs)}")
    for spec, found in zip(specs, facts["tables"], strict=False):
        want_rows = [[norm(c) for c in row] for row in (spec.header, *spec.rows)]
        if found["rows"] != want_rows:
            report.fail(f"{where}: table cells differ: {found['rows']}")
        title = table_title(facts, found["bbox"])
        if title != norm(spec.title):
            report.fail(f"{where}: the line above the table is {title!r}, expected {spec.title!r}")
        print(f"  p{number} table {spec.title!r}: {len(found['rows'])} rows x {len(found['rows'][0])} cols, "
              f"header {found['rows'][0]}")
    # figures
    figures = [b for b in blocks if isinstance(b, gen.Figure)]
    if len(facts["images"]) != len(figures):
        report.fail(f"{where}: {len(facts['images'])} images, expected {len(figures)}")
    for spec, (_, caption) in zip(figures, captions(facts), strict=False):
        if caption != norm(spec.caption):
            report.fail(f"{where}: caption under the image is {caption!r}, expected {spec.caption!r}")
        print(f"  p{number} figure, caption {caption!r}")
    first = next((ln["text"] for ln in facts["lines"] if ln["top"] > 60), "")
    print(f"  p{number}: {facts['chars']} chars, {len(facts['lines'])} lines, first: {first[:60]!r}")


def check_questions(gen: ModuleType, texts: dict[str, list[dict[str, Any]]], report: Report) -> None:
    print("== questions.jsonl")
    path = HERE / "questions.jsonl"
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            report.fail(f"questions.jsonl line {n} is empty")
            continue
        rows.append(json.loads(line))
    ids = Counter(q.get("id") for q in rows)
    for qid, n in ids.items():
        if n > 1:
            report.fail(f"question id {qid} is used {n} times")
    langs = {leaflet.filename: leaflet.lang for leaflet in gen.LEAFLETS}
    cross = 0
    for q in rows:
        qid = q.get("id")
        if set(q) != {"id", "lang", "question", "doc", "page", "kind", "answer"}:
            report.fail(f"{qid}: fields {sorted(q)}")
            continue
        if q["lang"] not in ("ko", "en") or q["kind"] not in KINDS:
            report.fail(f"{qid}: lang {q['lang']!r} / kind {q['kind']!r}")
        if bool(HANGUL.search(q["question"])) != (q["lang"] == "ko"):
            report.fail(f"{qid}: lang {q['lang']} does not match the question's script")
        if q["doc"] not in texts:
            report.fail(f"{qid}: unknown doc {q['doc']}")
            continue
        cross += q["lang"] != langs[q["doc"]]
        pages = texts[q["doc"]]
        if not isinstance(q["page"], int) or not 1 <= q["page"] <= len(pages):
            report.fail(f"{qid}: page {q['page']} is outside 1..{len(pages)}")
            continue
        facts, answer = pages[q["page"] - 1], norm(q["answer"])
        if answer not in norm(facts["text"]):
            report.fail(f"{qid}: answer {answer!r} is not on {q['doc']} p{q['page']}")
            continue
        others = [i for i, p in enumerate(pages, start=1) if i != q["page"] and answer in norm(p["text"])]
        if others:
            report.warn(f"{qid}: answer {answer!r} also on page(s) {others} of {q['doc']}")
        if q["kind"] == "table":
            if not any(answer in cell for t in facts["tables"] for row in t["rows"] for cell in row):
                report.fail(f"{qid}: table answer {answer!r} is in no table cell")
            if answer in facts["outside_tables"]:
                report.fail(f"{qid}: table answer {answer!r} is also in the text outside the tables")
        if q["kind"] == "figure":
            caps = [c for _, c in captions(facts)]
            rest = norm(" ".join(ln["text"] for ln in facts["lines"] if norm(ln["text"]) not in caps))
            if not any(answer in c for c in caps):
                report.fail(f"{qid}: figure answer {answer!r} is in no caption")
            if answer in rest:
                report.fail(f"{qid}: figure answer {answer!r} is also outside the caption")
    by_lang = Counter(q["lang"] for q in rows)
    by_kind = Counter(q["kind"] for q in rows)
    by_doc = Counter(q["doc"] for q in rows)
    print(f"  {len(rows)} questions; lang {dict(sorted(by_lang.items()))}; kind {dict(sorted(by_kind.items()))}; "
          f"asked in the other language: {cross}")
    print(f"  per doc {dict(sorted(by_doc.items()))}")
    if len(rows) < 44:
        report.fail(f"only {len(rows)} questions (want 44+)")
    if by_kind["table"] < 8 or by_kind["figure"] < 4:
        report.fail(f"want 8+ table and 4+ figure questions, have {by_kind['table']} and {by_kind['figure']}")
    if not 0.4 <= by_lang["ko"] / max(len(rows), 1) <= 0.6:
        report.fail(f"languages are not about half and half: {dict(by_lang)}")
    for leaflet in gen.LEAFLETS:
        if by_doc[leaflet.filename] == 0:
            report.fail(f"no question about {leaflet.filename}")


def expect_error(path: Path, report: Report, must_mention: str = "") -> None:
    """Opening and reading the file must raise; ``must_mention`` must occur in the exception chain."""
    try:
        with pdfplumber.open(path) as pdf:
            for page in pdf.pages:
                page.extract_text()
    except Exception as exc:  # pdfminer raises many types; any is the expected failure
        chain, cause = [], exc
        while cause is not None and len(chain) < 5:
            chain.append(f"{type(cause).__name__}({str(cause)[:60]!r})")
            cause = cause.__cause__ or cause.__context__
        print(f"  {path.relative_to(HERE)}: raises {' <- '.join(chain)}")
        if must_mention.lower() not in " ".join(chain).lower():
            report.fail(f"{path.relative_to(HERE)}: the error does not mention {must_mention!r}")
        return
    report.fail(f"{path.relative_to(HERE)} opened and extracted without an error")


def check_bad(gen: ModuleType, report: Report) -> None:
    print("== bad inputs")
    bad = HERE / "bad"
    expect_error(bad / "encrypted.pdf", report, must_mention="password")
    with pdfplumber.open(bad / "encrypted.pdf", password=gen.USER_PASSWORD) as pdf:
        text = norm(pdf.pages[0].extract_text() or "")
        if "Encrypted leaflet" not in text:
            report.fail("bad/encrypted.pdf with its password: text not readable")
        print(f"  bad/encrypted.pdf with password {gen.USER_PASSWORD!r}: {text[:50]!r}...")
    with pdfplumber.open(bad / "scanned.pdf") as pdf:
        chars = sum(len(p.chars) for p in pdf.pages)
        images = sum(len(p.images) for p in pdf.pages)
        if chars or not images or len(pdf.pages) != 1:
            report.fail(f"bad/scanned.pdf: {len(pdf.pages)} pages, {chars} chars, {images} images")
        print(f"  bad/scanned.pdf: {len(pdf.pages)} page, {chars} text chars, {images} image")
    expect_error(bad / "broken.pdf", report)
    if (bad / "broken.pdf").stat().st_size != gen.BROKEN_BYTES:
        report.fail("bad/broken.pdf is not the truncated prefix")
    expect_error(bad / "empty.pdf", report)
    if (bad / "empty.pdf").stat().st_size != 0:
        report.fail("bad/empty.pdf is not empty")


def main(argv: list[str]) -> int:
    gen = load_generator()
    report = Report()
    check_freshness(gen, report)
    texts = {lf.filename: check_leaflet(gen, lf, report, "--text" in argv) for lf in gen.LEAFLETS}
    tables = sum(isinstance(b, gen.Table) for lf in gen.LEAFLETS for p in lf.pages for b in p)
    figures = sum(isinstance(b, gen.Figure) for lf in gen.LEAFLETS for p in lf.pages for b in p)
    print(f"== {len(gen.LEAFLETS)} leaflets, {tables} tables, {figures} figures")
    check_questions(gen, texts, report)
    check_bad(gen, report)
    print(f"== {len(report.problems)} problem(s), {len(report.warnings)} warning(s)")
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
