"""Issue 33, round 2: whose a mention is and when. A negation reaches past a state noun (임신 중이 아니고); a
past marker holds up to a turn to the present; an English resolution belongs to the nearest mention it can be
said of; a hearsay ending (-라던데) reports the person's own result; a question about going on with or stopping a
medicine says it is taken; a child named only by age, or a medicine given, is someone else's (but "my" pills beside
a child are the person's); a lay state in a question is asked about, and so is a clause that opens like a question
("…, can I take X now") or a rule heard after a condition ("스타틴 먹으면 근육통 생긴다는데")."""

import pytest

from tests.context.conftest import statuses

HELD = ("present", "reported")


def test_a_negation_reaches_past_a_state_noun(full_extractor):
    slots = full_extractor.extract("저는 임신 중이 아니고 모유수유도 안 해요. 이소트레티노인 먹어도 될까요?")
    assert slots["demographics"]["is_pregnant"] is False and slots["demographics"]["gender"] is None


@pytest.mark.parametrize("text, expected", [
    ("I used to be on warfarin but switched to apixaban because of the bruising, which is gone now.",
     {"Warfarin": "historical", "Apixaban": "present"}),
    ("I took metformin for my diabetes but stopped last year.",
     {"Metformin": "historical", "Diabetes mellitus": "present"}),
    ("I switched from metformin to insulin.", {"Metformin": "historical", "Insulin": "present"}),
    ("I used to take statins but now take ezetimibe.", {"Statin": "historical", "Ezetimibe": "present"}),
    ("The rash went away but the itching is still there.", {"Rash": "historical", "Itching": "present"}),
    ("예전에 위염이 있었는데 지금은 오메프라졸을 먹고 위염은 나았어요", {"Omeprazole": "present"}),
    ("예전에 결핵이랑 폐렴 앓았는데 다 나았어요", {"Tuberculosis": "historical", "Pneumonia": "historical"}),
])
def test_the_past_ends_where_the_present_starts(full_extractor, text, expected):
    got = statuses(full_extractor.extract(text))
    assert {name: got.get(name) for name in expected} == expected


@pytest.mark.parametrize("text, name, reading", [
    ("콜레스테롤이 240이라던데 약 먹어야 하나요?", None, ("total_cholesterol", 240)),
    ("의사가 당뇨라던데 뭘 조심해야 돼요?", "Diabetes mellitus", None),
    ("혈압이 150에 95라는데 운동해도 되나요?", None, ("blood_pressure", (150, 95))),
])
def test_a_reported_result_is_the_persons(full_extractor, text, name, reading):
    slots = full_extractor.extract(text)
    if name:
        assert statuses(slots)[name] in HELD
    if reading:
        assert [(r["type"], r.get("value", (r.get("systolic"), r.get("diastolic"))))
                for k in ("vitals", "labs") for r in slots[k]] == [reading]


@pytest.mark.parametrize("text, name, status", [
    ("아스피린 계속 먹어도 될까요?", "Aspirin", "present"),
    ("와파린 끊어도 되나요?", "Warfarin", "present"),
    ("메트포르민 끊으면 어떻게 돼요?", "Metformin", "hypothetical"),
    ("Can I keep taking lisinopril while breastfeeding?", "Lisinopril", "present"),
    ("Should I stop taking aspirin before surgery?", "Aspirin", "present"),
    ("Is it dangerous to stop taking metoprolol suddenly?", "Metoprolol", "hypothetical"),
    ("What happens if you stop taking statins?", "Statin", "hypothetical"),
])
def test_going_on_with_or_stopping_a_medicine_says_it_is_taken(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text))[name] == status


@pytest.mark.parametrize("text", ["My 3-year-old has a cough and a fever of 39.", "Our 8 month old has diarrhea.",
                                  "My son, who just turned 5, has asthma.",
                                  "The 10-year-old has a rash.", "세 살배기가 열이 39도예요", "다섯 살짜리가 기침을 해요",
                                  "둘째가 아토피가 있어요"])
def test_a_child_named_by_age_is_someone_else(full_extractor, text):
    slots = full_extractor.extract(text)
    assert not [s for s in statuses(slots).values() if s in HELD]
    assert slots["vitals"] == [] and slots["demographics"]["age"] is None


@pytest.mark.parametrize("text, name", [
    ("Will my sugar go up on prednisone?", "Hyperglycaemia"), ("Is my blood pressure too high?", "Hypertension"),
    ("제 혈당이 올라갈까요?", "Hyperglycaemia"), ("제 혈압이 높은 건가요?", "Hypertension"),
])
def test_a_lay_state_in_a_question_is_asked_about(full_extractor, text, name):
    assert statuses(full_extractor.extract(text))[name] == "hypothetical"


@pytest.mark.parametrize("text, name", [
    ("제 혈압이 높은 편인데 괜찮나요?", "Hypertension"),                  # stated beside the question
    ("Why is my blood pressure so high?", "Hypertension"), ("제 배가 아픈 이유가 뭘까요?", "Abdominal pain"),  # why: so
])
def test_a_state_stated_or_asked_why_is_held(full_extractor, text, name):
    assert statuses(full_extractor.extract(text))[name] in HELD


@pytest.mark.parametrize("text, name, status", [
    ("열이 안 떨어지는데 해열제 계속 먹여야 하나요?", "Fever", "family"),
    ("Can I give ibuprofen for a fever of 39?", "Ibuprofen", "family"),
    ("My toddler swallowed one of my amlodipine pills.", "Amlodipine", "present"),
    ("아이가 제 메트포르민을 삼켰어요", "Metformin", "present"),
    ("it's 10pm, can i take zolpidem now", "Zolpidem", "hypothetical"),
    ("스타틴 먹으면 근육통 생긴다는데 괜찮을까요?", "Myalgia", "hypothetical"),
])
def test_given_mine_or_asked(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text))[name] == status
