"""Node 1 — response cache lookup (seed 001 §2.1), scoped to the user and their profile version."""

from __future__ import annotations

from ...cache import vary_style
from ...safety import triage
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language


def check_similarity(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    text, lang = state["user_text"], language(state)
    miss: AgentState = {"cache_hit": False, "skip_pipeline": False, "cache_similarity_score": 0.0, "language": lang}
    if turn.llm_mode or not turn.flags.response_cache_enabled:
        return miss
    vector = deps.embedder.encode_queries([text])[0]
    version = deps.profiles.version(turn.user_id) if turn.structured_memory else 0
    hit = deps.cache.lookup(turn.user_id, version, text, vector, turn.flags.cache_similarity_threshold)
    if hit is None:
        return miss
    flag = triage(text, lang)
    return {"cache_hit": True, "skip_pipeline": True, "cached_response": hit.answer,
            "cache_similarity_score": round(hit.similarity, 4), "answer": vary_style(hit.answer, lang, text),
            "citations": hit.payload.get("citations", []), "retrieved_docs": hit.payload.get("retrieved_docs", []),
            "synthesis": hit.payload.get("synthesis", {}),
            "generator": "cache", "stop_reason": "cache_hit", "language": lang, "quality_score":
            hit.payload.get("quality_score", 0.0), "red_flag": flag.__dict__ if flag else None}
