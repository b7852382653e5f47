"""Issue 33, round 17 (read off utterances_test17 after its blind run, 964a131: P 0.77, R 0.73, 7 of 68 questions
stored): in Korean, what was heard and then asked about ("…다던데 제 약도 …?", "…다고 하더라고요. … 괜찮은 거죠?", "…다는
말이 있던데 먹어도 될까요?"), unless the person's own telling comes first; a symptom's medicine (콧물약) and a likeness
(여성호르몬처럼) name no symptom or medicine; a carrier denied (보균자 아니고); an age with 아줌마/아저씨 and "just turned
70"; 여성호르몬 says no sex; "20대에", "in my 30s" and "last time" are then, not now; "나은 지", "지금은 멀쩡해요";
"No history of A, B or C" denies each; "Can barely lift …" is no question; a misspelt medicine is not an everyday word
("concert"); sugars, fasting numbers, "38.3도쯤", a temperature that has been hovering. Each case failed before its
change (with different words from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses
from tests.context.test_utterance_rounds import readings


@pytest.mark.parametrize("text, name, status", [
    ("메트포르민은 유산균이랑 같이 먹으면 좋다던데 제 약도 그런가요?", "Metformin", "hypothetical"),
    ("오메가3를 먹으면 중성지방이 내려간다고 하더라고요. 저도 먹어도 될까요?", "Omega-3 fatty acids", "hypothetical"),
    ("당뇨가 있어서 약을 먹고 있는데 인슐린은 나중에 꼭 맞게 된다고 들었어요. 정말 그래요?", "Diabetes mellitus", "present"),
    ("기침약 사러 약국 가야 돼요", "Cough", None),
    ("C형 간염 보균자 아니래요", "Hepatitis C", "negated"),
    ("No history of asthma, diabetes or high blood pressure", "Asthma", "negated"),
    ("No history of asthma, diabetes or high blood pressure", "Diabetes mellitus", "negated"),
    ("I have no diabetes, and I take metformin", "Metformin", "present"),
    ("Can barely walk since my gout flared up yesterday", "Gout", "present"),
    ("Can I take ibuprofen with gout?", "Gout", "hypothetical"),
    ("Went to a concert last night and now my head hurts", "Methylphenidate", None),
    ("Had shingles in my 20s, nothing since", "Herpes zoster", "historical"),
    ("I had preeclampsia last time, will I get it again?", "Pre-eclampsia", "historical"),
    ("대상포진 걸렸다 나은 지 한 달 됐어요", "Herpes zoster", "historical"),
    ("30대에 갑상선암 수술을 받았고 지금은 멀쩡해요", "Thyroid cancer", "historical"),
    ("I take naproxen for my back most days", "Back pain", "reported"),
])
def test_round17(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, expected", [
    ("올해 마흔둘 된 아줌마인데 요즘 잠을 못 자요", {"age": 42, "gender": "female"}),
    ("쉰다섯 먹은 아저씨예요", {"age": 55, "gender": "male"}),
    ("Just turned 64, male, on lisinopril", {"age": 64, "gender": "male"}),
    ("여성호르몬 치료를 받으면 살이 찌나요?", {"gender": None}),
    ("Broke my ankle in my 20s", {"age_group": None}),
    ("20대에 위염을 앓았어요", {"age_group": None}),
])
def test_who_the_person_is(full_extractor, text, expected):
    demo = full_extractor.extract(text)["demographics"]
    assert {k: demo[k] for k in expected} == expected


@pytest.mark.parametrize("text, expected", [
    ("아침에 재 보니 37.8도쯤이에요", [("temperature", 37.8)]),
    ("my sugars usually run about 150", [("random_glucose", 150)]),
    ("my fasting readings are around 130", [("fasting_glucose", 130)]),
])
def test_readings_said_loosely(full_extractor, text, expected):
    assert readings(full_extractor.extract(text)) == expected
