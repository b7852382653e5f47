"""The response cache on the agent's real path (issue 16): memory runs before the lookup, a hit needs the same
question signature and the same profile version (0 included), and a served answer gets this turn's safety
notes and profile summary."""

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply

ANSWER = "메트포르민은 처음에 메스꺼움을 흔히 일으킵니다 [1]. 의사와 상의하세요."


def agent_with(make_agent, answer=ANSWER):
    return make_agent(ScriptedLLM({"generate": answer, "verify": lambda m, o: verify_reply(m, 0.9)}, cycle=True))


def test_a_drug_swap_is_answered_afresh_and_the_new_drug_reaches_the_profile(make_agent):
    agent = agent_with(make_agent)
    agent.run("u", "저는 메트포르민을 먹고 있어요. 부작용이 뭔가요?")
    assert agent.run("u", "저는 메트포르민을 먹고 있어요. 부작용이 뭔가요?")["cache_hit"]
    swapped = agent.run("u", "저는 와파린을 먹고 있어요. 부작용이 뭔가요?")
    assert not swapped["cache_hit"] and "와파린" in swapped["profile_summary"]


def test_who_it_is_about_and_what_to_do_are_part_of_the_question(make_agent):
    agent = agent_with(make_agent, "Metformin may cause nausea [1]. See your doctor.")
    agent.run("u", "Can I take metformin before meals?")
    assert agent.run("u", "Can I take metformin before meals?")["cache_hit"]
    for near in ("Can I take metformin after meals?", "Can my mother take metformin before meals?",
                 "Can I stop metformin before meals?"):
        assert not agent.run("u", near)["cache_hit"], near


def test_an_answer_given_to_an_empty_profile_is_not_served_after_the_profile_changes(make_agent):
    agent = agent_with(make_agent, "Metformin may cause nausea [1]. See your doctor.")
    agent.run("u", "What are the side effects of metformin?")            # answered under profile version 0
    assert agent.run("u", "What are the side effects of metformin?")["cache_hit"]
    agent.run("u", "I am 30 weeks pregnant and I take warfarin.")
    after = agent.run("u", "What are the side effects of metformin?")
    assert not after["cache_hit"] and "pregnan" in after["profile_summary"].lower()
    hit = agent.run("u", "What are the side effects of metformin?")
    assert hit["cache_hit"] and hit["profile_summary"] == after["profile_summary"]
    assert hit["safety_notes"] == after["safety_notes"] and hit["safety_notes"]      # recomputed, not stored
    assert all(note in hit["answer"] for note in hit["safety_notes"]) and hit["answer"].count("⚕️") == 1


def test_the_cache_embeds_with_the_similarity_embedder_whatever_retrieval_uses(make_agent, monkeypatch):
    """The cache's threshold is on the similarity embedder's scale: an agent whose similarity embedder differs
    from retrieval's looks questions up and stores them with the similarity embedder only."""
    agent = make_agent(ScriptedLLM({"generate": ANSWER, "verify": lambda m, o: verify_reply(m, 0.9)}, cycle=True),
                       similarity_embedder="hashing:64")
    assert agent.deps.similarity.name == "hashing-64" and agent.deps.embedder.name == "use-multilingual-v3"
    seen = []
    real = agent.deps.similarity.encode_queries
    monkeypatch.setattr(agent.deps.similarity, "encode_queries", lambda texts: seen.append(list(texts)) or real(texts))
    agent.run("u", "메트포르민 부작용이 뭔가요?")
    assert agent.run("u", "메트포르민 부작용이 뭔가요?")["cache_hit"]
    assert ["메트포르민 부작용이 뭔가요?"] in seen
