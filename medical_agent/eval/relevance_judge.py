"""Answer relevance, RAGAS variant, for `eval run` when a language model is configured.

The LLM reads only the answer and writes the questions it answers (and whether the answer is noncommittal:
"I don't know", "see a doctor" without content). Relevance is the mean cosine between the asked question and
the generated ones, 0 for a noncommittal answer (Es et al. 2023, RAGAS). It complements the plain
question-answer cosine, which rewards an answer for repeating the question's words. Any failure leaves the
metric empty for that turn (logged), never a made-up value.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..llm import LLM, LLMError
from ..llm.calls import tracked_chat
from .turn_metrics import sentences

log = logging.getLogger(__name__)
LANGUAGE = {"ko": "Korean", "en": "English"}
SYSTEM = ("You read an answer from a medical assistant and write the questions it answers. Reply with JSON only: "
          '{"questions": ["..."], "noncommittal": false}. noncommittal is true when the answer evades or says it '
          "cannot answer.")


def generate_questions(llm: LLM, answer: str, lang: str, n: int = 3) -> tuple[dict[str, Any] | None, dict | None]:
    """({"questions": [...], "noncommittal": bool}, the call record), or (None, record or None) on failure."""
    body = " ".join(sentences(answer))
    if not body.strip():
        return None, None
    prompt = f"Write {n} different questions, in {LANGUAGE.get(lang, 'English')}, that this answer answers.\n\n" \
             f"ANSWER:\n{body[:3000]}"
    record = None
    try:
        result, record = tracked_chat(llm, [{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}],
                                      tag="eval_relevance", temperature=0.0, max_tokens=160, json_mode=True)
        raw = json.loads(result.text)
        questions = [q.strip() for q in raw["questions"] if isinstance(q, str) and q.strip()][:n]
        if not questions:
            raise ValueError("no questions")
        return {"questions": questions, "noncommittal": raw.get("noncommittal") is True}, record
    except (LLMError, ValueError, KeyError, TypeError) as exc:
        log.warning("relevance question generation failed (%s); metric left empty", type(exc).__name__)
        return None, record


def generated_relevance(embedder: Any, questions: Sequence[str],
                        generated: Sequence[dict[str, Any] | None]) -> list[float | None]:
    """Mean cosine(question, generated question) per turn (query-side embeddings on both sides), 0 when the
    answer was judged noncommittal, None where no questions were generated. One embedding call in all."""
    texts: list[str] = []
    spans: list[tuple[int, int, int] | None] = []
    for question, gen in zip(questions, generated, strict=True):
        if not gen:
            spans.append(None)
            continue
        start = len(texts)
        texts += [question, *gen["questions"]]
        spans.append((start, start + 1, len(texts)))
    if not texts:
        return [None] * len(questions)
    vectors = embedder.encode_queries(texts)
    out: list[float | None] = []
    for span, gen in zip(spans, generated, strict=True):
        if span is None or gen is None:
            out.append(None)
            continue
        q, first, end = span
        cosine = float(np.mean(vectors[first:end] @ vectors[q]))
        out.append(0.0 if gen["noncommittal"] else round(cosine, 4))
    return out
