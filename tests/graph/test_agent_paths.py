"""Every path through the graph, the cache's safety, red flags, LLM mode, persistence and errors."""

import re

import pytest

from medical_agent.composition import create_agent
from medical_agent.graph.agent import InputError, MedicalAgent
from medical_agent.llm import LLMUnavailableError, ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.settings import load_settings
from medical_agent.storage import open_storage


def good(messages, options):
    return verify_reply(messages, score=0.9)


def llm(answer="Metformin may cause nausea [1]. See your doctor."):
    return ScriptedLLM({"generate": answer, "verify": good}, cycle=True)


def nodes(result):
    return set(result["node_timings"])


def test_greeting_skips_extraction_and_retrieval(make_agent):
    result = make_agent(llm("Hello! How can I help?")).run("u", "안녕하세요")
    assert result["query_complexity"] == "greeting" and result["stop_reason"] == "no_retrieval_needed"
    assert not nodes(result) & {"extract_slots", "store_memory", "retrieve"}
    assert [c["tag"] for c in result["llm_calls"]] == ["generate"]


def test_a_question_typed_without_an_apostrophe_or_a_question_mark_retrieves(make_agent):
    """Found in the offline answers of issue 32: this got the greeting."""
    result = make_agent(llm()).run("u", "whats the difference between type 1 and type 2 diabetis")
    assert result["query_complexity"] != "non_factual" and "retrieve" in nodes(result)


def test_a_colloquial_korean_question_without_a_question_mark_is_a_question():
    """'머' is spoken '뭐': '콜레스테롤 낮출려면 머 먹고 머 피해야되요' was read as a statement (blind pairwise review)."""
    from medical_agent.graph.nodes.classify_intent import FACTUAL
    assert FACTUAL.search("콜레스테롤 낮출려면 머 먹고 머 피해야되요")
    assert FACTUAL.search("copd 흡입기 lama랑 laba 차이가 머에요")          # a third blind visitor set's question
    assert not FACTUAL.search("머리가 아파요") and not FACTUAL.search("어제부터 머리가 지끈거려요")


def test_a_sentence_left_to_finish_or_an_instruction_to_list_is_a_question():
    """The MMLU-Med run at daf4124 answered "Ectoderm gives rise to" with the greeting and "With an increasing number
    of sprints the:" with "I have noted what you told me" (different stems here)."""
    from medical_agent.graph.nodes.classify_intent import FACTUAL
    for stem in ("Insulin is secreted by", "Red blood cells contain:", "All of these raise blood pressure EXCEPT",
                 "List three signs of a stroke", "Name two causes of anaemia"):
        assert FACTUAL.search(stem), stem
        # ... with the options after it, as `eval qa` asks (the run at 05cc6bc still greeted all eight)
        assert FACTUAL.search(f"{stem}\n\nA. the liver\nB. the pancreas\nC. the spleen\nD. the kidney"), stem
    for said in ("I have asthma", "My blood pressure was 130/80 this morning", "Thanks, that helps",
                 "I'm 45 and take metformin", "I have asthma\nand I take a steroid inhaler"):
        assert not FACTUAL.search(said), said


def test_self_introduction_is_remembered_without_retrieval(make_agent):
    agent = make_agent(llm("Nice to meet you."))
    first = agent.run("u", "안녕하세요, 저는 65세 남성입니다")
    assert {"extract_slots", "store_memory"} <= nodes(first) and "retrieve" not in nodes(first)
    second = agent.run("u", "당뇨가 있어요. 메트포르민 부작용이 뭔가요?")
    assert second["profile_summary"].startswith("65세 남성") and "당뇨" in second["profile_summary"]
    prompt = agent.thread_state("u-default")["user_prompt"]
    assert "[환자 프로필]" in prompt and "65세 남성" in prompt and "[1]" in prompt


