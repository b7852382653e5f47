"""Conditional edges of the graph (seed 002 §3.3.4). Pure functions of the state."""

from __future__ import annotations

from typing import Any


def after_check_similarity(state: dict[str, Any]) -> str:
    return "store_response" if state.get("skip_pipeline") else "classify_intent"


def after_classify_intent(state: dict[str, Any]) -> str:
    if state.get("mode") == "llm":
        return "assemble_context"
    return "extract_slots" if state.get("needs_retrieval") or state.get("update_profile") else "assemble_context"


def after_assemble_context(state: dict[str, Any]) -> str:
    first_pass = state.get("needs_retrieval") and not state.get("retrieval_attempts")
    return "retrieve" if first_pass and state.get("mode") != "llm" else "generate_answer"


def after_quality_check(state: dict[str, Any]) -> str:
    return "retrieve" if state.get("next_step") == "retrieve" else "store_response"
