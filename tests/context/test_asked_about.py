"""Issue 33, item 1: a condition, medicine or symptom that appears only in a question, a hypothetical or someone
else's case is asked about (``hypothetical``) or someone else's (``family``), never the person's; a first-person
statement stays a fact, even beside a question. Korean and English."""

import pytest

from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
from medical_agent.context.extraction.slot_extractor import SlotExtractor
from medical_agent.context.profile.merge import merge_slots
from medical_agent.context.profile.schema import HELD, new_profile
from medical_agent.settings import PROJECT_ROOT

NOW = "2026-01-01T00:00:00+00:00"


@pytest.fixture(scope="module")
def extractor():
    return SlotExtractor(DictionaryLinker(ConceptTable.load(PROJECT_ROOT / "assets" / "concepts.csv")), clock=lambda: NOW)


def assertions(extractor, text):
    slots = extractor.extract(text)
    return {i["name"]: i["assertion"] for k in ("conditions", "symptoms", "medications") for i in slots[k]}


@pytest.mark.parametrize("text, name", [
    ("뇌졸중의 경고 증상은 뭔가요?", "Stroke"),                  # 경고: a noun ending in 고 is no connective -고
    ("뇌졸중의 경고 증상은 뭔가요", "Stroke"),                   # no "?": the ending -ㄴ가요 asks
    ("갑상선 기능 저하증 증상 알려주세요", "Hypothyroidism"),      # asking to be told
    ("요즘 잠이 안 와서 졸피뎀 먹어도 되는지 궁금해요", "Zolpidem"),
    ("타이레놀 먹어도 돼", "Acetaminophen"),                     # permission asked without "?"
    ("천식 있으면 운동해도 되나요?", "Asthma"),
    ("What are the warning signs of a stroke?", "Stroke"),
    ("Can I take ibuprofen for a headache?", "Ibuprofen"),
    ("If I had high cholesterol, would I have to take statins forever?", "Statin"),
    ("If I had high cholesterol, would I have to take statins forever?", "Hypercholesterolaemia"),
    ("Tell me about the symptoms of hypothyroidism", "Hypothyroidism"),
    ("메트포르민에 대해 알고 싶어요", "Metformin"), ("메트포르민 부작용", "Metformin"),     # want to know; a topic query
    ("Metformin side effects", "Metformin"),
    ("당뇨일까 봐 걱정이에요", "Diabetes mellitus"), ("I'm worried I might have diabetes", "Diabetes mellitus"),
])
def test_a_question_or_a_hypothetical_is_asked_about(extractor, text, name):
    assert assertions(extractor, text)[name] == "hypothetical"


@pytest.mark.parametrize("text, name", [
    ("식은땀이 나요", "Excessive sweating"),                      # the verb 나다 + -요 is no question ending -나요
    ("왜 그런지 모르겠는데 요즘 두통이 자주 와요", "Headache"),        # an interrogative inside an embedded clause
    ("기침이 안 멈춰요", "Cough"),                                # it does not stop: it is there
    ("아스피린 먹으면 속이 쓰려요", "Aspirin"),                     # -면 in a statement: a habit
    ("열이 나요", "Fever"),
    ("I'm sweating a lot", "Excessive sweating"),
    ("My fever is high", "Fever"),
])
def test_a_plain_statement_is_present(extractor, text, name):
    assert assertions(extractor, text)[name] == "present"


@pytest.mark.parametrize("text, stated, asked", [
    ("메트포르민을 먹고 있는데 이부프로펜 먹어도 돼요?", "Metformin", "Ibuprofen"),
    ("제가 와파린을 복용 중인데 아스피린 같이 먹어도 되나요?", "Warfarin", "Aspirin"),
    ("I have type 2 diabetes, can I take Ozempic?", "Type 2 diabetes mellitus", "Semaglutide"),
    ("I'm on warfarin, is aspirin safe for me?", "Warfarin", "Aspirin"),
])
def test_a_statement_beside_a_question_stays_a_fact(extractor, text, stated, asked):
    got = assertions(extractor, text)
    assert got[stated] == "present" and got[asked] == "hypothetical"


@pytest.mark.parametrize("text, name", [
    ("친구가 오젬픽 맞는데 그거 부작용 뭐야?", "Semaglutide"),
    ("직장 동료가 메트포르민을 먹어요", "Metformin"),
    ("My friend takes metformin, is it okay for him to drink alcohol?", "Metformin"),
    ("My neighbour has asthma", "Asthma"),
])
def test_someone_elses_case_is_not_the_persons(extractor, text, name):
    assert assertions(extractor, text)[name] == "family"


@pytest.mark.parametrize("text, name", [
    ("예전에 결핵 앓았어요", "Tuberculosis"), ("예전엔 스타틴을 먹었는데 근육통 때문에 끊었어요", "Statin"),
    ("I had a heart attack in 2019.", "Myocardial infarction"),
])
def test_past_events_are_history(extractor, text, name):
    assert assertions(extractor, text)[name] == "historical"


@pytest.mark.parametrize("text, own", [("제 당뇨에 좋은 음식은 뭔가요?", "Diabetes mellitus"),
                                       ("Is my metformin dose too high?", "Metformin")])
def test_a_question_about_ones_own_item_keeps_it(extractor, text, own):
    assert assertions(extractor, text)[own] == "present"


@pytest.mark.parametrize("text, kept", [
    ("뇌졸중의 경고 증상은 뭔가요?", set()), ("Can I take ibuprofen for a headache?", set()),
    ("메트포르민을 먹고 있는데 이부프로펜 먹어도 돼요?", {"Metformin"}),
    ("My friend takes metformin, is it okay for him to drink alcohol?", set()),
])
def test_only_statements_are_held_by_the_profile(extractor, text, kept):
    profile = merge_slots(new_profile("u", NOW), extractor.extract(text), NOW)
    held = {i["name"] for s in ("conditions", "symptoms", "medications") for i in profile[s] if i["assertion"] in HELD}
    assert held == kept
