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
# Words in a name position (right before 병/증후군/종양, or hyphenated to such a word: 케네디병, 돈나이-배로
# 증후군) are almost surely eponyms, so shorter skeletons are tried there, with a stricter sound check.
MIN_SKELETON_NAME = 2
MIN_SIMILARITY_NAME = 0.65
MAX_COMPARED_NAME = None  # a name is compared with every index word of its skeleton (quick_ratio prefilter)
# Initial consonants (ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ) and final consonants ("" ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ)
# as skeleton classes: velars K, dentals T, labials P, sibilants/affricates S, N, M, liquids L; ㅇ/ㅎ drop.
INITIALS = ["K", "K", "N", "T", "T", "L", "M", "P", "P", "S", "S", "", "S", "S", "S", "K", "T", "P", ""]
# A final ㅅ/ㅆ is a "t" in loanwords (굿파스처 Goodpasture, 로봇 robot).
FINALS = ["", "K", "K", "KS", "N", "NS", "N", "T", "L", "LK", "LM", "LP", "LS", "LT", "LP", "L", "M", "P", "PS",
          "T", "T", "N", "S", "S", "K", "T", "P", ""]
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


def romanize(word: str, eo: str = "o") -> str:
    """Revised Romanization towards English spelling; ``eo`` spells 어, which loanwords use for English o, e
    (peter → 피터) and u (bus → 버스)."""
    out = []
    for ch in word:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            vowel = code // 28 % 21
            out.append(ROMAN_INITIALS[code // 588] + (eo if vowel == 4 else ROMAN_VOWELS[vowel])
                       + ROMAN_FINALS[code % 28])
    return "".join(out)


def english_spellings(word: str) -> set[str]:
    """The word, a variant with "r" as "l" (Korean keeps the r before consonants as 르), and for "-ture" the
    affricate Korean hears there (Goodpasture → 굿파스처, culture → 컬처)."""
    word = word.lower()
    forms = {word, word.replace("r", "l")}
    if word.endswith("ture"):
        forms.add(word[:-4] + "chu")
    return forms


def spelling_skeleton(spelling: str) -> str:
    def sub(m: re.Match[str]) -> str:
        return EN_RULES[m.lastindex - 1][1]

    return _collapse(EN_PATTERN.sub(sub, spelling))


def english_skeletons(word: str) -> set[str]:
    return {spelling_skeleton(f) for f in english_spellings(word)}


def english_skeleton(word: str) -> str:
    return min(english_skeletons(word), key=len)


class LoanwordMatcher:
    """Skeleton → the index's English words with that skeleton (and the spelling that gave it, which the sound
    check compares), most documents first."""

    def __init__(self, words: Iterable[tuple[str, int]]):
        table: dict[str, list[tuple[int, str, str]]] = {}
        for word, df in words:
            if LATIN_WORD.fullmatch(word):
                for spelling in english_spellings(word):
                    key = spelling_skeleton(spelling)
                    if len(key) >= MIN_SKELETON_NAME:
                        table.setdefault(key, []).append((df, word, spelling))
        self.table = {k: [(w, sp) for _, w, sp in sorted(v, reverse=True)] for k, v in table.items()}

    @classmethod
    def from_bm25(cls, bm25: BM25Index) -> LoanwordMatcher:
        df = np.diff(bm25.weights.indptr)
        return cls((word, int(df[col])) for word, col in bm25.vocab.items())

    def english(self, korean_words: Iterable[str], names: Iterable[str] = ()) -> list[str]:
        """Index words for each Korean word; ``names`` (words in a name position) get the relaxed thresholds.
        A final 스 is also tried without it: the index is s-stemmed (Peters → peter, 피터스 → 피터)."""
        names = list(names)
        found: list[str] = []
        for word in dict.fromkeys([*korean_words, *names]):
            name = word in names
            for form in (word, word[:-1]) if word.endswith("스") and len(word) > 2 else (word,):
                found += self._lookup(form, *((MIN_SKELETON_NAME, MIN_SIMILARITY_NAME, MAX_COMPARED_NAME) if name
                                              else (MIN_SKELETON, MIN_SIMILARITY, MAX_COMPARED)))
        return list(dict.fromkeys(found))

    def _lookup(self, word: str, min_skeleton: int, min_similarity: float, compared: int | None) -> list[str]:
        key = hangul_skeleton(word)
        if len(key) < min_skeleton or key not in self.table:
            return []
        romans = {romanize(word, eo) for eo in ("o", "e", "u")}
        best: dict[str, float] = {}
        for candidate, spelling in self.table[key][:compared]:
            for roman in romans:
                matcher = SequenceMatcher(None, roman, spelling)
                if matcher.real_quick_ratio() >= min_similarity and matcher.quick_ratio() >= min_similarity:
                    best[candidate] = max(best.get(candidate, 0.0), matcher.ratio())
        ranked = sorted(((r, w) for w, r in best.items()), reverse=True)[:MAX_CANDIDATES]
        return [w for r, w in ranked if r >= min_similarity]
