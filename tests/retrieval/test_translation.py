"""Optional LLM query translation: cached, recorded as an LLM call, never required (failures search on)."""

from __future__ import annotations

from medical_agent.llm.fake import ScriptedLLM
from medical_agent.retrieval.query_pipeline import QueryPipeline
from medical_agent.retrieval.translation import QueryTranslator


def test_translation_is_cached_and_joins_both_sides():
    llm = ScriptedLLM({"translate": ["zolmitriptan tablet gluten free"]})
    pipeline = QueryPipeline(None, None, None, translate=QueryTranslator(llm))
    first = pipeline.expansion("졸미트립탄 정제에 글루텐이 있나요?")
    again = pipeline.expansion("졸미트립탄  정제에 글루텐이 있나요?")   # same question, other spacing
    assert len(llm.calls) == 1 and llm.calls[0].tag == "translate"
    assert first.translation == again.translation == "zolmitriptan tablet gluten free"
    assert first.dense_text == first.translation and first.translation in first.bm25_terms
    assert [c["tag"] for c in first.llm_calls] == ["translate"] and again.llm_calls == []


def test_a_failing_model_means_no_translation():
    pipeline = QueryPipeline(None, None, None, translate=QueryTranslator(ScriptedLLM({"translate": []})))
    exp = pipeline.expansion("당뇨병 치료")
    assert exp.translation == "" and exp.llm_calls == [] and "treatment" in exp.bm25_terms


def test_english_questions_are_not_translated():
    llm = ScriptedLLM({"translate": ["x"]})
    QueryPipeline(None, None, None, translate=QueryTranslator(llm)).expansion("diabetes treatment")
    assert llm.calls == []
