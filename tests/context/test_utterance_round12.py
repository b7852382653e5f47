"""Issue 33, round 12 (read off utterances_test12 after its blind run): a question about the topic a Korean sentence
opens with, "bad idea or fine" without "?", a doctor's wish or suspicion, a sentence that goes on about the relative
the one before was about, an episode told in the past after "작년 겨울에", a cure and an ICU stay that are over, what
came since a medicine was stopped, "-지는 않았고요", a generic pain beside a specific one, "일흔다섯 먹은 할멈", an
organ said to be healthy beside an illness of it, and lay words for common complaints. Each case that names one of
these failed before its change; the others guard against reaching too far."""

import pytest

from tests.context.conftest import statuses
from tests.context.test_utterance_rounds import contradictions, demographics


@pytest.mark.parametrize("text, name, status", [
    ("인슐린 저항성은 공복혈당만 봐서는 알 수 없고 따로 검사를 해야 하나요?", "Insulin resistance", "hypothetical"),
    ("까스활명수는 체했을 때만 마시는 거예요, 아니면 평소에 마셔도 괜찮아요?", "Dyspepsia", "hypothetical"),
    ("당뇨는 있는데 이 약 먹어도 되나요?", "Diabetes mellitus", "present"),
    ("아스피린은 먹고 있는데 타이레놀 같이 먹어도 돼요?", "Aspirin", "present"),
    ("tylenol and nyquil at the same time, bad idea or fine", "Acetaminophen", "hypothetical"),
    ("She'd like me to start metformin but I've asked to try three months of diet first.", "Metformin",
     "hypothetical"),
    ("My doctor suspects a duodenal ulcer and ordered a breath test.", "Duodenal ulcer", "hypothetical"),
    ("남편이 새벽에 식은땀을 흘려서 응급실에 갔더니 심장 혈관이 막혔대요. 스텐트 넣고 나서 지금은 플라빅스랑 아스피린을 "
     "먹고 있어요", "Clopidogrel", "family"),
    ("남편이 심장 혈관이 막혔대요. 저는 아스피린을 먹고 있어요", "Aspirin", "present"),
    ("여동생이 임신 32주인데 얼굴이 퉁퉁 부어서 입원했어요. 의사 말로는 임신중독증이래요", "Pre-eclampsia", "family"),
    ("작년 겨울에 독감에 걸려서 타미플루를 먹었는데 먹자마자 토하고 난리도 아니었어요. 지금은 멀쩡해요", "Influenza",
     "historical"),
    ("작년 여름에도 통풍 와서 콜킨 먹었었어요", "Gout", "present"),
    ("Cured my hep C back in 2018 and the virus has been undetectable ever since.", "Hepatitis C", "historical"),
    ("Spent three days in the ICU with DKA in March, which is how I found out I'm type 1.",
     "Diabetic ketoacidosis", "historical"),
    ("dizzyness since i stopped my effexor cold turkey last week", "Dizziness", "present"),
    ("dizzyness since i stopped my effexor cold turkey last week", "Venlafaxine", "historical"),
    ("I stopped my metformin last month", "Metformin", "historical"),
    ("열이 38.2도까지 올랐어요. 토하지는 않았고요", "Vomiting", "negated"),
    ("며칠째 왼쪽 가슴이 콕콕 쑤시는데 손으로 누르면 더 아파요", "Chest pain", "present"),
    ("며칠째 왼쪽 가슴이 콕콕 쑤시는데 손으로 누르면 더 아파요", "Pain", None),
    ("ive had an itchy flaky scalp for months, the itching has calmed down a bit", "Itching", None),
    ("I'm in pain all day", "Pain", "present"),
    ("오른쪽 윗배가 쥐어짜듯 아프고 열이 나요", "Abdominal pain", "present"),
    ("사흘 전에 길고양이한테 손등을 물렸는데 손이 빨갛게 부었어요", "Animal bite", "present"),
    ("Rolled my ankle stepping off a curb on Sunday", "Sprain of ankle", "present"),
    ("Temp hit 102.2 last night and I'm aching all over", "Myalgia", "present"),
])
def test_whose_it_is_and_whether_it_is_asked(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, expected", [
    ("일흔다섯 먹은 할멈인데 심방세동 때문에 프라닥사를 먹어요", {"age": 75, "gender": "female"}),
])
def test_who_the_person_is(full_extractor, text, expected):
    assert demographics(full_extractor.extract(text)) == expected


@pytest.mark.parametrize("text", [
    "술은 평생 입에도 안 대서 간만큼은 자신 있어요. 알코올성 간경화로 입원한 게 올해만 벌써 두 번째고요",
    "Never smoked a day in my life and my lungs are perfectly healthy. The emphysema is why I'm on home oxygen.",
    "My eyesight is perfect, never needed glasses or eye drops of any kind. I put my glaucoma drops in every night.",
    "피부 하나는 타고나서 뾰루지 한 번 난 적이 없어요. 중학생 때부터 지금까지 여드름 때문에 피부과를 다녀요",
])
def test_an_organ_said_to_be_healthy_beside_an_illness_of_it_stores_nothing(full_extractor, text):
    slots = full_extractor.extract(text)
    assert contradictions(slots)
    assert not any(slots[k] for k in ("conditions", "symptoms", "medications", "vitals", "labs"))


@pytest.mark.parametrize("text", ["시간만큼은 자신 있어요. 간경화가 있어요", "My lungs are fine but my knee hurts"])
def test_no_contradiction_where_the_organ_differs(full_extractor, text):
    assert not contradictions(full_extractor.extract(text))
