"""The self-refine loop driven by a scripted verifier: every action (accept, search again, corrective, improved
and language regeneration, translation, settling on the verification budget), every stop reason, the caps,
malformed JSON, the shared prefix. Most tests lift the budget of one LLM verification per turn to walk the seed's
whole loop; the budget's own tests set it."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medical_agent.llm import ScriptedLLM

QUESTION = "What are the side effects of metformin?"
ANSWER = json.dumps({"answer": "Metformin can upset the stomach [1].", "key_points": ["stomach upset"],
                     "confidence": 0.7})


def verdict(score, query="", supported=True, missing=("kidney",), concerns=()):
    return json.dumps({"supported": [supported], "completeness": score, "relevance": score, "clarity": score,
                       "accuracy": score, "missing_info": list(missing), "safety_concerns": list(concerns),
                       "rewritten_query": query})


def run(make_agent, verify, answers=ANSWER, question=QUESTION, **flags):
    flags.setdefault("max_llm_verifications", 9)
    llm = ScriptedLLM({"generate": answers, "verify": verify})
    agent = make_agent(llm, **flags)
    return agent.run("u", question), llm


def test_good_answer_stops_at_once(make_agent):
    result, llm = run(make_agent, [verdict(0.9)])
    assert result["stop_reason"] == "quality_ok" and result["iteration_count"] == 0
    assert [c["tag"] for c in result["llm_calls"]] == ["generate", "verify"]
    log = result["refine_iteration_logs"]
    assert len(log) == 1 and log[0]["quality_score"] == 0.94 and log[0]["stop_reason"] == "quality_ok"
    assert log[0]["grades"]["completeness"] == 0.9 and log[0]["judge"] == "llm" and log[0]["action"] == "accept"
    assert log[0]["claims"] == [{"text": "Metformin can upset the stomach [1].", "supported": True}]


def test_every_call_of_a_turn_starts_with_the_same_prefix(make_agent):
    result, llm = run(make_agent, [verdict(0.9, supported=False), verdict(0.9)])
    assert [c.tag for c in llm.calls] == ["generate", "verify", "generate", "verify"]
    system, context = llm.calls[0].messages[0], llm.calls[0].messages[1]["content"].split("\n\n[Task]\n")[0]
    assert "[Evidence]" in context and context.endswith(QUESTION)
    for call in llm.calls:
        assert call.messages[0] == system and call.messages[1]["content"].startswith(context + "\n\n[Task]\n")
    assert all(r["cached_tokens"] > 0 for r in result["llm_calls"][1:])       # the fake's prefix cache saw it


def test_max_iterations_with_guards_off(make_agent):
    queries = ["metformin kidney", "metformin lactic acidosis", "metformin diarrhoea"]
    result, llm = run(make_agent, [verdict(0.1, q) for q in queries], quality_check_enabled=False)
    assert result["stop_reason"] == "max_iterations" and result["iteration_count"] == 2
    assert len(llm.calls_with("generate")) == 3 and len(llm.calls_with("verify")) == 3
    assert [e["iteration"] for e in result["refine_iteration_logs"]] == [0, 1, 2]
    assert result["refine_iteration_logs"][0]["rewritten_query"] == "metformin kidney"
    assert result["refine_iteration_logs"][0]["action"] == "retrieve"


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


def test_unsupported_claims_get_a_corrective_answer_on_the_same_evidence(make_agent):
    result, llm = run(make_agent, [verdict(0.9, supported=False), verdict(0.9)])
    assert result["stop_reason"] == "quality_ok" and result["iteration_count"] == 0   # no new search
    first, second = llm.calls_with("generate")
    assert first.temperature == 0.2 and second.temperature == 0.05
    note = second.messages[1]["content"].split("[Task]")[1]
    assert "sentences the evidence does not support: Metformin can upset the stomach [1]." in note
    assert [e["action"] for e in result["refine_iteration_logs"]] == ["corrective", "accept"]
    assert [e["regeneration"] for e in result["refine_iteration_logs"]] == [None, "corrective"]


def test_a_weak_grade_without_missing_information_gets_an_improved_answer(make_agent):
    result, llm = run(make_agent, [verdict(0.3, missing=()), verdict(0.9)])
    second = llm.calls_with("generate")[1]
    assert "A review of the previous answer said: completeness low" in second.messages[1]["content"]
    assert result["stop_reason"] == "quality_ok" and len(llm.calls_with("retrieve")) == 0


def test_the_regeneration_cap_stops_with_its_reason(make_agent):
    result, llm = run(make_agent, [verdict(0.9, supported=False)] * 4, max_regenerations=2)
    assert result["stop_reason"] == "hallucination_retry_cap" and len(llm.calls_with("generate")) == 3
    result, _ = run(make_agent, [verdict(0.3, missing=())] * 4, max_regenerations=1)
    assert result["stop_reason"] == "grade_retry_cap"


def test_a_reply_in_the_wrong_language_is_regenerated_then_translated(make_agent):
    korean = "메트포르민의 부작용은 무엇인가요?"
    english = json.dumps({"answer": "Metformin can upset the stomach [1].", "key_points": [], "confidence": 0.5})
    translated = "메트포르민은 처음에 위장 장애를 일으킬 수 있습니다 [1]."
    result, llm = run(make_agent, [verdict(0.9)] * 3, answers=[english, english, translated], question=korean,
                      max_regenerations=1)
    kinds = [e.get("regeneration") for e in result["refine_iteration_logs"]]
    assert kinds == [None, "language", "translate"] and result["stop_reason"] == "quality_ok"
    assert "한국어로만 답하세요" in llm.calls_with("generate")[1].messages[1]["content"]
    assert "Metformin can upset the stomach" in llm.calls_with("generate")[2].messages[1]["content"]
    assert result["answer"].startswith(translated)
    assert "wrong language" in result["refine_iteration_logs"][0]["judge"]     # no verifier call on those
    assert len(llm.calls_with("verify")) <= 1


def test_a_language_the_model_cannot_fix_ends_in_the_extractive_answer(make_agent):
    english = json.dumps({"answer": "Metformin can upset the stomach [1].", "key_points": [], "confidence": 0.5})
    result, llm = run(make_agent, [verdict(0.9)] * 4, answers=[english] * 3, question="메트포르민의 부작용은 무엇인가요?",
                      max_regenerations=1)
    kinds = [e.get("regeneration") for e in result["refine_iteration_logs"]]
    assert kinds[:4] == [None, "language", "translate", "extract"] and len(llm.calls_with("generate")) == 3
    assert result["generator"] == "extractive_fallback" and "한국어로 답하지 못해" in result["answer"]
    assert "Metformin can upset the stomach" not in result["answer"]


def test_safety_concerns_of_the_review_reach_the_person(make_agent):
    result, _ = run(make_agent, [verdict(0.9, concerns=["Check kidney function before continuing metformin."])])
    assert "Check kidney function before continuing metformin." in result["answer"]
    assert result["answer"].index("Check kidney") < result["answer"].index("⚕️")


def test_malformed_verifier_json_falls_back_to_the_cheap_check(make_agent):
    result, llm = run(make_agent, ["this is not json", '{"supported": "yes"}', verdict(0.9)])
    log = result["refine_iteration_logs"][0]
    assert log["judge"] == "heuristic_fallback" and "length_score" in log["parts"]
    calls = result["llm_calls"]
    assert [(c["tag"], c.get("repair")) for c in calls[1:3]] == [("verify", False), ("verify", True)]


def test_one_repair_is_enough(make_agent):
    result, _ = run(make_agent, ["```json\nnope", verdict(0.8)])
    assert result["refine_iteration_logs"][0]["judge"] == "llm" and result["quality_score"] == 0.88


def test_verifier_off_uses_the_cheap_check_and_the_keyword_rewrite(make_agent):
    llm = ScriptedLLM({"generate": "Upset stomach [1]."})
    result = make_agent(llm, llm_based_quality_check=False).run("u", QUESTION)
    assert not llm.calls_with("verify") and result["refine_iteration_logs"][0]["judge"] == "heuristic"


def test_basic_rag_never_loops(make_agent):
    llm = ScriptedLLM({"generate": "Upset stomach [1]."})
    result = make_agent(llm, refine_strategy="basic_rag").run("u", QUESTION)
    assert result["stop_reason"] == "basic_rag" and [c["tag"] for c in result["llm_calls"]] == ["generate"]


def test_confident_cheap_check_skips_the_llm_verifier(make_agent):
    long_answer = ("Side effects: metformin often causes nausea, diarrhoea and stomach upset at first [1]. Taking it "
                   "with food helps [1]. Rarely it causes lactic acidosis, mainly when kidney function is very low [1]. "
                   "The stomach upset usually settles within a few weeks of starting metformin [1]. Metformin with "
                   "meals causes less nausea and less diarrhoea [1]. Lactic acidosis from metformin is rare but "
                   "serious, mainly with very low kidney function [1]. A slow start of metformin lowers the stomach "
                   "upset [1]. Nausea and diarrhoea are common side effects of metformin at first [1]. Very low "
                   "kidney function raises the risk of lactic acidosis with metformin [1].")
    llm = ScriptedLLM({"generate": long_answer})
    result = make_agent(llm).run("u", QUESTION)
    assert result["stop_reason"] == "quality_ok" and not llm.calls_with("verify")
    assert "confident" in result["refine_iteration_logs"][0]["judge"]


def test_the_structured_answer_and_its_markdown_fallback(make_agent):
    result, llm = run(make_agent, [verdict(0.9)])
    synthesis = result["synthesis"]
    assert synthesis["answer"].startswith("Metformin can upset the stomach [1].")
    assert synthesis["key_points"] == ["stomach upset"]
    assert synthesis["sources_used"][0] == "[1]" and synthesis["references"][0]["n"] == 1
    assert synthesis["confidence"] == 0.94 and llm.calls_with("generate")[0].json_schema["required"][0] == "answer"
    markdown = "Metformin can upset the stomach [1].\n\nKey points:\n- stomach upset\n- take with food"
    result, llm = run(make_agent, [verdict(0.9)], answers=markdown)
    assert result["synthesis"]["key_points"] == ["stomach upset", "take with food"]
    assert [c["tag"] for c in result["llm_calls"]] == ["generate", "verify"]      # no repair for an answer


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(scores=st.lists(st.floats(0, 1), min_size=1, max_size=6), supported=st.lists(st.booleans(), min_size=1,
       max_size=6), max_iter=st.integers(0, 3), max_regen=st.integers(0, 3), guards=st.booleans(),
       same_query=st.booleans(), max_verify=st.integers(0, 3))
def test_calls_never_exceed_the_caps(make_agent, scores, supported, max_iter, max_regen, guards, same_query,
                                     max_verify):
    verify = [verdict(s, QUESTION if same_query else f"metformin {i}", supported=supported[i % len(supported)])
              for i, s in enumerate(scores)]
    llm = ScriptedLLM({"generate": ANSWER, "verify": verify}, cycle=True)
    agent = make_agent(llm, max_refine_iterations=max_iter, max_regenerations=max_regen, quality_check_enabled=guards,
                       max_llm_verifications=max_verify)
    result = agent.run("u", QUESTION)
    assert result["iteration_count"] <= max_iter and len(llm.calls_with("verify")) <= max_verify
    assert len(llm.calls_with("generate")) <= (max_iter + 1) + max_regen
    assert result["stop_reason"] in {"quality_ok", "max_iterations", "no_retrieval_needed", "duplicate_documents",
                                     "stagnation", "decline", "hallucination_retry_cap", "grade_retry_cap",
                                     "verification_budget"}


def test_answer_length_cap_comes_from_the_settings(make_agent):
    result, llm = run(make_agent, [verdict(0.9)], llm_max_answer_tokens=123)
    assert [c.max_tokens for c in llm.calls if c.tag == "generate"] == [123]


def test_a_statement_of_facts_gets_the_cheap_check_only(make_agent):
    result, llm = run(make_agent, [verdict(0.9)], question="I have type 2 diabetes and I take metformin.")
    assert not llm.calls_with("verify") and "statement" in result["refine_iteration_logs"][0]["judge"]
    assert len(llm.calls_with("generate")) == 1 and result["stop_reason"] == "quality_ok"


def test_a_statement_answered_in_the_wrong_language_is_still_regenerated(make_agent):
    korean = json.dumps({"answer": "메트포르민은 위장 장애를 일으킬 수 있습니다 [1].", "key_points": [], "confidence": 0.7})
    result, llm = run(make_agent, [verdict(0.9)], answers=[korean, ANSWER],
                      question="I have type 2 diabetes and I take metformin.")
    assert len(llm.calls_with("generate")) == 2 and not llm.calls_with("verify")
    assert result["refine_iteration_logs"][0]["action"] == "language" and "Metformin" in result["answer"]


def test_the_answer_made_on_the_verifiers_feedback_is_settled_by_the_cheap_check(make_agent):
    weak = verdict(0.3, "metformin kidney", concerns=["Check kidney function before continuing metformin."])
    result, llm = run(make_agent, [weak, verdict(0.9)], max_llm_verifications=1)
    assert [c.tag for c in llm.calls] == ["generate", "verify", "generate"]
    log = result["refine_iteration_logs"]
    assert [e["action"] for e in log] == ["retrieve", "settle"] and "budget spent" in log[1]["judge"]
    assert result["stop_reason"] == "verification_budget" and result["iteration_count"] == 1
    assert "Check kidney function before continuing metformin." in result["answer"]    # the review's concern stays


def test_past_the_budget_a_wrong_language_is_still_regenerated(make_agent):
    english = json.dumps({"answer": "Metformin can upset the stomach [1].", "key_points": [], "confidence": 0.5})
    korean = json.dumps({"answer": "메트포르민은 위장 장애를 일으킬 수 있습니다 [1].", "key_points": [], "confidence": 0.5})
    result, llm = run(make_agent, [verdict(0.3, missing=())], answers=[korean, english, korean],
                      question="메트포르민의 부작용은 무엇인가요?", max_llm_verifications=1)
    assert [c.tag for c in llm.calls] == ["generate", "verify", "generate", "generate"]
    assert [e["action"] for e in result["refine_iteration_logs"]][:2] == ["improve", "language"]
    assert result["answer"].startswith("메트포르민은")


def test_no_budget_means_no_llm_verifier(make_agent):
    result, llm = run(make_agent, [verdict(0.9)], max_llm_verifications=0)
    assert not llm.calls_with("verify") and "budget spent" in result["refine_iteration_logs"][0]["judge"]
