"""The LLM judge's reply handling: weights, clamping, cut-off replies, one repair, heuristic fallback."""

import json

import pytest

from medical_agent.evidence import Evidence
from medical_agent.llm.fake import ScriptedLLM
from medical_agent.refine.judge import JudgeFormatError, llm_judge, parse_verdict

DOCS = [Evidence("met#0", "met", "Metformin", "Metformin lowers blood glucose in type 2 diabetes.")]
FULL = {"grounding_score": 1.0, "completeness_score": 0.5, "accuracy_score": 0.0, "missing_info": ["dose"],
        "improvement_suggestions": [], "safety_concerns": [], "rewritten_query": " metformin dose "}


def test_weights_lists_and_query():
    verdict = parse_verdict("Sure: " + json.dumps(FULL))
    assert verdict["overall_score"] == pytest.approx(0.4 * 1.0 + 0.3 * 0.5)
    assert verdict["missing_info"] == ["dose"] and verdict["rewritten_query"] == "metformin dose"
    assert "truncated" not in verdict


def test_scores_are_clamped_and_must_be_numbers():
    assert parse_verdict(json.dumps({**FULL, "grounding_score": 7}))["grounding_score"] == 1.0
    with pytest.raises(JudgeFormatError, match="accuracy_score"):
        parse_verdict(json.dumps({**FULL, "accuracy_score": "high"}))


def test_a_reply_cut_off_after_the_scores_is_used():
    text = json.dumps(FULL)[:-1].replace('"safety_concerns": [], ', '"safety_concerns": ["long text that never')
    text = text[: text.index("never") + 5]
    verdict = parse_verdict(text)
    assert verdict["truncated"] is True and verdict["overall_score"] == pytest.approx(0.55)
    assert verdict["missing_info"] == []  # lists of a cut-off reply are not trusted


def test_a_reply_cut_off_before_all_scores_is_an_error():
    with pytest.raises(JudgeFormatError, match="no JSON object"):
        parse_verdict('{"grounding_score": 0.9, "completeness_score": 0.')


def test_one_repair_then_success():
    llm = ScriptedLLM({"judge": ["I think it is good.", json.dumps(FULL)]})
    verdict, records = llm_judge(llm, "What is metformin?", "It lowers glucose [1].", DOCS, "", "en")
    assert verdict["judge"] == "llm" and [r["repair"] for r in records] == [False, True]
    assert "not a valid JSON" in llm.calls[-1].messages[-1]["content"]


def test_two_bad_replies_fall_back_to_the_heuristic_judge():
    llm = ScriptedLLM({"judge": ["no", "still no"]})
    verdict, records = llm_judge(llm, "What is metformin?", "It lowers glucose [1].", DOCS, "", "en")
    assert verdict["judge"] == "heuristic_fallback" and len(records) == 2
    assert 0.0 <= verdict["overall_score"] <= 1.0
