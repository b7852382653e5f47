"""Korean → English medical glossary, written by the team (``assets/glossary/*.tsv``), for the query pipeline.

The concept table names a few hundred concepts; loanwords are bridged by transliteration. What is left are
native and Sino-Korean words (무좀 athlete's foot, 대상포진 shingles, 루게릭병 ALS, 유당 lactose) that no
English passage contains. The glossary lists such words by topic (body and symptoms, diseases, care and
medicines); it was written from general knowledge, without looking at any evaluation question (words that had
reached its writers' instructions from the Korean LiveQA set were taken out: docs/benchmarks.md).

Matching respects Korean morphology: a glossary word counts only where its span starts and ends on kiwi
morpheme boundaries (다리 "leg" is not found inside 기다리다 "wait", 간 "liver" not inside 시간 "time"), and a
one-morpheme match must be a noun or root (the particle 이 is not 이 "tooth"). Longest match wins, left to right,
so 갑상선 기능 저하증 gives "hypothyroidism", not also "thyroid".
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .tokenizer import Morpheme

HEADER = "ko\ten"
MAX_TERMS = 1                 # English terms per matched Korean word (dev-chosen: docs/benchmarks.md)
NOUN_TAGS = ("NNG", "NNP", "XR", "SL", "SH")


class GlossaryError(ValueError):
    """A glossary file is malformed; the message names the file and line."""


@dataclass(frozen=True)
class Glossary:
    entries: dict[str, tuple[str, ...]]          # Korean form without spaces → English terms, best first

    @functools.cached_property
    def _by_first(self) -> dict[str, list[str]]:
        table: dict[str, list[str]] = {}
        for form in self.entries:
            table.setdefault(form[0], []).append(form)
        for forms in table.values():
            forms.sort(key=len, reverse=True)       # longest first
        return table

    def __len__(self) -> int:
        return len(self.entries)

    def english(self, text: str, morphemes: Sequence[Morpheme]) -> list[str]:
        """English terms of the glossary words in ``text`` (``morphemes`` from the tokenizer, same text)."""
        return self.terms(self.matches(text, morphemes))

    def terms(self, forms: Sequence[str]) -> list[str]:
        """English terms of already matched glossary forms (best ``MAX_TERMS`` each, no repeats)."""
        return list(dict.fromkeys(t for form in forms for t in self.entries[form][:MAX_TERMS]))

    def matches(self, text: str, morphemes: Sequence[Morpheme]) -> list[str]:
        """The glossary forms found in ``text``, left to right, longest first."""
        compact, offsets = _without_spaces(text)
        where = {original: k for k, original in enumerate(offsets)}
        spans = [(where[m.start], where[m.end - 1] + 1, m.tag) for m in morphemes
                 if m.start in where and m.end - 1 in where]
        starts, ends = {s for s, _, _ in spans}, {e for _, e, _ in spans}
        single = {(s, e): tag for s, e, tag in spans}
        found: list[str] = []
        i = 0
        while i < len(compact):
            match = self._match(compact, i, starts, ends, single)
            if match:
                found.append(match)
                i += len(match)
            else:
                i += 1
        return found

    def _match(self, compact: str, i: int, starts: set[int], ends: set[int],
               single: dict[tuple[int, int], str]) -> str | None:
        if i not in starts:
            return None
        for form in self._by_first.get(compact[i], ()):
            end = i + len(form)
            if end not in ends or not compact.startswith(form, i):
                continue
            tag = single.get((i, end))
            if tag is not None and not tag.startswith(NOUN_TAGS):
                continue    # one morpheme, but a particle, ending or verb stem
            return form
        return None


def _without_spaces(text: str) -> tuple[str, list[int]]:
    """The text without whitespace, and for each kept character its offset in the original."""
    kept = [(i, c) for i, c in enumerate(text) if not c.isspace()]
    return "".join(c for _, c in kept), [i for i, _ in kept]


def parse(path: Path) -> dict[str, tuple[str, ...]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].strip() != HEADER:
        raise GlossaryError(f"{path.name}: the first line must be 'ko<TAB>en'")
    out: dict[str, tuple[str, ...]] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise GlossaryError(f"{path.name}:{number}: expected 'korean<TAB>english', got {line!r}")
        english = tuple(t.strip() for t in parts[1].split("|") if t.strip())
        for korean in parts[0].split("|"):
            form = "".join(unicodedata.normalize("NFKC", korean).split())
            if form:
                _add(out, form, english)
    return out


def _add(entries: dict[str, tuple[str, ...]], form: str, english: tuple[str, ...]) -> None:
    """A Korean form listed again keeps its earlier English terms first, then the new ones."""
    entries[form] = tuple(dict.fromkeys(entries.get(form, ()) + english))


def load_glossary(folder: Path) -> Glossary:
    """All ``*.tsv`` files of ``folder`` merged (a Korean word listed twice keeps both English lists); an
    absent folder is an empty glossary."""
    entries: dict[str, tuple[str, ...]] = {}
    for path in sorted(Path(folder).glob("*.tsv")) if Path(folder).is_dir() else []:
        for form, english in parse(path).items():
            _add(entries, form, english)
    return Glossary(entries)


@functools.lru_cache(maxsize=4)
def cached_glossary(folder: str) -> Glossary:
    return load_glossary(Path(folder))
