"""The parts every answer gets whatever produced it: emergency line first, profile-aware safety notes,
the offline-mode label when extractive, and the information-not-diagnosis disclaimer last."""

from __future__ import annotations

from collections.abc import Sequence

from ..prompts import DISCLAIMER, OFFLINE_HEADINGS, OFFLINE_LABEL
from ..safety import with_emergency_line

SAFETY_HEADING = {"ko": "**안전 참고 (내 정보 기준)**", "en": "**Safety notes for you**"}


def tail(lang: str, notes: Sequence[str], offline: bool, answer_so_far: str = "") -> str:
    """Text appended after the generated body."""
    lang = "ko" if lang == "ko" else "en"
    parts = []
    fresh = [n for n in notes if n not in answer_so_far]
    if fresh:
        parts.append("\n".join([SAFETY_HEADING[lang], *[f"- {n}" for n in fresh]]))
    if offline:
        parts.append(OFFLINE_LABEL[lang])
    if DISCLAIMER[lang] not in answer_so_far:
        parts.append(DISCLAIMER[lang])
    return ("\n\n" + "\n\n".join(parts)) if parts else ""


def finalize(body: str, lang: str, notes: Sequence[str], offline: bool, red_flag: dict | None) -> str:
    return with_emergency_line(body.strip() + tail(lang, notes, offline, body), red_flag)


def greeting(lang: str, summary: str, profile_updated: bool) -> str:
    heads = OFFLINE_HEADINGS["ko" if lang == "ko" else "en"]
    text = heads["greeting"]
    if profile_updated and summary:
        text += "\n\n" + heads["noted"].format(summary=summary)
    return text
