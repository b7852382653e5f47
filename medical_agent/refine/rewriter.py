"""Query rewriting: the verifier's own rewritten query when it gave one; else the model asked on the turn's
shared context (when the LLM verifier did not run); else, offline, a deterministic keyword rewrite: the original
question plus the missing topics and the person's conditions."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ..context.assembly import task_messages
from ..llm.base import LLM, LLMError
from ..llm.calls import tracked_chat
from ..prompts import REWRITE_TASK
from ..verify.heuristic import profile_terms

log = logging.getLogger(__name__)


def keyword_rewrite(question: str, missing: Sequence[str], profile_summary: str) -> str:
    extra = [m for m in missing if m and m.lower() not in question.lower()]
    extra += [t for t in profile_terms(profile_summary)[:2] if t.lower() not in question.lower()]
    return " ".join([question.strip(), *dict.fromkeys(extra)])


def llm_rewrite(llm: LLM, system: str, context: str, lang: str, question: str, missing: Sequence[str]
                ) -> tuple[str, list[dict[str, Any]]]:
    """A new search query from the model, asked on the turn's shared context (its question and profile are in
    it), with what the answer lacked; on failure the keyword rewrite of the question stands."""
    task = REWRITE_TASK.format(missing=", ".join(missing) or "-")
    try:
        result, record = tracked_chat(llm, task_messages(system, context, task, lang), tag="rewrite",
                                      temperature=0.3, max_tokens=60)
    except LLMError as exc:
        log.warning("LLM rewrite failed (%s); keyword rewrite instead", exc)
        return keyword_rewrite(question, missing, ""), []
    text = result.text.strip().strip('"').splitlines()[0] if result.text.strip() else ""
    return (text or keyword_rewrite(question, missing, "")), [record]
