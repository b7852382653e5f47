"""Citations: [n] in an answer refers to the n-th retrieved document. Markers that point nowhere (no such document,
or one blanked out: a passage the relevance gate ruled out) are removed (a citation must never be invented), and
the state keeps the citation → document map."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..evidence import Evidence

MARKER = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
SUPPORT = 0.6          # share of a sentence's words that must stand in one passage to cite it
MIN_WORDS = 4          # shorter pieces (headings, "8." of "8.2 %") are never cited


def clean_and_map(answer: str, docs: Sequence[Evidence]) -> tuple[str, list[dict[str, Any]]]:
    used: dict[int, dict[str, Any]] = {}

    def keep(match: re.Match[str]) -> str:
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))
                   if 0 < int(n) <= len(docs) and docs[int(n) - 1].text.strip()]
        for n in numbers:
            used.setdefault(n, docs[n - 1].citation(n))
        return "".join(f"[{n}]" for n in numbers)

    cleaned = MARKER.sub(keep, answer)
    return cleaned, [used[n] for n in sorted(used)]


def attach_citations(answer: str, docs: Sequence[Evidence], tokenize: Callable[[str], list[str]]) -> str:
    """Small local models often ignore the instruction to cite. An answer with no [n] at all gets one after each
    sentence most of whose words (≥ SUPPORT) stand in a single passage — the passage with the largest share —
    so a citation is only ever added where the evidence holds the sentence's words; others stay uncited."""
    if not docs or MARKER.search(answer):
        return answer
    passages = [set(tokenize(d.passage)) for d in docs]

    def cite(match: re.Match[str]) -> str:
        sentence = match.group(0)
        words = set(tokenize(sentence))
        if len(words) < MIN_WORDS:
            return sentence
        shares = [len(words & p) / len(words) for p in passages]
        best = max(range(len(shares)), key=shares.__getitem__)
        if shares[best] < SUPPORT:
            return sentence
        body, end = (sentence[:-1], sentence[-1]) if sentence[-1] in ".!?" else (sentence.rstrip(), "")
        return f"{body} [{best + 1}]{end}"

    return SENTENCE.sub(cite, answer)
