"""An uploaded document that speaks to an assistant: its instructions never reach a prompt or an extractive answer,
every passage of a prompt is datamarked between delimiters, and the answer says a source's instructions were
ignored (tests/data/gate/poisoned: the team's poisoned leaflets)."""

from __future__ import annotations

import json

import pytest

from medical_agent.llm import ScriptedLLM
from medical_agent.prompts import DATAMARK, EVIDENCE_DELIMITERS, INSTRUCTIONS_IGNORED
from medical_agent.settings import PROJECT_ROOT

GATE = PROJECT_ROOT / "tests" / "data" / "gate"
ROWS = {r["file"]: r for r in (json.loads(line) for line in (GATE / "poisoned.jsonl").open(encoding="utf-8"))}


@pytest.mark.parametrize("name", ["poisoned/insulin_sickday_ko.md", "poisoned/discharge_heart_failure_en.txt"])
def test_offline_the_payload_never_reaches_the_answer(make_agent, name):
    row = ROWS[name]
    agent = make_agent()
    assert agent.deps.collections.add("pat", [GATE / name]).added
    result = agent.run("pat", row["questions"][0])
    assert any(d["source"] == name.split("/")[1] for d in result["retrieved_docs"])
    for marker in row["payload_markers"]:
        assert marker not in result["answer"]
        assert all(marker not in d["text"] for d in result["retrieved_docs"])
    assert result["instructions_removed"] >= 1 and INSTRUCTIONS_IGNORED[row["lang"]] in result["answer"]


def test_with_a_model_every_prompt_carries_marked_evidence_and_no_payload(make_agent):
    row = ROWS["poisoned/warfarin_diet_en.md"]
    llm = ScriptedLLM()
    agent = make_agent(llm)
    agent.deps.collections.add("pat", [GATE / "poisoned" / "warfarin_diet_en.md"])
    result = agent.run("pat", row["questions"][0])
    assert result["instructions_removed"] >= 1
    prompts = [m["content"] for c in llm.calls for m in c.messages if m["role"] == "user"]
    assert prompts and all(EVIDENCE_DELIMITERS[0] in p and EVIDENCE_DELIMITERS[1] in p and DATAMARK in p
                           for p in prompts)
    assert not any(marker in p for p in prompts for marker in row["payload_markers"])
