"""A model answer that does not answer is answered again once with the reason named, then replaced by the extractive
draft (verify.non_answer, graph.nodes.quality_check)."""

from __future__ import annotations

import json

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply


def test_the_graph_answers_again_once_then_takes_the_extractive_draft(make_agent):
    question = "What are the side effects of metformin?"
    restated = json.dumps({"answer": "What are the side effects of metformin [1]?", "key_points": [], "confidence": 0.9})
    llm = ScriptedLLM({"generate": restated, "verify": lambda m, o: verify_reply(m, 0.9)}, cycle=True)
    result = make_agent(llm, max_llm_verifications=0).run("u", question)
    generations = [c for c in llm.calls if c.tag == "generate"]
    assert len(generations) == 2 and "restates the question" in generations[1].messages[-1]["content"]
    assert result["generator"] == "extractive_draft" and "nausea" in result["answer"].lower()
    assert any(e.get("non_answer") == ["restates"] for e in result["refine_iteration_logs"])


def test_an_orphaned_particle_opening_a_model_answer_does_not_reach_the_person(make_agent):
    reply = json.dumps({"answer": "은, 메트포르민은 신장으로 배출되므로 신장 기능이 떨어지면 용량 조절이 필요합니다 [1].",
                        "key_points": [], "confidence": 0.9})
    llm = ScriptedLLM({"generate": reply, "verify": lambda m, o: verify_reply(m, 0.9)}, cycle=True)
    result = make_agent(llm, max_llm_verifications=0).run("u", "신장이 안 좋은데 메트포르민 먹어도 되나요?")
    assert result["generator"] == "llm" and "메트포르민은 신장으로 배출되므로" in result["answer"]
    assert "은, 메트포르민" not in result["answer"]
