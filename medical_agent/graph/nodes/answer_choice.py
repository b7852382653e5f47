"""A benchmark's answer read as a choice: after the answer, one short call on the turn's shared prefix picks
one of ``turn.answer_options`` under a JSON schema (an enum), so the reply is always one of them.

Why: asked to explain and then end with "Answer: yes/no", the local 1.5B model writes "yes" to 95 % of yes/no
questions with or without evidence, although the evidence moves its first-token probabilities strongly (AUC 0.90
against 0.63 without it, docs/benchmarks.md). A constrained one-word choice reads that decision. Both modes get
it alike: the agent on its evidence prompt (the prefix every call of the turn shares, so only the task is new
work), LLM mode on the bare question. Used by `eval qa` only; a person's turn has no options and no extra call.
"""

from __future__ import annotations

import json
import logging

from ...context.assembly import task_messages
from ...llm.base import LLMError
from ...llm.calls import tracked_chat
from ...prompts import CHOOSE_TASK
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language

log = logging.getLogger(__name__)
MAX_TOKENS = 16


def choice_schema(options: tuple[str, ...]) -> dict:
    return {"type": "object", "additionalProperties": False, "required": ["answer"],
            "properties": {"answer": {"type": "string", "enum": list(options)}}}


def answer_choice(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    """``{"answer_choice": option or None, "llm_calls": [record]}``; nothing without options or a model."""
    options = turn.answer_options
    if not options or deps.llm is None or state.get("cache_hit"):
        return {}
    lang = language(state)
    task = CHOOSE_TASK["ko" if lang == "ko" else "en"].format(options=", ".join(options))
    if turn.llm_mode or not state.get("user_prompt"):
        messages = [{"role": "system", "content": state["system_prompt"]},
                    {"role": "user", "content": f"{state['user_text']}\n\n{task}"}]
    else:
        messages = task_messages(state["system_prompt"], state["user_prompt"], task, lang)
    try:
        result, record = tracked_chat(deps.llm, messages, tag="choose", temperature=0.0, max_tokens=MAX_TOKENS,
                                      json_schema=choice_schema(options))
    except LLMError as exc:
        log.warning("choice call failed: %s", exc)
        return {}
    return {"answer_choice": parse_choice(result.text, options), "llm_calls": [record]}


def parse_choice(text: str, options: tuple[str, ...]) -> str | None:
    """The option in a reply (``{"answer": "no"}``; a bare word if the backend ignored the schema), else None."""
    try:
        value = json.loads(text).get("answer")
    except (ValueError, AttributeError):
        value = (text or "").strip().strip('"').strip()
    matches = [o for o in options if str(value).strip().lower() == o.lower()]
    return matches[0] if matches else None
