"""Claims of an answer and their lexical support: the cheap, model-free half of verification.

A claim is an answer sentence with its trailing [n] markers. :func:`faithfulness_proxy` counts a cited claim as
supported when at least ``threshold`` of its tokens (words; character bigrams for Hangul, so particles do not
matter) occur in the passages it cites. It measures copying, not entailment: an extractive answer scores near 1
by construction, so its numbers are labelled "proxy" wherever they are reported. The LLM check
(:mod:`.faithfulness`) judges entailment and falls back to this one.
"""

from __future__ import annotations

import re
from typing import Any

from ..generation.citations import MARKER
from ..prompts import DISCLAIMER, OFFLINE_LABEL
from ..text import HANGUL, HANGUL_SYLLABLES

PROXY_THRESHOLD = 0.6
_SPLIT = re.compile(r"(?<=[.!?。])\s+(?!\[\d)|\n+")
_WORD = re.compile(f"[0-9a-z]+|[{HANGUL_SYLLABLES}]+")
_BOILERPLATE = tuple(DISCLAIMER.values()) + tuple(OFFLINE_LABEL.values())


def sentences(answer: str) -> list[str]:
    """Answer sentences with their trailing [n] markers kept; headings, bullets-only and boilerplate dropped."""
    text = answer or ""
    for line in _BOILERPLATE:
        text = text.replace(line, "\n")
    out = []
    for raw in _SPLIT.split(text):
        if raw.strip().startswith(("**", "#")):
            continue
        s = raw.strip().lstrip("-*• ").strip()
        if len(MARKER.sub("", s).strip()) >= 12:
            out.append(s)
    return out


def tokens(text: str) -> set[str]:
    """Lower-cased words; Hangul runs as character bigrams (so '메트포르민은' still matches '메트포르민')."""
    out: set[str] = set()
    for w in _WORD.findall(MARKER.sub(" ", text.lower())):
        if HANGUL.match(w) and len(w) > 1:
            out.update(w[i:i + 2] for i in range(len(w) - 1))
        elif len(w) > 1 or w.isdigit():
            out.add(w)
    return out


def cited_numbers(sentence: str) -> list[int]:
    return [int(n) for m in MARKER.finditer(sentence) for n in re.findall(r"\d+", m.group(1))]


def faithfulness_proxy(answer: str, passages: dict[int, str], threshold: float = PROXY_THRESHOLD
                       ) -> dict[str, Any]:
    """Share of cited sentences whose tokens are covered (≥ threshold) by their cited passages, plus the share
    of answer sentences that carry a citation at all. ``None`` when nothing is cited."""
    all_sents = sentences(answer)
    cited = [s for s in all_sents if cited_numbers(s)]
    supported = 0
    for s in cited:
        own = tokens(s)
        evidence = set().union(*(tokens(passages.get(n, "")) for n in cited_numbers(s)))
        supported += bool(own) and len(own & evidence) / len(own) >= threshold
    return {"faithfulness": supported / len(cited) if cited else None,
            "citation_rate": len(cited) / len(all_sents) if all_sents else None,
            "cited_sentences": len(cited), "method": f"proxy:token_overlap>={threshold}"}