def test_question_path_retrieves_then_reassembles(make_agent):
    agent = make_agent(llm())
    result = agent.run("u", "What are the side effects of metformin?")
    assert {"retrieve", "assemble_context", "generate_answer", "refine", "quality_check"} <= nodes(result)
    assert result["retrieved_docs"] and result["retrieved_docs"][0]["lang"] == "en"
    assert result["citations"][0]["n"] == 1 and result["citations"][0]["doc_id"] == result["retrieved_docs"][0]["doc_id"]
    state = agent.thread_state("u-default")
    assert "[Evidence]" in state["user_prompt"] and result["retrieved_docs"][0]["title"] in state["user_prompt"]


def test_invented_citations_are_removed(make_agent):
    result = make_agent(llm("Nausea is common [1][9].")).run("u", "What are the side effects of metformin?")
    cited = [c["n"] for c in result["citations"]]
    assert "[9]" not in result["answer"] and 9 not in cited and cited[0] == 1


def test_every_answer_has_the_disclaimer(make_agent):
    for agent_llm in (llm(), None):
        answer = make_agent(agent_llm).run("u", "메트포르민 부작용이 뭔가요?")["answer"]
        assert "진단이 아닙니다" in answer and "의료진" in answer


@pytest.mark.parametrize("text, lang", [("가슴이 아프고 식은땀이 나요", "ko"),
                                        ("I have chest pain and I'm short of breath", "en"),
                                        ("갑자기 얼굴 한쪽이 처지고 말이 어눌해요", "ko"),
                                        ("저혈당인데 정신이 없고 쓰러질 것 같아요", "ko"),
                                        ("I want to die, I can't go on", "en")])
def test_red_flags_lead_with_an_emergency_line(make_agent, text, lang):
    for agent_llm in (llm("General information [1]."), None):
        result = make_agent(agent_llm).run("u", text)
        assert result["answer"].startswith("🚨"), result["answer"][:80]
        assert ("119" if lang == "ko" else "emergency number") in result["answer"].split("\n")[0]
        assert result["red_flag"]["kind"]


def test_severe_low_sugar_in_someone_who_cannot_swallow_gets_what_to_do_at_once(make_agent):
    """The sixth blind round: "인슐린 맞는 남편이 … 주스를 줘도 삼키질 못해요" was answered with the 15-15 rule under the line;
    the line is now followed, in the notes, by nothing by mouth and the prescribed glucagon."""
    from medical_agent.red_flags import FIRST_AID

    for agent_llm in (llm("General information [1]."), None):
        result = make_agent(agent_llm).run("u", "인슐린 맞는 남편이 횡설수설하더니 주스를 줘도 삼키질 못해요")
        assert result["answer"].startswith("🚨") and result["red_flag"]["kind"] == "severe_hypoglycaemia"
        assert FIRST_AID["severe_hypoglycaemia"]["ko"] in result["answer"]
    chest = make_agent(None).run("u", "가슴이 아프고 식은땀이 나요")["answer"]
    assert not any(aid["ko"] in chest for aid in FIRST_AID.values())


def test_llm_mode_skips_its_nodes_and_the_profile(make_agent):
    agent = make_agent(llm("Plain answer."))
    result = agent.run("u", "65세 남성인데 메트포르민 부작용이 뭔가요?", mode="llm")
    assert not nodes(result) & {"extract_slots", "store_memory", "retrieve"}
    assert result["stop_reason"] == "llm_mode" and result["refine_iteration_logs"][0]["judge"] == "bypassed"
    assert agent.deps.profiles.get("u") is None and [c["tag"] for c in result["llm_calls"]] == ["generate"]
    assert "[환자 프로필]" not in agent.thread_state("u-default")["user_prompt"]


def test_llm_mode_offline_says_a_model_is_needed(make_agent):
    result = make_agent(None).run("u", "What is diabetes?", mode="llm")
    assert "needs a language model" in result["answer"]


def test_offline_mode_is_extractive_and_labelled(make_agent):
    result = make_agent(None).run("u", "메트포르민 부작용이 뭔가요?")
    assert result["generator"] == "extractive" and "오프라인 모드" in result["answer"]
    assert result["citations"] and result["llm_calls"] == []


