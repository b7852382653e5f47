"""Node 1 — response cache lookup (seed 001 §2.1), scoped to the user and their profile version."""

from __future__ import annotations

from typing import Any

from ...cache import vary_style
from ...safety import triage
from ..deps import Deps
from .common import language


def check_similarity(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    flags, text, lang = state["feature_flags"], state["user_text"], language(state)
    miss = {"cache_hit": False, "skip_pipeline": False, "cache_similarity_score": 0.0, "language": lang}
    if state.get("mode") == "llm" or not flags.get("response_cache_enabled", True):
        return miss
    vector = deps.embedder.encode_queries([text])[0]
    version = deps.profiles.version(state["user_id"]) if flags.get("memory_mode") == "structured" else 0
    hit = deps.cache.lookup(state["user_id"], version, text, vector, float(flags["cache_similarity_threshold"]))
    if hit is None:
        return miss
    flag = triage(text, lang)
    return {"cache_hit": True, "skip_pipeline": True, "cached_response": hit.answer,
            "cache_similarity_score": round(hit.similarity, 4), "answer": vary_style(hit.answer, lang, text),
            "citations": hit.payload.get("citations", []), "retrieved_docs": hit.payload.get("retrieved_docs", []),
            "generator": "cache", "stop_reason": "cache_hit", "language": lang, "quality_score":
            hit.payload.get("quality_score", 0.0), "red_flag": flag.__dict__ if flag else None}
