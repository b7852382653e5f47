"""The agent cuts a small model's degenerate loop out of the answer it shows (issue 15's metformin failure)."""

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from tests.generation.test_finalize import LOOP


def test_the_agent_shows_the_answer_without_the_loop(make_agent):
    llm = ScriptedLLM({"generate": LOOP, "verify": lambda m, o: verify_reply(m, 0.9)}, cycle=True)
    result = make_agent(llm).run("loop", "Can I keep taking metformin with weak kidneys?")
    assert result["answer"].count("A low eGFR means weak kidneys") == 1
