"""Node 1 of the seed, run after store_memory: the response cache (seed 001 §2.1), scoped to the user, the
profile's content version and the question's signature (cache.signature); never on a red flag. A hit replaces
retrieval and generation only: the stored answer body gets this turn's safety notes, the offline label it had,
the review's concerns and the disclaimer again."""

from __future__ import annotations

from typing import Any

from ...cache import question_signature, vary_style
from ...generation.finalize import body_of, finalize
from ...safety import collect_facts, safety_notes
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import cache_text, language


def cache_signature(state: AgentState, deps: Deps) -> dict[str, list[str]]:
    return question_signature(cache_text(state), state.get("slot_out"), deps.retriever.index.tokenizer)



def check_similarity(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    text, lang = state["user_text"], language(state)
    version = deps.profiles.content_version(turn.user_id) if turn.structured_memory and not turn.llm_mode else 0
    version = deps.scope_version(turn.user_id, version)
    miss: AgentState = {"cache_hit": False, "skip_pipeline": False, "cache_similarity_score": 0.0, "language": lang,
                        "profile_version": version}
    if turn.llm_mode or not turn.flags.response_cache_enabled or state.get("red_flag"):
        return miss
    vector = deps.similarity.encode_queries([cache_text(state)])[0]
    signature = cache_signature(state, deps)
    hit = deps.cache.lookup(turn.user_id, version, signature, vector, turn.flags.cache_similarity_threshold)
    if hit is None:
        return {**miss, "question_signature": signature}
    payload: dict[str, Any] = hit.payload
    profile = deps.profiles.get(turn.user_id) if turn.structured_memory else None
    notes = safety_notes(collect_facts(profile, state.get("slot_out"), deps.drug_classes, state["user_text"]), lang)
    body = (payload.get("synthesis") or {}).get("answer") or body_of(hit.answer)
    summary = state.get("profile_summary") or (deps.profiles.summary(turn.user_id, lang) if profile else "")
    answer = finalize(vary_style(body, lang, text), lang, notes, bool(payload.get("offline_label")), None)
    return {"cache_hit": True, "skip_pipeline": True, "cached_response": hit.answer, "profile_version": version,
            "cache_similarity_score": round(hit.similarity, 4), "answer": answer, "safety_notes": notes,
            "profile_summary": summary,
            "citations": payload.get("citations", []), "retrieved_docs": payload.get("retrieved_docs", []),
            "synthesis": payload.get("synthesis", {}), "review_concerns": payload.get("review_concerns", []),
            "generator": "cache", "stop_reason": "cache_hit", "language": lang,
            "quality_score": payload.get("quality_score", 0.0)}
