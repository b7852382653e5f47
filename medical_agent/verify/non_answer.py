"""Does the answer answer? The cheap check's reading of the failures a blind review found in the small model's
answers (issue 32): 7 of 12 Korean answers did not answer the question.

- it **restates the question** with citations ("저희 아빠가 혈압약을 바꾸고 나서 한달째 마른기침을 하세요 [1]");
- it is **only a title** ("임신 전후의 엽산 복용 [1]", "The pill is doing that"), or a list of titles;
- it is **empty**, a fragment with no word of content ("는" came back as a whole answer);
- it **says the sources lack** what a kept passage covers ("제공된 자료에는 혈압약 정보가 없습니다" over the overview of
  blood-pressure medicines).
Such an answer is regenerated once with the reason named; if the next one fails too, the extractive draft replaces
it (refine.strategy, graph.nodes.quality_check). Words are compared as the lexical support check compares them
(claims.tokens: Latin words, Hangul bigrams), so particles and endings do not matter.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..evidence import Evidence
from ..generation.citations import MARKER
from ..generation.finalize import LACKS
from .claims import tokens

RESTATED = 0.8          # share of the answer's words that are the question's: it says nothing new
TITLE_WORDS = 8         # an answer this short that is a passage's title, or inside it, names a topic only
REASONS = {"empty": "it is empty or a fragment with no content",
           "restates": "it restates the question instead of answering it",
           "title": "it is only a topic title, not an answer",
           "lacks": "it says the sources lack information that the evidence above does cover"}


def non_answer(question: str, body: str, docs: Sequence[Evidence], evidence_kept: bool = True) -> list[str]:
    """Why ``body`` does not answer ``question`` (empty: it does). ``evidence_kept``: the relevance gate kept
    passages that answer it (a "the sources lack it" is then wrong)."""
    text = MARKER.sub(" ", body).strip()
    answer, asked = tokens(text), tokens(question)
    if not answer:                  # "는", "[1]": a model's answer cut to nothing
        return ["empty"]
    reasons = []
    if len(answer & asked) / len(answer) >= RESTATED:
        reasons.append("restates")
    words = len(text.split())
    titled = [d for d in docs if d.title]
    if words <= TITLE_WORDS and any(answer <= tokens(d.title) | (tokens(d.text[:80]) if words <= 4 else set())
                                    for d in titled):
        reasons.append("title")
    elif titled and len(MARKER.findall(body)) >= 2 and answer <= set().union(*(tokens(d.title) for d in titled)):
        reasons.append("title")         # a list of titles (round 7: "Asthma triggers and how to avoid them: [1], …")
    if docs and evidence_kept and LACKS.search(text):
        reasons.append("lacks")
    return reasons


def feedback(reasons: Sequence[str]) -> str:
    """What the regeneration is told."""
    return "; ".join(REASONS[r] for r in reasons) + ": answer the question directly from the evidence"
