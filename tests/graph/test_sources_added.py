"""A model's answer is followed by what its kept passages add (issue 32: the local model answers in one sentence
and the blind judge missed the practical detail); the verifier still judges only the model's words, and LLM mode
and an answer no passage supports get nothing added."""

from medical_agent.generation.finalize import SOURCES_HEADING, body_of
from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply

QUESTION = "What are the side effects of metformin?"


def scripted(answer):
    return ScriptedLLM({"generate": answer, "verify": lambda m, o: verify_reply(m, score=0.9)}, cycle=True)


def test_a_model_answer_gets_what_its_sources_add(make_agent):
    llm = scripted("Metformin can upset the stomach [1].")
    result = make_agent(llm).run("u", QUESTION)
    answer = result["answer"]
    assert answer.startswith("Metformin can upset the stomach [1].")
    assert SOURCES_HEADING["en"] in answer
    added = answer.split(SOURCES_HEADING["en"], 1)[1].split("⚕️", 1)[0].strip().splitlines()
    assert added and all(line.startswith("- ") and line.rstrip().endswith("]") for line in added if line.strip())
    assert body_of(answer).strip() == "Metformin can upset the stomach [1]."
    verify_prompt = llm.calls_with("verify")[0].messages[-1]["content"]
    assert SOURCES_HEADING["en"] not in verify_prompt


def test_llm_mode_gets_nothing_added(make_agent):
    result = make_agent(scripted("Metformin can upset the stomach.")).run("u", QUESTION, mode="llm")
    assert SOURCES_HEADING["en"] not in result["answer"]


def test_what_is_added_comes_from_the_passages_the_answer_cites_and_the_first(make_agent):
    """The first passage is always among them: a small model's marker can point at the wrong one (round 7)."""
    result = make_agent(scripted("Metformin can upset the stomach [2].")).run("u", QUESTION)
    assert len(result["retrieved_docs"]) > 2
    added = result["answer"].split(SOURCES_HEADING["en"], 1)[1].split("⚕️", 1)[0].split()
    markers = {w for w in added if w.startswith("[")}
    assert markers and markers <= {"[1]", "[2]"}


def test_a_reply_that_only_says_the_sources_lack_it_with_nothing_searched_becomes_the_template(make_agent):
    """A statement searched nothing; the answer task's fallback sentence was all the local model wrote."""
    agent = make_agent(scripted("제공된 자료에는 해당 정보가 없습니다 [1]."))
    result = agent.run("u", "오늘은 산책을 좀 오래 했어요")
    assert "retrieve" not in result["node_timings"] and "제공된 자료에는" not in result["answer"]
    assert result["generator"] == "template" and result["answer"].startswith("안녕하세요")


def test_an_emergency_told_as_a_story_is_answered_not_acknowledged(make_agent):
    """Round 3's probe: under the crisis line, the local model's body restated '…다 끝내고 싶다는 생각만 들어요 수면제를
    조금씩 모아두고 있어요'; a red flag asks what to do, so a restated message is not accepted."""
    text = "요즘 너무 힘들어서 그냥 다 끝내고 싶다는 생각만 들어요 수면제를 조금씩 모아두고 있어요"
    result = make_agent(scripted(text)).run("u", text)
    assert result["answer"].startswith("🚨") and [c["tag"] for c in result["llm_calls"]].count("generate") >= 2
