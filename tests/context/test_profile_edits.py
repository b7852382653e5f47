"""The person's own edits of their profile: correct, no longer true, remove — each a recorded fact change, and
a bad edit writes nothing."""

from __future__ import annotations

import pytest

from medical_agent.context.profile import ProfileStore
from medical_agent.context.profile.edits import EditError, item_keys
from medical_agent.storage import open_storage
from tests.context.test_profile_store import Clock, bp, entity, slots


@pytest.fixture()
def store():
    s = ProfileStore(open_storage(":memory:").profiles, clock=Clock())
    s.update("u", slots(demographics={"age": 45, "age_group": "40s", "gender": "male"},
                        conditions=[entity("Diabetes mellitus", "C0011849")],
                        medications=[entity("Metformin", "C0025598"), entity("Warfarin", "C0043031")],
                        vitals=[bp(150, 95)]))
    return s


def test_the_panel_lists_every_item_by_a_key(store):
    keys = item_keys(store.get("u"))
    assert {"demographics: age", "conditions: Diabetes mellitus", "medications: Metformin",
            "medications: Warfarin"} <= set(keys)
    assert [k for k in keys if k.startswith("vitals: blood_pressure ")]


def test_no_longer_true_keeps_the_item_as_the_past_and_leaves_the_summary(store):
    before = store.get("u")
    after = store.edit("u", "medications: Warfarin", "no_longer_true")
    warfarin = next(m for m in after["medications"] if m["name"] == "Warfarin")
    assert warfarin["assertion"] == "historical" and "Warfarin" not in store.summary("u", "en")
    assert after["version"] == before["version"] + 1 and after["content_version"] == before["content_version"] + 1
    assert after["history"][-1] == {"at": after["last_updated"], "item": "medications: Warfarin",
                                    "action": "no_longer_true", "before": "Warfarin", "after": "no longer true",
                                    "by": "person"}


def test_correct_and_remove(store):
    store.edit("u", "medications: Metformin", "correct", "glipizide",
               linked={"name": "Glipizide", "cui": "C0017642", "tui": "T121"})
    store.edit("u", "conditions: Diabetes mellitus", "remove")
    bp_key = next(k for k in item_keys(store.get("u")) if k.startswith("vitals: blood_pressure"))
    store.edit("u", bp_key, "correct", "130/85")
    store.edit("u", "demographics: age", "correct", "46세")
    p = store.get("u")
    assert {m["name"] for m in p["medications"]} == {"Glipizide", "Warfarin"}
    assert next(m for m in p["medications"] if m["name"] == "Glipizide")["cui"] == "C0017642"
    assert p["conditions"] == [] and (p["vitals"][0]["systolic"], p["vitals"][0]["diastolic"]) == (130, 85)
    assert p["demographics"]["age"] == 46 and p["demographics"]["age_group"] == "40s"
    assert [h["action"] for h in p["history"]] == ["correct", "remove", "correct", "correct"]
    assert "Diabetes" not in store.summary("u", "en") and "Glipizide" in store.summary("u", "en")


@pytest.mark.parametrize("key,action,value,message", [
    ("medications: Aspirin", "remove", "", "not in your profile"),
    ("medications: Metformin", "correct", "", "write the corrected value"),
    ("demographics: age", "correct", "forty", "one number"),
    ("demographics: gender", "correct", "unknown", "male or female"),
    ("medications: Metformin", "delete", "", "unknown action"),
])
def test_a_bad_edit_says_why_and_writes_nothing(store, key, action, value, message):
    before = store.get("u")
    with pytest.raises(EditError, match=message):
        store.edit("u", key, action, value)
    assert store.get("u") == before
    with pytest.raises(EditError, match="no profile"):
        store.edit("nobody", "medications: Metformin", "remove")
