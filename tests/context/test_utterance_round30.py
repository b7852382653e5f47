"""Issue 33, round 30 (from utterances_test30, read after its blind run: updates over time): a pregnancy that a birth
or a loss ended is not under way, nor are the illnesses a birth ends, and "I'm off the X" stopped X. Six cases failed
before the change, with different words from the set's (a test kit's two lines, "off" a medicine, a denial said after
the weeks, a birth told as "아기를 낳았어요"); the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text", [
    "유산 후에 소파술을 받았고 지금은 임신 중이 아니에요.",
    "작년에 임신 12주라고 했었는데 지금은 임신 상태가 아닙니다.",
])
def test_not_pregnant_said_of_the_state_is_a_denial(full_extractor, text):
    demo = full_extractor.extract(text)["demographics"]
    assert demo["is_pregnant"] is not True


@pytest.mark.parametrize("text, name", [
    ("두 달 전에 아기를 낳았어요. 임신 중에는 임신성 당뇨가 있었어요.", "Gestational diabetes"),
    ("지난주에 출산했는데 임신 중에 임신중독증이 와서 고생했어요.", "Pre-eclampsia"),
    ("Our baby boy was born last Friday! The gestational diabetes went away right after.", "Gestational diabetes"),
    ("Baby arrived in June. I had pre-eclampsia for the last month of the pregnancy.", "Pre-eclampsia"),
])
def test_an_illness_a_birth_ends_is_over_once_the_birth_is_told(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) != "present"


@pytest.mark.parametrize("text, name", [
    ("출산한 지 두 달 됐는데 임신성 당뇨 수치가 아직 안 내려갔어요.", "Gestational diabetes"),
    ("I had my son in March and I still have the gestational diabetes, my sugars are high.", "Gestational diabetes"),
    ("I'm 20 weeks pregnant with gestational diabetes.", "Gestational diabetes"),
])
def test_still_there_or_no_birth_keeps_it(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "present"


@pytest.mark.parametrize("text, name", [
    ("My blood pressure came down, so I'm off the amlodipine now.", "Amlodipine"),
    ("I am finally off my prednisone after six weeks.", "Prednisone"),
])
def test_off_a_medicine_has_stopped_it(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) != "present"


def test_off_work_is_not_a_stopped_medicine(full_extractor):
    assert statuses(full_extractor.extract("I'm off work today and took my metformin as usual."))["Metformin"] == \
        "present"


@pytest.mark.parametrize("text", ["어제 테스트기에 두 줄이 나왔어요!", "아침에 테스트기에서 선명하게 두 줄 떴어요"])
def test_two_lines_on_a_test_kit_is_a_pregnancy(full_extractor, text):
    assert full_extractor.extract(text)["demographics"]["is_pregnant"] is True
