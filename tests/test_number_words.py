"""Numbers said in words, as voice input writes them: the parts of one number apart (visitor_test25)."""

import pytest

from medical_agent.number_words import spelled_numbers


@pytest.mark.parametrize("text, digits", [
    ("혈압이 이백 이십에 백 이십 팔이에요", "혈압이 220에 128이에요"),
    ("다시 재도 이백 십 칠에 백 이십 오예요", "다시 재도 217에 125예요"),
    ("측정기가 팔십 구 팔십 팔 왔다 갔다 해요", "측정기가 89 88 왔다 갔다 해요"),
    ("오백 아니 아니 육백 이십이요", "500 아니 아니 620이요"),
    ("몸무게가 칠십 오 키로예요", "몸무게가 75 키로예요"),
])
def test_a_number_said_in_parts_is_one_number(text, digits):
    assert spelled_numbers(text)[0] == digits


@pytest.mark.parametrize("text, digits", [
    ("이십 일 동안 먹었어요", "20 일 동안 먹었어요"),          # 일 after a space is a day
    ("백 일 잔치를 했어요", "100 일 잔치를 했어요"),
    ("이십 사이에 있어요", "20 사이에 있어요"),                 # 사이 is a word, not a 4
    ("백내장 수술", "백내장 수술"),
])
def test_a_day_or_a_word_after_the_number_is_not_its_unit(text, digits):
    assert spelled_numbers(text)[0] == digits


def test_positions_still_point_at_the_message():
    text = "혈압 이백 이십에"
    rewritten, where = spelled_numbers(text)
    start = rewritten.index("220")
    assert text[where[start]:where[start + 2] + 1] == "이백 이십"
