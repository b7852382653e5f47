"""Issue 33, round 10 (tuned on utterances_test10 after its blind run): readings said in words ("키 백칠십팔에 몸무게
구십이 키로", "one fifty-two over ninety-eight"), an age word whose copula ends the clause before a relative ("저
마흔일곱인데 아빠가 …"), forum shorthand opening a message before words ("29F on the implant"), a medicine stopped
or switched from ("끊고", "먹다가 … 로 바꿨어요"), "a bout of" an illness years ago, "all better now", and "only keep"
after "stopped". Each case that names one of these failed before its change; the others guard against reading words
as numbers (백내장, 십이지장, 사십견, 백신, a subject particle after 구십, "one of my two kids", a child's age) or
reaching too far (a medicine taken now; an illness still coughing)."""

import pytest

from medical_agent.number_words import spelled_numbers
from tests.context.conftest import statuses
from tests.context.test_utterance_rounds import demographics, readings


@pytest.mark.parametrize("text, expected", [
    ("키 백칠십팔에 몸무게 구십이 키로야. 혈압은 어제 백사십에 구십 나왔고", "키 178에 몸무게 92 키로야. 혈압은 어제 140에 90 나왔고"),
    ("몸무게도 쉰두 키로까지 돌아왔어요", "몸무게도 52 키로까지 돌아왔어요"),
    ("체온이 삼십칠 점 오 도", "체온이 37.5 도"),
    ("혈압이 구십이 나왔어요", "혈압이 90이 나왔어요"),              # 이 is the subject particle here
    ("was one fifty-two over ninety-eight, pulse seventy-eight.", "was 152 over 98, pulse 78."),
    ("a hundred and forty over ninety", "140 over 90"),
])
def test_numbers_said_in_words_are_read_as_digits(text, expected):
    assert spelled_numbers(text)[0] == expected


@pytest.mark.parametrize("text", ["십이지장 궤양, 백내장, 사십견, 백신, 오십견 있어요", "One of my two kids has a cold",
                                  "일이 많아서 이틀 잠을 못 잤어요"])
def test_words_that_only_look_like_numbers_stay_words(text):
    assert spelled_numbers(text)[0] == text


@pytest.mark.parametrize("text, expected", [
    ("나 서른아홉 남자고 키 백칠십팔에 몸무게 구십이 키로야. 혈압은 어제 백사십에 구십 나왔고",
     [("blood_pressure", (140, 90)), ("height", 178.0), ("weight", 92.0)]),
    ("Blood pressure at the health fair was one fifty-two over ninety-eight, pulse seventy-eight.",
     [("blood_pressure", (152, 98)), ("heart_rate", 78.0)]),
])
def test_readings_said_in_words_are_stored_with_the_persons_words(full_extractor, text, expected):
    slots = full_extractor.extract(text)
    assert sorted(readings(slots)) == sorted(expected)
    for reading in (r for k in ("vitals", "labs") for r in slots[k]):
        start, end = reading["span"]
        assert text[start:end] == reading["text"] and not any(ch.isdigit() for ch in reading["text"])


@pytest.mark.parametrize("text, expected", [
    ("저 마흔일곱인데 아빠가 쉰도 안 돼서 심근경색이 와서 스텐트 넣으셨어요", {"age": 47}),
    ("저 예순셋이고 남편은 일흔인데, 남편 혈압이 160 넘게 나와서 병원에 갔어요", {"age": 63}),
    ("29F on the implant. Bloods showed ferritin 8", {"age": 29, "gender": "female"}),
    ("다섯 살 아이가 열이 나요", {}),                                  # the child's age, as before
    ("99F fever since last night", {}),                               # a temperature, not an age
])
def test_an_age_word_before_a_relative_and_shorthand_before_words(full_extractor, text, expected):
    assert demographics(full_extractor.extract(text)) == expected


@pytest.mark.parametrize("text, expected", [
    ("작년 봄까지 자디앙 먹다가 트라젠타로 바꿨어요", {"Empagliflozin": "historical", "Linagliptin": "present"}),
    ("그래서 메트포르민은 끊고 제미글로로 바꿨어요", {"Metformin": "historical", "Gemigliptin": "present"}),
    ("Had a bout of pancreatitis two years ago from drinking", {"Pancreatitis": "historical"}),
    ("Lost weight with that stomach bug last week (all better now)", {"Gastroenteritis": "historical"}),
    ("I stopped the Singulair back in March and only keep a Ventolin for emergencies",
     {"Montelukast": "historical", "Salbutamol": "present"}),
    ("메트포르민 먹고 있어요", {"Metformin": "present"}),                        # as before
    ("I had a bout of flu and I'm still coughing", {"Influenza": "present", "Cough": "present"}),
])
def test_a_medicine_stopped_or_switched_from_and_an_illness_that_is_over(full_extractor, text, expected):
    got = statuses(full_extractor.extract(text))
    assert {name: got.get(name) for name in expected} == expected


@pytest.mark.parametrize("text, expected", [
    ("Annual bloods back: cholesterol 5.8, LDL 3.9, HDL 1.3, trigs 1.9, HbA1c 41 and eGFR 88.",
     [("egfr", 88.0), ("hba1c", 5.9), ("hdl", 50.0), ("ldl", 151.0), ("total_cholesterol", 224.0),
      ("triglycerides", 168.0)]),
    ("LDL 2.6 mmol/L", [("ldl", 101.0)]),
    ("LDL 130이고 HDL 45예요", [("hdl", 45.0), ("ldl", 130.0)]),            # mg/dL, as before
    ("HbA1c 6.8% last month", [("hba1c", 6.8)]),
])
def test_uk_lipids_in_mmol_and_an_hba1c_in_mmol_per_mol_are_stored_in_mg_dl_and_percent(full_extractor, text, expected):
    assert sorted(readings(full_extractor.extract(text))) == expected
