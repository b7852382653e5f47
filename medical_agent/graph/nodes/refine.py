"""Node 8 — judge the answer and, when weak, rewrite the retrieval query (the strategy chosen by flags).
LLM mode and ``self_refine_enabled: false`` bypass it with quality 1.0 (seed 003 §2)."""

from __future__ import annotations

import time

from ...evidence import Evidence
from ...refine.strategy import RefineInput
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language


def refine(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    start = time.perf_counter()
    flags, iteration = turn.flags, state.get("iteration_count", 0)
    docs = Evidence.many(state.get("retrieved_docs"))
    base = {"iteration": iteration, "doc_ids": [d.doc_id for d in docs]}
    if turn.llm_mode or not flags.self_refine_enabled:
        entry = {**base, "quality_score": 1.0, "judge": "bypassed", "missing_info": [], "rewritten_query": None}
        return {"quality_score": 1.0, "needs_retrieval": False, "quality_feedback": {"judge": "bypassed"},
                "quality_score_history": [1.0], "refine_iteration_logs": [entry]}
    strategy = deps.strategies[flags.refine_strategy]
    outcome = strategy.refine(RefineInput(state["user_text"], state.get("answer", ""), docs,
                                          state.get("profile_summary", ""), language(state),
                                          retrieved=bool(state.get("retrieval_attempts"))), flags)
    fb = outcome.feedback
    parts = {k: fb[k] for k in ("grounding_score", "completeness_score", "accuracy_score", "length_score",
                                "evidence_score", "personalization_score") if k in fb}
    rewritten = outcome.query if outcome.needs_retrieval else None
    entry = {**base, "quality_score": round(outcome.quality_score, 4), "parts": parts, "judge": fb.get("judge"),
             "strategy": strategy.name, "missing_info": fb.get("missing_info", []), "rewritten_query": rewritten,
             "ms": round((time.perf_counter() - start) * 1000, 1)}
    update: AgentState = {"quality_score": outcome.quality_score, "quality_feedback": fb,
                              "needs_retrieval": outcome.needs_retrieval,
                              "quality_score_history": [outcome.quality_score], "refine_iteration_logs": [entry],
                              "llm_calls": outcome.llm_records}
    if rewritten is not None:
        update["query_for_retrieval"] = rewritten
        update["query_rewrite_history"] = [rewritten]
    return update
