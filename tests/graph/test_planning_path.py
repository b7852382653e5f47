"""A message of two parts is planned through the graph: each part searched, both in the evidence, grouped in the
prompt, the plan in the result; a one-part question is searched once, as before."""


def test_a_two_part_question_gets_evidence_for_both_parts(make_agent):
    agent = make_agent()
    result = agent.run("pl", "메트포르민 부작용이 뭔가요? 그리고 와파린이랑 이부프로펜을 같이 먹어도 되나요?")
    plan = result["plan"]
    assert [s["text"] for s in plan["subtasks"]] == ["메트포르민 부작용이 뭔가요?", "와파린이랑 이부프로펜을 같이 먹어도 되나요?"]
    ids = [d["doc_id"] for d in result["retrieved_docs"]]
    assert "met-se-ko" in ids and "nsaid-ko" in ids, ids
    first, second = plan["hits"]
    assert first and second and any("nsaid" in cid for cid in second)
    prompt = agent.thread_state("pl-default")["user_prompt"]
    assert "— (1) 메트포르민 부작용이 뭔가요?" in prompt and "— (2) 와파린이랑 이부프로펜을 같이 먹어도 되나요?" in prompt


def test_a_one_part_question_is_not_planned_and_searched_once(make_agent, monkeypatch):
    agent = make_agent()
    calls = []
    search = agent.deps.query_pipeline.search
    monkeypatch.setattr(agent.deps.query_pipeline, "search", lambda *a, **kw: calls.append(a[0]) or search(*a, **kw))
    result = agent.run("one", "메트포르민 부작용이 뭔가요?")
    assert result["plan"] is None and calls == ["메트포르민 부작용이 뭔가요?"]
    off = make_agent(planning_enabled=False).run("off", "메트포르민 부작용이 뭔가요? 그리고 와파린이랑 이부프로펜을 같이 먹어도 되나요?")
    assert off["plan"] is None
