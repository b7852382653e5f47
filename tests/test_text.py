"""The one language detector and Hangul definition every layer uses."""

from medical_agent.llm.tokens import estimate_tokens
from medical_agent.text import detect_language, has_hangul


def test_language_is_korean_from_thirty_percent_hangul_letters():
    assert detect_language("메트포르민 side effects?") == "ko"       # 5 of 16 letters: a Korean message
    assert detect_language("가나다abcdefg") == "ko"                   # exactly 3 of 10: the boundary is Korean
    assert detect_language("가나abcdefghi") == "en"                   # 2 of 11
    assert detect_language("What is HbA1c?") == "en" and detect_language("") == "en"


def test_jamo_are_hangul_but_not_words():
    assert has_hangul("ㅠㅠ") and not has_hangul("abc")
    assert detect_language("ㅋㅋ ok") == "en"                          # jamo are not syllables
    assert estimate_tokens("ㅋㅋ") == 2 and estimate_tokens("당뇨") == 2