def test_llm_failure_falls_back_to_extraction(make_agent):
    def broken(messages, options):
        raise LLMUnavailableError("cannot reach the LLM server at http://127.0.0.1:9/v1")

    result = make_agent(ScriptedLLM({"generate": broken, "verify": good})).run("u", "메트포르민 부작용이 뭔가요?")
    assert result["generator"] == "extractive_fallback" and "언어 모델 호출에 실패" in result["answer"]
    assert result["citations"]


def test_cache_hit_for_the_same_user_only(make_agent):
    agent = make_agent(llm())
    first = agent.run("alice", "What are the side effects of metformin?")
    assert first["stop_reason"] == "quality_ok" and not first["cache_hit"]
    again = agent.run("alice", "What are the side effects of metformin?")
    assert again["cache_hit"] and again["llm_calls"] == [] and again["stop_reason"] == "cache_hit"
    assert again["cache_similarity_score"] >= 0.85 and again["citations"] == first["citations"]
    other = agent.run("bob", "What are the side effects of metformin?")
    assert not other["cache_hit"]


def test_cache_refuses_negated_or_renumbered_near_duplicates(make_agent):
    agent = make_agent(llm())
    agent.run("alice", "Is metformin safe with kidney disease?")
    assert agent.run("alice", "Is metformin safe with kidney disease?")["cache_hit"]
    assert not agent.run("alice", "Is metformin not safe with kidney disease?")["cache_hit"]
    agent.run("alice", "혈당 180이면 메트포르민을 먹어야 하나요?")
    assert not agent.run("alice", "혈당 80이면 메트포르민을 먹어야 하나요?")["cache_hit"]


def test_profile_answers_are_not_served_after_the_profile_changes(make_agent):
    agent = make_agent(llm("메트포르민은 처음에 메스꺼움을 흔히 일으킵니다 [1]. 의사와 상의하세요."))
    agent.run("alice", "저는 당뇨가 있어요. 메트포르민 부작용이 뭔가요?")
    assert agent.run("alice", "저는 당뇨가 있어요. 메트포르민 부작용이 뭔가요?")["cache_hit"]
    agent.run("alice", "고혈압도 있어요")
    assert not agent.run("alice", "저는 당뇨가 있어요. 메트포르민 부작용이 뭔가요?")["cache_hit"]


def test_cache_switch_off(make_agent):
    agent = make_agent(llm(), response_cache_enabled=False)
    agent.run("alice", "What are the side effects of metformin?")
    assert not agent.run("alice", "What are the side effects of metformin?")["cache_hit"]


def test_safety_note_from_profile_and_question(make_agent):
    agent = make_agent(llm())
    agent.run("u", "저는 와파린을 먹고 있어요")
    result = agent.run("u", "이부프로펜을 먹어도 되나요?")
    assert any("출혈" in n for n in result["safety_notes"]) and "출혈 위험" in result["answer"]
    profile = agent.deps.profiles.get("u")
    assert [m["name"] for m in profile["medications"]] == ["Warfarin"]  # the question is not a new medicine


def test_active_retrieval_off_uses_fixed_k(make_agent):
    result = make_agent(llm(), active_retrieval_enabled=False).run("u", "안녕하세요")
    assert result["dynamic_k"] == 8 and "retrieve" in nodes(result)


def test_memory_none_keeps_nothing(make_agent):
    agent = make_agent(llm(), memory_mode="none")
    result = agent.run("u", "저는 65세 남성이고 당뇨가 있어요. 운동은 어떻게 하나요?")
    assert "65세 남성" in result["profile_summary"] and agent.deps.profiles.get("u") is None


def test_bad_input_is_a_clear_error(make_agent):
    agent = make_agent(llm())
    with pytest.raises(InputError, match="type a question"):
        agent.run("u", "   ")
    with pytest.raises(InputError, match="limit is 4,000"):
        agent.run("u", "x" * 4001)
    with pytest.raises(InputError, match="unknown profile"):
        agent.run("u", "hi", profile="nope")


