"""MedCAT 2 concept linking: pack build from a small concept CSV, English/Korean/mixed linking with exact
spans, idempotent rebuilds and clear errors for missing or corrupted packs.

The pack is built once per module (~5 s: kiwi load and user-word rebuild dominate); the rest is fast."""

from __future__ import annotations

import csv
import json
import shutil
import threading

import pytest

pytest.importorskip("medcat")
pytest.importorskip("kiwipiepy")

from medical_agent.context.extraction.concepts import COLUMNS, ConceptTable  # noqa: E402
from medical_agent.context.extraction.korean_segment import KoreanSegmenter  # noqa: E402
from medical_agent.context.extraction.medcat_linker import (  # noqa: E402
    PACK_INFO_FILE,
    MedCATLinker,
    MedCATPackError,
)
from medical_agent.context.extraction.mentions import ConceptLinker  # noqa: E402
from medical_agent.indexing.medcat_pack import build_medcat_pack, ensure_medcat_pack  # noqa: E402

ROWS = [
    # cui, tui, slot, name, synonyms_en, names_ko
    ("C0011849", "T047", "condition", "Diabetes mellitus", "diabetes|DM", "당뇨병|당뇨|당뇨 환자"),
    ("C0011860", "T047", "condition", "Type 2 diabetes mellitus", "type 2 diabetes|T2DM",
     "제2형 당뇨병|제2형당뇨병|당뇨병"),            # 당뇨병 is shared: primary (first Korean name) for C0011849 only
    ("C0020538", "T047", "condition", "Hypertension", "high blood pressure|HTN", "고혈압"),
    ("C0025598", "T121", "medication", "Metformin", "metformin hydrochloride", "메트포르민"),
    ("C0018681", "T184", "symptom", "Headache", "head ache", "두통|머리가 아파"),
    ("C0149931", "T047", "condition", "Migraine", "migraine headache", "편두통"),
    ("C0011991", "T184", "symptom", "Diarrhoea", "diarrhea", "설사"),
    ("C0010200", "T184", "symptom", "Cough", "coughing", "기침|기침이 나"),
    ("C0474680", "T059", "lab", "Haemoglobin A1c", "HbA1c|A1c|glycated haemoglobin", "당화혈색소"),
    ("C0020473", "T047", "condition", "Hyperlipidaemia", "hyperlipidemia", "고지혈증"),
    ("C0360714", "T121", "medication", "Statin", "statin", "고지혈증 약|고지혈증약"),
    ("C0028643", "T184", "symptom", "Numbness", "numbness", "저림|저린"),
]
BY_CUI = {r[0]: r for r in ROWS}


def write_csv(path, rows=ROWS):
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        for cui, tui, slot, name, syn, ko in rows:
            writer.writerow({"cui": cui, "tui": tui, "slot": slot, "name": name, "synonyms_en": syn,
                             "names_ko": ko, "snomed_ct": "", "rxnorm": "", "loinc": "", "topic": ""})
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("medcat")
    concepts_csv = write_csv(root / "concepts.csv")
    summary = build_medcat_pack(concepts_csv, root / "pack")
    return concepts_csv, root / "pack", summary


@pytest.fixture(scope="module")
def linker(built):
    concepts_csv, pack, _ = built
    linker = MedCATLinker(pack, ConceptTable.load(concepts_csv))
    linker.load()
    return linker


def links(linker, text):
    mentions = linker.link(text)
    for m in mentions:
        assert text[m.start:m.end] == m.text, m
        assert m.source == "medcat" and 0.0 <= m.confidence <= 1.0
        cui, tui, slot, name, *_ = BY_CUI[m.cui]
        assert (m.tui, m.slot, m.name) == (tui, slot, name)
    assert [m.start for m in mentions] == sorted(m.start for m in mentions)
    assert all(a.end <= b.start for a, b in zip(mentions, mentions[1:], strict=False))
    return [(m.text, m.cui) for m in mentions]


