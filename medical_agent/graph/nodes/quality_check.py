"""Node 9 — decide: retrieve again or stop, with the dual guards (duplicate documents, stagnating quality),
the quality threshold and the iteration cap. Records ``stop_reason`` in the state and in the iteration log."""

from __future__ import annotations

from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext


def quality_check(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    flags = turn.flags
    if turn.llm_mode:
        go, reason = False, "llm_mode"
    elif not flags.self_refine_enabled:
        go, reason = False, "refine_disabled"
    elif not state.get("retrieval_attempts"):
        go, reason = False, "no_retrieval_needed"
    else:
        go, reason = deps.strategies[flags.refine_strategy].should_retrieve(state, flags)
    entry = {"iteration": state.get("iteration_count", 0), "stop_reason": reason}
    return {"next_step": "retrieve" if go else "store_response", "stop_reason": reason,
            "refine_iteration_logs": [entry]}