def test_streaming_yields_tokens_nodes_and_final(make_agent):
    events = list(make_agent(llm("Nausea is common [1].")).stream("u", "What are the side effects of metformin?"))
    kinds = [k for k, _ in events]
    assert kinds[-1] == "final" and "token" in kinds and "generation_start" in kinds
    assert "".join(t for k, t in events if k == "token").startswith("Nausea is common")
    assert {n for k, (n, _) in [e for e in events if e[0] == "node"]} >= {"retrieve", "refine", "store_response"}


def test_profile_persists_across_turns_and_restart(tmp_path, make_agent):
    agent = make_agent(llm("Noted."), persistent=True)
    agent.run("carol", "저는 58세 여성이고 고혈압이 있어요")
    again = make_agent(llm("Noted."), persistent=True)   # a new process: new deps, same SQLite files
    result = again.run("carol", "혈압약 부작용이 뭔가요?")
    assert result["profile_summary"].startswith("58세 여성") and "고혈압" in result["profile_summary"]
    history = again.thread_state("carol-default")["conversation_history"]
    assert history[0]["content"] == "저는 58세 여성이고 고혈압이 있어요" and len(history) == 4


def test_forget_deletes_profile_cache_and_thread(make_agent):
    agent = make_agent(llm())
    agent.run("dave", "저는 당뇨가 있어요. 메트포르민 부작용이 뭔가요?")
    agent.forget("dave")
    assert agent.deps.profiles.get("dave") is None and agent.deps.cache.stats("dave")["entries"] == 0
    assert agent.thread_state("dave-default") == {}


def test_compiled_once_per_deps(tmp_path, tiny_index):
    settings = load_settings(env={"MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_EMBEDDER": "use-multilingual", "MEDAGENT_MEDCAT2_ENABLED": "false",
                                  "MEDAGENT_DB_PATH": str(tmp_path / "x.sqlite")})
    agent = create_agent(settings, storage=open_storage(":memory:"))
    assert MedicalAgent(agent.deps, agent.storage).graph is agent.graph


def test_dangerous_reading_gets_a_note_until_a_newer_one(make_agent):
    agent = make_agent(llm())
    first = agent.run("u", "오늘 혈압이 198/103 나왔어요. 어떻게 해야 하나요?")
    assert "180/120" in first["answer"] and "119" in first["answer"]
    later = agent.run("u", "다시 재 보니 혈압이 132/84예요. 운동해도 되나요?")
    assert "180/120" not in later["answer"]


def test_llm_answer_without_markers_is_cited_where_evidence_supports_it(make_agent):
    reply = "Metformin often causes nausea, diarrhoea and stomach upset at first. Taking it with food helps."
    result = make_agent(llm(reply)).run("u", "What are the side effects of metformin?")
    cited = {c["doc_id"] for c in result["citations"]}
    assert "met-se-en" in cited and re.search(r"at first \[\d\]\.", result["answer"])


def test_a_kidney_problem_in_lay_words_gets_the_metformin_caution_offline(make_agent):
    result = make_agent(None).run("u", "메트포르민의 부작용은 무엇인가요? 신장이 조금 안 좋다고 들었어요")
    assert any("메트포르민" in n and "eGFR" in n for n in result["safety_notes"])
    assert "(본인 설명)" in result["profile_summary"]                    # shown as the person described it


def test_a_keyword_query_is_searched(make_agent):
    """Typed as into a search box, without a question word or mark, a few keywords got the greeting and no search
    (gate questions_test23, blind first run: 14 of 44); other words here."""
    agent = make_agent(llm())
    for n, query in enumerate(("기흉 재발률 20대 마른 체형", "heel spur night splint worth it",
                               "bp 175/110 extra pill safe")):
        result = agent.run(f"u{n}", query)
        assert "retrieve" in nodes(result), query
        assert "Ask me anything" not in result["answer"] and "질문해 주세요" not in result["answer"], query


def test_a_profile_line_or_chit_chat_is_no_keyword_query(make_agent):
    agent = make_agent(llm())
    for n, said in enumerate(("65세 남성", "좋은 하루 되세요", "I walk every morning now", "운동 시작했어요",
                              "walked 5 km today")):
        assert "retrieve" not in nodes(agent.run(f"u{n}", said)), said