def test_build_summary_and_info(built):
    concepts_csv, pack, summary = built
    assert json.loads(json.dumps(summary)) == summary
    assert summary["built"] is True and summary["out"] == str(pack)
    assert summary["concepts"] == len(ROWS) and summary["names"] > 2 * len(ROWS) and summary["seconds"] > 0
    info = json.loads((pack / PACK_INFO_FILE).read_text(encoding="utf-8"))
    assert info["sha256"] == summary["sha256"] and "두통" in info["korean_names"]
    assert not [p for p in pack.parent.iterdir() if ".tmp-" in p.name]   # scratch dir cleaned up


def test_is_a_concept_linker(linker):
    assert isinstance(linker, ConceptLinker) and linker.name == "medcat"


@pytest.mark.parametrize("text, expected", [
    ("I have type 2 diabetes and take metformin", [("type 2 diabetes", "C0011860"), ("metformin", "C0025598")]),
    ("high blood pressure", [("high blood pressure", "C0020538")]),
    ("no headache", [("headache", "C0018681")]),   # negation is the assertion step's job
    ("Diabetes mellitus, DM and HTN.", [("Diabetes mellitus", "C0011849"), ("DM", "C0011849"),
                                        ("HTN", "C0020538")]),
])
def test_english(linker, text, expected):
    assert links(linker, text) == expected


@pytest.mark.parametrize("text, expected", [
    ("당뇨병과 고혈압이 있어요", [("당뇨병", "C0011849"), ("고혈압", "C0020538")]),
    ("메트포르민을 먹어요", [("메트포르민", "C0025598")]),
    ("두통이 심하고 설사도 해요", [("두통", "C0018681"), ("설사", "C0011991")]),
    ("제2형 당뇨병이 있어요", [("제2형 당뇨병", "C0011860")]),
    ("제2형당뇨병이에요", [("제2형당뇨병", "C0011860")]),
    ("당뇨환자인데 기침이 나요", [("당뇨환자", "C0011849"), ("기침이 나", "C0010200")]),
    ("어제부터 머리가 아파요", [("머리가 아파", "C0018681")]),
    ("편두통이 있어요", [("편두통", "C0149931")]),          # not 두통 inside 편두통
    ("😀 두통이 있어요", [("두통", "C0018681")]),           # kiwi mis-splits 두통 after an emoji
])
def test_korean(linker, text, expected):
    assert links(linker, text) == expected


def test_mixed_and_whitespace(linker):
    assert links(linker, "HbA1c 8.2%이고 metformin 복용") == [("HbA1c", "C0474680"), ("metformin", "C0025598")]
    assert links(linker, "metformin을  먹고\n고혈압도 있어요 (두통)") == [
        ("metformin", "C0025598"), ("고혈압", "C0020538"), ("두통", "C0018681")]
    assert linker.link("") == [] and linker.link("   ") == []


def test_shared_name_prefers_primary_and_abbreviation_case(linker):
    (m,) = linker.link("당뇨병")
    assert m.cui == "C0011849" and m.confidence < 1.0           # also a synonym of type 2 diabetes
    (m,) = linker.link("메트포르민")
    assert m.confidence == 1.0
    assert links(linker, "dm and htn") == []                  # abbreviations only as written in the table


def test_segmenter_offsets_and_latin_passthrough():
    seg = KoreanSegmenter(["당뇨병", "고혈압"])
    out = seg.segment("당뇨병과 고혈압이 있어요")
    assert out.text.split()[:4] == ["당뇨병", "과", "고혈압", "이"]
    start = out.text.index("고혈압")
    assert out.to_original(start, start + 3) == (5, 8)
    latin = "Type 2 diabetes, HbA1c 8.2%"
    assert seg.segment(latin).text == latin


def test_rebuild_skipped_for_identical_csv(built, tmp_path):
    concepts_csv, pack, summary = built
    stamp = (pack / PACK_INFO_FILE).read_text(encoding="utf-8")
    copy = shutil.copy(concepts_csv, tmp_path / "same.csv")       # same content, other path
    again = build_medcat_pack(copy, pack)
    assert again["built"] is False and again["sha256"] == summary["sha256"]
    assert again["concepts"] == summary["concepts"] and again["names"] == summary["names"]
    assert (pack / PACK_INFO_FILE).read_text(encoding="utf-8") == stamp
    assert ensure_medcat_pack(concepts_csv, pack)["built"] is False


