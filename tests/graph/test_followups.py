"""Seed 004's router through the graph: simple, rag_required and history_required, the follow-up resolved into a
standalone question for retrieval and the trace, and the answer cache keyed on that question."""


def test_the_three_routes(make_agent):
    agent = make_agent()
    assert agent.run("r", "안녕하세요")["route"] == "simple"
    first = agent.run("r", "메트포르민 부작용이 뭔가요?")
    assert first["route"] == "rag_required" and first["followup"] is None
    follow = agent.run("r", "그 약을 계속 먹어도 되나요?")
    assert follow["route"] == "history_required"
    assert follow["followup"] == {"phrase": "그 약", "kind": "medication", "referent": "메트포르민",
                                  "source": "conversation", "standalone": "메트포르민을 계속 먹어도 되나요?"}
    assert follow["retrieved_docs"][0]["doc_id"].startswith("met-")


def test_a_follow_up_reads_the_profile_s_medicine_when_the_conversation_names_none(make_agent):
    agent = make_agent()
    agent.run("p", "I take warfarin every evening.")
    agent.run("p", "Hello")
    follow = agent.run("p", "Can I take ibuprofen for a headache with that medicine?")
    assert follow["route"] == "history_required"              # "that medicine" is warfarin, not the ibuprofen named
    assert follow["followup"]["standalone"] == "Can I take ibuprofen for a headache with warfarin?"
    later = agent.run("p", "Is that medicine safe with alcohol?")
    assert later["followup"]["referent"] in ("warfarin", "ibuprofen")   # the newest medicine of the person's turns
    agent.run("q", "I take warfarin every evening.")
    other_thread = agent.run("q", "Is that medicine safe with alcohol?", thread_id="new-thread")
    assert other_thread["followup"]["source"] == "profile" and other_thread["followup"]["referent"] == "warfarin"


def test_the_same_follow_up_words_about_another_medicine_are_not_served_from_the_cache(make_agent):
    agent = make_agent()
    agent.run("c", "메트포르민 부작용이 뭔가요?", thread_id="one")
    first = agent.run("c", "그 약을 계속 먹어도 되나요?", thread_id="one")
    assert not first["cache_hit"] and agent.run("c", "그 약을 계속 먹어도 되나요?", thread_id="one")["cache_hit"]
    agent.run("c", "와파린이랑 이부프로펜을 같이 먹어도 되나요?", thread_id="two")
    other = agent.run("c", "그 약을 계속 먹어도 되나요?", thread_id="two")
    assert other["followup"]["referent"] in ("와파린", "이부프로펜") and not other["cache_hit"]


def test_a_medicine_the_sources_do_not_cover_is_said_and_not_cached(make_agent):
    agent = make_agent()
    result = agent.run("g", "What are the side effects of alendronate?")
    assert result["evidence_gap"] == ["alendronate"]
    assert "My sources have nothing on 'alendronate'" in result["answer"]
    assert not agent.run("g", "What are the side effects of alendronate?")["cache_hit"]
    assert agent.run("g", "What are the side effects of metformin?")["evidence_gap"] == []


def test_a_follow_up_is_searched_as_deep_as_its_standalone_question_needs(make_agent):
    agent = make_agent()
    agent.run("d", "와파린을 먹고 있어요. 주의할 점이 뭔가요?")
    alone = agent.run("d2", "이부프로펜을 먹어도 되나요?")
    follow = agent.run("d", "그 약을 먹는 동안 이부프로펜을 먹어도 되나요?")
    assert follow["followup"]["standalone"] == "와파린을 먹는 동안 이부프로펜을 먹어도 되나요?"
    assert follow["dynamic_k"] > alone["dynamic_k"]       # two medicines asked about, not one


def test_a_class_word_beside_a_covered_medicine_is_no_gap(make_agent):
    """The seventeenth blind round: "메트포르민 먹고 있는데 … 당뇨약 얘기 안해도 되죠?" got "제 자료에는 '당뇨약'에 대한 내용이
    없습니다" over metformin's passages; the class word meant metformin. Alone, with a medicine the sources lack, the
    gap is still said."""
    agent = make_agent()
    both = agent.run("h", "I take metformin. Do I need to tell the surgeon about my diabetes pills?")
    assert "metformin" not in both["evidence_gap"] and "diabetes pills" not in both["evidence_gap"]
    assert "alendronate" in agent.run("i", "I take alendronate, is it one of the diabetes pills?")["evidence_gap"]
