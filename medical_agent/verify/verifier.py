"""The LLM verifier: one structured call that checks every claim and grades the answer, on the turn's shared
context (the same system prompt, profile, evidence and question the answer call read), so a prefix-caching backend
evaluates only the task and the answer. It runs where the cheap check is not confident; a reply it cannot use
leaves the cheap verdict standing, labelled ``heuristic_fallback``."""

from __future__ import annotations

from typing import Any

from ..context.assembly import task_messages
from ..llm.base import LLM
from ..llm.structured import StructuredFormatError, json_object, structured_call
from ..prompts import CLAIM_MARK, VERIFY_TASK, verify_schema
from .verdict import GRADES, Verdict

MAX_TOKENS = 260
GROUNDING_WEIGHT = 0.4      # quality = 0.4 · supported share + 0.6 · mean grade (seed 002's grounding weight)


def _clamp(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise StructuredFormatError(f"{name} missing or not a number")
    return min(1.0, max(0.0, float(value)))


def parser(claims: int):
    def parse(text: str) -> dict[str, Any]:
        raw = json_object(text)
        supported = raw.get("supported")
        if not isinstance(supported, list) or len(supported) != claims:
            raise StructuredFormatError(f'"supported" must list {claims} true/false verdicts')
        out = {"supported": [bool(v) for v in supported], **{g: _clamp(raw.get(g), g) for g in GRADES}}
        for key in ("missing_info", "safety_concerns"):
            value = raw.get(key) or []
            out[key] = [str(v).strip() for v in (value if isinstance(value, list) else [value]) if str(v).strip()]
        query = raw.get("rewritten_query")
        out["rewritten_query"] = query.strip() if isinstance(query, str) else ""
        return out
    return parse


def number_claims(body: str, claims: list[str]) -> str:
    """The answer as the verifier reads it: every byte of it once, each claim preceded by its number (<1>, <2> …).
    Text that is no claim (a short line, a heading) stays in place unnumbered. A claim not found in order in the
    body (it should not happen: claims are cut from it) is appended, numbered, so the count always matches."""
    out, pos, missing = [], 0, []
    for n, claim in enumerate(claims, start=1):
        at = body.find(claim, pos)
        if at < 0:
            missing.append(f"{CLAIM_MARK.format(n=n)}{claim}")
            continue
        out += [body[pos:at], CLAIM_MARK.format(n=n), claim]
        pos = at + len(claim)
    out.append(body[pos:])
    return "\n".join(["".join(out).strip(), *missing]).strip() or "(none)"


def verify_request(system: str, context: str, lang: str, answer_body: str, claims: list[str]) -> dict[str, Any]:
    """The structured call's arguments: the shared context, the review task, parser and schema."""
    task = VERIFY_TASK.format(answer=number_claims(answer_body.strip(), claims))
    return {"messages": task_messages(system, context, task, lang), "tag": "verify", "parse": parser(len(claims)),
            "schema": verify_schema(len(claims)), "max_tokens": MAX_TOKENS}


def llm_verdict(llm: LLM, system: str, context: str, lang: str, answer_body: str, cheap: Verdict
                ) -> tuple[Verdict, list[dict[str, Any]]]:
    reply = structured_call(llm, **verify_request(system, context, lang, answer_body,
                                                  [c["text"] for c in cheap.claims]))
    if reply.value is None:
        cheap.judge = "heuristic_fallback"
        return cheap, reply.records
    v = reply.value
    merged = [{**c, "supported": ok and not c.get("table_row")} for c, ok in zip(cheap.claims, v["supported"], strict=True)]
    grades = {g: v[g] for g in GRADES}
    verdict = Verdict(judge="llm", quality=0.0, claims=merged, grades=grades, language_ok=cheap.language_ok,
                      missing_info=v["missing_info"], safety_concerns=v["safety_concerns"],
                      rewritten_query=v["rewritten_query"], parts=cheap.parts, non_answer=cheap.non_answer)
    share = verdict.supported_share
    grade = sum(grades.values()) / len(grades)
    verdict.quality = round(GROUNDING_WEIGHT * (1.0 if share is None else share) + (1 - GROUNDING_WEIGHT) * grade, 4)
    return verdict, reply.records
