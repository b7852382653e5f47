"""Small pure helpers the panels and the chat share: text made safe for HTML, a reading's value, a timestamp's
date, the text of a chat message and the name a concept is shown by. Pure functions, tested without a browser
(the panels' HTML is ``cards``, the chat's messages ``answer``)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from ..context.profile.summary import READING_LABELS
from .labels import lang_of
from .text_safety import valid

Namer = Callable[[str | None, str], str]      # (cui, English name) -> the name shown in Korean


def esc(value: object) -> str:
    """``value`` as text inside HTML: nothing a person or a document wrote is ever markup."""
    return html.escape(valid(str(value if value is not None else "")), quote=True)


def reading_value(r: dict[str, Any]) -> str:
    if r.get("type") == "blood_pressure":
        return f"{r.get('systolic')}/{r.get('diastolic')} {r.get('unit', '')}".strip()
    return f"{r.get('value')} {r.get('unit', '')}".strip()


def reading_name(kind: str, lang: str) -> str:
    """A vital's or lab's name in the interface's language (HbA1c, LDL, eGFR stay as they are written)."""
    ko, en = READING_LABELS.get(kind, (kind, kind))
    return ko if lang_of(lang) == "ko" else en


def day(timestamp: str | None) -> str:
    """The date part of an ISO timestamp (2026-01-02), or "" when there is none."""
    return (timestamp or "")[:10]


def shown_name(item: dict[str, Any], lang: str, namer: Namer | None) -> str:
    """A condition's, medicine's or symptom's name: Korean (the concept table's) in Korean when known."""
    name = str(item.get("name") or item.get("text") or "")
    return namer(item.get("cui"), name) if namer and lang_of(lang) == "ko" else name


def message_text(message: dict[str, Any] | str | None) -> str:
    """The text of a chat message. Gradio 6 returns ``content`` as a list of parts ({"type": "text", "text"}),
    older code and our own handler use a plain string; callers reading history (tests, gradio_client users,
    the benchmark) must accept both."""
    content = message.get("content") if isinstance(message, dict) else message
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        return str(content.get("text") or "")
    return "".join(str(p.get("text") or "") if isinstance(p, dict) else str(p) for p in content or [])


def is_step_message(message: dict[str, Any] | Any) -> bool:
    """Whether a chat message is the agent's collapsible steps (``metadata.title``), not an answer."""
    metadata = message.get("metadata") if isinstance(message, dict) else getattr(message, "metadata", None)
    return bool((metadata or {}).get("title"))
