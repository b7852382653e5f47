"""Issue 33, round 14 (read off utterances_test14 after its two blind runs): a medicine a clinician proposes and the
person has not started is asked about; an act joined by -고 to the act asked about ("타이레놀 먹고 기다려도 되나요")
is asked about; a relative the speaker then turns from ("와이프가 … 제가 …"), a colleague by title (과장님), "my 17
yo"; a medicine taken "until now" (먹다가 지금은) or switched from (X에서 Y로) is past, and so is a fever that "지금은
내렸고"; "어릴 땐"; "태어나서 한 번도" beside a medicine of the class; a place and how it aches (시큰, 욱신, 쑤셔); a
period that has not come (생리가 … 없어서); "has ached"; "M, 29." and "im 23 f"; "일흔셋 할아버지예요"; a second sugar
reading with only its time in the next sentence. Each case that names one of these failed before its change; the
others guard against reaching too far."""

import pytest

from tests.context.conftest import statuses
from tests.context.test_utterance_rounds import contradictions, demographics, readings


@pytest.mark.parametrize("text, name, status", [
    ("의사 선생님이 자디앙을 추가하자고 하시는데 괜찮을까요", "Empagliflozin", "hypothetical"),
    ("교수님이 로수바스타틴 들어간 약을 먹어보자고 하셨는데 아직 안 먹었어요", "Rosuvastatin", "hypothetical"),
    ("My endocrinologist brought up metformin last week, is it safe for the kidneys?", "Metformin", "hypothetical"),
    ("the dentist wants to numb me with lidocaine with epinephrine tomorrow", "Epinephrine", "hypothetical"),
    ("My doctor prescribed metformin and I take it with dinner", "Metformin", "present"),
    ("열이 나면 이부프로펜 먹고 자도 되나요?", "Ibuprofen", "hypothetical"),
    ("메트포르민 먹고 있고 이부프로펜 먹어도 돼요?", "Metformin", "present"),
    ("남편이 고지혈증으로 먹는 아토르바스타틴을 제가 두통이 있을 때 먹어도 될까요?", "Atorvastatin", "family"),
    ("남편이 고지혈증 약을 먹는데 제가 요즘 두통이 심해요", "Headache", "present"),
    ("옆 부서 부장님이 지난달 뇌졸중으로 쓰러지셨어요", "Stroke", "family"),
    ("my 15 yo was put on fluoxetine for anxiety", "Fluoxetine", "family"),
    ("예전엔 나프록센을 먹다가 지금은 아세트아미노펜만 먹어요", "Naproxen", "historical"),
    ("예전엔 나프록센을 먹다가 지금은 아세트아미노펜만 먹어요", "Acetaminophen", "present"),
    ("혈압약을 암로디핀에서 텔미사르탄으로 바꾼 지 한 달 됐어요", "Amlodipine", "historical"),
    ("혈압약을 암로디핀에서 텔미사르탄으로 바꾼 지 한 달 됐어요", "Telmisartan", "present"),
    ("사흘 전에는 열이 났는데 지금은 내렸고 기침만 해요", "Fever", "historical"),
    ("어릴 땐 아토피도 있었는데 그건 다 나았어요", "Atopic dermatitis", "historical"),
    ("오른쪽 어깨 쪽이 욱신거려서 팔을 못 들겠어요", "Shoulder pain", "reported"),
    ("계단 내려갈 때마다 무릎이 시큰거려요", "Knee pain", "reported"),
    ("무릎은 안 쑤셔요", "Knee pain", None),
    ("생리가 석 달째 없어서 걱정이에요", "Amenorrhoea", "reported"),
    ("생리통은 없어요", "Amenorrhoea", None),
    ("My left knee has ached since the marathon", "Knee pain", "present"),
    ("옆구리가 아픈 것도 전혀 없어요", "Flank pain", "negated"),
    ("속이 쓰린 게 안 가셔서 힘들어요", "Heartburn", "present"),
])
def test_whose_it_is_and_whether_it_is_asked(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, expected", [
    ("여든둘 할머니예요. 무릎이 아파요", {"age": 82, "gender": "female"}),
    ("우리 할아버지예요", {}),
    ("F, 34. Spotting between periods since March.", {"age": 34, "gender": "female"}),
    ("ok so im 41 m and my bp keeps creeping up", {"age": 41, "gender": "male"}),
])
def test_who_the_person_is(full_extractor, text, expected):
    assert demographics(full_extractor.extract(text)) == expected


@pytest.mark.parametrize("text, expected", [
    ("간식 먹고 한 시간 반쯤 지나서 혈당이 205였어요. 아침 공복에 잰 건 121이었고요.",
     [("postprandial_glucose", 205), ("fasting_glucose", 121)]),
    ("혈당이 140이었어요. 내일 아침 7시에 병원에 가요.", [("random_glucose", 140)]),
])
def test_readings(full_extractor, text, expected):
    assert readings(full_extractor.extract(text)) == expected


def test_a_class_denied_for_a_lifetime_beside_its_member_stores_nothing(full_extractor):
    slots = full_extractor.extract("당뇨약은 태어나서 한 번도 먹어본 적이 없어요. 매일 아침 메트포르민 한 알 먹어요")
    assert contradictions(slots)
    assert not slots["medications"]


def test_the_speaker_turning_from_a_relative_speaks_of_themselves(full_extractor):
    found = statuses(full_extractor.extract("아내가 먹는 졸피뎀을 제가 불면증 때문에 먹어봐도 되나요?"))
    assert found.get("Zolpidem") == "family"
    assert found.get("Insomnia") not in (None, "family")
