"""Small helpers shared by the nodes: the stream writer, the language of the turn and the text the cache keys on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...text import detect_language


def stream_writer() -> Callable[[Any], None]:
    """LangGraph's custom-stream writer inside a run; a no-op when a node is called directly (tests)."""
    try:
        from langgraph.config import get_stream_writer

        return get_stream_writer()
    except (RuntimeError, KeyError, ImportError):
        return lambda _: None


def language(state: dict[str, Any]) -> str:
    return state.get("language") or detect_language(state.get("user_text", ""))


def cache_text(state: dict[str, Any]) -> str:
    """What the answer cache keys on: the standalone question, so "그 약을 계속 먹어도 되나요?" asked about metformin
    is not served when the same words are asked about warfarin."""
    return state.get("standalone_question") or state["user_text"]
