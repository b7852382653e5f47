"""Node 10 — finish the turn: make sure the emergency line leads, cache the answer if it is safe to reuse,
and append the turn to the conversation history.

Cached: agent-mode answers that passed quality_check (stop reason ``quality_ok``), grounded in retrieved
evidence and without a red flag. The entry belongs to this user, the profile version it was answered under and
the question's signature, as check_similarity computed it for the lookup (an entry without one is never served).
"""

from __future__ import annotations

from ...generation.finalize import with_doubts, with_review_concerns
from ...red_flags import with_emergency_line
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .answer_choice import answer_choice
from .common import cache_text, language


def store_response(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    lang, red = language(state), state.get("red_flag")
    answer = with_review_concerns(state.get("answer", ""), state.get("review_concerns") or [], lang)
    line = red["line"] if red else ""
    answer = answer[len(line):].lstrip() if line and answer.startswith(line) else answer
    doubts = (state.get("slot_out") or {}).get("doubts") or []
    answer = with_emergency_line(with_doubts(answer, doubts, lang), red)
    synthesis = dict(state.get("synthesis") or {})
    if synthesis and state.get("verify_step") and not state.get("cache_hit"):
        synthesis["confidence"] = round(float(state.get("quality_score") or 0.0), 3)   # the verified quality
    cacheable = (not state.get("cache_hit") and not turn.llm_mode and turn.flags.response_cache_enabled
                 and state.get("stop_reason") == "quality_ok" and state.get("retrieved_docs")
                 and not state.get("red_flag") and not doubts and answer and not state.get("evidence_gap"))
    if cacheable:
        vector = deps.similarity.encode_queries([cache_text(state)])[0]
        offline = state.get("generator") in ("extractive", "extractive_fallback") and deps.llm is None
        deps.cache.store(turn.user_id, int(state.get("profile_version") or 0), cache_text(state), vector, answer,
                         {"citations": state.get("citations", []), "retrieved_docs": state.get("retrieved_docs", []),
                          "quality_score": state.get("quality_score", 0.0), "synthesis": synthesis,
                          "signature": state.get("question_signature"), "offline_label": offline,
                          "review_concerns": state.get("review_concerns") or []})
    history = [{"role": "user", "content": state["user_text"]}, {"role": "assistant", "content": answer}]
    return {"answer": answer, "conversation_history": history, "synthesis": synthesis,
            **answer_choice(state, turn, deps)}
