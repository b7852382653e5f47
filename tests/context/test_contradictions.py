"""Issue 33, round 2: a message that contradicts itself stores none of the facts that take part. A sex and a
condition only the other sex has; a condition denied and held (or a kind of it held); and a description of the
person that contradicts itself, whose other parts (age, sex) are refused with it. Each is a doubt the reply asks
about; someone else's condition, or denying a kind while holding the general, is no contradiction."""

import pytest

from medical_agent.context.profile.conflicts import hold_back_conflicts
from medical_agent.context.profile.merge import merge_slots
from medical_agent.context.profile.schema import HELD, new_profile
from medical_agent.generation.finalize import doubt_line

NOW = "2026-01-01T00:00:00+00:00"


def contradictions(slots):
    return [d["what"] for d in slots["doubts"] if d["kind"] == "contradiction"]


def stored(extractor, text):
    """What a turn stores from ``text`` into an empty profile: held entities and the set demographics."""
    slots, _ = hold_back_conflicts(None, extractor.extract(text))
    profile = merge_slots(new_profile("u", NOW), slots, NOW)
    held = {i["name"] for s in ("conditions", "symptoms", "medications") for i in profile[s] if i["assertion"] in HELD}
    demo = {k: v for k, v in profile["demographics"].items() if k in ("age", "gender", "is_pregnant") and v is not None}
    return held, demo


@pytest.mark.parametrize("text, what", [
    ("저는 여자인데 전립선암 진단을 받았어요", "gender+condition"),
    ("I'm a woman with an enlarged prostate.", "gender+condition"),
    ("당뇨는 없어요. 제2형 당뇨가 있어요", "denied+held"),
    ("I don't have asthma, and I have had asthma since I was a kid.", "denied+held"),
    ("I have never had diabetes, but I have type 1 diabetes.", "denied+held"),
    ("저는 서른 살 남자이고 임신 20주예요", "gender+pregnancy"),
    ("I'm a 30 year old man and I'm 12 weeks pregnant.", "gender+pregnancy"),
    ("나는 서른 살 여자인데 올해 여든이야", "age+age"),
])
def test_a_self_contradicting_message_stores_nothing_it_involves(full_extractor, text, what):
    assert contradictions(full_extractor.extract(text)) == [what]
    assert stored(full_extractor, text) == (set(), {})


def test_the_reply_names_what_contradicts(full_extractor):
    doubt = full_extractor.extract("저는 여자인데 전립선 비대증이 있어요")["doubts"][0]
    assert doubt_line(doubt, "ko").startswith("확인이 필요해요: '여자 / 전립선 비대증'")


@pytest.mark.parametrize("text, held, demo", [
    ("남편이 전립선 비대증이 있어요. 저는 여자예요", set(), {"gender": "female"}),
    ("I'm a 40-year-old man and I have BPH.", {"Benign prostatic hyperplasia"}, {"age": 40, "gender": "male"}),
    ("I don't have type 1 diabetes; I have diabetes from my weight.", {"Diabetes mellitus"}, {}),
    ("No chest pain, but I have a headache.", {"Headache"}, {}),
])
def test_no_contradiction_keeps_the_facts(full_extractor, text, held, demo):
    assert contradictions(full_extractor.extract(text)) == []
    assert stored(full_extractor, text) == (held, demo)
