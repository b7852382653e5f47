"""`bench turn`'s scripted stand-in reads the prompt the agent really assembles: it must find the evidence
entries and the profile line, or the benchmark measures an LLM that never cites (it did, unnoticed, after the
evidence lines lost their scores), and it must answer each call in the shape the agent asks for."""

import json

from medical_agent.context.assembly import assemble, task_messages
from medical_agent.eval.benches.turn import bench_responder
from medical_agent.evidence import Evidence
from medical_agent.llm.tokens import estimate_tokens
from medical_agent.prompts import ANSWER_TASK, SYNTHESIS_SCHEMA
from medical_agent.text import detect_language
from medical_agent.verify.claims import sentences
from medical_agent.verify.verifier import verify_request

DOCS = [Evidence("a#0", "a", "Metformin side effects", "Metformin often causes nausea. Take it with food."),
        Evidence("b#0", "b", "Metformin and kidneys", "Metformin is not used when eGFR is below 30. Ask first.")]
ANSWER_CALL = {"tag": "generate", "json_mode": True, "json_schema": SYNTHESIS_SCHEMA}


def messages(lang: str, profile: str, task: str) -> list[dict[str, str]]:
    system, context, _ = assemble(lang=lang, mode="agent", question="Is metformin safe?", profile_summary=profile,
                                  docs=DOCS, history=[], context_window=4096, count=estimate_tokens,
                                  retrieval_expected=True)
    return task_messages(system, context, task, lang)


def test_the_stand_in_cites_the_assembled_evidence_and_repeats_the_profile():
    reply = json.loads(bench_responder(messages("en", "65-year-old male | Conditions: Diabetes", ANSWER_TASK["en"]),
                                       ANSWER_CALL))
    assert reply["answer"].splitlines() == ["65-year-old male | Conditions: Diabetes",
                                            "Metformin often causes nausea [1]",
                                            "Metformin is not used when eGFR is below 30 [2]"]
    korean = json.loads(bench_responder(messages("ko", "65세 남성 | 질환: 당뇨병", ANSWER_TASK["ko"]), ANSWER_CALL))
    lines = korean["answer"].splitlines()
    assert lines[0] == "65세 남성 | 질환: 당뇨병" and lines[1].endswith("Metformin often causes nausea [1]")
    assert lines[2].endswith("[2]") and detect_language(korean["answer"]) == "ko"   # a Korean question, a Korean reply


def test_the_stand_in_verifies_every_claim_the_verifier_numbers():
    body = "Metformin often causes nausea [1]. It is not used when eGFR is below 30 [2]. Ok."
    system, context, _ = assemble(lang="en", mode="agent", question="Is metformin safe?", profile_summary="",
                                  docs=DOCS, history=[], context_window=4096, count=estimate_tokens,
                                  retrieval_expected=True)
    request = verify_request(system, context, "en", body, sentences(body))
    verdict = request["parse"](bench_responder(request["messages"], {"tag": "verify", "json_mode": True}))
    assert verdict["supported"] == [True, True] and verdict["completeness"] == 0.8
