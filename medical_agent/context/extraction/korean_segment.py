"""Korean pre-segmentation for dictionary-style concept matchers (MedCAT's regex tokenizer).

Korean attaches particles and endings to nouns (당뇨병과, 고혈압이, 메트포르민을), and MedCAT's regex tokenizer
splits only on whitespace, so without help "당뇨병과" is one token that never equals the name "당뇨병".
We split Hangul words at kiwipiepy's morpheme boundaries by inserting spaces, and keep a boundary map so
spans found in the segmented text map back to the original text exactly.

Guarantees the matcher relies on:

* Only spaces are inserted, never removed or changed, and only at boundaries that touch a Hangul
  character; text without Hangul is returned unchanged (no kiwi call at all).
* Concept names given to :class:`KoreanSegmenter` are never cut inside and are always cut after (so a
  name is a token sequence of its own, whatever particle or ending follows), but not before (두통 is not
  found inside 편두통). Space-free names also go to kiwi as user words (NNP, score 3.0), which improves the
  analysis around them; that alone is not enough, because kiwi's analysis is contextual (after an emoji
  "두통이" came out as 두/MM 통/NNB 이) and a word already in its dictionary is not re-scored.
* A name therefore segments to itself, so the CDB built from segmented names and segmented input text
  agree token for token.

Kiwi takes ~2 s to load and rebuilds itself (~2 s) on the first analysis after new user words, so there is
one instance per process (``morphology``, shared with the clause reader), user words are added in batches, and
every call holds its lock (kiwi is not documented as thread-safe, and adding words while another thread analyses
is certainly not).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ...text import has_hangul
from .morphology import forget_analyses, get_kiwi, kiwi_lock

USER_WORD_TAG = "NNP"
USER_WORD_SCORE = 3.0

_user_words: set[str] = set()          # every name seen, added or not


def register_user_words(names: Iterable[str]) -> int:
    """Add Korean names without spaces as kiwi user words; returns how many were new to this process.

    Names with spaces are skipped: a kiwi user word is a single morpheme, and the segmenter's own name
    protection keeps such names whole anyway; so are inflected forms (:func:`_inflected`), which the protection
    keeps whole too."""
    words = {n.strip() for n in names if n.strip() and not any(c.isspace() for c in n.strip()) and has_hangul(n)}
    with kiwi_lock:
        fresh = sorted(words - _user_words)
        if fresh:
            kiwi = get_kiwi()
            _user_words.update(fresh)           # seen: added, or read as inflected and left out
            # read them all before adding any: kiwi rebuilds itself on the first analysis after a new user word
            fresh = [word for word in fresh if not _inflected(kiwi, word)]
            for word in fresh:
                kiwi.add_user_word(word, USER_WORD_TAG, USER_WORD_SCORE)
            forget_analyses()
    return len(fresh)


# Endings that make a name an inflected verb or adjective ("저린", "가려워"): as a user noun it would hide the ending
# from the clause reader ("손이 자주 저린데 손목터널증후군일까요?" read as one question, utterances_test27)
INFLECTED_END = ("ETM", "EC", "EF", "VV", "VA", "VX")
VERB = ("VV", "VA", "VX")        # not the copula (VCP): a brand read as a noun and 이다 ("코자": 코 + 이 + 자) stays a name


def _inflected(kiwi: object, word: str) -> bool:
    """Kiwi reads ``word`` (without user words of its own) as a verb or adjective, bare or with an ending; a
    nominalised form ("속쓰림": -ㅁ/ETN) or a noun stays a user word."""
    tokens = kiwi.tokenize(word)            # type: ignore[attr-defined]
    return bool(tokens) and tokens[-1].tag.startswith(INFLECTED_END) and any(t.tag.startswith(VERB) for t in tokens)


@dataclass(frozen=True)
class Segmented:
    """Segmented text plus ``bounds``: bounds[i] is the original offset of segmented boundary i."""

    text: str
    bounds: tuple[int, ...]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a span of the segmented text to the original text (inserted spaces vanish)."""
        return self.bounds[start], self.bounds[end]


def identity(text: str) -> Segmented:
    return Segmented(text, tuple(range(len(text) + 1)))


class KoreanSegmenter:
    """Splits Korean particles off nouns while keeping the given concept names whole."""

    def __init__(self, protected_names: Iterable[str] = ()) -> None:
        names = {" ".join(n.split()) for n in protected_names if n.strip() and has_hangul(n)}
        register_user_words(names)
        # Longest first, so "제2형당뇨병" wins over "당뇨병" at the same position; a space in a name matches any
        # run of whitespace in the text.
        alternatives = [re.escape(n).replace(r"\ ", r"\s+") for n in sorted(names, key=lambda n: (-len(n), n))]
        self._protect = re.compile("|".join(alternatives)) if alternatives else None

    def warm_up(self) -> None:
        """Load kiwi and apply pending user words now (~2-4 s) instead of on the first user request."""
        self.segment("두통")

    def _cuts(self, text: str) -> list[int]:
        with kiwi_lock:
            tokens = get_kiwi().tokenize(text)
        # Contracted morphemes overlap (나요 = 나 0-1 + 어요 0-2); cutting at every edge gives "나 요", which is
        # what lets the name "기침이 나" match "기침이 나요".
        edges = {edge for tok in tokens for edge in (tok.start, tok.start + tok.len)}
        inside: set[int] = set()
        name_ends: set[int] = set()
        if self._protect is not None:
            for m in self._protect.finditer(text):
                # Never cut inside a name, always after it: whatever kiwi makes of an unusual ending
                # (혈당이 높이), the name is a token sequence of its own. Not before it: 두통 is not in 편두통.
                inside.update(range(m.start() + 1, m.end()))
                name_ends.add(m.end())
        cuts = []
        for p in sorted((edges | name_ends) - inside):
            if not 0 < p < len(text) or text[p - 1].isspace() or text[p].isspace():
                continue
            # After a name even between non-Hangul characters: MedCAT's regex tokenizer would read
            # "페니실린V)" as 페니실린 + "V)".
            if p in name_ends or has_hangul(text[p - 1]) or has_hangul(text[p]):
                cuts.append(p)
        return cuts

    def segment(self, text: str) -> Segmented:
        """Insert a space at each morpheme boundary touching Hangul; map boundaries back to ``text``."""
        if not has_hangul(text):
            return identity(text)
        cuts = self._cuts(text)
        if not cuts:
            return identity(text)
        parts: list[str] = []
        bounds: list[int] = []
        prev = 0
        for p in [*cuts, len(text)]:
            parts.append(text[prev:p])
            bounds.extend(range(prev, p))
            if p < len(text):
                parts.append(" ")
                bounds.append(p)      # the inserted space sits on original boundary p
            prev = p
        bounds.append(len(text))
        return Segmented("".join(parts), tuple(bounds))

    def segment_name(self, name: str) -> str:
        """The segmented form of a concept name, as the matcher should store it."""
        return self.segment(name).text
