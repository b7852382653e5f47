"""Symptom names said in another form: conjugated Korean stems, English adjective + noun names turned round."""

import pytest

from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.context.extraction.name_variants import NameVariants, lemma_text
from medical_agent.settings import PROJECT_ROOT


@pytest.fixture(scope="module")
def variants():
    return NameVariants(ConceptTable.load(PROJECT_ROOT / "assets" / "concepts.csv"))


@pytest.mark.parametrize("text, name, surface", [
    ("배가 아팠어요", "Abdominal pain", "배가 아팠"), ("다리가 부었어요", "Oedema", "다리가 부었"),
    ("피곤하고 어지러운데 빈혈 검사 해봐야 할까요", "Dizziness", "어지러운"), ("살이 빠졌어요", "Weight loss", "살이 빠졌"),
    ("My ankles have been swollen for a week.", "Oedema", "ankles have been swollen"),
    ("I feel my heart racing", "Palpitations", "heart racing"), ("my throat is really sore", "Sore throat",
                                                                  "throat is really sore"),
])
def test_names_in_another_form(variants, text, name, surface):
    assert [(m.name, m.text) for m in variants.find(text)] == [(name, surface)]


@pytest.mark.parametrize("text", ["허리가 아프고", "메트포르민을 먹었어요", "I want to gain weight", "my heart is fine"])
def test_names_as_written_or_no_name_are_left_to_the_linker(variants, text):
    assert variants.find(text) == []


def test_spans_the_linker_took_are_not_found_again(variants):
    text = "My nose is blocked"
    assert [m.name for m in variants.find(text)] == ["Nasal congestion"]
    assert variants.find(text, [(3, 18)]) == [] and variants.find(text, [(0, 7)]) == []


def test_a_longer_name_holding_the_linkers_mention_names_more(variants):
    text = "I have pain in my chest"                       # the linker takes "pain" (7-11)
    assert [(m.name, m.text) for m in variants.find(text, [(7, 11)])] == [("Chest pain", "pain in my chest")]


def test_lemma_text_maps_back_to_the_original():
    lemmas, spans = lemma_text("숨이 찼어요")
    assert lemmas.startswith("숨이 차") and spans[lemmas.index("차")] == (3, 4)


@pytest.mark.parametrize("text, name, surface", [
    ("손이 자꾸 떨려요", "Tremor", "손이 자꾸 떨려"), ("다리가 저려요", "Numbness", "저려"),
    ("숨이 자꾸 가빠요", "Dyspnoea", "숨이 자꾸 가빠"),
    ("코가 꽉 막혔어요", "Nasal congestion", "코가 꽉 막혔"),
    ("There's blood in my urine.", "Haematuria", "blood in my urine"),
])
def test_nominalised_names_said_as_predicates_and_names_with_a_determiner(variants, text, name, surface):
    assert [(m.name, m.text) for m in variants.find(text)] == [(name, surface)]


@pytest.mark.parametrize("text", ["손이 안 떨려요",                  # the negation stays: no tremor named
                                  "마음이 아파요", "발목이 아파요",      # generic Pain is not read past its subject
                                  "소변볼때 따끔거려요",                 # nor a predicate tied to an event
                                  "발목 삐었을 때 얼음찜질 해야 돼요?"])  # nor a modifier (when one sprains)
def test_no_name_where_the_predicate_is_negated_or_more_specific(variants, text):
    assert variants.find(text) == []


def test_shaky_is_a_tremor(full_extractor):
    slots = full_extractor.extract("My blood sugar was 65 and I feel shaky.")
    assert [(s["name"], s["assertion"]) for s in slots["symptoms"]] == [("Tremor", "present")]
