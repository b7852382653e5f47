"""The self-refine loop driven by a scripted judge: every stop reason, the iteration cap, malformed JSON."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medical_agent.llm import ScriptedLLM

QUESTION = "What are the side effects of metformin?"


def verdict(score, query=""):
    return json.dumps({"grounding_score": score, "completeness_score": score, "accuracy_score": score,
                       "missing_info": ["kidney"], "improvement_suggestions": [], "safety_concerns": [],
                       "rewritten_query": query})


def short_answers():
    return ScriptedLLM({"generate": "Metformin can upset the stomach [1].", "judge": []}, cycle=True)


def run(make_agent, judge, **flags):
    llm = ScriptedLLM({"generate": "Metformin can upset the stomach [1].", "judge": judge})
    agent = make_agent(llm, **flags)
    return agent.run("u", QUESTION), llm


def test_good_answer_stops_at_once(make_agent):
    result, llm = run(make_agent, [verdict(0.9)])
    assert result["stop_reason"] == "quality_ok" and result["iteration_count"] == 0
    assert [c["tag"] for c in result["llm_calls"]] == ["generate", "judge"]
    log = result["refine_iteration_logs"]
    assert len(log) == 1 and log[0]["quality_score"] == 0.9 and log[0]["stop_reason"] == "quality_ok"
    assert log[0]["parts"]["grounding_score"] == 0.9 and log[0]["judge"] == "llm"


def test_max_iterations_with_guards_off(make_agent):
    queries = ["metformin kidney", "metformin lactic acidosis", "metformin diarrhoea"]
    result, llm = run(make_agent, [verdict(0.1, q) for q in queries], quality_check_enabled=False)
    assert result["stop_reason"] == "max_iterations" and result["iteration_count"] == 2
    assert len(llm.calls_with("generate")) == 3 and len(llm.calls_with("judge")) == 3
    assert [e["iteration"] for e in result["refine_iteration_logs"]] == [0, 1, 2]
    assert result["refine_iteration_logs"][0]["rewritten_query"] == "metformin kidney"


def test_stagnation_stops_the_loop(make_agent):
    result, _ = run(make_agent, [verdict(0.1, "metformin kidney"), verdict(0.12, "metformin lactic acidosis")],
                    duplicate_detection=False)
    assert result["stop_reason"] == "stagnation" and result["iteration_count"] == 1


def test_decline_stops_the_loop(make_agent):
    result, _ = run(make_agent, [verdict(0.4, "metformin kidney"), verdict(0.2, "metformin nausea")],
                    duplicate_detection=False)
    assert result["stop_reason"] == "decline"


def test_duplicate_documents_stop_the_loop(make_agent):
    result, _ = run(make_agent, [verdict(0.1, QUESTION), verdict(0.3, QUESTION)])
    assert result["stop_reason"] == "duplicate_documents" and result["iteration_count"] == 1


def test_improving_answers_run_to_the_cap(make_agent):
    result, _ = run(make_agent, [verdict(0.1, "metformin kidney"), verdict(0.25, "metformin lactic acidosis"),
                                 verdict(0.4, "metformin diarrhoea")], duplicate_detection=False)
    assert result["stop_reason"] == "max_iterations" and len(result["refine_iteration_logs"]) == 3


def test_malformed_judge_json_falls_back_to_the_heuristic(make_agent):
    result, llm = run(make_agent, ["this is not json", '{"grounding_score": "high"}', verdict(0.9)],
                      llm_based_quality_check=True)
    log = result["refine_iteration_logs"][0]
    assert log["judge"] == "heuristic_fallback" and "length_score" in log["parts"]
    calls = result["llm_calls"]
    assert [(c["tag"], c["repair"]) for c in calls[1:3]] == [("judge", False), ("judge", True)]
    assert calls[0]["tag"] == "generate" and result["refine_iteration_logs"][1]["judge"] == "llm"


def test_one_repair_is_enough(make_agent):
    result, _ = run(make_agent, ["```json\nnope", verdict(0.8)])
    assert result["refine_iteration_logs"][0]["judge"] == "llm" and result["quality_score"] == 0.8


def test_judge_off_uses_the_heuristic_and_keyword_rewrite(make_agent):
    llm = ScriptedLLM({"generate": "Upset stomach [1]."})
    result = make_agent(llm, llm_based_quality_check=False).run("u", QUESTION)
    assert not llm.calls_with("judge") and result["refine_iteration_logs"][0]["judge"] == "heuristic"


def test_basic_rag_never_loops(make_agent):
    llm = ScriptedLLM({"generate": "Upset stomach [1]."})
    result = make_agent(llm, refine_strategy="basic_rag").run("u", QUESTION)
    assert result["stop_reason"] == "basic_rag" and [c["tag"] for c in result["llm_calls"]] == ["generate"]


def test_confident_heuristic_skips_the_llm_judge(make_agent):
    long_answer = ("Metformin often causes nausea and diarrhoea at first [1]. It is not used when eGFR is below 30 "
                   "[2]. It helps control type 2 diabetes [3]. Taking it with food helps the stomach. " * 3)
    llm = ScriptedLLM({"generate": long_answer})
    result = make_agent(llm).run("u", QUESTION)
    assert result["stop_reason"] == "quality_ok" and not llm.calls_with("judge")
    assert "confident" in result["refine_iteration_logs"][0]["judge"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(scores=st.lists(st.floats(0, 1), min_size=1, max_size=6), max_iter=st.integers(0, 3),
       guards=st.booleans(), dup=st.booleans(), progress=st.booleans(), same_query=st.booleans())
def test_iterations_never_exceed_the_cap(make_agent, scores, max_iter, guards, dup, progress, same_query):
    judge = [verdict(s, QUESTION if same_query else f"metformin {i}") for i, s in enumerate(scores)]
    llm = ScriptedLLM({"generate": "Metformin can upset the stomach [1].", "judge": judge}, cycle=True)
    agent = make_agent(llm, max_refine_iterations=max_iter, quality_check_enabled=guards, duplicate_detection=dup,
                       progress_monitoring=progress)
    result = agent.run("u", QUESTION)
    assert result["iteration_count"] <= max_iter
    assert len(llm.calls_with("generate")) <= max_iter + 1
    assert result["stop_reason"] in {"quality_ok", "max_iterations", "no_retrieval_needed", "duplicate_documents",
                                     "stagnation", "decline"}


def test_answer_length_cap_comes_from_the_settings(make_agent):
    result, llm = run(make_agent, [verdict(0.9)], llm_max_answer_tokens=123)
    assert [c.max_tokens for c in llm.calls if c.tag == "generate"] == [123]
