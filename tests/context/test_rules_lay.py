"""Conditions in lay words: organ or measurement + state, in Korean and English, stored as "reported", counted
by the safety rules; negation, family, questions and body height are told apart."""

import pytest

from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
from medical_agent.context.extraction.rules_lay import LayConditions
from medical_agent.context.extraction.slot_extractor import SlotExtractor
from medical_agent.safety import collect_facts, safety_notes
from medical_agent.settings import PROJECT_ROOT

TABLE = ConceptTable.load(PROJECT_ROOT / "assets" / "concepts.csv")
EXTRACTOR = SlotExtractor(DictionaryLinker(TABLE), lay=LayConditions(TABLE))


def conditions(text):
    return [(c["name"], c["assertion"]) for c in EXTRACTOR.extract(text)["conditions"]]


@pytest.mark.parametrize(("text", "expected"), [
    ("메트포르민의 부작용은 무엇인가요? 신장이 조금 안 좋다고 들었어요", ("Chronic kidney disease", "reported")),
    ("콩팥 기능이 떨어졌대요", ("Chronic kidney disease", "reported")),
    ("검사에서 신기능이 약하다고 하더라고요", ("Chronic kidney disease", "reported")),
    ("혈압이 좀 높은 편이에요", ("Hypertension", "reported")),
    ("당 수치가 높다고 하더라고요", ("Hyperglycaemia", "reported")),
    ("My kidneys aren't working well.", ("Chronic kidney disease", "reported")),
    ("I have a bit of a sugar problem.", ("Hyperglycaemia", "reported")),
    ("My blood pressure is on the high side", ("Hypertension", "reported")),
    ("my cholesterol came back high", ("Hypercholesterolaemia", "reported")),
    ("신장은 나쁘지 않아요", ("Chronic kidney disease", "negated")),
    ("어머니가 신장이 안 좋으세요", ("Chronic kidney disease", "family")),
    ("신장이 안 좋으면 메트포르민을 먹어도 되나요?", ("Chronic kidney disease", "hypothetical")),
    ("간 수치가 높게 나왔어요", ("Liver disease", "reported")),
    ("my liver enzymes are up", ("Liver disease", "reported")),
    ("갑상선이 있어요", ("Thyroid disease", "reported")),
    ("심장이 약하다고 했어요", ("Heart disease", "reported")),
])
def test_lay_descriptions(text, expected):
    assert conditions(text) == [expected]


def test_what_is_not_a_condition():
    assert conditions("제 신장은 175cm예요") == [] and conditions("혈압은 120/80이에요") == []
    assert conditions("시간이 없어서 갑상선 검사를 못 받았어요") == [] and conditions("my heart is fine") == []


def test_a_lay_liver_description_brings_the_acetaminophen_caution():
    slots = EXTRACTOR.extract("간이 안 좋다고 들었는데 타이레놀 먹어도 되나요?")
    notes = safety_notes(collect_facts(None, slots, {}), "ko")
    assert any("아세트아미노펜" in n and "2g" in n for n in notes)
    assert conditions("혈압이 높지 않아요") == [("Hypertension", "negated")]       # the named form too
    assert set(conditions("고혈압이 있고 혈압이 높아요")) == {("Hypertension", "present")}   # named: no lay copy


def test_a_reported_kidney_problem_drives_the_metformin_caution():
    slots = EXTRACTOR.extract("메트포르민을 먹고 있어요. 신장 기능이 떨어졌다고 들었어요")
    notes = safety_notes(collect_facts(None, slots, {}), "ko")
    assert any("eGFR" in n and "메트포르민" in n for n in notes)
