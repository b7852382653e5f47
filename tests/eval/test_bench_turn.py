"""`bench turn`'s scripted stand-in reads the prompt the agent really assembles: it must find the evidence
entries and the profile line, or the benchmark measures an LLM that never cites (it did, unnoticed, after the
evidence lines lost their scores)."""

from medical_agent.context.assembly import assemble
from medical_agent.eval.benches.turn import bench_responder
from medical_agent.evidence import Evidence
from medical_agent.llm.fake import DEFAULT_JUDGE
from medical_agent.llm.tokens import estimate_tokens

DOCS = [Evidence("a#0", "a", "Metformin side effects", "Metformin often causes nausea. Take it with food."),
        Evidence("b#0", "b", "Metformin and kidneys", "Metformin is not used when eGFR is below 30. Ask first.")]


def prompt(lang: str, profile: str) -> list[dict[str, str]]:
    system, user, _ = assemble(lang=lang, mode="agent", question="Is metformin safe?", profile_summary=profile,
                               docs=DOCS, history=[], context_window=4096, count=estimate_tokens,
                               retrieval_expected=True)
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def test_the_stand_in_cites_the_assembled_evidence_and_repeats_the_profile():
    reply = bench_responder(prompt("en", "65-year-old male | Conditions: Diabetes"), {"json_mode": False})
    assert reply.splitlines() == ["65-year-old male | Conditions: Diabetes", "Metformin often causes nausea [1]",
                                  "Metformin is not used when eGFR is below 30 [2]"]
    korean = bench_responder(prompt("ko", "65세 남성 | 질환: 당뇨병"), {"json_mode": False})
    assert korean.splitlines()[0] == "65세 남성 | 질환: 당뇨병" and korean.endswith("[2]")


def test_the_stand_in_judges_in_json():
    assert bench_responder(prompt("en", ""), {"json_mode": True}) == DEFAULT_JUDGE