def test_changed_csv_rebuilds_in_place(built, tmp_path):
    pack = shutil.copytree(built[1], tmp_path / "pack")
    changed = [(*ROWS[0][:4], ROWS[0][4] + "|sugar diabetes", ROWS[0][5]), *ROWS[1:]]
    second = ensure_medcat_pack(write_csv(tmp_path / "b.csv", changed), pack)
    assert second["built"] and second["sha256"] != built[2]["sha256"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pack.lock", "b.csv", "pack"]   # no scratch left
    linker = MedCATLinker(pack, ConceptTable.load(tmp_path / "b.csv"))
    assert links(linker, "sugar diabetes") == [("sugar diabetes", "C0011849")]


def test_refuses_to_replace_unrelated_directory(built, tmp_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("keep me")
    with pytest.raises(MedCATPackError, match="refusing to replace"):
        build_medcat_pack(built[0], target)
    assert (target / "notes.txt").read_text() == "keep me"


def test_missing_pack_error(built, tmp_path):
    linker = MedCATLinker(tmp_path / "nope", ConceptTable.load(built[0]))
    with pytest.raises(MedCATPackError, match="not found.*python -m index_builder medcat"):
        linker.link("두통")


@pytest.mark.parametrize("damage", ["truncate_cdb", "drop_info", "bad_info"])
def test_corrupted_pack_error(built, tmp_path, damage):
    pack = shutil.copytree(built[1], tmp_path / "pack")
    if damage == "truncate_cdb":
        data = (pack / "cdb" / "raw_dict.dat").read_bytes()
        (pack / "cdb" / "raw_dict.dat").write_bytes(data[: len(data) // 2])
    elif damage == "drop_info":
        (pack / PACK_INFO_FILE).unlink()
    else:
        (pack / PACK_INFO_FILE).write_text("{not json")
    linker = MedCATLinker(pack, ConceptTable.load(built[0]))
    with pytest.raises(MedCATPackError, match="(corrupted|incomplete).*python -m index_builder medcat"):
        linker.load()


def test_concurrent_first_use_loads_once(built, monkeypatch):
    linker = MedCATLinker(built[1], ConceptTable.load(built[0]))
    calls = []
    original = MedCATLinker._load

    def counting(self):
        calls.append(1)
        return original(self)

    monkeypatch.setattr(MedCATLinker, "_load", counting)
    results: list = []
    threads = [threading.Thread(target=lambda: results.append(links(linker, "고혈압이 있어요"))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and results == [[("고혈압", "C0020538")]] * 4


def test_no_name_is_read_over_a_line_break(linker):
    """"- 고지혈증\n- 약은 없음" is a list: hyperlipidaemia, then no medicines, not "고지혈증 약" (utterances_test27)."""
    assert links(linker, "- 고지혈증\n- 약은 없음") == [("고지혈증", "C0020473")]
    assert links(linker, "고지혈증 약을 먹어요") == [("고지혈증 약", "C0360714")]


def test_inflected_names_are_no_user_nouns(linker):
    """An inflected name ("저린") kept out of kiwi's user nouns leaves its ending to the clause reader: "손이 자주
    저린데 …일까요?" states the numbness and asks the rest (utterances_test27); nouns and brands stay user words."""
    from medical_agent.context.extraction.clauses import STATEMENT, analyse
    from medical_agent.context.extraction.korean_segment import _inflected
    from medical_agent.context.extraction.morphology import get_kiwi

    assert _inflected(get_kiwi(), "가려워") and not _inflected(get_kiwi(), "속쓰림") and not _inflected(get_kiwi(), "코자")
    text = "요즘 손이 자주 저린데 목디스크일까요?"
    assert links(linker, text) == [("저린", "C0028643")]
    assert analyse(text)[0].kind == STATEMENT and analyse(text)[0].end > text.index("저린")

