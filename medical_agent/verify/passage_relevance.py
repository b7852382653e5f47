"""The relevance gate's one model call: which of the retrieved passages help answer the question.

Why a call at all: the gate's measured signals (retrieval.relevance) are confident at both ends and unsure in the
middle, where the nearest passage is about a neighbouring topic. There, with a model, one short structured call
decides. It runs on the turn's shared context (the same system prompt, profile, evidence and question as the answer
call that follows), so a prefix-caching backend computes only its task: about 60 prompt tokens and a few numbers.
Without a model, or when the call fails, the measured signals decide (the caller keeps the gate's own choice).
"""

from __future__ import annotations

from typing import Any

from ..context.assembly import task_messages
from ..llm.base import LLM
from ..llm.structured import StructuredFormatError, json_object, structured_call
from ..prompts import RELEVANCE_SCHEMA, RELEVANCE_TASK

MAX_TOKENS = 40


def parser(passages: int):
    def parse(text: str) -> list[int]:
        value = json_object(text).get("relevant")
        if not isinstance(value, list) or not all(isinstance(n, int) for n in value):
            raise StructuredFormatError("'relevant' must be a list of passage numbers")
        return sorted({n for n in value if 1 <= n <= passages})
    return parse


def relevant_passages(llm: LLM, system: str, context: str, lang: str, passages: int
                      ) -> tuple[list[int] | None, list[dict[str, Any]]]:
    """The passage numbers the model marks as answering the question (None: no usable reply), and the call records."""
    reply = structured_call(llm, task_messages(system, context, RELEVANCE_TASK["ko" if lang == "ko" else "en"], lang),
                            tag="relevance", parse=parser(passages), schema=RELEVANCE_SCHEMA, max_tokens=MAX_TOKENS)
    return reply.value, reply.records
