"""Scenario builder on the two fixture bundles: five turns in the right order, deterministic per seed,
the asked topic is one of the patient's own drugs, and the follow-up refers back to it."""

from __future__ import annotations

import pytest

from medical_agent.eval.harness.scenarios import KINDS, build_scenario, build_scenarios
from medical_agent.eval.profile.scoring import utterances


def test_fixture_bundles_load_as_ground_truth(patients):
    p1, p2 = sorted(patients, key=lambda p: p.patient_id)
    assert (p1.gender, p1.age, p1.blood_pressure, p1.glucose, p1.hba1c) == ("male", 59, (141, 88), 131.0, 7.4)
    assert {c.name for c in p1.covered("conditions")} == {"Type 2 diabetes mellitus", "Chronic kidney disease"}
    assert p2.blood_pressure == (128, 82)  # the latest reading wins
    assert p2.glucose is None and p2.hba1c is None


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_five_turns_reuse_profile_utterances_and_ask_about_own_drug(patients, lang):
    p1 = next(p for p in patients if p.patient_id == "p1")
    s = build_scenario(p1, lang, seed=3)
    assert [t.kind for t in s.turns] == list(KINDS) and [t.index for t in s.turns] == [1, 2, 3, 4, 5]
    assert [t.text for t in s.turns[:3]] == utterances(p1, lang, 3)  # same text as `eval profile`
    assert s.topic is not None and s.topic.name == "Metformin"
    question = s.turns[3].text
    assert any(name in question.lower() for name in (*(n.lower() for n in s.topic.english_names), *s.topic.names_ko))
    follow = s.turns[4].text
    assert follow == ("그 약을 계속 먹어도 되나요?" if lang == "ko" else "Can I keep taking that medicine?")
    assert "141/88" in s.turns[2].text


def test_deterministic_given_seed_and_truncation(patients):
    a = build_scenarios(patients, ["ko", "en"], seed=7)
    b = build_scenarios(patients, ["ko", "en"], seed=7)
    assert [[t.text for t in s.turns] for s in a] == [[t.text for t in s.turns] for s in b]
    assert [s.key for s in a] == ["p1:ko", "p1:en", "p2:ko", "p2:en"]
    short = build_scenarios(patients, ["en"], seed=7, turns=3)
    assert all(len(s.turns) == 3 for s in short)
    with pytest.raises(ValueError, match="between 1 and 5"):
        build_scenarios(patients, ["en"], turns=6)


def test_patient_without_covered_items_gets_a_general_question(patients):
    import dataclasses

    bare = dataclasses.replace(patients[0], conditions=[], medications=[])
    s = build_scenario(bare, "en")
    assert s.topic is None
    assert s.turns[3].text.startswith("Which check-ups") and "careful" in s.turns[4].text
