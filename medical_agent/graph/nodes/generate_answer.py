"""Node 7 — the answer: the LLM (streamed), or offline the extractive generator; then citations mapped,
profile-aware safety notes, the offline label and the disclaimer, with the emergency line first.

If the LLM fails mid-turn the extractive generator answers instead and says so: the person always gets a
grounded answer or a clear message, never a stack trace.
"""

from __future__ import annotations

import logging

from ...evidence import Evidence
from ...generation.citations import attach_citations, clean_and_map
from ...generation.extractive import extractive_answer
from ...generation.finalize import greeting, tail
from ...llm.base import LLMError
from ...llm.calls import tracked_chat
from ...safety import collect_facts, safety_notes, with_emergency_line
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language, stream_writer

log = logging.getLogger(__name__)
NO_MODEL = {"ko": "LLM 모드에는 언어 모델이 필요합니다. 지금은 오프라인 모드이므로 'AI Agent' 모드로 질문해 주세요.",
            "en": "LLM mode needs a language model. No model is configured (offline mode): please use AI Agent mode."}
LLM_FAILED = {"ko": "(언어 모델 호출에 실패해 근거 발췌 방식으로 답합니다: {error})",
              "en": "(The language model failed, so this answer is extracted from the evidence: {error})"}


def _messages(state: AgentState, turn: TurnContext) -> list[dict[str, str]]:
    if turn.llm_mode:
        past = [{"role": t["role"], "content": t["content"]} for t in (state.get("conversation_history") or [])[-6:]]
        return [{"role": "system", "content": state["system_prompt"]}, *past,
                {"role": "user", "content": state["user_text"]}]
    return [{"role": "system", "content": state["system_prompt"]}, {"role": "user", "content": state["user_prompt"]}]


def generate_answer(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    write = stream_writer()
    lang = language(state)
    docs = Evidence.many(state.get("retrieved_docs"))
    red = state.get("red_flag")
    write({"type": "generation_start", "iteration": state.get("iteration_count", 0)})
    if red:
        write({"type": "token", "text": red["line"] + "\n\n"})
    records: list[dict] = []
    body, generator, prefix = "", "llm", ""
    if deps.llm is not None:
        try:
            result, record = tracked_chat(deps.llm, _messages(state, turn), tag="generate", temperature=0.2,
                                          max_tokens=deps.settings.backends.llm_max_answer_tokens,
                                          on_token=lambda t: write({"type": "token", "text": t}))
            body = result.text
            records.append(record)
            if not turn.llm_mode:
                body = attach_citations(body, docs, deps.retriever.index.tokenizer.tokenize)
        except LLMError as exc:
            log.warning("generation failed: %s", exc)
            prefix, generator = LLM_FAILED[lang].format(error=exc), "extractive_fallback"
    if turn.llm_mode and deps.llm is None:
        body, generator = NO_MODEL[lang], "none"
    elif not body and generator != "none":
        if not state.get("needs_retrieval") and not docs:
            body, generator = greeting(lang, state.get("profile_summary", ""), bool(state.get("update_profile"))), \
                "template"
        else:
            terms = (state.get("expanded_query") or {}).get("bm25_terms", [])
            body = extractive_answer(state["user_text"], docs, lang, deps.retriever.index.tokenizer.tokenize, terms,
                                     state.get("profile_summary", ""))
            generator = "extractive" if generator == "llm" else generator
        body = f"{prefix}\n\n{body}".strip() if prefix else body
        write({"type": "token", "text": body})
    body, citations = clean_and_map(body, docs)
    notes: list[str] = []
    if not turn.llm_mode:
        profile = deps.profiles.get(turn.user_id) if turn.structured_memory else None
        notes = safety_notes(collect_facts(profile, state.get("slot_out"), deps.drug_classes), lang)
    extra = tail(lang, notes, generator in ("extractive", "extractive_fallback", "template") and deps.llm is None,
                 body)
    write({"type": "token", "text": extra})
    return {"answer": with_emergency_line(body.strip() + extra, red), "citations": citations, "safety_notes": notes,
            "generator": generator, "llm_calls": records}
