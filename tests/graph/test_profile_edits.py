"""A person's correction in the profile panel changes the next answer's safety notes: a medicine marked "no longer
true" no longer triggers its interaction warning."""

from __future__ import annotations

BLEEDING = "together with warfarin or other anticoagulants greatly raise"   # the safety rule's note


def test_a_medicine_marked_no_longer_true_drops_its_interaction_warning(make_agent):
    agent = make_agent()
    agent.run("s", "I take warfarin every evening.")
    before = agent.run("s", "Can I take ibuprofen for a headache?")
    assert BLEEDING in before["answer"]
    agent.deps.profiles.edit("s", "medications: Warfarin", "no_longer_true")
    after = agent.run("s", "Can I take ibuprofen for a sore back?")
    assert BLEEDING not in after["answer"] and not after["cache_hit"]
    history = agent.deps.profiles.get("s")["history"]
    assert history[-1]["item"] == "medications: Warfarin" and history[-1]["after"] == "no longer true"
