"""Korean loanwords find the English index words they transliterate; native words do not match by chance."""

from __future__ import annotations

import pytest

from medical_agent.retrieval.bm25 import BM25Index
from medical_agent.retrieval.transliteration import LoanwordMatcher, english_skeleton, hangul_skeleton

VOCAB = ["zolmitriptan", "gluten", "golden", "amphetamine", "prednisone", "naltrexone", "metformin",
         "ciprofloxacin", "colchicine", "correlation", "insulin", "tablet"]


@pytest.mark.parametrize(("korean", "english"), [
    ("졸미트립탄", "zolmitriptan"), ("글루텐", "gluten"), ("암페타민", "amphetamine"), ("프레드니손", "prednisone"),
    ("시프로플록사신", "ciprofloxacin"), ("콜히친", "colchicine"), ("인슐린", "insulin")])
def test_loanword_and_english_word_share_a_skeleton(korean, english):
    assert hangul_skeleton(korean) == english_skeleton(english)


def test_matcher_picks_the_similar_sounding_word():
    matcher = LoanwordMatcher((w, 10 if w == "correlation" else 1) for w in VOCAB)
    assert matcher.english(["졸미트립탄", "글루텐이"])[:2] == ["zolmitriptan", "gluten"]
    assert matcher.english(["메트포르민"]) == ["metformin"]       # Korean keeps the "r" before a consonant
    assert matcher.english(["관절", "통증", "정제"]) == []          # native words: no chance matches
    assert hangul_skeleton("Xabc") == "" and matcher.english(["약"]) == []


def test_matcher_reads_the_bm25_vocabulary():
    bm25 = BM25Index.build([["zolmitriptan", "tablet"], ["gluten", "free"], ["gluten", "diet"], ["other"]])
    assert LoanwordMatcher.from_bm25(bm25).english(["글루텐", "졸미트립탄"]) == ["gluten", "zolmitriptan"]
