"""Node 5 — build the four-section prompt under the token budget; runs before and after retrieval so new
evidence always reaches the prompt (seed 001 §2.3). With ``evidence_budget_tokens`` set, the evidence is the
passages' sentences most relevant to the question, its expansion and the profile (context.compression). The
result is the turn's shared context: every call of the turn (answer, verify, rewrite) starts with it."""

from __future__ import annotations

from ...context.assembly import assemble
from ...context.compression import compress
from ...evidence import Evidence
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language


def assemble_context(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    summary = state.get("profile_summary", "")
    update: AgentState = {}
    if not turn.llm_mode and not summary and turn.structured_memory:
        summary = deps.profiles.summary(turn.user_id, language(state))   # e.g. a greeting: no store_memory this turn
        update = {"profile_summary": summary}
    docs = Evidence.many(state.get("retrieved_docs"))
    budget = deps.settings.limits.evidence_budget_tokens
    if budget > 0 and docs and not turn.llm_mode:
        terms = (state.get("expanded_query") or {}).get("bm25_terms", [])
        focus = " ".join([state.get("query_for_retrieval") or state["user_text"], summary, *terms])
        docs = compress(docs, focus, budget, deps.count_tokens, deps.retriever.index.tokenizer.tokenize,
                        question=state["user_text"])
    system, user, plan = _assemble(state, deps, summary, docs, turn.mode)
    return {**update, "system_prompt": system, "user_prompt": user, "token_plan": plan,
            "profile_used": not turn.llm_mode and bool(summary)}


def general_prompt(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    """The turn's prompt once the relevance gate has kept no passage (graph.nodes.gating): the plain assistant's
    system prompt, the profile and the conversation, no evidence. It replaces the turn's shared context, so the
    calls after the answer (a benchmark's choice) read the question as the answer did."""
    system, user, plan = _assemble(state, deps, state.get("profile_summary", ""), [], turn.mode, general=True)
    return {"system_prompt": system, "user_prompt": user, "token_plan": plan}


def _assemble(state: AgentState, deps: Deps, summary: str, docs: list[Evidence], mode: str,
              general: bool = False) -> tuple[str, str, dict]:
    return assemble(lang=language(state), mode=mode, question=state["user_text"], profile_summary=summary,
                    docs=docs, history=state.get("conversation_history") or [],
                    context_window=deps.context_window, count=deps.count_tokens,
                    retrieval_expected=bool(state.get("retrieval_attempts")), general=general)
