"""What cannot be true is asked about, not stored (issue 16): implausible values, facts that contradict each other
in one message, and facts that contradict the stored profile."""

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply


def agent_with(make_agent):
    llm = ScriptedLLM({"generate": "Noted [1].", "verify": lambda m, o: verify_reply(m, 0.9)}, cycle=True)
    return make_agent(llm)


def test_an_implausible_value_is_not_stored_and_the_reply_says_so_in_one_line(make_agent):
    agent = agent_with(make_agent)
    result = agent.run("u", "혈당이 1234예요")
    assert agent.deps.profiles.get("u") is None or agent.deps.profiles.get("u")["labs"] == []
    lines = [line for line in result["answer"].splitlines() if "1234" in line]
    assert len(lines) == 1 and "저장하지 않았어요" in lines[0] and "20–800 mg/dL" in lines[0]
    assert "300 mg/dL" not in result["answer"]                     # no very-high-glucose note from a typo


def test_a_contradiction_with_the_profile_is_asked_about(make_agent):
    agent = agent_with(make_agent)
    agent.run("u", "저는 45세 남성입니다")
    result = agent.run("u", "임신 20주예요")
    profile = agent.deps.profiles.get("u")
    assert profile["demographics"]["gender"] == "male" and not profile["demographics"]["is_pregnant"]
    assert "전에 '남성'" in result["answer"] and result["answer"].count("확인이 필요해요") == 1


def test_a_contradiction_in_one_message_stores_neither(make_agent):
    agent = agent_with(make_agent)
    result = agent.run("u", "I'm a man and I am 30 weeks pregnant. Can I take warfarin?")
    demo = (agent.deps.profiles.get("u") or {}).get("demographics") or {}
    assert not demo.get("gender") and not demo.get("is_pregnant")
    assert result["answer"].startswith("Please check:") and "saved neither" in result["answer"]
