"""The LLM's verdict on each cited claim: the judge sees every cited answer sentence with its cited passages and
says, per sentence, whether the passages support it (one verdict per claim, enforced by the schema). When it
cannot give a usable reply, the lexical proxy stands, and ``method`` says so."""

from __future__ import annotations

from typing import Any

from ..llm import LLM
from ..llm.structured import StructuredFormatError, json_object, structured_call
from ..prompts import FAITHFULNESS_SYSTEM, faithfulness_schema
from .claims import cited_numbers, faithfulness_proxy, sentences


def _verdicts(count: int):
    def parse(text: str) -> list[bool]:
        verdicts = json_object(text).get("supported")
        if not isinstance(verdicts, list) or len(verdicts) != count:
            raise StructuredFormatError(f"expected \"supported\": a list of {count} true/false verdicts")
        return [bool(v) for v in verdicts]
    return parse


def cited_claims(answer: str) -> list[str]:
    return [s for s in sentences(answer) if cited_numbers(s)]


def claim_request(claims: list[str], passages: dict[int, str]) -> dict[str, Any]:
    """The structured call's arguments for these claims: messages, parser and schema (one verdict per claim)."""
    text = "\n\n".join(f"CLAIM {i}: {s}\nEVIDENCE: " + " | ".join(passages.get(n, "")[:1200] for n in cited_numbers(s))
                       for i, s in enumerate(claims, start=1))
    return {"messages": [{"role": "system", "content": FAITHFULNESS_SYSTEM}, {"role": "user", "content": text}],
            "tag": "eval_faithfulness", "parse": _verdicts(len(claims)), "schema": faithfulness_schema(len(claims)),
            "max_tokens": 200}


def judge_faithfulness(llm: LLM, answer: str, passages: dict[int, str]) -> tuple[dict[str, Any], list[dict]]:
    """(metric dict like :func:`~.claims.faithfulness_proxy`, the LLM call records)."""
    proxy = faithfulness_proxy(answer, passages)
    cited = cited_claims(answer)
    if not cited:
        return {**proxy, "method": "llm_judge"}, []
    reply = structured_call(llm, **claim_request(cited, passages))
    if reply.value is None:
        return {**proxy, "method": proxy["method"] + " (judge failed)"}, reply.records
    return {**proxy, "faithfulness": sum(reply.value) / len(cited), "method": "llm_judge"}, reply.records
