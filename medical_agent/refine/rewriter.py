"""Query rewriting from the judge's missing_info and the profile (LLM), or a deterministic keyword rewrite
offline: the original question plus the missing topics and the person's conditions."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ..llm.base import LLM, LLMError
from ..llm.calls import tracked_chat
from ..prompts import REWRITE_PROMPT, REWRITE_SYSTEM
from .heuristic import profile_terms

log = logging.getLogger(__name__)


def keyword_rewrite(question: str, missing: Sequence[str], profile_summary: str) -> str:
    extra = [m for m in missing if m and m.lower() not in question.lower()]
    extra += [t for t in profile_terms(profile_summary)[:2] if t.lower() not in question.lower()]
    return " ".join([question.strip(), *dict.fromkeys(extra)])


def llm_rewrite(llm: LLM, question: str, missing: Sequence[str], profile_summary: str
                ) -> tuple[str, list[dict[str, Any]]]:
    prompt = REWRITE_PROMPT.format(question=question, missing=", ".join(missing) or "-", profile=profile_summary or "-")
    try:
        result, record = tracked_chat(llm, [{"role": "system", "content": REWRITE_SYSTEM},
                                            {"role": "user", "content": prompt}],
                                      tag="rewrite", temperature=0.3, max_tokens=120)
    except LLMError as exc:
        log.warning("LLM rewrite failed (%s); keyword rewrite instead", exc)
        return keyword_rewrite(question, missing, profile_summary), []
    text = result.text.strip().strip('"').splitlines()[0] if result.text.strip() else ""
    return (text or keyword_rewrite(question, missing, profile_summary)), [record]
