"""A caller's arguments as the slots a chat turn would make: names linked to the concept table where it knows
them (what the safety rules match on), kept as given where it does not, and wrong shapes refused by name."""

from __future__ import annotations

import pytest

from medical_agent.tools.facts import FactError, caller_slots


@pytest.fixture()
def extractor(make_agent):
    return make_agent().deps.extractor


def test_names_are_linked_to_concepts_and_unknown_ones_kept(extractor):
    slots = caller_slots(extractor, age=72, sex="F", conditions=["만성 신장질환", "Zuranolone syndrome"],
                         medications=["Metformin", "metformin "])
    assert slots["demographics"]["age"] == 72 and slots["demographics"]["age_group"] == "70s"
    assert slots["demographics"]["gender"] == "female"
    linked, unknown = slots["conditions"]
    assert linked["name"] == "Chronic kidney disease" and linked["cui"] and linked["text"] == "만성 신장질환"
    assert unknown["name"] == "Zuranolone syndrome" and unknown["cui"] is None
    assert [m["name"] for m in slots["medications"]] == ["Metformin"]            # once, however it is spelled
    assert all(i["assertion"] == "present" for i in [*slots["conditions"], *slots["medications"]])


def test_no_facts_is_none(extractor):
    assert caller_slots(extractor) is None
    assert caller_slots(extractor, conditions=[], medications=None, sex="") is None


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"age": 41.5}, "age must be a whole number"),
    ({"age": True}, "age must be a whole number"),
    ({"sex": "other"}, "sex must be 'male' or 'female'"),
    ({"conditions": "diabetes"}, "conditions must be a list"),
    ({"medications": [1, 2]}, "medications must be a list"),
    ({"conditions": ["a"] * 3}, "at most 2 names"),
    ({"conditions": ["x" * 20]}, "longer than 10 characters"),
])
def test_wrong_shapes_are_refused_naming_the_argument(extractor, kwargs, message):
    with pytest.raises(FactError, match=message):
        caller_slots(extractor, max_items=2, max_chars=10, **kwargs)
