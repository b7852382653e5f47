"""What a turn's span and each node's span say (issue 36): the decisions an operator looks for — route, the
relevance gate's verdict, the stop reason, the generator — the node's LLM calls with their evaluated tokens, and
its milliseconds. Written in one place, the node wrapper of ``build.bound`` and the turn of ``agent``, never by
the nodes themselves.

By default no span carries anything the person wrote or is: no message, answer, profile fact, medicine or
condition name, red-flag kind, safety rule or passage id (which passages answered says what was asked). Only
enumerations, counts and times. ``log_health_data`` adds the message and the answer (OpenInference's
``input.value`` / ``output.value``), as it does for the logs. Attribute names follow OpenInference where it has
one (``openinference.span.kind``, ``session.id``, ``llm.token_count.*``), so Phoenix and Langfuse show them as
such; the rest are ``medagent.*``.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from ..llm.calls import llm_usage
from ..tracing import Attributes, Span, Tracer
from .turn import TurnContext

TURN_SPAN = "agent_turn"
# decisions a node may make, all of them closed sets of words the code chose (never the person's)
DECISIONS = ("route", "evidence_verdict", "stop_reason", "generator", "query_complexity", "verify_action",
             "next_step", "language")
NUMBERS = ("dynamic_k", "retrieval_attempts", "iteration_count", "quality_score", "regenerations",
           "instructions_removed")


def session_id(thread_id: str) -> str:
    """The conversation as a short hash: turns of one thread group together, the id itself is not shown."""
    return hashlib.sha256(thread_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def llm_attributes(calls: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    usage = llm_usage({"llm_calls": list(calls)})
    if not usage["llm_calls"]:
        return {"medagent.llm.calls": 0}
    return {"medagent.llm.calls": usage["llm_calls"], "medagent.llm.tags": list(dict.fromkeys(usage["llm_tags"])),
            "llm.token_count.prompt": usage["prompt_tokens"], "llm.token_count.completion": usage["completion_tokens"],
            "llm.token_count.total": usage["prompt_tokens"] + usage["completion_tokens"],
            "medagent.llm.evaluated_tokens": usage["evaluated_prompt_tokens"], "medagent.llm.ms": usage["llm_ms"]}


def llm_call_event(call: Mapping[str, Any]) -> dict[str, Any]:
    return {"medagent.llm.tag": call.get("tag", ""), "llm.token_count.prompt": call.get("prompt_tokens", 0),
            "llm.token_count.completion": call.get("completion_tokens", 0),
            "medagent.llm.cached_tokens": call.get("cached_tokens", 0), "medagent.llm.ms": call.get("ms", 0.0),
            "medagent.llm.repair": bool(call.get("repair"))}


def decisions(values: Mapping[str, Any]) -> dict[str, Any]:
    """The decision fields present in a node's update or a turn's result, as ``medagent.<field>``."""
    out: dict[str, Any] = {f"medagent.{k}": str(values[k]) for k in DECISIONS if values.get(k)}
    out.update({f"medagent.{k}": values[k] for k in NUMBERS
                if isinstance(values.get(k), (int, float)) and not isinstance(values.get(k), bool)})
    for flag in ("cache_hit", "needs_retrieval", "skip_pipeline"):
        if isinstance(values.get(flag), bool):
            out[f"medagent.{flag}"] = values[flag]
    if "red_flag" in values:
        out["medagent.emergency"] = bool(values["red_flag"])
    if "retrieved_docs" in values:
        out["medagent.passages"] = len(values.get("retrieved_docs") or [])
    return out


def record_node(span: Span, update: Mapping[str, Any], ms: float) -> None:
    calls = update.get("llm_calls") or []
    span.set({**decisions(update), **llm_attributes(calls), "medagent.ms": round(ms, 3)})
    for call in calls:
        span.event("llm_call", llm_call_event(call))


def record_turn(span: Span, result: Mapping[str, Any], ms: float, health_data: bool) -> None:
    attributes: dict[str, Any] = {**decisions(result), **llm_attributes(result.get("llm_calls") or []),
                                  "medagent.ms": round(ms, 3), "medagent.citations": len(result.get("citations") or []),
                                  "medagent.safety_notes": len(result.get("safety_notes") or []),
                                  "medagent.nodes": sorted(result.get("node_timings") or {})}
    if health_data:
        attributes["output.value"] = str(result.get("answer") or "")
        if result.get("red_flag"):
            attributes["medagent.red_flag"] = str(result["red_flag"].get("kind", ""))
    span.set(attributes)


@contextmanager
def node_span(tracer: Tracer, name: str) -> Iterator[Span]:
    with tracer.span(name, {"openinference.span.kind": "CHAIN", "medagent.node": name}) as span:
        yield span


class TurnSpan:
    """The turn's span, entered and left by the agent (``run``, or step by step in ``stream``'s own context)."""

    def __init__(self, tracer: Tracer, turn: TurnContext, text: str, health_data: bool, entry: str = ""):
        attributes: Attributes = {"openinference.span.kind": "AGENT", "session.id": session_id(turn.thread_id),
                                  "medagent.mode": turn.mode, "medagent.entry": entry or None,
                                  "input.value": text if health_data else None}
        self._cm = tracer.span(TURN_SPAN, attributes)
        self.health_data = health_data
        self.span: Span | None = None
        self.start = 0.0

    def __enter__(self) -> TurnSpan:
        self.span = self._cm.__enter__()
        self.start = time.perf_counter()
        return self

    def finish(self, result: Mapping[str, Any]) -> None:
        if self.span is not None:
            record_turn(self.span, result, (time.perf_counter() - self.start) * 1000, self.health_data)

    def __exit__(self, *exc: Any) -> bool | None:
        return self._cm.__exit__(*exc)
