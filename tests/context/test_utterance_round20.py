"""Issue 33, round 20 (read off utterances_test20 after its blind run: P 0.80, R 0.80, 6 of 54 asked items stored):
a pet's illness is the pet's (its age too; not "고양이 알러지", nor a friend's house), a history list with "in my 20s" and "last spring", a mistake taken back
("있다고 했는데 그건 남동생 얘기였어요", "but that's actually my wife's"), a medicine someone keeps telling the person to
take, "58, male." after a greeting, "일흔셋 된 할아버지예요", and lay or brand words the table lacked (코자, 씨잘, 귀가
어두워, 삼킬 때마다 따가, "on the pill", "stuffed up", "a sore back"). Each case failed before its change (with
different words from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, name, status", [
    ("우리 집 고양이가 당뇨라서 인슐린을 맞는데 사람 인슐린이랑 같은 거예요?", "Diabetes mellitus", "family"),
    ("My dog has arthritis and limps in the mornings. Can he have my ibuprofen?", "Arthritis", "family"),
    ("고양이 알러지가 있는데 친구 집에 다녀오면 콧물이 나요", "Rhinorrhoea", "present"),    # not the friend's, nor the cat's
    ("길고양이한테 손을 물렸는데 빨갛게 부었어요", "Insect bite or sting", None),
    ("Past history: gout in my 30s and pneumonia last winter. Nothing now.", "Gout", "historical"),
    ("제가 당뇨가 있다고 했는데 그건 아버지 얘기였어요. 저는 고혈압만 있어요", "Diabetes mellitus", "negated"),
    ("I said I take warfarin but that's actually my dad's. I only take a statin.", "Warfarin", "negated"),
    ("Dad keeps telling me to take melatonin for my sleep", "Melatonin", "hypothetical"),
    ("아침에 코자 50 한 알 먹고 있어요", "Losartan", "present"),
    ("요즘 귀가 어두워져서 전화 소리를 잘 못 들어요", "Hearing loss", "present"),
    ("침 삼킬 때 따가워서 밥을 못 먹겠어요", "Sore throat", "present"),
    ("I've been on the pill for five years", "Oral contraceptive", "present"),
    ("totally stuffed up since sunday", "Nasal congestion", "present"),
])
def test_round20(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, expected", [
    ("우리 집 열두 살 강아지가 요즘 기침을 해요", {"age": None}),
    ("Hello. 62, female. My sugar was high at the check.", {"age": 62, "gender": "female"}),
    ("올해 여든 된 할머니예요", {"age": 80, "gender": "female"}),
])
def test_who_the_person_is(full_extractor, text, expected):
    demo = full_extractor.extract(text)["demographics"]
    assert {k: demo[k] for k in expected} == expected
