"""Issue 33, round 16 (read off utterances_test16 after its blind run): a Korean negation without a space ("안해요"),
after listed words the table does not know ("위염도 궤양도 없고"), "… 같은 게 올라온 적이 평생 없어요"; a combination
medicine spelled out in brackets after its name; what a medicine is taken for, named by the organ or the measurement
("혈압 때문에", "for my sugar", "for my prostate"); a condition named in the plural ("yeast infections"); a place that
hurts with a side or a manner between ("명치 아래가 찢어질듯이 아프고", "아랫배만 콕콕 쑤셔요"); a late period, peeing by
the hour, an urge that cannot wait, a high potassium; "breasts … tender"; a year or an age an illness was had at;
"stopped needing my inhaler"; something read, then asked about. Each case failed before its change (with different
words from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses
from tests.context.test_utterance_rounds import contradictions


@pytest.mark.parametrize("text, name, status", [
    ("요즘 배는 아픈데 설사는 안했어요", "Diarrhoea", "negated"),
    ("내시경 해 보니 위궤양도 용종도 없대요", "Gastric ulcer", "negated"),
    ("천식도 있고 비염도 있어요", "Asthma", "present"),
    ("I take Twynsta (telmisartan/amlodipine) every morning", "Telmisartan", None),
    ("혈압 때문에 노바스크 먹은 지 2년 됐어요", "Hypertension", "reported"),
    ("I'm on Jardiance for my sugar", "Diabetes mellitus", "reported"),
    ("My husband takes Flomax for his prostate", "Benign prostatic hyperplasia", None),
    ("What can I take for my blood pressure?", "Hypertension", "hypothetical"),
    ("혈압 때문에 걱정이에요", "Hypertension", None),
    ("I keep getting yeast infections after antibiotics", "Genital candidiasis", "present"),
    ("어제부터 명치 위쪽이 타는듯이 아파요", "Abdominal pain", "reported"),
    ("아랫배가 살살 쑤셔요", "Abdominal pain", "reported"),
    ("생리가 일주일이나 늦어서 걱정이에요", "Delayed menstruation", "reported"),
    ("낮에도 화장실을 두 시간마다 가요", "Urinary frequency", "reported"),
    ("요즘 마려우면 참기가 어려워요", "Urinary urgency", "reported"),
    ("The lab said my potassium is a bit high", "Hyperkalaemia", "reported"),
    ("My breasts are tender this week", "Breast pain", "present"),
    ("Had a stroke at 61 and I'm 70 now", "Stroke", "historical"),
    ("I had chest pain at 10 this morning", "Chest pain", "present"),
    ("Had my appendix out in 2015 after appendicitis", "Appendicitis", "historical"),
    ("I stopped needing my albuterol inhaler last year", "Salbutamol", "historical"),
    ("I read that metformin can hurt your kidneys. Is that true?", "Metformin", "hypothetical"),
    ("I heard metformin is good, I take it daily.", "Metformin", "present"),
    ("Taking methotrexate weekly for my arthritis", "Methotrexate", "present"),
    ("Repatha every two weeks since my heart attack", "Evolocumab", "present"),
    ("After three miscarriages in 2019 we had our son", "Miscarriage", "historical"),
    ("Had surgery for Graves in 2012 and I've been on Synthroid ever since", "Levothyroxine", "present"),
    ("my knee is stiff and aches in the cold", "Pain", None),
])
def test_round16(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


def test_a_combination_medicine_spelled_out_is_one(full_extractor):
    names = [i["name"] for i in full_extractor.extract("혈압약은 트윈스타(텔미사르탄+암로디핀) 하나 먹어요")["medications"]]
    assert names and set(names) == {"Telmisartan / amlodipine"}


def test_never_had_it_beside_taking_a_medicine_for_it(full_extractor):
    slots = full_extractor.extract("비염 같은 게 생긴 적이 평생 없어요. 비염 때문에 나조넥스를 매일 뿌려요")
    assert contradictions(slots)
    assert not slots["conditions"]


def test_what_a_refused_medicine_is_taken_for_is_refused_with_it(full_extractor):
    slots = full_extractor.extract("저는 약은 하나도 안 먹어요. 혈압 때문에 노바스크만 매일 먹어요")
    assert contradictions(slots)
    assert not slots["conditions"] and not slots["medications"]
