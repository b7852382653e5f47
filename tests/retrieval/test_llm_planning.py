"""The LLM planner's one call: the schema it asks for, the bounds put on what the model writes, one repair, and
no plan (the rules' turn) when the model cannot give one."""

from __future__ import annotations

import json

import pytest

from medical_agent.llm.fake import ScriptedLLM, plan_reply
from medical_agent.llm.structured import StructuredFormatError
from medical_agent.retrieval.llm_planning import (
    MAX_CHARS,
    MAX_QUERIES,
    PLAN_SCHEMA,
    LlmPlan,
    ask_plan,
    parse_plan,
    plan_messages,
)

MESSAGE = "메트포르민 부작용이 뭔가요? 그리고 신장이 안 좋을 때 용량은요?"


def reply(**fields) -> str:
    base = {"route": "rag_required", "standalone": MESSAGE,
            "parts": [{"question": "메트포르민 부작용", "queries": ["metformin side effects"]}]}
    return json.dumps({**base, **fields}, ensure_ascii=False)


def test_a_two_part_plan_is_searched_as_each_part_and_its_queries():
    plan = parse_plan(reply(parts=[
        {"question": "메트포르민 부작용은?", "queries": ["metformin side effects", "메트포르민 부작용은?"]},
        {"question": "신장이 안 좋을 때 메트포르민 용량은?", "queries": ["metformin dose kidney disease", "metformin eGFR"]},
    ]), MESSAGE)
    searched = plan.plan()
    assert [s.text for s in searched.subtasks] == ["메트포르민 부작용은?", "신장이 안 좋을 때 메트포르민 용량은?"]
    assert searched.subtasks[0].queries == ("메트포르민 부작용은?", "metformin side effects")   # the repeat dropped
    assert searched.subtasks[1].queries[1:] == ("metformin dose kidney disease", "metformin eGFR")
    assert LlmPlan.from_dict(plan.to_dict()) == plan


def test_what_the_model_writes_is_bounded():
    with pytest.raises(StructuredFormatError, match="route"):
        parse_plan(reply(route="diagnose"), MESSAGE)
    with pytest.raises(StructuredFormatError, match="parts"):
        parse_plan(reply(parts=[{"question": " ", "queries": ["x"]}]), MESSAGE)
    long = parse_plan(reply(standalone="약 " * 2000, parts=[{"question": "q?", "queries": [f"query {i}" for i in range(9)]
                                                             + ["w" * 900]}]), MESSAGE)
    assert len(long.standalone) <= max(MAX_CHARS, 3 * len(MESSAGE)) and len(long.parts[0][1]) == MAX_QUERIES
    unchanged = parse_plan(reply(route="history_required", standalone=MESSAGE), MESSAGE)
    assert unchanged.route == "rag_required"           # a "follow-up" that rewrote nothing reads alone
    assert parse_plan(reply(standalone=""), MESSAGE).standalone == MESSAGE


def test_the_prompt_starts_with_the_turn_s_system_prompt_and_carries_the_conversation():
    history = [{"role": "user", "content": "와파린을 먹고 있어요"}, {"role": "assistant", "content": "출혈에 주의하세요."}]
    messages = plan_messages("SYSTEM", "그 약을 먹는 동안 이부프로펜을 먹어도 되나요?", history, "- 와파린", "ko")
    assert messages[0] == {"role": "system", "content": "SYSTEM"}
    task = messages[1]["content"]
    assert "User: 와파린을 먹고 있어요" in task and "Assistant: 출혈에 주의하세요." in task and "- 와파린" in task
    assert "in Korean" in task
    # the scripted stand-in reads the message from this line: a changed prompt format fails here
    assert json.loads(plan_reply(messages))["standalone"] == "그 약을 먹는 동안 이부프로펜을 먹어도 되나요?"


def test_one_call_with_the_schema_one_repair_and_no_plan_when_the_model_fails():
    llm = ScriptedLLM({"plan": reply()})
    asked = ask_plan(llm, MESSAGE, [], "", "ko")
    assert asked.ok and [c.tag for c in llm.calls] == ["plan"] and llm.calls[0].json_schema == PLAN_SCHEMA
    flaky = ScriptedLLM({"plan": ["not json", reply()]})
    assert ask_plan(flaky, MESSAGE, [], "", "ko").ok and len(flaky.calls) == 2
    broken = ScriptedLLM({"plan": "not json"}, cycle=True)
    failed = ask_plan(broken, MESSAGE, [], "", "ko")
    assert failed.value is None and len(failed.records) == 2 and "JSON" in failed.error
