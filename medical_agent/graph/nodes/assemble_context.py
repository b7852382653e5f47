"""Node 5 — build the four-section prompt under the token budget; runs before and after retrieval so new
evidence always reaches the prompt (seed 001 §2.3)."""

from __future__ import annotations

from ...context.assembly import assemble
from ...evidence import Evidence
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language


def assemble_context(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    lang, mode = language(state), turn.mode
    summary = state.get("profile_summary", "")
    update: AgentState = {}
    if not turn.llm_mode and not summary and turn.structured_memory:
        summary = deps.profiles.summary(turn.user_id, lang)   # e.g. a greeting: no store_memory this turn
        update = {"profile_summary": summary, "profile_version": deps.profiles.version(turn.user_id)}
    system, user, plan = assemble(
        lang=lang, mode=mode, question=state["user_text"], profile_summary=summary,
        docs=Evidence.many(state.get("retrieved_docs")), history=state.get("conversation_history") or [],
        context_window=deps.context_window, count=deps.count_tokens,
        retrieval_expected=bool(state.get("retrieval_attempts")))
    return {**update, "system_prompt": system, "user_prompt": user, "token_plan": plan,
            "profile_used": not turn.llm_mode and bool(summary)}
