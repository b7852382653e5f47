"""Issue 33, round 18 (read off utterances_test18 after its blind run: 15 of 74 asked-about items stored): what media
or lay sources said, then a question ("TV 건강 프로에서 … 다르다던데, 그럼 …?", "광고에 … 좋다고 써 있던데, …?", "the
news said …", "The pharmacist said a … patch beats anything …", "Heard on a podcast that …", "I've read those drugs can
…, is that real?"), a supposition opened with 만약 and closed by its -면, a choice between two medicines, a switch a
doctor wants, a listed name with 이랑, a dialect word for father. Each case failed before its change (with different
words from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, name, status", [
    ("유튜브에서 로수바스타틴이랑 아토르바스타틴은 효과가 비슷하다던데, 그럼 어느 게 근육통이 덜해요?", "Rosuvastatin", "hypothetical"),
    ("약국 전단지에 오메가3가 혈관에 좋다고 써 있던데, 매일 먹어도 돼요?", "Omega-3 fatty acids", "hypothetical"),
    ("만약 나중에 당뇨가 생기면 메트포르민부터 먹게 되나요?", "Diabetes mellitus", "hypothetical"),
    ("당뇨가 있어서 메트포르민을 먹는데 만약 수술하게 되면 끊어야 해요?", "Metformin", "present"),
    ("Read on a forum that Mounjaro can cause pancreatitis. Is that true?", "Pancreatitis", "hypothetical"),
    ("The pharmacist said melatonin works better than Benadryl for jet lag. Is it safe with my sertraline?",
     "Melatonin", "hypothetical"),
    ("The pharmacist said melatonin works better than Benadryl for jet lag. Is it safe with my sertraline?",
     "Sertraline", "present"),
    ("My GP says I can choose between metformin and diet alone for now. Which is better?", "Metformin", "hypothetical"),
    ("my psychiatrist wants to switch me to sertraline, will the nausea come back?", "Sertraline", "hypothetical"),
    ("My doctor said I have diabetes. What should I eat?", "Diabetes mellitus", "present"),
    ("우리 아부지가 혈압약을 드시는데 자몽 드셔도 돼예?", "Antihypertensive agent", "family"),
])
def test_round18(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status
