"""Text utilities every layer shares: which characters are Hangul, and the language of a message.

One definition, so that extraction, retrieval, the index builder and token estimates agree on what Korean is
(before, five modules defined their own Hangul ranges and three detected the language with two thresholds).
"""

from __future__ import annotations

import re
from functools import lru_cache

HANGUL_SYLLABLES = "\uac00-\ud7a3"          # 가-힣: the syllables Korean words are written in
# Conjoining jamo, compatibility jamo (ㅋㅋ, ㅠㅠ) and the extended jamo blocks: Hangul, but not words.
HANGUL_JAMO = "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\ud7b0-\ud7ff"
HANGUL = re.compile(f"[{HANGUL_SYLLABLES}]")
ANY_HANGUL = re.compile(f"[{HANGUL_SYLLABLES}{HANGUL_JAMO}]")
_LETTER = re.compile(f"[A-Za-z{HANGUL_SYLLABLES}]")
KOREAN_SHARE = 0.3   # a message whose letters are at least 30 % Hangul syllables is Korean
# Sentence ends: . ! ? 。 followed by space; a Korean ending (다/요/죠) followed by a period; line breaks.
SENTENCE_END = re.compile(r"(?<=[.!?。])\s+|(?<=[다요죠])\.\s*|\n+")


def has_hangul(text: str) -> bool:
    """Any Hangul at all, jamo included."""
    return ANY_HANGUL.search(text) is not None


def split_sentences(text: str) -> list[str]:
    """Sentences of a passage (chunking, the extractive generator and evidence compression share this)."""
    return [s.strip() for s in SENTENCE_END.split(text) if s and s.strip()]


def detect_language(text: str) -> str:
    """"ko" when Hangul syllables are at least :data:`KOREAN_SHARE` of the letters, else "en" (mixed messages
    such as "메트포르민 side effects?" are Korean; a drug name in Latin letters does not make them English)."""
    letters = _LETTER.findall(text)
    return "ko" if letters and len(HANGUL.findall(text)) / len(letters) >= KOREAN_SHARE else "en"


COMMON_ZIPF = 3.0          # wordfreq's scale: log10 of occurrences per billion words


@lru_cache(maxsize=8192)
def common_word(word: str, lang: str) -> bool:
    """Whether ``word`` is an everyday word of ``lang`` (Zipf frequency of at least 3, i.e. once per million words,
    in wordfreq's bundled lists): a small corpus lacks "lately", "tomorrow" or 몸무게, which are not names it should
    know; a drug name ("zuranolone", 팍스로비드) is rarer than that, and so is a misspelling. Korean words are looked
    up whole (wordfreq's own Korean tokenizer needs MeCab). An English contraction's stem ("couldn") is an everyday
    word too (questions_test6's first run called it an unknown name). (Compounds of two everyday words were tried
    and left out: "bloodwork" would pass, but so would the absent "minipill", "jetlag", "heartworm", "fitbit".)"""
    import math

    from wordfreq import get_frequency_dict, zipf_frequency

    if lang == "ko":
        frequency = get_frequency_dict("ko").get(word, 0.0)
        return frequency > 0 and math.log10(frequency) + 9 >= COMMON_ZIPF
    if zipf_frequency(word, lang) >= COMMON_ZIPF:
        return True
    # "couldn" of "couldn't", as the tokenizer leaves it
    return word.endswith("n") and zipf_frequency(f"{word}'t", lang) >= COMMON_ZIPF
