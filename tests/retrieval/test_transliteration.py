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


def name_words(text):
    from medical_agent.retrieval.query_pipeline import name_words as find
    from medical_agent.retrieval.tokenizer import get_tokenizer

    return find(text, get_tokenizer().morphemes(text))


def test_eponyms_in_name_position_match_with_short_skeletons():
    matcher = LoanwordMatcher((w, 1) for w in ["kennedy", "peter", "barrow", "donnai", "internet", "canada",
                                               "goodpasture", *(f"tan{i}" for i in range(500))])
    assert matcher.english(["케네디"]) == []                         # 3 consonants: too short anywhere else
    assert matcher.english([], names=["케네디"]) == ["kennedy"]
    assert matcher.english([], names=name_words("피터스 플러스 증후군")) == ["peter"]  # s-stemmed index word
    assert matcher.english([], names=name_words("돈나이-배로 증후군")) == ["donnai", "barrow"]
    assert matcher.english(["인터넷"]) == ["internet"]                 # final ㅅ is a "t" in loanwords
    assert matcher.english([], names=name_words("굿파스처 증후군")) == ["goodpasture"]   # -ture → 처
    assert name_words("당뇨병이 뭔가요") == ["당뇨"]


def test_only_nouns_in_name_position_are_tried_as_names():
    assert name_words("얼마나 흔한 병인가요? 케네디병은요?") == ["케네디"]   # not the adjective 흔한 or 얼마나
