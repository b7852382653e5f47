"""Issue 33, round 3 (the misses of the second blind split, grouped by cause): a denial through "such things" or
"never diagnosed"; an illness that is over (the Korean discontinued past -었었-, "지금은 … 나았어요", a course of
pills finished, an earlier pregnancy); someone else's treatment or a person met somewhere; an illness at hand in a
question ("for this sore throat"); chat spellings of questions; the speaker's age and sex in short forms. Example
sentences are our own, not the gold set's."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, expected", [
    ("천식 같은 건 없는데 이 약 먹어도 되나요", {"Asthma": "negated"}),
    ("두통 같은 증상은 전혀 없어요", {"Headache": "negated"}),
    ("위염은 아직 없어요", {"Gastritis": "negated"}),
    ("통풍 진단은 한 번도 받은 적 없어요", {"Gout": "negated"}),
])
def test_a_korean_denial_past_such_things_and_never_diagnosed(full_extractor, text, expected):
    got = statuses(full_extractor.extract(text))
    assert {name: got.get(name) for name in expected} == expected


def test_never_diagnosed_and_treated_for_it_is_a_contradiction(full_extractor):
    slots = full_extractor.extract("천식 진단은 한 번도 받은 적 없고 천식 때문에 흡입기를 쓰고 있어요")
    assert any(d["what"] == "denied+held" for d in slots["doubts"])
    assert not [c for c in slots["conditions"] if c["assertion"] in ("present", "reported")]


@pytest.mark.parametrize("text, expected", [
    ("지난달에 대상포진이 생겼었는데 지금은 다 나았어요", {"Herpes zoster": "historical"}),
    ("기침이 있었는데 지금은 괜찮아요", {"Cough": "historical"}),
    ("위염이 있는데 지금은 괜찮아요", {"Gastritis": "present"}),          # under control, not over
    ("재작년 겨울에 폐렴에 걸려서 입원했었고 요즘은 기침이 나요", {"Pneumonia": "historical", "Cough": "present"}),
    ("위염 때문에 오메프라졸을 먹기 시작했어요", {"Gastritis": "present", "Omeprazole": "present"}),  # 때문에 is no 때
    ("I took amoxicillin for a week and finished the course on Monday", {"Amoxicillin": "historical"}),
    ("I developed preeclampsia during my last pregnancy", {"Pre-eclampsia": "historical"}),
    ("ibuprofen gave me a rash when I was a teenager", {"Ibuprofen": "historical", "Rash": "historical"}),
    ("Had pneumonia in 2018, now I just have a cough", {"Pneumonia": "historical", "Cough": "present"}),
    ("둘째 임신했을 때 전자간증이 있었어요", {"Pre-eclampsia": "historical"}),
])
def test_an_illness_that_is_over(full_extractor, text, expected):
    got = statuses(full_extractor.extract(text))
    assert {name: got.get(name) for name in expected} == expected


@pytest.mark.parametrize("text, pregnant", [
    ("I developed preeclampsia during my last pregnancy", None),
    ("둘째 임신했을 때 전자간증이 있었어요", None),
    ("This is my first pregnancy and I have heartburn", True),
])
def test_an_earlier_pregnancy_is_no_pregnancy_now(full_extractor, text, pregnant):
    assert full_extractor.extract(text)["demographics"]["is_pregnant"] is pregnant


@pytest.mark.parametrize("text, name", [
    ("My pal has shingles and I'm worried", "Herpes zoster"),
    ("My aunt is 70 and her doctor put her on metformin", "Metformin"),
    ("A guy from work has gout", "Gout"),
    ("My mother-in-law has asthma", "Asthma"),
])
def test_someone_elses_case(full_extractor, text, name):
    assert statuses(full_extractor.extract(text))[name] == "family"


@pytest.mark.parametrize("text, expected", [
    ("What can I take for this sore throat?", {"Sore throat": "present"}),
    ("Can this medicine cause a rash?", {"Rash": "hypothetical"}),
    ("shud i take ibuprofen for a headache", {"Ibuprofen": "hypothetical"}),
])
def test_what_a_question_holds(full_extractor, text, expected):
    got = statuses(full_extractor.extract(text))
    assert {name: got.get(name) for name in expected} == expected


@pytest.mark.parametrize("text, age, gender", [
    ("52 yo female with a cough", 52, "female"),
    ("I'm a 40 year old dude with back pain", 40, "male"),
    ("A guy at my gym has asthma", None, None),
])
def test_short_forms_of_age_and_sex(full_extractor, text, age, gender):
    demo = full_extractor.extract(text)["demographics"]
    assert (demo["age"], demo["gender"]) == (age, gender)
