"""The PDF reader on the team's leaflets (tests/data/leaflets): pages, categories, whole tables with their titles,
figure captions, running heads dropped; unreadable files skipped with their reason; page images."""

import shutil
from pathlib import Path

import pytest

from medical_agent.embeddings import create_embedder
from medical_agent.indexing.build import build_index
from medical_agent.indexing.documents.collection import parse_file, render_thumbnails
from medical_agent.indexing.documents.elements import DocumentError
from medical_agent.indexing.documents.pdf import parse_pdf
from medical_agent.settings import PROJECT_ROOT

LEAFLETS = PROJECT_ROOT / "tests" / "data" / "leaflets"


def elements(name, category=None):
    doc = parse_pdf(LEAFLETS / name)
    return [e for e in doc.elements if category is None or e.category == category]


def test_pages_headings_and_paragraphs_of_a_korean_leaflet():
    doc = parse_pdf(LEAFLETS / "metformin_ko.pdf")
    assert doc.title == "메트포르민 복용 안내" and doc.pages == 3
    headings = [(e.page, e.level, e.text) for e in doc.elements if e.category == "heading"]
    assert headings[0] == (1, 1, "메트포르민 복용 안내")
    assert (2, 2, "신장 기능과 eGFR") in headings and (3, 2, "경고: 젖산산증") in headings
    kidney = next(e for e in doc.elements if e.page == 2 and e.category == "paragraph")
    assert kidney.text.startswith("메트포르민은 대부분 신장(콩팥)을 통해 소변으로 배출됩니다.")
    assert "  " not in kidney.text and "\n" not in kidney.text          # lines joined into running text
    assert {e.category for e in doc.elements} >= {"heading", "paragraph", "list", "table"}


def test_a_table_is_kept_whole_with_its_title_and_rows():
    (table,) = elements("acetaminophen_en.pdf", "table")
    lines = table.text.splitlines()
    assert table.page == 2 and lines[0].startswith("Table 1. Children's dose by body weight")
    assert lines[1] == "Body weight | Single dose | Liquid volume | Max in 24 hours"
    assert "16 to 21.9 kg | 240 mg | 7.5 mL | 960 mg" in lines and len(lines) == 9
    assert not any("240 mg" in e.text for e in elements("acetaminophen_en.pdf") if e.category != "table")
    tables = elements("insulin_hypo_ko.pdf", "table")
    assert [(t.page, t.text.splitlines()[0]) for t in tables] == [(3, "표 1. 당질 약 15 g에 해당하는 식품의 양"),
                                                                  (4, "표 2. 글루카곤 응급 용량")]


def test_a_figure_takes_the_caption_below_its_image():
    figures = {name: [(e.page, e.text[:12]) for e in elements(name, "figure")]
               for name in ("warfarin_en.pdf", "inhaler_en.pdf", "home_bp_ko.pdf", "insulin_hypo_ko.pdf")}
    assert figures == {"warfarin_en.pdf": [(2, "Figure 1. IN")], "inhaler_en.pdf": [(2, "Figure 1. In")],
                       "home_bp_ko.pdf": [(2, "그림 1. 7일 기록 ")], "insulin_hypo_ko.pdf": [(2, "그림 1. 15-15 ")]}


def test_running_heads_and_page_numbers_are_not_content():
    for path in LEAFLETS.glob("*.pdf"):
        texts = [e.text for e in parse_pdf(path).elements]
        assert not any(t.startswith("Patient leaflet |") or t.startswith("환자 안내문") for t in texts), path.name
        assert not any(t.strip().replace(" ", "") in {f"{n}/{m}" for n in range(1, 5) for m in range(1, 5)}
                       for t in texts), path.name


def test_lists_keep_one_item_per_line():
    lists = [e for e in elements("inhaler_en.pdf", "list") if e.page == 4]
    steps = lists[0].text.splitlines()
    assert steps[0] == "1. Sit up straight and try to keep calm. Do not lie down."
    assert all(s[:2] in {f"{n}." for n in range(1, 10)} for s in steps)


@pytest.mark.parametrize(("name", "reason"), [
    ("encrypted.pdf", "encrypted"), ("scanned.pdf", "no text layer"), ("broken.pdf", "not a readable PDF"),
    ("empty.pdf", "the file is empty")])
def test_unreadable_pdfs_raise_with_a_reason(name, reason):
    path = LEAFLETS / "bad" / name
    with pytest.raises(DocumentError, match=reason):
        parse_file(path, name, path.read_bytes())


def test_page_images_one_png_per_page(tmp_path):
    assert render_thumbnails(LEAFLETS / "warfarin_en.pdf", tmp_path, width=240) == 4
    from PIL import Image

    images = sorted(p.name for p in tmp_path.iterdir())
    assert images == ["1.png", "2.png", "3.png", "4.png"]
    assert abs(Image.open(tmp_path / "2.png").size[0] - 240) <= 1       # pdfium rounds the scaled width


def test_a_pdf_folder_builds_with_pages_and_skips_bad_files(tmp_path):
    folder = tmp_path / "docs"
    shutil.copytree(LEAFLETS / "bad", folder / "bad")
    shutil.copy(LEAFLETS / "inhaler_en.pdf", folder)
    (folder / "notes.md").write_text("# not a pdf\n", encoding="utf-8")
    result = build_index(f"pdf:{folder}", tmp_path / "idx", assets_dir=PROJECT_ROOT / "assets",
                         embedder=create_embedder("hashing:64"), embedder_spec="hashing:64", chunk_chars=1200)
    assert list(result.manifest["documents"]) == ["inhaler_en.pdf"]                # pdf: ignores notes.md
    assert sorted(s["file"] for s in result.skipped) == ["bad/broken.pdf", "bad/empty.pdf", "bad/encrypted.pdf",
                                                          "bad/scanned.pdf"]
    entry = result.manifest["documents"]["inhaler_en.pdf"]
    assert entry["pages"] == 4 and sorted(p.name for p in Path(tmp_path / "idx" / entry["thumbnails"]).iterdir()) \
        == ["1.png", "2.png", "3.png", "4.png"]
