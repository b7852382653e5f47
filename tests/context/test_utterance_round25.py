"""Issue 33, round 25 (read off utterances_test26 after its blind run: P 0.90, R 0.75, 4 of 62 asked items stored): a
medicine a doctor proposes in a quoted "-ㅂ시다" and one the person means to start ("시작하려고 해") is asked about; how
long the person has been on a medicine said after the question ("stable for yrs on it"); an illness "with my first"
(the child left unsaid) is history; age and sex typed as "lol, 29M"; lower-case and lay names the table lacked. Each
case failed before its change (with different words from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, name, status", [
    ("선생님이 '혈압이 계속 높으면 암로디핀 추가합시다' 하셨어요", "Amlodipine", "hypothetical"),
    ("다음 달부터 메트포르민 먹어 보려고 해요", "Metformin", "hypothetical"),
    ("is sertraline ok with grapefruit juice? i've been fine for years on it", "Sertraline", "present"),
    ("i had gestational diabetes with my first, now 10 weeks with my second", "Gestational diabetes", "historical"),
    ("I had gestational diabetes with my first pregnancy", "Gestational diabetes", "historical"),
])
def test_round25_statuses(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


def test_age_and_sex_after_lol(full_extractor):
    demo = full_extractor.extract("can i drink on antibiotics? just curious lol, 31F")["demographics"]
    assert (demo.get("age"), demo.get("gender")) == (31, "female")


@pytest.mark.parametrize("text, name", [
    ("been using my inhaler more since the copd got worse", "Chronic obstructive pulmonary disease"),
    ("my adhd meds make me lose my appetite", "Attention deficit hyperactivity disorder"),
    ("the gp says i'm anemic again", "Anaemia"),
    ("I take B12 shots monthly", "Vitamin B12"),
    ("still on a prenatal every morning", "Multivitamin"),
    ("my memory's been slipping since the surgery", "Memory loss"),
    ("I've had a chesty cough all week", "Cough"),
    ("다낭성 때문에 생리가 불규칙해요", "Polycystic ovary syndrome"),
    ("편도선이 또 부어서 열이 나요", "Tonsillitis"),
    ("요즘 잠을 통 못 자요", "Insomnia"),
])
def test_round25_names(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "present"
