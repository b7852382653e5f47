"""Combining-form matching: Korean compound names find the English compounds built from the same pieces."""

from __future__ import annotations

import pytest

from medical_agent.retrieval.compounds import CompoundMatcher, RootLexicon, RootLexiconError, load_roots
from medical_agent.settings import PROJECT_ROOT

ROOTS = RootLexicon({"연골": ("chondr",), "발생": ("genes",), "저하": ("hypo",), "척추": ("spondyl", "vertebr"),
                     "골단": ("epiphys",), "거대": ("mega", "macro"), "이": ("oto",), "중심": ("centr",),
                     "핵": ("nucle",), "근": ("myo",), "병증": ("path",)})
VOCABULARY = ["hypochondrogenesis", "achondrogenesis", "otospondylomegaepiphyseal", "spondyloepiphyseal",
              "centronuclear", "myopathy", "chondrocyte", "hypoglycemia", "nucleus", "megacolon"]


def test_segment_takes_the_longest_known_morphemes_and_skips_the_rest():
    assert ROOTS.segment("연골발생저하증") == ["연골", "발생", "저하"]
    assert ROOTS.segment("이척추거대골단") == ["이", "척추", "거대", "골단"]
    assert ROOTS.segment("무엇") == []


def test_korean_compounds_find_english_compounds_in_any_order():
    matcher = CompoundMatcher(ROOTS, VOCABULARY)
    # all three pieces meet in hypochondrogenesis (hypo- comes first in English, 저하 last in Korean);
    # achondrogenesis has two of them and comes second
    assert matcher.english(["연골발생저하증"]) == ["hypochondrogenesis", "achondrogenesis"]
    assert matcher.english(["이척추거대골단"])[0] == "otospondylomegaepiphyseal"
    assert matcher.english(["중심핵"]) == ["centronuclear"]


def test_one_piece_or_poor_coverage_finds_nothing():
    matcher = CompoundMatcher(ROOTS, VOCABULARY)
    assert matcher.english(["연골"]) == []            # a single morpheme is the glossary's job
    assert matcher.english(["거대저하"]) == []         # no word holds both; megacolon alone is one piece
    assert CompoundMatcher(ROOTS, ["hypochondrogenesisxxxxxxxxxxxxxxxxxxx"]).english(["연골발생저하증"]) == []


def test_lexicon_files_are_validated(tmp_path):
    (tmp_path / "a.tsv").write_text("ko\tforms\n연골\tchondr\n연골\tchondro|chondr\n", encoding="utf-8")
    assert load_roots(tmp_path).forms == {"연골": ("chondr", "chondro")}
    (tmp_path / "b.tsv").write_text("ko\tforms\n척추\tspondyl-o\n", encoding="utf-8")
    with pytest.raises(RootLexiconError, match=r"b.tsv:2"):
        load_roots(tmp_path)


def test_the_shipped_lexicon_loads_and_rebuilds_a_known_compound():
    roots = load_roots(PROJECT_ROOT / "assets" / "roots")
    assert len(roots.forms) >= 200
    assert "hypochondrogenesis" in CompoundMatcher(roots, VOCABULARY).english(["연골발생저하증"])
