"""``planner: llm`` through the graph: the model's plan is what retrieval searches, its follow-up reading is what
retrieval and the cache read, a simple first question costs no call, and a failed call leaves the turn to the rules
(its calls still counted)."""

from __future__ import annotations

import json

from medical_agent.llm.fake import DEFAULT_ANSWER, ScriptedLLM, verify_reply

TWO_PARTS = "메트포르민 부작용이 뭔가요? 그리고 와파린이랑 이부프로펜을 같이 먹어도 되나요?"


def scripted(plan) -> ScriptedLLM:
    return ScriptedLLM({"plan": plan, "verify": verify_reply, "*": DEFAULT_ANSWER}, cycle=True)


def plan_json(route: str, standalone: str, *parts: tuple[str, list[str]]) -> str:
    return json.dumps({"route": route, "standalone": standalone,
                       "parts": [{"question": q, "queries": qs} for q, qs in parts]}, ensure_ascii=False)


def tags(llm: ScriptedLLM) -> list[str]:
    return [c.tag for c in llm.calls]


def test_the_model_s_parts_and_queries_are_what_is_searched(make_agent):
    llm = scripted(plan_json("rag_required", TWO_PARTS, ("메트포르민 부작용은?", ["metformin side effects"]),
                             ("와파린과 이부프로펜을 같이 먹어도 되나요?", ["warfarin ibuprofen bleeding"])))
    result = make_agent(llm, planner="llm").run("lp", TWO_PARTS)
    assert tags(llm).count("plan") == 1 and result["route"] == "rag_required"
    plan = result["plan"]
    assert plan["source"] == "llm"
    assert [s["queries"] for s in plan["subtasks"]] == [["메트포르민 부작용은?", "metformin side effects"],
                                                        ["와파린과 이부프로펜을 같이 먹어도 되나요?", "warfarin ibuprofen bleeding"]]
    ids = [d["doc_id"] for d in result["retrieved_docs"]]
    assert any(i.startswith("met-se") for i in ids) and any(i.startswith("nsaid") for i in ids), ids
    assert [c["tag"] for c in result["llm_calls"]][0] == "plan"


def test_the_model_reads_a_follow_up_the_rules_do_not_know(make_agent):
    standalone = "와파린을 먹는 중에 이부프로펜을 먹어도 되나요?"
    llm = scripted(plan_json("history_required", standalone, (standalone, ["warfarin ibuprofen"])))
    agent = make_agent(llm, planner="llm")
    agent.run("lf", "와파린을 먹고 있어요. 주의할 점이 뭔가요?")
    follow = agent.run("lf", "그 성분이랑 이부프로펜은 괜찮나요?")            # "그 성분" is not in the rules' lexicon
    assert follow["route"] == "history_required"
    assert follow["followup"] == {"phrase": "", "kind": "", "referent": "", "source": "llm", "standalone": standalone}
    assert any(d["doc_id"].startswith("nsaid") for d in follow["retrieved_docs"][:3])


def test_a_simple_first_question_costs_no_planning_call_and_rules_cost_none(make_agent):
    llm = scripted(plan_json("rag_required", "x", ("x", [])))
    make_agent(llm, planner="llm").run("s1", "메트포르민 부작용이 뭔가요?")
    assert "plan" not in tags(llm)
    rules = scripted(plan_json("rag_required", "x", ("x", [])))
    make_agent(rules).run("s2", TWO_PARTS)
    assert "plan" not in tags(rules)


def test_a_failed_plan_leaves_the_turn_to_the_rules_and_its_calls_are_counted(make_agent):
    llm = scripted("no plan here")
    result = make_agent(llm, planner="llm").run("ff", TWO_PARTS)
    assert tags(llm).count("plan") == 2                       # the call and its one repair
    assert result["plan"]["source"] == "rules" and len(result["plan"]["subtasks"]) == 2
    assert [c["tag"] for c in result["llm_calls"]][:2] == ["plan", "plan"]


def test_simple_from_the_model_does_not_skip_retrieval_for_a_medical_question(make_agent):
    llm = scripted(plan_json("simple", TWO_PARTS, (TWO_PARTS, [])))
    result = make_agent(llm, planner="llm").run("sm", TWO_PARTS)
    assert result["route"] == "rag_required" and result["retrieved_docs"]
    thanks = scripted(plan_json("simple", "고마워요, 내일 다시 올게요", ("고마워요, 내일 다시 올게요", [])))
    agent = make_agent(thanks, planner="llm")
    agent.run("sm2", "메트포르민 부작용이 뭔가요?")
    later = agent.run("sm2", "설명 고마워요. 그럼 다음에 또 궁금한 게 생기면 물어봐도 될까요?")
    assert tags(thanks).count("plan") == 1 and later["route"] == "simple" and not later["retrieved_docs"]


def test_a_first_message_with_no_profile_is_never_read_as_a_follow_up(make_agent):
    standalone = "그 약은 와파린입니다. 와파린 먹는 중인데 INR 목표는요?"       # what the 1.5B model wrote
    llm = scripted(plan_json("history_required", standalone, (standalone, ["warfarin INR"])))
    result = make_agent(llm, planner="llm").run("nf", "와파린 먹는 중인데 시금치 먹어도 되나요? 그리고 INR 목표는요?")
    assert tags(llm).count("plan") == 1 and result["route"] == "rag_required" and result["followup"] is None
