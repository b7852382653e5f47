"""AgentState: the seed's fields (seed 002 §3.3.5) plus stop_reason, node_timings, llm_calls, citations.

Who asks, the mode and the feature flags are not state: they reach the nodes as the turn's runtime context
(:mod:`.turn`). Conversations are checkpointed threads, so state outlives a turn. Turn-scoped logs use reducers that
append within a turn and are reset by the turn's input (``None``); ``conversation_history`` appends across
turns (capped). Everything in the state is JSON-serialisable (the SQLite checkpointer stores it).
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

HISTORY_TURNS = 20


def extend_or_reset(old: list | None, new: list | None) -> list:
    return [] if new is None else [*(old or []), *new]


def merge_logs(old: list | None, new: list | None) -> list:
    """Refine log: one entry per verification (``step``); an entry for a step already logged updates it
    (quality_check adds the stop reason and the next step to refine's entry); others append. ``None`` resets."""
    if new is None:
        return []
    out = [dict(e) for e in (old or [])]
    for entry in new:
        same = next((e for e in out if e.get("step") == entry.get("step")), None)
        if same is None:
            out.append(dict(entry))
        else:
            same.update(entry)
    return out


def merge_timings(old: dict | None, new: dict | None) -> dict:
    if new is None:
        return {}
    out = dict(old or {})
    for key, ms in new.items():
        out[key] = round(out.get(key, 0.0) + ms, 3)
    return out


def append_history(old: list | None, new: list | None) -> list:
    if new is None:
        return []
    return [*(old or []), *new][-2 * HISTORY_TURNS:]


class AgentState(TypedDict, total=False):
    # input
    user_text: str
    language: str                    # ko | en (detected)
    conversation_history: Annotated[list[dict[str, str]], append_history]
    # extract / store
    slot_out: dict[str, Any]
    profile_summary: str
    profile_version: int                     # the profile's content_version (what cached answers are scoped to)
    profile_used: bool
    # inject
    system_prompt: str
    user_prompt: str
    token_plan: dict[str, Any]
    # retrieval
    query_for_retrieval: str
    expanded_query: dict[str, Any]
    retrieved_docs: list[dict[str, Any]]      # Evidence.to_dict() of each passage, best first
    retrieval_attempts: int
    dynamic_k: int
    query_complexity: str
    route: str                                # simple | rag_required | history_required (seed 004's router)
    followup: dict[str, str] | None           # a resolved follow-up: phrase, kind, referent, source, standalone
    standalone_question: str                  # what retrieval and the cache read: the follow-up resolved
    plan: dict[str, Any] | None               # a planned search: subtasks, their query variants and hits
    llm_plan: dict[str, Any] | None           # planner: llm — the model's route, standalone question and parts
    evidence_gap: list[str]                   # medicines / conditions the question names that no passage covers
    web_note: str                             # what the web fallback did ("" when it did not run)
    instructions_removed: int                 # sentences addressed to an assistant removed from the evidence
    evidence_verdict: str                     # the relevance gate's: correct | ambiguous | incorrect | ungated
    gate: dict[str, Any] | None               # its scores, the dropped passages, unknown words, reason
    dropped_docs: list[dict[str, Any]]        # the passages the gate kept out of the answer
    needs_retrieval: bool
    question_asked: bool                      # the message asks something (a statement of facts does not)
    update_profile: bool
    red_flag: dict[str, str] | None
    # generation
    answer: str
    citations: list[dict[str, Any]]
    safety_notes: list[str]
    generator: str                   # llm | extractive | cache
    # verification
    synthesis: dict[str, Any]                 # the structured answer (generation.synthesis.Synthesis)
    quality_score: float
    quality_feedback: dict[str, Any]          # the last verdict (verify.verdict.Verdict.to_log())
    verify_action: str                        # accept | language | corrective | improve | retrieve
    verify_feedback: str                      # what a regeneration is told
    verify_step: int                          # verifications so far this turn
    llm_verifications: int                    # of which by the LLM verifier (flags.max_llm_verifications)
    regeneration: dict[str, str] | None       # {"kind", "feedback"} for the next answer on the same evidence
    regenerations: int
    language_fallback: int                    # a wrong language past the cap: 1 translated, 2 extracted
    review_concerns: list[str]                # the verifier's safety concerns, shown with the answer
    iteration_count: int
    stop_reason: str | None
    next_step: str
    retrieved_docs_history: Annotated[list[list[str]], extend_or_reset]
    quality_score_history: Annotated[list[float], extend_or_reset]
    query_rewrite_history: Annotated[list[str], extend_or_reset]
    refine_iteration_logs: Annotated[list[dict[str, Any]], merge_logs]
    # cache
    cache_hit: bool
    cached_response: str | None
    question_signature: dict[str, list[str]] | None   # computed once by check_similarity, stored with the answer
    cache_similarity_score: float
    skip_pipeline: bool
    # accounting
    node_timings: Annotated[dict[str, float], merge_timings]
    answer_choice: str | None                # the benchmark option chosen after the answer (turn.answer_options)
    llm_calls: Annotated[list[dict[str, Any]], extend_or_reset]
    error: str | None


def new_turn(user_text: str) -> AgentState:
    """The input of one turn: every turn-scoped field starts fresh; history and thread state carry over."""
    return {
        "user_text": user_text, "slot_out": {}, "profile_summary": "", "profile_version": 0, "profile_used": False,
        "system_prompt": "", "user_prompt": "", "token_plan": {}, "query_for_retrieval": user_text, "expanded_query": {},
        "retrieved_docs": [], "retrieval_attempts": 0, "dynamic_k": 0, "query_complexity": "",
        "route": "", "followup": None, "standalone_question": user_text, "plan": None, "llm_plan": None,
        "evidence_gap": [], "web_note": "", "instructions_removed": 0, "evidence_verdict": "", "gate": None,
        "dropped_docs": [],
        "needs_retrieval": False, "question_asked": False, "update_profile": False, "red_flag": None, "answer": "", "citations": [],
        "safety_notes": [], "generator": "", "quality_score": 0.0, "quality_feedback": {}, "iteration_count": 0,
        "synthesis": {}, "verify_action": "", "verify_feedback": "", "verify_step": 0, "llm_verifications": 0,
        "regeneration": None, "regenerations": 0, "language_fallback": 0, "review_concerns": [],
        "stop_reason": None, "next_step": "", "cache_hit": False, "cached_response": None, "question_signature": None,
        "cache_similarity_score": 0.0, "skip_pipeline": False, "error": None, "language": "",
        "retrieved_docs_history": None, "quality_score_history": None, "query_rewrite_history": None,
        "refine_iteration_logs": None, "node_timings": None, "llm_calls": None, "answer_choice": None,
    }
