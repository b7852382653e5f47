"""Node 9 — decide what follows the verification: search again, answer again on the same evidence, or stop,
within the caps (regenerations, iterations) and the dual guards (duplicate documents, stagnating quality).
Records ``stop_reason`` and the next step in the state and in the refine log."""

from __future__ import annotations

from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext


def quality_check(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    flags = turn.flags
    if turn.llm_mode:
        nxt, reason = "store_response", "llm_mode"
    elif not flags.self_refine_enabled:
        nxt, reason = "store_response", "refine_disabled"
    elif not state.get("retrieval_attempts"):
        nxt, reason = "store_response", "no_retrieval_needed"
    elif state.get("generator") in ("not_covered", "llm_not_covered"):
        nxt, reason = "store_response", "not_covered"        # the relevance gate kept nothing (nodes.gating)
    else:
        nxt, reason = deps.strategies[flags.refine_strategy].next_step(state, flags)
    update: AgentState = {"next_step": nxt, "stop_reason": reason,
                          "refine_iteration_logs": [{"step": state.get("verify_step", 0), "stop_reason": reason,
                                                     "next": nxt}]}
    if nxt == "generate_answer":
        action, done = state.get("verify_action", "improve"), state.get("regenerations", 0)
        kind, fallback = action, state.get("language_fallback", 0)
        if action == "language" and done >= flags.max_regenerations:   # past the cap: translate, then extract
            fallback += 1
            kind = "translate" if fallback == 1 else "extract"
        elif (state.get("quality_feedback") or {}).get("non_answer") and done >= 1:
            kind = "draft"           # answered again and still not an answer: the extractive draft instead
        update.update(regeneration={"kind": kind, "feedback": state.get("verify_feedback", "")},
                      regenerations=done + 1, language_fallback=fallback)
    elif nxt == "retrieve":
        update["regeneration"] = None
    return update
