"""Back-transliteration of Korean loanwords to the English words of the index (졸미트립탄 → zolmitriptan).

Korean writes most drug names, many disease names and eponyms as loanwords (글루텐, 암페타민, 누난 증후군).
The concept table cannot list them all, but their consonants survive transliteration: both the Hangul word
and the English word reduce to the same *consonant skeleton* (졸미트립탄 and zolmitriptan → SLMTLPTN).
Every English word of the index is keyed by its skeleton once; a Korean query word with a long enough
skeleton then looks up the index words with the same key. Short skeletons are ambiguous and are skipped;
candidates must also *sound* alike: the word's romanization (vowels included) is compared with each English
candidate (difflib ratio ≥ ``MIN_SIMILARITY``), which rejects native words that share a skeleton by chance
(관절 "joint" and "correlation"). English "r" before a consonant is indexed both ways (메트포르민 keeps it,
알츠하이머 drops it). The matcher reads only the index vocabulary,
so it works for any corpus and names no particular question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from difflib import SequenceMatcher

import numpy as np

from .bm25 import BM25Index

MIN_SKELETON = 4          # consonants needed before a loanword match is trusted
MAX_CANDIDATES = 2        # English words added per Korean word
MIN_SIMILARITY = 0.6      # romanized Korean word vs English word
MAX_COMPARED = 20         # most frequent index words compared per skeleton (keeps a query under 1 ms)
# Initial consonants (ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ) and final consonants ("" ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ)
# as skeleton classes: velars K, dentals T, labials P, sibilants/affricates S, N, M, liquids L; ㅇ/ㅎ drop.
INITIALS = ["K", "K", "N", "T", "T", "L", "M", "P", "P", "S", "S", "", "S", "S", "S", "K", "T", "P", ""]
FINALS = ["", "K", "K", "KS", "N", "NS", "N", "T", "L", "LK", "LM", "LP", "LS", "LT", "LP", "L", "M", "P", "PS",
          "S", "S", "N", "S", "S", "K", "T", "P", ""]
# Revised Romanization, simplified towards English spelling (어 → o, 으 → nothing).
ROMAN_INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
ROMAN_VOWELS = ["a", "ae", "ya", "yae", "o", "e", "yo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi",
                "yu", "", "ui", "i"]
ROMAN_FINALS = ["", "k", "k", "ks", "n", "nj", "nh", "t", "l", "lk", "lm", "lb", "ls", "lt", "lp", "lh", "m", "p",
                "ps", "t", "t", "ng", "t", "t", "k", "t", "p", "t"]
EN_RULES = [(r"ph", "P"), (r"th", "T"), (r"ch|sh|tz", "S"), (r"ck|qu?", "K"), (r"x", "KS"), (r"ng", "N"),
            (r"c(?=[eiy])", "S"), (r"[cgk]", "K"), (r"[dt]", "T"), (r"[bpfv]", "P"), (r"[sjz]", "S"),
            (r"r(?![aeiouy])", ""), (r"[lr]", "L"), (r"n", "N"), (r"m", "M"), (r"[aeiouyhw]", "")]
EN_PATTERN = re.compile("|".join(f"({p})" for p, _ in EN_RULES))
LATIN_WORD = re.compile(r"[a-z]{4,}")


def _collapse(skeleton: str) -> str:
    """Doubled consonants are one sound (gluten/글루텐, cellulitis/셀룰라이티스 → one L)."""
    return re.sub(r"(.)\1+", r"\1", skeleton)


def hangul_skeleton(word: str) -> str:
    out = []
    for ch in word:
        code = ord(ch) - 0xAC00
        if not 0 <= code < 11172:
            return ""                     # mixed scripts: not a plain loanword
        out.append(INITIALS[code // 588] + FINALS[code % 28])
    return _collapse("".join(out))


def romanize(word: str) -> str:
    out = []
    for ch in word:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out.append(ROMAN_INITIALS[code // 588] + ROMAN_VOWELS[code // 28 % 21] + ROMAN_FINALS[code % 28])
    return "".join(out)


def english_skeletons(word: str) -> set[str]:
    """The word's skeleton, and a second one keeping "r" before consonants (Korean spells it 르 there)."""
    def sub(m: re.Match[str]) -> str:
        return EN_RULES[m.lastindex - 1][1]

    word = word.lower()
    return {_collapse(EN_PATTERN.sub(sub, word)), _collapse(EN_PATTERN.sub(sub, word.replace("r", "l")))}


def english_skeleton(word: str) -> str:
    return min(english_skeletons(word), key=len)


class LoanwordMatcher:
    """Skeleton → the index's English words with that skeleton, most documents first."""

    def __init__(self, words: Iterable[tuple[str, int]]):
        table: dict[str, list[tuple[int, str]]] = {}
        for word, df in words:
            if LATIN_WORD.fullmatch(word):
                for key in english_skeletons(word):
                    if len(key) >= MIN_SKELETON:
                        table.setdefault(key, []).append((df, word))
        self.table = {k: [w for _, w in sorted(v, reverse=True)[:MAX_COMPARED]] for k, v in table.items()}

    @classmethod
    def from_bm25(cls, bm25: BM25Index) -> LoanwordMatcher:
        df = np.diff(bm25.weights.indptr)
        return cls((word, int(df[col])) for word, col in bm25.vocab.items())

    def english(self, korean_words: Iterable[str]) -> list[str]:
        found: list[str] = []
        for word in korean_words:
            key = hangul_skeleton(word)
            if len(key) < MIN_SKELETON or key not in self.table:
                continue
            roman = romanize(word)
            scored = [(SequenceMatcher(None, roman, w).ratio(), w) for w in self.table[key]]
            found += [w for r, w in sorted(scored, reverse=True)[:MAX_CANDIDATES] if r >= MIN_SIMILARITY]
        return list(dict.fromkeys(found))
