"""Answer relevance, RAGAS variant, for `eval run` when a language model is configured.

The LLM reads only the answer and writes the questions it answers (and whether the answer is noncommittal:
"I don't know", "see a doctor" without content). Relevance is the mean cosine between the asked question and
the generated ones, 0 for a noncommittal answer (Es et al. 2023, RAGAS). It complements the plain
question-answer cosine, which rewards an answer for repeating the question's words. Any failure leaves the
metric empty for that turn (logged), never a made-up value.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...llm import LLM
from ...llm.structured import StructuredFormatError, json_object, structured_call
from ...prompts import RELEVANCE_PROMPT, RELEVANCE_SYSTEM, relevance_schema
from ...verify.claims import sentences

log = logging.getLogger(__name__)
LANGUAGE = {"ko": "Korean", "en": "English"}


def _questions(n: int):
    def parse(text: str) -> dict[str, Any]:
        raw = json_object(text)
        listed = raw.get("questions")
        questions = [q.strip() for q in listed if isinstance(q, str) and q.strip()][:n] \
            if isinstance(listed, list) else []
        if not questions:
            raise StructuredFormatError('expected "questions": a list of questions')
        return {"questions": questions, "noncommittal": raw.get("noncommittal") is True}
    return parse


def generate_questions(llm: LLM, answer: str, lang: str, n: int = 3) -> tuple[dict[str, Any] | None, list[dict]]:
    """({"questions": [...], "noncommittal": bool}, the call records), or (None, records) on failure."""
    body = " ".join(sentences(answer))
    if not body.strip():
        return None, []
    prompt = RELEVANCE_PROMPT.format(n=n, language=LANGUAGE.get(lang, "English"), answer=body[:3000])
    reply = structured_call(llm, [{"role": "system", "content": RELEVANCE_SYSTEM}, {"role": "user", "content": prompt}],
                            tag="eval_relevance", parse=_questions(n), schema=relevance_schema(n), max_tokens=160)
    if reply.value is None:
        log.warning("relevance question generation failed; metric left empty")
    return reply.value, reply.records


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
