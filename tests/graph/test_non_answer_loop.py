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
