"""Korean compound disease names → the English compound words of the index, through combining forms.

Rare-disease names are built from the same pieces in both languages: 이척추거대골단 is 이 (oto) + 척추 (spondyl) +
거대 (mega) + 골단 (epiphys), and the English passage says "otospondylomegaepiphyseal"; 연골발생저하증 is 연골
(chondr) + 발생 (genes) + 저하 (hypo), "hypochondrogenesis". The glossary cannot list every such name and the
loanword matcher cannot hear them (they are translated, not transliterated). The team's lexicon of combining
forms (``assets/roots/*.tsv``: Korean morpheme → Greek/Latin stems, written without the evaluation data) lets
the pipeline rebuild them: a Korean word is split into lexicon morphemes (longest first), and the index words
that contain the stems of at least two of those morphemes, with most of their letters explained by them, are
its English candidates. Order is not required (저하 comes last in Korean, hypo- first in English).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

HEADER = "ko\tforms"
MIN_PIECES = 2          # morphemes of one Korean word that must meet in one English word
MIN_COVERAGE = 0.6      # share of the English word's letters covered by the matched stems
MIN_LENGTH = 8          # shorter English words are not compounds worth rebuilding
MAX_PER_WORD = 2        # English candidates per Korean word


class RootLexiconError(ValueError):
    """A combining-form file is malformed; the message names the file and line."""


@dataclass(frozen=True)
class RootLexicon:
    forms: dict[str, tuple[str, ...]]      # Korean morpheme → English stems

    @functools.cached_property
    def longest(self) -> int:
        return max(map(len, self.forms), default=0)

    def segment(self, word: str) -> list[str]:
        """Lexicon morphemes of ``word``, longest match first from the left; unknown syllables are skipped."""
        pieces, i = [], 0
        while i < len(word):
            for size in range(min(self.longest, len(word) - i), 0, -1):
                if word[i:i + size] in self.forms:
                    pieces.append(word[i:i + size])
                    i += size
                    break
            else:
                i += 1
        return pieces


def load_roots(folder: Path) -> RootLexicon:
    forms: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.tsv")):
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines or lines[0].strip() != HEADER:
            raise RootLexiconError(f"{path}: first line must be the header {HEADER!r}")
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            fields = line.split("\t")
            stems = [s.strip().lower() for s in fields[1].split("|")] if len(fields) == 2 else []
            if not fields[0].strip() or not stems or not all(s.isascii() and s.isalpha() for s in stems):
                raise RootLexiconError(f"{path}:{number}: expected 'korean<TAB>stem|stem', got {line!r}")
            known = forms.setdefault(fields[0].strip(), [])
            known += [s for s in stems if s not in known]
    return RootLexicon({k: tuple(v) for k, v in forms.items()})


@functools.lru_cache(maxsize=4)
def cached_roots(folder: str) -> RootLexicon | None:
    """The lexicon of ``folder``, or None when the folder has no files (the step is then skipped)."""
    path = Path(folder)
    return load_roots(path) if path.is_dir() and any(path.glob("*.tsv")) else None


class CompoundMatcher:
    """Candidate English compounds among an index vocabulary for Korean words, via a :class:`RootLexicon`."""

    def __init__(self, roots: RootLexicon, vocabulary: Iterable[str]):
        self.roots = roots
        self.words = sorted({w for w in vocabulary if len(w) >= MIN_LENGTH and w.isascii() and w.isalpha()})
        self._containing: dict[str, frozenset[int]] = {}

    def _with_stem(self, stem: str) -> frozenset[int]:
        if stem not in self._containing:      # one scan of the long words per stem, then cached
            self._containing[stem] = frozenset(i for i, w in enumerate(self.words) if stem in w)
        return self._containing[stem]

    def english(self, korean_words: Sequence[str]) -> list[str]:
        found: list[str] = []
        for word in dict.fromkeys(korean_words):
            pieces = list(dict.fromkeys(self.roots.segment(word)))
            if len(pieces) >= MIN_PIECES:
                found += self._candidates(pieces)
        return list(dict.fromkeys(found))

    def _candidates(self, pieces: list[str]) -> list[str]:
        matched: dict[int, list[str]] = {}           # English word → the stems (one per piece) found in it
        for piece in pieces:
            for i in set().union(*(self._with_stem(s) for s in self.roots.forms[piece])):
                word = self.words[i]
                stem = max((s for s in self.roots.forms[piece] if s in word), key=len)
                matched.setdefault(i, []).append(stem)
        scored = []
        for i, stems in matched.items():
            word = self.words[i]
            if len(stems) < MIN_PIECES:
                continue
            coverage = _covered(word, stems) / len(word)
            if coverage >= MIN_COVERAGE:
                scored.append((len(stems), coverage, -len(word), word))
        return [w for *_, w in sorted(scored, reverse=True)[:MAX_PER_WORD]]


def _covered(word: str, stems: Iterable[str]) -> int:
    """Letters of ``word`` inside at least one occurrence of one of ``stems``."""
    covered = [False] * len(word)
    for stem in stems:
        start = word.find(stem)
        while start != -1:
            covered[start:start + len(stem)] = [True] * len(stem)
            start = word.find(stem, start + 1)
    return sum(covered)
