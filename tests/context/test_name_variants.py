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
    assert variants.find(text, [(3, 7)]) == []


def test_lemma_text_maps_back_to_the_original():
    lemmas, spans = lemma_text("숨이 찼어요")
    assert lemmas.startswith("숨이 차") and spans[lemmas.index("차")] == (3, 4)
