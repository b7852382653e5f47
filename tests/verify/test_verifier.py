"""The verifier's request: the answer is shown once with its claims numbered in place, and the schema demands
exactly one verdict per numbered claim."""

from __future__ import annotations

from medical_agent.evidence import Evidence
from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.verify.cheap import cheap_verdict
from medical_agent.verify.claims import sentences
from medical_agent.verify.verifier import llm_verdict, number_claims, verify_request

BODY = "Metformin often causes nausea [1].\nOk.\n- It is not used when eGFR is below 30 [2]."


def test_claims_are_numbered_in_place_and_nothing_else_is_lost():
    claims = sentences(BODY)
    assert claims == ["Metformin often causes nausea [1].", "It is not used when eGFR is below 30 [2]."]
    assert number_claims(BODY, claims) == ("<1> Metformin often causes nausea [1].\nOk.\n"
                                           "- <2> It is not used when eGFR is below 30 [2].")
    assert number_claims(BODY, ["A claim that is not in the body."]).endswith("<1> A claim that is not in the body.")
    assert number_claims("", []) == "(none)"


def test_the_request_lists_each_claim_once_and_the_schema_counts_them():
    request = verify_request("system", "context", "en", BODY, sentences(BODY))
    task = request["messages"][-1]["content"]
    assert task.count("Metformin often causes nausea") == 1 and "<2> It is not used" in task
    schema = request["schema"]["properties"]["supported"]
    assert schema["minItems"] == schema["maxItems"] == 2


def test_a_verdict_is_merged_claim_by_claim():
    docs = [Evidence("a#0", "a", "Side effects", "Metformin often causes nausea."),
            Evidence("b#0", "b", "Kidneys", "Metformin is not used when eGFR is below 30.")]
    cheap = cheap_verdict("Is metformin safe?", BODY, docs, "", "en")
    llm = ScriptedLLM({"verify": lambda messages, options: verify_reply(messages, 0.9, supported=False)})
    verdict, records = llm_verdict(llm, "system", "context", "en", BODY, cheap)
    assert verdict.judge == "llm" and [c["supported"] for c in verdict.claims] == [False, False]
    assert verdict.grades["completeness"] == 0.9 and len(records) == 1
