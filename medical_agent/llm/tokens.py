"""Offline token estimate for backends without a local tokenizer (tiktoken cannot load its files here).

BPE tokenizers of current chat models spend roughly one token per Hangul syllable (often a little less) and
about four characters per token on Latin text; digits and punctuation split more finely. The estimate below
is deliberately on the high side so that a prompt budget computed with it never overflows the window.
"""

from __future__ import annotations

import re

from ..text import ANY_HANGUL, HANGUL_JAMO, HANGUL_SYLLABLES

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_DIGITS = re.compile(r"\d")
_OTHER = re.compile(f"[^\\sA-Za-z\\d{HANGUL_SYLLABLES}{HANGUL_JAMO}\u3040-\u30ff\u3400-\u9fff]")


def estimate_tokens(text: str) -> int:
    """Estimated token count: Hangul 1 per syllable, CJK 1 per char, Latin ceil(len/4) per word,
    digits 1 per 2, every other symbol 1."""
    if not text:
        return 0
    hangul = len(ANY_HANGUL.findall(text))
    cjk = len(_CJK.findall(text))
    latin = sum((len(w) + 3) // 4 for w in _LATIN_WORD.findall(text))
    digits = (len(_DIGITS.findall(text)) + 1) // 2
    other = len(_OTHER.findall(text))
    return hangul + cjk + latin + digits + other
