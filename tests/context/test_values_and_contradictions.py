"""Issue 33: Korean value statements are read like their English twins and a number in a question is nobody's
reading (item 1); a message that contradicts itself stores none of the conflicting facts, the Pregnancy
condition mention included, and says so in its doubts (item 2)."""

import pytest

from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
from medical_agent.context.extraction.rules_demographics import find_ages
from medical_agent.context.extraction.slot_extractor import SlotExtractor
from medical_agent.context.profile.conflicts import hold_back_conflicts
from medical_agent.context.profile.merge import merge_slots
from medical_agent.context.profile.schema import HELD, new_profile
from medical_agent.settings import PROJECT_ROOT

NOW = "2026-01-01T00:00:00+00:00"


@pytest.fixture(scope="module")
def extractor():
    return SlotExtractor(DictionaryLinker(ConceptTable.load(PROJECT_ROOT / "assets" / "concepts.csv")), clock=lambda: NOW)


def values(slots):
    return {r["type"]: r.get("value", (r.get("systolic"), r.get("diastolic"))) for k in ("vitals", "labs")
            for r in slots[k]}


@pytest.mark.parametrize("text, expected", [
    ("HbA1c는 8.2%였어요", {"hba1c": 8.2}),
    ("요즘 공복혈당이 180 정도 나오고 HbA1c는 8.2%였어요", {"fasting_glucose": 180, "hba1c": 8.2}),
    ("어제 잰 혈압이 150/95 나왔고 맥박은 88 정도였어요", {"blood_pressure": (150, 95), "heart_rate": 88}),
    ("산소포화도는 93 정도였어요", {"spo2": 93}),
    ("공복혈당180 식후혈당은 250쯤 나왔었어요", {"fasting_glucose": 180, "postprandial_glucose": 250}),
    ("My fasting glucose was 180 and my HbA1c was 8.2%", {"fasting_glucose": 180, "hba1c": 8.2}),
    ("My eGFR came back at 52 and creatinine 1.4.", {"egfr": 52, "creatinine": 1.4}),
    ("My blood pressure is 130/85 — is that high?", {"blood_pressure": (130, 85)}),
    ("제 혈압이 140에 90인데 고혈압인가요?", {"blood_pressure": (140, 90)}),
])
def test_the_persons_values_are_read_in_both_languages(extractor, text, expected):
    assert values(extractor.extract(text)) == expected


@pytest.mark.parametrize("text", ["당화혈색소 7 넘으면 위험한 거야?", "혈당이 200이면 높은 건가요?",
                                  "What does an A1c of 6.5 mean?", "Is 130/85 considered high blood pressure?",
                                  "My daughter has a fever of 39"])
def test_a_number_in_a_question_or_of_someone_else_is_no_reading(extractor, text):
    assert values(extractor.extract(text)) == {}


def test_implausible_values_are_still_doubts(extractor):
    slots = extractor.extract("혈당이 1234예요")
    assert values(slots) == {} and [d["kind"] for d in slots["doubts"]] == ["implausible"]


def stored(extractor, text):
    """What a turn stores from ``text`` into an empty profile (held back conflicts, merged)."""
    slots, _ = hold_back_conflicts(None, extractor.extract(text))
    return merge_slots(new_profile("u", NOW), slots, NOW)


def held(profile):
    return {i["name"] for s in ("conditions", "symptoms", "medications") for i in profile[s]
            if i["assertion"] in HELD}


@pytest.mark.parametrize("text, what", [
    ("저는 남자이고 임신 중이에요", "gender+pregnancy"), ("I'm a man and I am pregnant", "gender+pregnancy"),
    ("저는 5살이고 임신 중이에요", "age+pregnancy"), ("I'm 80 years old and 12 weeks pregnant", "age+pregnancy"),
])
def test_pregnancy_in_a_contradiction_is_not_stored_as_a_condition_either(extractor, text, what):
    slots = extractor.extract(text)
    assert [d["what"] for d in slots["doubts"] if d["kind"] == "contradiction"] == [what]
    assert "Pregnancy" not in {i["name"] for i in slots["conditions"]}
    profile = stored(extractor, text)
    assert held(profile) == set() and not profile["demographics"]["is_pregnant"]


@pytest.mark.parametrize("text", ["저는 서른 살인데 올해 여든이에요", "I'm 30 and 80 years old."])
def test_two_different_ages_store_no_age(extractor, text):
    slots = extractor.extract(text)
    assert [d["what"] for d in slots["doubts"]] == ["age+age"]
    assert stored(extractor, text)["demographics"]["age"] is None


def test_taking_no_medicine_and_a_medicine_is_a_contradiction(extractor):
    text = "I have never taken any medication and I take metformin every day."
    assert [d["what"] for d in extractor.extract(text)["doubts"]] == ["medications"]
    assert held(stored(extractor, text)) == set()
    assert extractor.extract("약은 메트포르민 말고는 안 먹어요")["doubts"] == []       # an exception, not a contradiction


@pytest.mark.parametrize("text, ages", [("서른다섯 살이에요", [35]), ("65세 남성, 50세에 당뇨 진단", [65]),
                                        ("다섯 살 아이가 열이 나요", []), ("65세 이상은 어떤 검사를 받나요?", []),
                                        ("I was diagnosed at age 50 and I am 65", [65])])
def test_ages_are_the_persons_age_now(text, ages):
    assert [h.value for h in find_ages(text)] == ages
