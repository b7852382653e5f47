"""Dictionary concept linker over the concept table: the fallback when ``medcat2_enabled`` is false, and the
reference the MedCAT linker is measured against.

Longest match wins at each position. English names need word boundaries (and short all-caps abbreviations
such as CKD or ALL must match case-sensitively); Korean names may carry particles on the right (고혈압이) but
not another syllable on the left, so 혈압 is not found inside 저혈압 and 두통 not inside 편두통.
Lookup is by first character and candidate lengths, so a sentence costs a few hundred dict probes.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ...text import HANGUL
from .concepts import Concept, ConceptTable
from .mentions import Mention

WORD = re.compile(r"[A-Za-z0-9]")


def _is_abbreviation(name: str) -> bool:
    return len(name) <= 5 and name.upper() == name and any(c.isalpha() for c in name)


class DictionaryLinker:
    name = "dictionary"

    def __init__(self, concepts: ConceptTable):
        self._entries: dict[str, tuple[Concept, float]] = {}
        self._exact: dict[str, tuple[Concept, float]] = {}
        for concept in concepts.concepts:
            names = [(concept.name, 1.0)] + [(n, 0.9) for n in (*concept.synonyms_en, *concept.names_ko)]
            for name, confidence in names:
                for variant in {name, name.replace("-", " "), name.replace(" ", "")} if HANGUL.search(name) \
                        else {name, name.replace("-", " ")}:
                    target = self._exact if _is_abbreviation(variant) else self._entries
                    key = " ".join(variant.split()) if target is self._exact else " ".join(variant.lower().split())
                    if len(key) >= 2 and (key not in target or target[key][1] < confidence):
                        target[key] = (concept, confidence)
        self._lengths: dict[str, list[int]] = defaultdict(list)
        for key in (*self._entries, *self._exact):
            self._lengths[key[0].lower()].append(len(key))
        for first, lengths in self._lengths.items():
            self._lengths[first] = sorted(set(lengths), reverse=True)

    @staticmethod
    def _normalise(text: str) -> tuple[str, list[int]]:
        """Collapse whitespace runs to one space; keep each normalised char's original index."""
        chars, index, prev_space = [], [], False
        for i, ch in enumerate(text):
            if ch.isspace():
                if prev_space:
                    continue
                ch, prev_space = " ", True
            else:
                prev_space = False
            chars.append(ch)
            index.append(i)
        return "".join(chars), index

    def link(self, text: str) -> list[Mention]:
        norm, index = self._normalise(text)
        lower = norm.lower()
        out: list[Mention] = []
        i, n = 0, len(norm)
        while i < n:
            first = lower[i]
            hit = None
            starts_word = i == 0 or not (WORD.match(norm[i - 1]) or HANGUL.match(norm[i - 1]))
            if first in self._lengths and (starts_word or not HANGUL.match(first)) and \
                    (i == 0 or not WORD.match(norm[i - 1])):
                hit = self._match_at(norm, lower, i)
            if hit is None:
                i += 1
                continue
            length, concept, confidence = hit
            start, end = index[i], index[i + length - 1] + 1
            out.append(Mention(concept.cui, concept.name, concept.tui, concept.slot, text[start:end], start, end,
                               confidence, "dictionary", concept.topic))
            i += length
        return out

    def _match_at(self, norm: str, lower: str, i: int) -> tuple[int, Concept, float] | None:
        for length in self._lengths[lower[i]]:
            end = i + length
            if end > len(norm):
                continue
            piece = lower[i:end]
            if WORD.match(piece[-1]) and end < len(norm) and WORD.match(norm[end]):
                continue  # English names end at a word boundary
            entry = self._exact.get(norm[i:end]) or self._entries.get(piece)
            if entry is not None:
                return length, entry[0], entry[1]
        return None
