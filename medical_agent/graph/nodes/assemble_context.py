"""Node 5 — build the four-section prompt under the token budget; runs before and after retrieval so new
evidence always reaches the prompt (seed 001 §2.3)."""

from __future__ import annotations

from typing import Any

from ...context.assembly import assemble
from ..deps import Deps
from .common import language


def assemble_context(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    lang, mode = language(state), state.get("mode", "agent")
    summary = state.get("profile_summary", "")
    update: dict[str, Any] = {}
    if mode != "llm" and not summary and state["feature_flags"].get("memory_mode") == "structured":
        summary = deps.profiles.summary(state["user_id"], lang)   # e.g. a greeting: no store_memory this turn
        update = {"profile_summary": summary, "profile_version": deps.profiles.version(state["user_id"])}
    system, user, plan = assemble(
        lang=lang, mode=mode, question=state["user_text"], profile_summary=summary,
        docs=state.get("retrieved_docs") or [], history=state.get("conversation_history") or [],
        context_window=deps.context_window, count=deps.count_tokens,
        retrieval_expected=bool(state.get("retrieval_attempts")))
    return {**update, "system_prompt": system, "user_prompt": user, "token_plan": plan,
            "profile_used": mode != "llm" and bool(summary)}
