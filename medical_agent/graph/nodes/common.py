"""Small helpers shared by the nodes: the stream writer and the language of the turn."""

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
