"""Issue 33, round 13 (read off utterances_test13 after its blind run): "어제" is no speaker (KO_SPEAKER read "제 "
inside it, so a relative's story became the person's), an age before "된 남자" or "살 할머니예요", an English age
opening a self-description ("58-year-old woman"), a fasting value said with "this morning was about", a value two
hours after a meal, a thermometer's reading in °F, weight lost as "살이 … 빠졌어요", a lifetime "모르고 살았어요"
beside a kind of what it denies, "적이 한 번도 없", school years as a past, a medicine "started" last year that is
taken now, and lay words. Each case that names one of these failed before its change; the others guard against
reaching too far."""

import pytest

from tests.context.conftest import statuses
from tests.context.test_utterance_rounds import contradictions, demographics, readings


@pytest.mark.parametrize("text, name, status", [
    ("회사 동료가 어제 점심 먹다가 갑자기 말이 어눌해져서 구급차에 실려 갔어요. 뇌졸중이라서 혈전용해제를 맞았대요",
     "Stroke", "family"),
    ("여섯 살 딸이 어제 오후부터 커튼을 쳐 달라고 하고 머리가 아프다며 울었어요", "Headache", "family"),
    ("어제 제 혈압약을 못 먹었어요", "Antihypertensive agent", "present"),
    ("저는 살면서 천식이나 폐렴을 앓아본 적이 한 번도 없어요", "Asthma", "negated"),
    ("대학생 때 클라미디아가 골반염으로 번져서 입원해 항생제 주사를 맞고 완치됐어요", "Chlamydia infection", "historical"),
    ("대학 때 헌혈하려다 B형간염 보균자인 걸 처음 알았고 그 뒤로 6개월마다 피검사 해요", "Hepatitis B", "present"),
    ("작년에 혈압약 먹기 시작했어요", "Antihypertensive agent", "present"),
    ("석 달 사이에 살이 5킬로 가량 빠졌어요", "Weight loss", "reported"),
    ("요즘 방귀가 너무 자주 나오고 배가 빵빵해요", "Abdominal bloating", "present"),
    ("For the past week my stools have been pale and my pee is the color of strong tea", "Dark urine", "present"),
])
def test_whose_it_is_and_whether_it_is_asked(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, expected", [
    ("올해 쉰둘 된 남자고 당뇨 15년차예요", {"age": 52, "gender": "male"}),
    ("일흔두 살 할머니예요. 손가락 마디마다 관절염이 있어요", {"age": 72, "gender": "female"}),
    ("58-year-old woman, six years past menopause.", {"age": 58, "gender": "female"}),
    ("저희 할머니는 여든 살 할머니인데 당뇨가 있어요", {}),
])
def test_who_the_person_is(full_extractor, text, expected):
    assert demographics(full_extractor.extract(text)) == expected


@pytest.mark.parametrize("text, expected", [
    ("Two hours after lunch I was around 190, and fasting this morning was about 125.",
     [("postprandial_glucose", 190), ("fasting_glucose", 125)]),
    ("the thermometer keeps reading about 100.4", [("temperature", 38.0)]),
    ("I was fasting 16 hours", []),
])
def test_readings(full_extractor, text, expected):
    assert readings(full_extractor.extract(text)) == expected


def test_a_lifetime_without_headaches_beside_migraine_stores_nothing(full_extractor):
    slots = full_extractor.extract("두통은 평생 모르고 살았어요. 편두통 때문에 한 달에 열흘은 이미트렉스를 먹어요")
    assert contradictions(slots)
    assert not any(slots[k] for k in ("conditions", "symptoms", "medications"))


def test_not_knowing_a_name_is_no_denial(full_extractor):
    assert statuses(full_extractor.extract("약 이름은 모르고 그냥 혈압약 먹어요")).get("Antihypertensive agent") == "present"


@pytest.mark.parametrize("text, name, status", [
    # the eighth blind pairwise round: "a no-no in pregnancy" denied the pregnancy the message told, and a risk of
    # pre-eclampsia was stored as pre-eclampsia
    ("first pregnancy, carrying twins, and im 41. my OB wants me on baby aspirin from 12 weeks to lower my "
     "pre-eclampsia risk. I thought aspirin was a no-no in pregnancy??", "Pre-eclampsia", "hypothetical"),
    ("my risk of stroke is high because of afib", "Stroke", "hypothetical"),
    ("뇌졸중 위험을 낮추려고 아스피린을 먹어요", "Stroke", "hypothetical"),
    ("뇌졸중 위험을 낮추려고 아스피린을 먹어요", "Aspirin", "present"),
    ("I have no history of stroke", "Stroke", "negated"),
])
def test_a_risk_is_not_the_illness(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


def test_a_no_no_is_no_denial(full_extractor):
    slots = full_extractor.extract("first pregnancy, carrying twins, and im 41. I thought aspirin was a no-no in "
                                   "pregnancy??")
    assert not contradictions(slots) and demographics(slots).get("is_pregnant") is True
