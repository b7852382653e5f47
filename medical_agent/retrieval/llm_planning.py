"""Plan, then retrieve — with an LLM (``planner: llm``): one structured call routes the message, rewrites a
follow-up into a standalone question and splits the question into parts, each with its own search queries.

It is the LLM half of seed 004's router and planner; the rules (``context.followup``, ``retrieval.planning``) stay
the offline path and the fallback whenever the call fails or its reply is unusable. One call per planned turn:
the reply's schema goes to the backend's structured output (a llama.cpp grammar, an OpenAI ``json_schema``), so a
small local model can only write a well-formed plan. The call starts with the turn's system prompt, byte for byte
as the answer call has it, so a prefix-caching backend computes that part once for both.

What the model may decide is bounded: a route of ``simple`` only stands for a message with no medical concept (the
caller checks), a standalone question or a part that is empty or far longer than the message is dropped, and every
query is capped in length and number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..llm.base import LLM
from ..llm.structured import Structured, StructuredFormatError, json_object, structured_call
from ..prompts import PLAN_TASK, SYSTEM_PROMPT
from .planning import MAX_SUBTASKS, Plan, Subtask

ROUTES = ("simple", "rag_required", "history_required")
MAX_QUERIES = 3                 # per part, besides the part itself: 3–4 variants in all
MAX_CHARS = 300                 # a query or part longer than this is not a query
HISTORY_TURNS = 4               # the latest turns the planner reads
PLAN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "route": {"type": "string", "enum": list(ROUTES)},
        "standalone": {"type": "string"},
        "parts": {"type": "array", "minItems": 1, "maxItems": MAX_SUBTASKS, "items": {
            "type": "object",
            "properties": {"question": {"type": "string"},
                           "queries": {"type": "array", "minItems": 1, "maxItems": MAX_QUERIES,
                                       "items": {"type": "string"}}},
            "required": ["question", "queries"]}},
    },
    "required": ["route", "standalone", "parts"],
}


@dataclass(frozen=True)
class LlmPlan:
    route: str                            # simple | rag_required | history_required
    standalone: str                       # the message readable without the conversation
    parts: tuple[tuple[str, tuple[str, ...]], ...]     # (part question, its search queries)

    def plan(self) -> Plan:
        """The plan retrieval runs: each part searched as written and as each of its queries."""
        return Plan(tuple(Subtask(q, tuple(dict.fromkeys((q, *queries)))) for q, queries in self.parts))

    def to_dict(self) -> dict[str, Any]:
        return {"route": self.route, "standalone": self.standalone,
                "parts": [{"question": q, "queries": list(qs)} for q, qs in self.parts]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LlmPlan:
        return cls(data["route"], data["standalone"],
                   tuple((p["question"], tuple(p["queries"])) for p in data["parts"]))


def _clean(text: Any, limit: int) -> str:
    return " ".join(text.split())[:limit].strip() if isinstance(text, str) else ""


def parse_plan(reply: str, message: str) -> LlmPlan:
    """The plan in ``reply``, bounded (see the module's docstring); raises :class:`StructuredFormatError`."""
    data = json_object(reply)
    route = data.get("route")
    if route not in ROUTES:
        raise StructuredFormatError(f"route must be one of {', '.join(ROUTES)}")
    limit = max(MAX_CHARS, 3 * len(message))
    standalone = _clean(data.get("standalone"), limit) or message
    parts = []
    for part in data.get("parts") or []:
        if not isinstance(part, dict) or not (question := _clean(part.get("question"), limit)):
            continue
        queries = [q for q in (_clean(q, MAX_CHARS) for q in part.get("queries") or []) if q and q != question]
        parts.append((question, tuple(dict.fromkeys(queries))[:MAX_QUERIES]))
    if not parts:
        raise StructuredFormatError("parts needs at least one part with a question")
    if route == "history_required" and standalone.strip() == message.strip():
        route = "rag_required"                 # nothing was rewritten: it reads alone
    return LlmPlan(route, standalone, tuple(parts[:MAX_SUBTASKS]))


def plan_messages(system: str, message: str, history: Sequence[dict[str, str]], profile: str,
                  lang: str) -> list[dict[str, str]]:
    """The turn's system prompt, then the profile, the latest turns, the message and the planning task."""
    turns = [f"{'User' if t.get('role') == 'user' else 'Assistant'}: {_clean(t.get('content'), 600)}"
             for t in list(history)[-HISTORY_TURNS:]]
    task = PLAN_TASK.format(profile=profile or "-", history="\n".join(turns) or "-", message=message,
                            language="Korean" if lang == "ko" else "English", max_parts=MAX_SUBTASKS,
                            max_queries=MAX_QUERIES)
    return [{"role": "system", "content": system}, {"role": "user", "content": task}]


def ask_plan(llm: LLM, message: str, history: Sequence[dict[str, str]], profile: str,
             lang: str) -> Structured[LlmPlan]:
    """One planning call (one repair at most) on the agent's system prompt for ``lang``, the one its answer call
    starts with; no value when the model fails — the caller keeps the rules."""
    system = SYSTEM_PROMPT["ko" if lang == "ko" else "en"]
    return structured_call(llm, plan_messages(system, message, history, profile, lang), tag="plan",
                           parse=lambda reply: parse_plan(reply, message), schema=PLAN_SCHEMA, max_tokens=220)
