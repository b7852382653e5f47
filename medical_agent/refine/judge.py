"""The CRAG judge: the LLM scores grounding, completeness and accuracy as JSON (validated), overall =
0.4·grounding + 0.3·completeness + 0.3·accuracy. The reply follows :data:`~medical_agent.prompts.JUDGE_SCHEMA`
through :func:`~medical_agent.llm.structured.structured_call` (structured output, one repair at most); when it
stays unusable the heuristic judge takes over (logged). One call also returns a rewritten query when the answer
is weak.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from typing import Any

from ..evidence import Evidence
from ..llm.base import LLM
from ..llm.structured import StructuredFormatError, json_object, structured_call
from ..prompts import JUDGE_PROMPT, JUDGE_SCHEMA, JUDGE_SYSTEM
from .heuristic import heuristic_judge

log = logging.getLogger(__name__)
SCORES = ("grounding_score", "completeness_score", "accuracy_score")
LISTS = ("missing_info", "improvement_suggestions", "safety_concerns")
JUDGE_MAX_TOKENS = 300
WEIGHTS = {"grounding_score": 0.4, "completeness_score": 0.3, "accuracy_score": 0.3}
_SCORE = re.compile(r'"(grounding_score|completeness_score|accuracy_score)"\s*:\s*(-?\d+(?:\.\d+)?)')
_QUERY = re.compile(r'"rewritten_query"\s*:\s*"((?:[^"\\]|\\.)*)"')


class JudgeFormatError(StructuredFormatError):
    pass


def salvage(text: str) -> dict[str, Any] | None:
    """The three scores (and a complete rewritten query) of a reply cut off by the token limit, else None.

    Small local models write long lists and hit max_tokens mid-object; the scores come first, so a repair
    call (a second full prompt, about a minute on a CPU) is only needed when they are missing."""
    scores = {k: float(v) for k, v in _SCORE.findall(text or "")}
    if set(scores) != set(SCORES):
        return None
    query = _QUERY.search(text)
    return {**scores, "rewritten_query": json.loads(f'"{query.group(1)}"') if query else "", "truncated": True}


def parse_verdict(text: str) -> dict[str, Any]:
    """Validate the judge's JSON: three scores in [0, 1] (clamped), lists of strings, optional query."""
    try:
        raw: dict[str, Any] | None = json_object(text)
    except StructuredFormatError as exc:
        raw, problem = salvage(text), str(exc)
    if raw is None:
        raise JudgeFormatError(problem)
    verdict: dict[str, Any] = {}
    for key in SCORES:
        value = raw.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise JudgeFormatError(f"{key} missing or not a number")
        verdict[key] = min(1.0, max(0.0, float(value)))
    for key in LISTS:
        value = raw.get(key, [])
        verdict[key] = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    query = raw.get("rewritten_query")
    verdict["rewritten_query"] = query.strip() if isinstance(query, str) else ""
    verdict["overall_score"] = round(sum(verdict[k] * w for k, w in WEIGHTS.items()), 4)
    verdict["judge"] = "llm"
    if raw.get("truncated") is True:
        verdict["truncated"] = True
    return verdict


def _evidence(docs: Sequence[Evidence], limit: int = 5, chars: int = 600) -> str:
    return "\n\n".join(f"[{i}] {d.title}\n{d.text[:chars]}"
                       for i, d in enumerate(docs[:limit], start=1)) or "(none)"


def judge_messages(question: str, answer: str, docs: Sequence[Evidence], profile_summary: str) -> list[dict]:
    return [{"role": "system", "content": JUDGE_SYSTEM},
            {"role": "user", "content": JUDGE_PROMPT.format(question=question, profile=profile_summary or "-",
                                                            answer=answer, evidence=_evidence(docs))}]


def llm_judge(llm: LLM, question: str, answer: str, docs: Sequence[Evidence], profile_summary: str,
              lang: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Verdict and the LLM call records. Falls back to the heuristic verdict on format or backend errors."""
    reply = structured_call(llm, judge_messages(question, answer, docs, profile_summary), tag="judge",
                            parse=parse_verdict, schema=JUDGE_SCHEMA, max_tokens=JUDGE_MAX_TOKENS)
    if reply.value is not None:
        return reply.value, reply.records
    log.warning("LLM judge unusable (%s); using the heuristic judge", reply.error)
    verdict = heuristic_judge(question, answer, docs, profile_summary, lang)
    verdict["judge"] = "heuristic_fallback"
    return verdict, reply.records
