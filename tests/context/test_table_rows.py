"""Table passages in the prompt: whole rows under the header, the row for the question's number marked, and a
claim that reads a neighbouring row caught without a model."""

import math

from medical_agent.context.table_rows import (
    MARK,
    bands,
    in_band,
    matched_rows,
    numbers,
    quantities,
    row_conflict,
    select_rows,
    title,
)
from medical_agent.llm.tokens import estimate_tokens

GLUCAGON = ("표 2. 글루카곤 응급 용량\n대상 | 제형 | 1회 용량\n성인과 체중 25 kg 이상 어린이 | 주사용 글루카곤 | 1 mg\n"
            "체중 25 kg 미만 어린이 | 주사용 글루카곤 | 0.5 mg\n4세 이상 어린이와 성인 | 코 분무형 글루카곤 | 3 mg")
EGFR = ("표 1. eGFR에 따른 메트포르민 용량 기준\neGFR | 복용 여부 | 1일 최대 용량\n60 이상 | 복용 가능 | 감량 필요 없음\n"
        "45~59 | 복용 가능 | 대개 감량 없이 유지\n30~44 | 새로 시작하지 않음 | 1,000 mg\n30 미만 | 복용 금기 | 복용 중단")


def words(text):
    return [w.strip(".,()|").lower() for w in text.split() if w.strip(".,()|")]


def test_bands_read_korean_and_english_conditions_with_their_units():
    assert bands("45~59") == [(45.0, 59.0, "")]
    assert bands("5.5 to 7.9 kg") == [(5.5, 7.9, "kg")]
    assert bands("60 이상") == [(60.0, math.inf, "")]
    assert bands("6 이하") == [(-math.inf, 6.0, "")]
    assert bands("under 12 years") == [(-math.inf, 12.0 - 1e-9, "age")]
    assert numbers("eGFR이 35라고 하는데 1,000 mg?") == {(35.0, ""), (1000.0, "mg")}
    assert quantities("eGFR 35, give 0.5 mg") == {(0.5, "mg")}


def test_a_row_matches_only_in_its_own_unit():
    weight, egfr = numbers("체중 20 kg인 아이"), numbers("eGFR이 35")
    assert in_band("체중 25 kg 미만 어린이 | x", weight) and not in_band("성인과 체중 25 kg 이상 어린이 | x", weight)
    assert not in_band("4세 이상 어린이와 성인 | x", weight)            # 20 kg is no age
    assert in_band("30~44 | x", egfr) and not in_band("성인과 체중 25 kg 이상 어린이 | x", egfr)
    assert not in_band("30 미만 | x", numbers("eGFR 30")) and in_band("6 이하 | x", numbers("6"))


def test_a_table_keeps_title_header_and_rows_and_marks_the_person_s_row():
    whole = select_rows(EGFR, set(), numbers("eGFR 35"), 500, estimate_tokens, words)
    lines = whole.splitlines()
    assert lines[:2] == EGFR.splitlines()[:2] and len(lines) == 6
    assert [line for line in lines if line.startswith(MARK)] == [MARK + "30~44 | 새로 시작하지 않음 | 1,000 mg"]
    marked = MARK + "30~44 | 새로 시작하지 않음 | 1,000 mg"
    tight = select_rows(EGFR, set(), numbers("eGFR 35"), estimate_tokens("\n".join([*lines[:2], marked])) + 2,
                        estimate_tokens, words)
    assert tight.splitlines() == [*lines[:2], marked]          # too long to keep whole: the person's row wins


def test_the_row_is_read_out_under_its_header():
    assert matched_rows(GLUCAGON, numbers("20 kg")) == ["대상: 체중 25 kg 미만 어린이 · 제형: 주사용 글루카곤 · 1회 용량: 0.5 mg"]
    assert matched_rows(GLUCAGON, set()) == [] and title(GLUCAGON) == "표 2. 글루카곤 응급 용량"


def test_a_neighbouring_row_is_a_conflict_and_the_right_row_or_both_are_not():
    weight = numbers("체중 20 kg인 아이에게 글루카곤을 얼마나?")
    assert row_conflict("20 kg인 아이에게 1 mg을 주사하세요 [1].", GLUCAGON, weight) == \
        "체중 25 kg 미만 어린이 | 주사용 글루카곤 | 0.5 mg"
    assert row_conflict("20 kg인 아이에게 0.5 mg을 주사하세요 [1].", GLUCAGON, weight) == ""
    assert row_conflict("25 kg 이상은 1 mg, 미만은 0.5 mg입니다.", GLUCAGON, weight) == ""
    assert row_conflict("1 mg을 주사하세요.", GLUCAGON, set()) == ""          # no number asked: nothing to check
