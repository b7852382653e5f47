"""Node 8 — verify the answer (the cheap check, then the LLM verifier where the cheap one is not confident) and
choose the action: accept, regenerate (language, corrective, improve) or search again with a rewritten query.
LLM mode and ``self_refine_enabled: false`` bypass it with quality 1.0 (seed 003 §2)."""

from __future__ import annotations

import time

from ...evidence import Evidence
from ...refine.strategy import RefineInput
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language

NOT_COVERED = ("not_covered", "llm_not_covered")      # generators of an answer no passage supports (nodes.gating)


def refine(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    start = time.perf_counter()
    flags, step = turn.flags, state.get("verify_step", 0) + 1
    docs = Evidence.many(state.get("retrieved_docs"))
    base = {"step": step, "iteration": state.get("iteration_count", 0),
            "regeneration": (state.get("regeneration") or {}).get("kind"), "doc_ids": [d.doc_id for d in docs],
            "query": state.get("query_for_retrieval") or state.get("user_text", "")}
    if turn.llm_mode or not flags.self_refine_enabled or state.get("generator") in NOT_COVERED:
        # no evidence to verify against: a question the sources do not cover is answered as such, once
        judge = "not_covered" if state.get("generator") in NOT_COVERED else "bypassed"
        entry = {**base, "quality_score": 1.0, "judge": judge, "action": "accept", "missing_info": [],
                 "rewritten_query": None, "evidence_verdict": state.get("evidence_verdict")}
        return {"quality_score": 1.0, "verify_action": "accept", "verify_step": step,
                "quality_feedback": {"judge": judge}, "quality_score_history": [1.0],
                "refine_iteration_logs": [entry]}
    strategy = deps.strategies[flags.refine_strategy]
    outcome = strategy.refine(RefineInput(
        state["user_text"], state.get("answer", ""), docs, state.get("profile_summary", ""), language(state),
        retrieved=bool(state.get("retrieval_attempts")), system=state.get("system_prompt", ""),
        context=state.get("user_prompt", ""), generated=state.get("generator") == "llm",
        asked=bool(state.get("question_asked", True)), llm_verifications=state.get("llm_verifications", 0),
        encode=deps.similarity.encode_queries,
        evidence_kept=state.get("evidence_verdict") in ("correct", "ungated")), flags)
    verdict, action = outcome.verdict, outcome.action
    rewritten = outcome.query if action == "retrieve" else None
    entry = {**base, "evidence_verdict": state.get("evidence_verdict"), "gate": _gate_log(state),
             "quality_score": round(outcome.quality_score, 4), "parts": verdict.parts, "grades": verdict.grades,
             "supported_share": verdict.supported_share, "language_ok": verdict.language_ok,
             "claims": [{"text": c["text"][:160], "supported": c["supported"]} for c in verdict.claims],
             "judge": verdict.judge, "strategy": strategy.name, "action": action,
             "missing_info": verdict.missing_info, "safety_concerns": verdict.safety_concerns,
             "non_answer": verdict.non_answer,
             "rewritten_query": rewritten, "ms": round((time.perf_counter() - start) * 1000, 1)}
    update: AgentState = {"quality_score": outcome.quality_score, "quality_feedback": verdict.to_log(),
                          "verify_action": action, "verify_feedback": verdict.feedback(action), "verify_step": step,
                          "quality_score_history": [outcome.quality_score], "refine_iteration_logs": [entry],
                          "llm_calls": outcome.llm_records}
    if outcome.llm_verified:     # a verdict of the cheap check alone keeps the concerns an earlier review raised
        update["llm_verifications"] = state.get("llm_verifications", 0) + 1
        update["review_concerns"] = verdict.safety_concerns
    if rewritten is not None:
        update["query_for_retrieval"] = rewritten
        update["query_rewrite_history"] = [rewritten]
    return update


def _gate_log(state: AgentState) -> dict | None:
    """What the refine log shows of the relevance gate: its best score, what it dropped and why."""
    gate = state.get("gate")
    if not gate:
        return None
    return {"best": gate.get("best"), "dropped": [d.get("doc_id") for d in gate.get("dropped") or []],
            "unknown": gate.get("unknown"), "reason": gate.get("reason"), "llm_relevant": gate.get("llm_relevant")}
