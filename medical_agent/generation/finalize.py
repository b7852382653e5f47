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


REVIEW_HEADING = {"ko": "**검토에서 확인된 주의점**", "en": "**Points to check, from the review of this answer**"}


def with_review_concerns(answer: str, concerns: Sequence[str], lang: str) -> str:
    """The verifier's safety concerns, shown to the person (before the disclaimer), never dropped."""
    lang = "ko" if lang == "ko" else "en"
    fresh = [c for c in dict.fromkeys(concerns) if c and c not in answer]
    if not fresh:
        return answer
    block = "\n".join([REVIEW_HEADING[lang], *[f"- {c}" for c in fresh]])
    if DISCLAIMER[lang] in answer:
        head, _, _ = answer.rpartition(DISCLAIMER[lang])
        return f"{head.rstrip()}\n\n{block}\n\n{DISCLAIMER[lang]}"
    return f"{answer.rstrip()}\n\n{block}"


def body_of(answer: str) -> str:
    """The generated part of an answer: what comes before the parts :func:`tail` appends (the safety notes, the
    disclaimer). The verifier judges this part only."""
    cut = len(answer)
    for mark in (*SAFETY_HEADING.values(), *DISCLAIMER.values()):
        if (at := answer.find(mark)) >= 0:
            cut = min(cut, at)
    return answer[:cut]


def finalize(body: str, lang: str, notes: Sequence[str], offline: bool, red_flag: dict | None) -> str:
    return with_emergency_line(body.strip() + tail(lang, notes, offline, body), red_flag)


def greeting(lang: str, summary: str, profile_updated: bool) -> str:
    heads = OFFLINE_HEADINGS["ko" if lang == "ko" else "en"]
    text = heads["greeting"]
    if profile_updated and summary:
        text += "\n\n" + heads["noted"].format(summary=summary)
    return text
