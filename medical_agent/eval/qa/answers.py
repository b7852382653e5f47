"""The benchmark's answer format and a robust parser for what models actually write ("Answer: (B)", "B.",
"The correct option is b", "yes.", "Yes, it does", Korean "정답: B", "예", "아니오"). The instruction goes after the
question in both modes (the agent's answer call only: the turn's ``answer_format``, not part of what is searched),
so the agent and the plain LLM are asked for the same thing."""

from __future__ import annotations

import re

from .data import QAItem

INSTRUCTION = {
    "yes_no": "Answer the question, then end with one line: \"Answer: yes\", \"Answer: no\" or \"Answer: maybe\".",
    "choice": "Choose the correct option, then end with one line: \"Answer: <letter>\" (A, B, C or D).",
}
_ANSWER_LINE = re.compile(r"(?:answer|option|choice|정답|답)\s*(?:is|은|는|:|：)?\s*[:：]?\s*\(?\s*([A-Da-d]|yes|no|maybe|예|아니오|"
                          r"아니요|네|아마도)\b", re.I)
_LETTER = re.compile(r"(?:^|[\s(\[])([A-D])(?:[).:\]]|\s*$)", re.M)
_YES_NO = re.compile(r"\b(yes|no|maybe)\b|(예|네|아니오|아니요|아마도)", re.I)
KOREAN = {"예": "yes", "네": "yes", "아니오": "no", "아니요": "no", "아마도": "maybe"}


def options(item: QAItem, dataset: str) -> tuple[str, ...]:
    """What the answer is chosen from: the option letters, or yes/no (and maybe where the set has it)."""
    if item.kind == "choice":
        return tuple(item.options)
    return ("yes", "no", "maybe") if dataset == "pubmedqa" else ("yes", "no")


def prompt(item: QAItem) -> str:
    """The question (with its options): what the person asks, and what the agent searches for."""
    lines = [item.question.strip()]
    if item.options:
        lines += ["", *[f"{k}. {v}" for k, v in item.options.items()]]
    return "\n".join(lines)


def _norm(token: str, kind: str) -> str | None:
    token = KOREAN.get(token, token).strip().lower()
    if kind == "choice":
        return token.upper() if token.upper() in "ABCD" and len(token) == 1 else None
    return token if token in ("yes", "no", "maybe") else None


def parse_answer(text: str, item: QAItem) -> str | None:
    """The answer in ``text`` (the last "Answer:" line wins; else the first bare option or yes/no), or None."""
    text = text or ""
    for match in reversed(list(_ANSWER_LINE.finditer(text))):
        if (value := _norm(match.group(1), item.kind)) is not None:
            return value
    if item.kind == "choice":
        match = _LETTER.search(text)
        if match:
            return match.group(1)
        lowered = text.lower()
        hits = [k for k, v in item.options.items() if v.strip() and v.strip().lower() in lowered]
        return hits[0] if len(hits) == 1 else None
    match = _YES_NO.search(text)
    return _norm(match.group(1) or match.group(2), item.kind) if match else None
