"""Names spelt otherwise than in the table: a misspelt medicine and the plural of an abbreviation.

People write drug names from memory and from the label of the box: "Lexipro" for Lexapro, "아목시시린" for
아목시실린, "metforman". A word one edit (a letter or a Hangul syllable changed, added, dropped, or two swapped) away
from exactly one medicine name of the table is that medicine, if the name is long enough that one edit rarely
makes another word: six letters, or four syllables (a Korean word may carry a particle of up to two syllables:
아목시시린을). The first letter or syllable must be right, and a word that is itself a name of the table is that name.
Only medicines: a misspelt condition is much more often another condition (hypotension, hypertension).

Voice input cuts a long Korean medicine name in two ("아토르 바스타틴", visitor_test25): two words that together (with a
particle after) spell a medicine name of five syllables or more, neither a name of the table alone, are that medicine.

An abbreviation in the plural ("I keep getting UTIs", "two TIAs", "UTI's") is the abbreviation, and so is a condition
or symptom named in the plural ("I keep getting yeast infections", utterances_test16): the linkers match names whole,
so the plural -s hides it.
"""

from __future__ import annotations

import re

from ...text import common_word, has_hangul
from .concepts import Concept, ConceptTable

MIN_LATIN, MIN_HANGUL, MIN_SPLIT = 6, 4, 5
PARTICLE_MAX = 2
LATIN_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z-]{4,}(?![\w-])")
HANGUL_WORD = re.compile(r"[가-힣]+")
TWO_WORDS = re.compile(r"(?<![가-힣])(?=([가-힣]{2,})\s([가-힣]{2,}))")
Found = list[tuple[Concept, int, int]]


def one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by exactly one substitution, insertion, deletion or swap of neighbours."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and
                                  a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[i:] == long_[i + 1:]


def _abbreviation(name: str) -> bool:
    return 2 <= len(name) <= 5 and name.isupper() and name.isalpha()


def _noun_name(name: str) -> bool:
    """A lower-case English name ending in a plain noun that takes -s ("yeast infection", "migraine"); not a short
    word that is as often a verb ("aches")."""
    last = name.split()[-1] if name.split() else ""
    return name == name.lower() and len(last) >= (4 if " " in name else 5) and last.isalpha() and last[-1] not in "sxyh" and \
        not last.endswith(("ing", "ed", "ness"))


class NameSpelling:
    """Misspelt medicine names and plural abbreviations of the table."""

    def __init__(self, concepts: ConceptTable) -> None:
        self.known = {n.lower() for c in concepts.concepts for n in (*c.english_names, *c.names_ko)}
        self.latin: dict[str, list[Concept]] = {}
        self.hangul: dict[str, list[Concept]] = {}
        for c in concepts.concepts:
            if c.slot != "medication":
                continue
            for name in (*c.english_names, *c.names_ko):
                if " " in name or "-" in name:
                    continue
                if has_hangul(name) and len(name) >= MIN_HANGUL and HANGUL_WORD.fullmatch(name):
                    self.hangul.setdefault(name, []).append(c)
                elif name.isalpha() and len(name) >= MIN_LATIN:
                    self.latin.setdefault(name.lower(), []).append(c)
        plurals = sorted({n for c in concepts.concepts for n in c.english_names if _abbreviation(n)}, key=len,
                         reverse=True)
        self.by_abbreviation = {n: c for c in concepts.concepts for n in c.english_names if _abbreviation(n)}
        self.plural = re.compile(rf"\b({'|'.join(map(re.escape, plurals))})(?:s|'s)\b") if plurals else None
        self.by_noun = {n.lower(): c for c in concepts.concepts if c.slot != "medication" for n in c.english_names
                        if _noun_name(n) and f"{n.lower()}s" not in self.known}
        nouns = sorted(self.by_noun, key=len, reverse=True)
        self.noun_plural = re.compile(rf"\b({'|'.join(map(re.escape, nouns))})s\b", re.I) if nouns else None

    def find(self, text: str) -> Found:
        return [*self._latin(text), *self._hangul(text), *self._split(text), *self._plurals(text)]

    @staticmethod
    def _unique(candidates: list[Concept]) -> Concept | None:
        cuis = {c.cui for c in candidates}
        return candidates[0] if len(cuis) == 1 else None

    def _latin(self, text: str) -> Found:
        out: Found = []
        for m in LATIN_WORD.finditer(text):
            word = m.group().lower()
            if len(word) < MIN_LATIN or word in self.known or common_word(word, "en"):   # "apart" is no "aspart", "concert"
                continue                                                         # no Concerta (test17)
            hits = [c for name, cs in self.latin.items() if name[0] == word[0] and one_edit(word, name) for c in cs]
            if concept := self._unique(hits):
                out.append((concept, m.start(), m.end()))
        return out

    def _hangul(self, text: str) -> Found:
        out: Found = []
        for m in HANGUL_WORD.finditer(text):
            word = m.group()
            if any(word[:k] in self.known for k in range(2, len(word) + 1)):
                continue                                     # a name of the table, maybe with a particle
            for keep in range(len(word), max(MIN_HANGUL - 1, len(word) - PARTICLE_MAX) - 1, -1):
                stem = word[:keep]
                hits = [c for name, cs in self.hangul.items() if name[0] == stem[0] and one_edit(stem, name)
                        for c in cs]
                if concept := self._unique(hits):
                    out.append((concept, m.start(), m.start() + keep))
                    break
        return out

    def _split(self, text: str) -> Found:
        out: Found = []
        for m in TWO_WORDS.finditer(text):
            first, second = m.group(1), m.group(2)
            if any(first[:k] in self.known for k in range(2, len(first) + 1)):
                continue
            joined = first + second
            for keep in range(len(joined), max(len(first), len(joined) - PARTICLE_MAX - 1), -1):
                stem = joined[:keep]
                if len(stem) >= MIN_SPLIT and (concept := self._unique(self.hangul.get(stem, []))):
                    out.append((concept, m.start(1), m.start(2) + keep - len(first)))
                    break
        return out

    def _plurals(self, text: str) -> Found:
        out = [(self.by_abbreviation[m.group(1)], m.start(), m.end()) for m in self.plural.finditer(text)] \
            if self.plural else []
        if self.noun_plural:
            out += [(self.by_noun[m.group(1).lower()], m.start(), m.end()) for m in self.noun_plural.finditer(text)]
        return out
