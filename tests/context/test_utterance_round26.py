"""Issue 33, round 26 (read off utterances_test27 after its blind run: P 0.90, R 0.84, demographics 84 of 117): age
and sex typed as an intake list ("56세 남", "나이/성별: 66/남", "41m", "Female, 52", "hi, 32 (m)"), each judged inside
its list field, not by the story after it; a medicine stopped a few words after it ("먹다가 … 작년에 끊었고",
"… 작년에 끊음", "Stopped: naproxen"); an illness over because an organ came out for it, because something came after
it ("독감 뒤로") or because it is listed under 수술력; a last episode years ago ("last seizure 2019"); a stone passed; a
medicine prescribed and not started ("아직 시작은 안 했어요"); lower-case and adjective names; a statement before a
question put after a dash ("Still nauseous most mornings - is Zofran safe?"); a subjectless sentence after one that set
the speaker beside a relative is the speaker's; "is it normal to get up …". (No name read over a line break, and
inflected names kept out of kiwi's user nouns: tests/context/test_medcat_linker.py, which runs MedCAT.) Each case
failed before its change (with different words from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, age, gender", [
    ("58세 여\n- 고혈압: 아모잘탄\n두통약 같이 먹어도 되나요?", 58, "female"),
    ("■ 나이/성별: 72/여\n■ 복용약: 없음", 72, "female"),
    ("성별: 남\n나이: 49\n위염 있음", 49, "male"),
    ("여 / 37세 / 158cm / 50kg", 37, "female"),
    ("66세 여, 3년 전 유방암 수술받았어요. 요즘 허리가 아파요", 66, "female"),
    ("일흔셋 된 영감인데 무릎이 시려요", 73, "male"),
    ("hey - 52f, 5'4, 150 lbs. asthma", 52, "female"),
    ("Male, 61, retired. Gout on allopurinol.", 61, "male"),
    ("f 47. asthma since childhood", 47, "female"),
    ("hi, 38 (f). on sertraline", 38, "female"),
    ("Intro: 27, M, no meds.", 27, "male"),
    ("- 45 yo F\n- migraine", 45, "female"),
])
def test_intake_age_and_sex(full_extractor, text, age, gender):
    demo = full_extractor.extract(text)["demographics"]
    assert (demo.get("age"), demo.get("gender")) == (age, gender)


def test_intake_extras(full_extractor):
    assert full_extractor.extract("34, about 20 wks pregnant now. Is Tums ok?")["demographics"]["age"] == 34
    assert full_extractor.extract("21살 남대생이에요. 여드름이 심해요")["demographics"]["gender"] == "male"


@pytest.mark.parametrize("text", ["BP 130/85, M", "My son, 12, m, has asthma", "2 tablets / 10 mg, f"])
def test_numbers_beside_a_letter_are_not_the_persons_age(full_extractor, text):
    assert full_extractor.extract(text)["demographics"].get("age") is None


@pytest.mark.parametrize("text, name, status", [
    ("아토르바스타틴 먹다가 근육통 때문에 작년에 끊었어요", "Atorvastatin", "historical"),
    ("졸피뎀은 재작년에 끊음. 요즘 잠이 안 와요", "Zolpidem", "historical"),
    ("5년 전 담석으로 쓸개 제거", "Gallstones", "historical"),
    ("자궁근종 때문에 자궁 적출함", "Uterine fibroids", "historical"),
    ("작년 폐렴 뒤로 숨이 좀 차요", "Pneumonia", "historical"),
    ("Stopped: metformin (stomach upset)", "Metformin", "historical"),
    ("migraine since college, last migraine 2022", "Migraine", "historical"),
    ("I passed a kidney stone and want to avoid another", "Kidney stone", "historical"),
    ("마운자로 처방받았는데 아직 시작은 안 했어요", "Tirzepatide", "hypothetical"),
    # guards
    ("메트포르민 먹다가 끊었다가 다시 먹어요", "Metformin", "present"),
    ("아스피린 먹고 클로피도그렐은 작년에 끊었어요", "Aspirin", "present"),
    ("아스피린 먹고 클로피도그렐은 작년에 끊었어요", "Clopidogrel", "historical"),
])
def test_round26_statuses(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, name", [
    ("htn and osa, on cpap", "Hypertension"),
    ("htn and osa, on cpap", "Sleep apnoea"),
    ("hypothyroid since my 30s", "Hypothyroidism"),
    ("borderline diabetic per my doctor", "Prediabetes"),
    ("I'm iron deficient again", "Iron deficiency anaemia"),
    ("류마티스 때문에 MTX 주 1회 먹어요", "Methotrexate"),
    ("is it normal to wake up four times a night to pee lately?", "Nocturia"),
    ("Still queasy every morning - is ginger tea ok?", "Nausea"),
    ("저는 쉰 살이고 남편은 천식이 있어요. 밤마다 속쓰림이 있는데 베개를 높일까요?", "Heartburn"),
])
def test_round26_names(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "present"


def test_a_type_1_diabetic_is_no_second_diabetes(full_extractor):
    assert statuses(full_extractor.extract("type one diabetic since age 12")) == {"Type 1 diabetes mellitus": "present"}


@pytest.mark.parametrize("text", [
    "허리랑 관절은 또래보다 훨씬 멀쩡하대요. 퇴행성 관절염 때문에 주사를 맞고 있긴 해요.",
    "I've never been really depressed. My GP has me on sertraline for depression since last year.",
])
def test_round26_contradictions_store_nothing(full_extractor, text):
    out = full_extractor.extract(text)
    assert [d["what"] for d in out["doubts"] if d["kind"] == "contradiction"] and not statuses(out)


def test_fine_joints_beside_another_illness_hold_together(full_extractor):
    out = full_extractor.extract("무릎은 아주 멀쩡해요. 요즘 위염이 있어요")
    assert statuses(out).get("Gastritis") == "present" and not out["doubts"]
