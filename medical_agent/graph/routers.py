"""Conditional edges of the graph (seed 002 §3.3.4). Pure functions of the state: the nodes before them have
already written what the turn's mode and flags decide (LLM mode never sets needs_retrieval or update_profile)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal


def after_classify_intent(state: Mapping[str, Any]) -> Literal["extract_slots", "check_similarity"]:
    return "extract_slots" if state.get("needs_retrieval") or state.get("update_profile") else "check_similarity"


def after_check_similarity(state: Mapping[str, Any]) -> Literal["store_response", "assemble_context"]:
    return "store_response" if state.get("skip_pipeline") else "assemble_context"


def after_assemble_context(state: Mapping[str, Any]) -> Literal["retrieve", "generate_answer"]:
    first_pass = state.get("needs_retrieval") and not state.get("retrieval_attempts")
    return "retrieve" if first_pass else "generate_answer"


def after_quality_check(state: Mapping[str, Any]) -> Literal["retrieve", "generate_answer", "store_response"]:
    step = state.get("next_step")
    return step if step in ("retrieve", "generate_answer") else "store_response"
