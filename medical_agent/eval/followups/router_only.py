"""Follow-ups through the router and retrieval only (``eval followups --router-only``): the agent's own
classify_intent and retrieve nodes, no answer call, so the rules and the LLM router (``planner: llm``) are compared
on the same pairs for the price of one planning call per routed turn.

The conversation each turn sees is the person's earlier messages (no answers are written), for both routers alike;
a turn's profile is empty. Everything else is the agent's path: the route, the standalone question, the plan and
the search with its depth."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...graph.deps import Deps
from ...graph.nodes.classify_intent import classify_intent
from ...graph.nodes.retrieve import retrieve
from ...graph.state import new_turn
from ...graph.turn import TurnContext

Run = Callable[[str, str, str], dict[str, Any]]


def router_run(deps: Deps, records: list[dict[str, Any]]) -> Run:
    """``run(user, message, thread)`` for :func:`evaluate_pairs`; the LLM calls made go into ``records``."""
    histories: dict[tuple[str, str], list[dict[str, str]]] = {}
    flags = deps.settings.flags

    def run(user: str, text: str, thread: str) -> dict[str, Any]:
        history = histories.setdefault((user, thread), [])
        turn = TurnContext(user_id=user, thread_id=thread, mode="agent", flags=flags)
        state: dict[str, Any] = {**new_turn(text), "conversation_history": list(history)}
        routed = classify_intent(state, turn, deps)
        records.extend(routed.get("llm_calls") or [])
        state.update(routed)
        found = retrieve(state, turn, deps) if state.get("needs_retrieval") else {"retrieved_docs": []}
        records.extend(found.get("llm_calls") or [])
        history.append({"role": "user", "content": text})
        return {"retrieved_docs": found["retrieved_docs"], "route": state.get("route"),
                "followup": state.get("followup")}

    return run
