"""Bilingual tokenizer for BM25: kiwipiepy morphology for Hangul, lower-cased regex words for Latin text.

Korean attaches particles and endings to words (서울은, 고혈압이), so whitespace tokens never match; kiwi
splits them off and we keep nouns, roots and verb/adjective stems. Medical names from the concept table are
registered as user words, so 고혈압 stays one token instead of 고 + 혈압. Latin text is NFKC-normalised,
lower-cased, stripped of stop words and reduced by a light plural stemmer (Harman's S-stemmer).
The configuration (user words) is saved with every index so queries are tokenized exactly like documents.
"""

from __future__ import annotations

import hashlib
import re
import threading
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from ..text import HANGUL

_LATIN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
KEEP_KO_TAGS = {"NNG", "NNP", "VV", "VA", "XR", "SH"}
KO_STOP = {"있", "없", "하", "되", "것", "수", "등", "때", "및", "위", "중", "이", "그", "저", "않", "같", "받"}
EN_STOP = set(["a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves", "s", "t", "can't", "don't"])
USER_WORD_SCORE = 3.0
TOKENIZER_NAME = "kiwi-ko+regex-en-sstem"
TOKENIZER_VERSION = 1


class Morpheme(NamedTuple):
    """One kiwi morpheme with its character span in the analysed text (for span-aware matching)."""

    form: str
    tag: str
    start: int
    end: int
    score: float = 0.0      # kiwi's language-model score: far below -20 for a word outside its dictionary


def content_forms(morphemes: Iterable[Morpheme]) -> list[str]:
    """The BM25 tokens of Korean morphemes: nouns, roots and stems, minus stop words."""
    return [m.form for m in morphemes if m.tag in KEEP_KO_TAGS and HANGUL.search(m.form) and m.form not in KO_STOP]


def s_stem(word: str) -> str:
    """Harman's S-stemmer: conservative plural removal (diseases→disease, therapies→therapy)."""
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and not word.endswith(("eies", "aies")):
        return word[:-3] + "y"
    if word.endswith("es") and not word.endswith(("aes", "ees", "oes")):
        return word[:-1]
    return word[:-1]


def usable_user_word(word: str) -> bool:
    """A concept name kiwi can take as one token: no spaces, at least two Hangul syllables."""
    return " " not in word and len(HANGUL.findall(word)) >= 2 and all(
        HANGUL.match(c) or c.isdigit() for c in word)


class Tokenizer:
    """Thread-safe; construct through :func:`get_tokenizer` so the kiwi model loads once per word list."""

    def __init__(self, user_words: Iterable[str] = ()):
        self.user_words = sorted({w for w in user_words if usable_user_word(w)})
        self._kiwi = None
        self._lock = threading.Lock()

    @property
    def fingerprint(self) -> str:
        digest = hashlib.sha256("\n".join(self.user_words).encode()).hexdigest()[:16]
        return f"{TOKENIZER_NAME}/v{TOKENIZER_VERSION}/{digest}"

    def _kiwi_model(self):
        if self._kiwi is None:
            from kiwipiepy import Kiwi

            kiwi = Kiwi()
            for word in self.user_words:
                kiwi.add_user_word(word, "NNP", USER_WORD_SCORE)
            self._kiwi = kiwi
        return self._kiwi

    def korean_tokens(self, text: str) -> list[str]:
        return content_forms(self.morphemes(text))

    def morphemes(self, text: str) -> list[Morpheme]:
        """Every morpheme of ``text`` (all tags), with offsets into ``text`` itself."""
        with self._lock:
            tokens = self._kiwi_model().tokenize(text)
        return [Morpheme(t.form, t.tag, t.start, t.start + t.len, t.score) for t in tokens]

    def tokenize(self, text: str) -> list[str]:
        text = unicodedata.normalize("NFKC", text or "").lower()
        latin = [s_stem(w) for w in _LATIN.findall(text) if w not in EN_STOP]
        return latin + self.korean_tokens(text) if HANGUL.search(text) else latin

    def tokenize_many(self, texts: Iterable[str]) -> list[list[str]]:
        return [self.tokenize(t) for t in texts]


@lru_cache(maxsize=4)
def _cached(words: tuple[str, ...]) -> Tokenizer:
    return Tokenizer(words)


def get_tokenizer(user_words: Iterable[str] = ()) -> Tokenizer:
    """One shared tokenizer per user-word list (the kiwi model is ~2 s to load)."""
    return _cached(tuple(sorted(set(user_words))))
