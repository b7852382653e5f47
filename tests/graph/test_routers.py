"""The conditional edges read the state only: LLM mode reaches them as needs_retrieval / update_profile False
(classify_intent writes that; tests/graph/test_agent_paths.py runs LLM mode through the graph)."""

from medical_agent.graph import routers


def test_after_check_similarity():
    assert routers.after_check_similarity({"skip_pipeline": True}) == "store_response"
    assert routers.after_check_similarity({"skip_pipeline": False}) == "assemble_context"


def test_after_classify_intent():
    assert routers.after_classify_intent({"needs_retrieval": True}) == "extract_slots"
    assert routers.after_classify_intent({"needs_retrieval": False, "update_profile": True}) == \
        "extract_slots"
    assert routers.after_classify_intent({"needs_retrieval": False}) == "check_similarity"


def test_after_assemble_context():
    assert routers.after_assemble_context({"needs_retrieval": True, "retrieval_attempts": 0}) == \
        "retrieve"
    assert routers.after_assemble_context({"needs_retrieval": True, "retrieval_attempts": 1}) == \
        "generate_answer"
    assert routers.after_assemble_context({"needs_retrieval": False}) == "generate_answer"


def test_after_quality_check():
    assert routers.after_quality_check({"next_step": "retrieve"}) == "retrieve"
    assert routers.after_quality_check({"next_step": "store_response"}) == "store_response"
