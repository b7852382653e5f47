"""Issue 33, round 15 (read off utterances_test15 after its two blind runs): a general rule heard ("역류성 식도염에는
PPI를 많이 쓴다던데"), a possibility heard ("저온화상 입을 수 있다던데"), a plan weighed ("처방받아 볼까 했는데"), a guess
("I figured it's just early arthritis"), "does … mean i have", people in general ("콩팥이 안 좋은 사람은"), a past
said after the mention ("결핵은 고등학교 때 앓고 완치됐고"), "20대 때", "끊은 지", "아직 폐경 전이라", "아프진 않고", a
negative test (테스트), a medicine taken until a switch ("먹을 때는 … 로 바꾸고"), "haven't taken any NSAIDs", "the
zocor im on", "finish all the penicillin", "came back around", a lifetime without medicines beside one, "not a single
allergy" beside hay fever. Each case that names one of these failed before its change; the others guard."""

import pytest

from tests.context.conftest import statuses
from tests.context.test_utterance_rounds import contradictions, readings


@pytest.mark.parametrize("text, name, status", [
    ("당뇨에는 메트포르민을 제일 먼저 쓴다던데 자디앙은 언제 써요?", "Diabetes mellitus", "hypothetical"),
    ("파스를 오래 붙이면 접촉성 피부염이 생길 수 있다던데 진짜예요?", "Contact dermatitis", "hypothetical"),
    ("저도 삭센다 맞아 볼까 고민 중이에요", "Liraglutide", "hypothetical"),
    ("My wrist clicks but I figured it's just a sprain", "Sprain", "hypothetical"),
    ("does a fasting sugar of 110 mean I have diabetes", "Diabetes mellitus", "hypothetical"),
    ("간이 안 좋은 사람은 타이레놀을 조심하라던데요", "Liver disease", "hypothetical"),
    ("천식은 초등학교 때 앓고 다 나았어요", "Asthma", "historical"),
    ("천식은 초등학교 때 앓았고 지금도 흡입기를 써요", "Asthma", "present"),
    ("30대 때 우울증으로 약을 먹었는데 끊은 지 3년 됐어요", "Depressive disorder", "historical"),
    ("저는 아직 폐경 전이라 괜찮아요", "Menopause", "negated"),
    ("소변볼 때 아프진 않아요", "Dysuria", "negated"),
    ("코로나 테스트는 음성이었어요", "COVID-19", "negated"),
    ("아마릴을 먹을 때는 자주 어지러웠는데 자누비아로 바꾸고 나서는 괜찮아요", "Glimepiride", "historical"),
    ("I haven't taken any ibuprofen since the bleed", "Ibuprofen", "negated"),
    ("is the lipitor im on a statin", "Atorvastatin", "present"),
    ("do I have to finish all the amoxicillin if I feel fine", "Amoxicillin", "present"),
    ("Can I take amoxicillin with milk?", "Amoxicillin", "hypothetical"),
])
def test_whose_it_is_and_whether_it_is_asked(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


def test_a_result_that_came_back(full_extractor):
    assert readings(full_extractor.extract("the nurse said my A1c came back around 6.2")) == [("hba1c", 6.2)]


@pytest.mark.parametrize("text", [
    "저는 지금까지 약이라는 걸 먹어본 적이 없어요. 매일 아침 리피토 한 알만 먹어요",
    "I don't have a single allergy, never have. My hay fever is awful every spring.",
])
def test_a_denial_beside_what_it_denies_stores_nothing(full_extractor, text):
    slots = full_extractor.extract(text)
    assert contradictions(slots)
    assert not any(slots[k] for k in ("conditions", "medications"))
