"""Offline mode's answer generator: no LLM, so it extracts. It ranks the evidence sentences by overlap with
the question (and its concept/intent expansion), prefers the question's language and higher-ranked documents,
and lays them out under short headings with [n] citations; caution sentences get their own heading.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..evidence import Evidence
from ..prompts import OFFLINE_HEADINGS
from ..text import split_sentences

CAUTION = re.compile(r"주의|경고|금기|피하|피해야|응급|119|하면 안|되지 않|상의하|사용하지 않|쓰지 않|중단하|위험이 (?:커|높)|"
                     r"should not|do not|don't|avoid|warning|emergency|call (?:your|911)|seek (?:medical|care|help)|"
                     r"contraindicat|talk to your|not (?:be )?used|stop taking|increases? the risk", re.I)
KEY_SENTENCES, CAUTION_SENTENCES, DOCS_USED = 4, 2, 5


def _sentences(text: str) -> list[str]:
    return [s for s in split_sentences(text) if len(s) > 15]


def extractive_answer(question: str, docs: Sequence[Evidence], lang: str, tokenize: Callable[[str], list[str]],
                      expansion_terms: Sequence[str] = (), profile_summary: str = "") -> str:
    heads = OFFLINE_HEADINGS["ko" if lang == "ko" else "en"]
    if not docs:
        return heads["none"]
    query = set(tokenize(question))
    for term in expansion_terms:
        query.update(tokenize(term))
    scored = []
    for rank, doc in enumerate(docs[:DOCS_USED], start=1):
        same_lang = (doc.lang or lang) == lang
        for pos, sentence in enumerate(_sentences(doc.text)):
            tokens = set(tokenize(sentence))
            overlap = len(query & tokens) / (len(tokens) ** 0.5 + 1.0)
            score = overlap + 0.4 / rank + (0.5 if same_lang else 0.0) - 0.02 * pos
            scored.append((score, rank, pos, sentence))
    scored.sort(key=lambda x: -x[0])
    same = [s for s in scored if (docs[s[1] - 1].lang or lang) == lang]
    if len(same) >= 3:  # enough in the question's language: do not mix languages
        scored = same
    key = [s for s in scored if not CAUTION.search(s[3])][:KEY_SENTENCES]
    cautions = [s for s in scored if CAUTION.search(s[3])][:CAUTION_SENTENCES]
    if len(key) < 2:
        key = scored[:KEY_SENTENCES]
        cautions = [s for s in cautions if s not in key]

    def lines(items: list[tuple[float, int, int, str]]) -> list[str]:
        return [f"- {sentence} [{rank}]" for _, rank, _, sentence in sorted(items, key=lambda x: (x[1], x[2]))]

    parts = [heads["key"], *lines(key)]
    if cautions:
        parts += ["", heads["caution"], *lines(cautions)]
    if profile_summary:
        parts += ["", heads["personal"], "- " + heads["profile_line"].format(summary=profile_summary)]
    return "\n".join(parts)
