"""Node 7 — the answer: the LLM (streamed), or offline the extractive generator; then citations mapped, the
structured synthesis (key points, references, warnings from the cited passages), profile-aware safety notes, the
offline label and the disclaimer, with the emergency line first.

In agent mode the call is the turn's shared context plus the answer task, asking for JSON of
``SYNTHESIS_SCHEMA`` through the backend's structured output; the ``answer`` string is streamed as it grows and the
reply is parsed without a repair call whatever its shape. A regeneration (quality_check's verdict) adds its note
in front of the task: corrective at temperature 0.05 on the same evidence, improved with the verifier's feedback,
or the language demanded; past the cap a wrong language gets a translation of the previous answer, then the
extractive answer from the evidence (labelled), never the answer as it was. If the
LLM fails mid-turn the extractive generator answers instead and says so: never a stack trace.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...context.assembly import task_messages
from ...evidence import Evidence
from ...generation.citations import attach_citations, clean_and_map
from ...generation.extractive import extractive_answer, source_points
from ...generation.finalize import (
    SOURCES_HEADING,
    cut_loop,
    gap_notes,
    greeting,
    only_says_sources_lack,
    tail,
    tidy_opening,
    without_lack_sentences,
)
from ...generation.safety_checks import (
    agree_with_rules,
    restates_question,
    unsupported_leave,
    without_safety_claims,
)
from ...generation.synthesis import AnswerStream, parse_reply, synthesize
from ...llm.base import LLMError
from ...llm.calls import tracked_chat
from ...prompts import (
    ANSWER_TASK,
    INSTRUCTIONS_IGNORED,
    NOT_COVERED_LABEL,
    NOT_COVERED_TASK,
    RETRY_NOTE,
    SYNTHESIS_SCHEMA,
    TRANSLATE_ANSWER,
    USE_ONLY,
    unmark,
)
from ...red_flags import FIRST_AID, crisis_help, with_emergency_line
from ...retrieval.relevance import word_weigher
from ...safety import collect_facts, rule_notes
from ...settings import sources_write
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .assemble_context import general_prompt
from .common import language, stream_writer
from .gating import GatePlan, citable, gate_plan, not_covered_text

log = logging.getLogger(__name__)
NO_MODEL = {"ko": "LLM 모드에는 언어 모델이 필요합니다. 지금은 오프라인 모드이므로 'AI Agent' 모드로 질문해 주세요.",
            "en": "LLM mode needs a language model. No model is configured (offline mode): please use AI Agent mode."}
LLM_FAILED = {"ko": "(언어 모델 호출에 실패해 근거 발췌 방식으로 답합니다: {error})",
              "en": "(The language model failed, so this answer is extracted from the evidence: {error})"}
LANGUAGE_FALLBACK = {"ko": "(언어 모델이 한국어로 답하지 못해 근거 문장을 발췌해 답합니다.)",
                     "en": "(The language model did not answer in English, so this answer is taken from the evidence.)"}
TEMPERATURE = {"corrective": 0.05, "language": 0.1, "translate": 0.0}
CITED = re.compile(r"\[(\d{1,2})\]")


def _call(state: AgentState, turn: TurnContext, lang: str, plan: GatePlan) -> dict[str, Any]:
    """Messages, schema and temperature of this answer call."""
    if turn.llm_mode:
        past = [{"role": t["role"], "content": t["content"]} for t in (state.get("conversation_history") or [])[-6:]]
        question = f"{state['user_text']}\n\n{turn.answer_format}" if turn.answer_format else state["user_text"]
        return {"messages": [{"role": "system", "content": state["system_prompt"]}, *past,
                             {"role": "user", "content": question}], "json_schema": None, "temperature": 0.2}
    regen = state.get("regeneration") or {}
    kind, key = regen.get("kind", ""), "ko" if lang == "ko" else "en"
    if kind == "translate":
        task = TRANSLATE_ANSWER[key].format(answer=(state.get("synthesis") or {}).get("answer", ""))
        return {"messages": task_messages(state["system_prompt"], state["user_prompt"], task, lang),
                "json_schema": None, "temperature": 0.0}
    task = NOT_COVERED_TASK[key] if plan.not_covered else ANSWER_TASK[key]
    if plan.relevant:
        task = f"{task}\n{USE_ONLY[key].format(numbers=', '.join(f'[{n}]' for n in plan.relevant))}"
    task = f"{task}\n{turn.answer_format}" if turn.answer_format else task
    if kind in RETRY_NOTE:
        task = RETRY_NOTE[kind][key].format(detail=regen.get("feedback") or "-") + "\n" + task
    return {"messages": task_messages(state["system_prompt"], state["user_prompt"], task, lang),
            "json_schema": SYNTHESIS_SCHEMA, "temperature": TEMPERATURE.get(kind, 0.2)}


def _expansion_terms(state: AgentState) -> list[str]:
    return (state.get("expanded_query") or {}).get("bm25_terms", [])


def _with_sources(body: str, state: AgentState, deps: Deps, lang: str, docs: list[Evidence],
                  write: Callable[[dict[str, Any]], None]) -> str:
    """A model's answer, then what its kept passages add that it did not say (a small model answers in a sentence
    and leaves out the practical detail and the cautions the passages hold: issue 32's blind judge); from the
    passages the answer cites when it cites any, and always the first one: a small model's marker can point at the
    wrong passage (round 7: "the nose is even more blocked [2]" over a warfarin passage got warfarin's bullets under a
    decongestant question, while [1] held the rebound congestion)."""
    cited = {int(n) for n in CITED.findall(body)}
    if cited & set(range(1, len(docs) + 1)):     # what the answer drew on, not its neighbours (numbers kept)
        docs = [d if n in cited or n == 1 else replace(d, text="") for n, d in enumerate(docs, start=1)]
    points = source_points(state["user_text"], docs, lang, deps.retriever.index.tokenizer.tokenize,
                           _expansion_terms(state), body, weigh=word_weigher(deps.retriever.index))
    if not points:
        return body
    added = "\n\n" + SOURCES_HEADING["ko" if lang == "ko" else "en"] + "\n" + "\n".join(points)
    write({"type": "token", "text": added})
    return body.rstrip() + added


def from_sources(deps: Deps, turn: TurnContext) -> bool:
    """Whether an answer the sources cover is their own sentences rather than the model's (``answer_from``; "auto":
    for a local GGUF model). Why: judged blind on visitor_test8, the 1.5B local model's answers were unsafe 12 times
    in 60 (a yes to waiting for the clinic under a stroke's emergency line, diuretics that "raise blood pressure"),
    and the passages' sentences with the same rules 0 times, preferred or tied over LLM mode 29 of 30 (ko) and 20 of
    30 (en) against 27 and 16 for the model's answers (docs/benchmarks.md, issue 32)."""
    return deps.llm is not None and not turn.llm_mode and \
        sources_write(deps.settings.backends.answer_from, deps.llm.name)


def _own_answer_kept(body: str, question: str, fired: dict[str, str]) -> str:
    """What may stand of the model's own answer to a question no passage covers (safety_checks: no leave granted,
    no care waved off, no restated question, no "generally safe"); empty when nothing may. A leave granted where a
    profile rule fired stays: the rule then leads the answer instead of it (agree_with_rules)."""
    if (unsupported_leave(body, question) and not fired) or restates_question(body, question):
        return ""
    return without_safety_claims(body)


def _rules(state: AgentState, turn: TurnContext, deps: Deps, lang: str) -> dict[str, str]:
    """The profile's safety rules that fire for this turn (name -> note)."""
    profile = deps.profiles.get(turn.user_id) if turn.structured_memory else None
    return rule_notes(collect_facts(profile, state.get("slot_out"), deps.drug_classes, state["user_text"]), lang)


def generate_answer(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    write = stream_writer()
    lang = language(state)
    docs = Evidence.many(state.get("retrieved_docs"))
    red = state.get("red_flag")
    write({"type": "generation_start", "iteration": state.get("iteration_count", 0) + state.get("regenerations", 0)})
    if red:
        write({"type": "token", "text": red["line"] + "\n\n"})
    plan = gate_plan(state, turn, deps, lang, docs)
    fired = {} if turn.llm_mode else _rules(state, turn, deps, lang)       # read once: the profile is in storage
    records: list[dict] = list(plan.records)
    body, generator, prefix, key_points, confidence = "", "llm", "", [], None
    general: AgentState = {}
    regen = (state.get("regeneration") or {}).get("kind")
    if regen == "extract":
        prefix, generator = LANGUAGE_FALLBACK[lang], "extractive_fallback"
    elif regen == "draft" or (not plan.not_covered and regen != "translate" and from_sources(deps, turn)):
        generator = "extractive_draft"        # the sources' own words: a model's answer that would not answer, or
                                              # every covered answer where the model does not write them
    elif plan.not_covered and (deps.llm is None or (red and not turn.llm_mode)):
        # an emergency the sources do not cover gets the emergency line and no first aid improvised by the model
        # (the tenth blind pairwise round: "lay him flat so he can rest" for a gasping man with blue lips)
        body, generator = not_covered_text(state, turn, deps, lang), "not_covered"
        write({"type": "token", "text": body})
    elif deps.llm is not None:
        if plan.not_covered:              # no passage kept: none reaches the prompt either
            general = general_prompt(state, turn, deps)
            state = {**state, **general}
        call = _call(state, turn, lang, plan)
        if plan.not_covered:
            prefix = NOT_COVERED_LABEL[lang]
            write({"type": "token", "text": prefix + "\n\n"})
        stream = AnswerStream() if call["json_schema"] else None

        def on_token(chunk: str) -> None:
            text = unmark(stream.feed(chunk) if stream else chunk)
            if text:
                write({"type": "token", "text": text})
        try:
            result, record = tracked_chat(deps.llm, call["messages"], tag="generate", temperature=call["temperature"],
                                          max_tokens=deps.settings.backends.llm_max_answer_tokens,
                                          json_schema=call["json_schema"], on_token=on_token)
            records.append(record)
            body, key_points, confidence = (parse_reply(unmark(result.text)) if not turn.llm_mode
                                            else (result.text, [], None))
            if stream is not None and not stream.raw.count('"answer"'):
                write({"type": "token", "text": body})          # a backend that ignored the schema
            if not turn.llm_mode:
                body = attach_citations(cut_loop(tidy_opening(body)), citable(docs, plan),
                                        deps.retriever.index.tokenizer.tokenize)
            if not turn.llm_mode and not state.get("retrieval_attempts") and only_says_sources_lack(body):
                body = ""                       # nothing was searched: the template below says what was noted
            if plan.not_covered:
                body = _own_answer_kept(without_lack_sentences(body), state["user_text"], fired)
            if plan.not_covered and body.strip():
                body, generator = f"{prefix}\n\n{body}", "llm_not_covered"
            elif plan.not_covered:
                prefix = ""                     # the not-covered text below says it; no model answer follows a label
            elif not turn.llm_mode and body.strip():
                body = _with_sources(body, state, deps, lang, citable(docs, plan), write)
        except LLMError as exc:
            log.warning("generation failed: %s", exc)
            prefix, generator = LLM_FAILED[lang].format(error=exc), "extractive_fallback"
    if turn.llm_mode and deps.llm is None:
        body, generator = NO_MODEL[lang], "none"
    elif not body and generator != "none":
        if plan.not_covered:
            body, generator = not_covered_text(state, turn, deps, lang), "not_covered"
        elif not state.get("needs_retrieval") and not docs:
            body, generator = greeting(lang, state.get("profile_summary", ""), bool(state.get("update_profile"))), \
                "template"
        else:
            terms = _expansion_terms(state)
            statement = bool(state.get("update_profile")) and not state.get("question_asked", True)
            body = extractive_answer(state["user_text"], citable(docs, plan), lang,
                                     deps.retriever.index.tokenizer.tokenize, terms, state.get("profile_summary", ""),
                                     statement=statement, weigh=word_weigher(deps.retriever.index))
            generator = "extractive" if generator == "llm" else generator
            key_points = parse_reply(body)[1]
        body = f"{prefix}\n\n{body}".strip() if prefix else body
        write({"type": "token", "text": body})
    notes: list[str] = []
    if not turn.llm_mode:
        label = f"{prefix}\n\n" if prefix and body.startswith(f"{prefix}\n\n") else ""   # the rules read the answer,
        body = label + agree_with_rules(body[len(label):], state["user_text"], list(fired), fired, lang,  # not its label
                                        emergency=bool(red))
        aid = FIRST_AID.get(red.get("kind", ""), {}).get(lang) if red else None     # what to do at once, first
        notes = [*([aid] if aid else []),
                 *gap_notes(state.get("evidence_gap") or [], lang, bool(state.get("web_note"))), *fired.values()]
        if state.get("instructions_removed"):
            notes.append(INSTRUCTIONS_IGNORED[lang])
        if not red and (crisis := crisis_help(state["user_text"], [body], lang)):     # what the answer quotes
            notes.append(crisis)
    body, citations = clean_and_map(body, citable(docs, plan))
    extra = tail(lang, notes, generator in ("extractive", "extractive_fallback", "template") and deps.llm is None,
                 body)
    write({"type": "token", "text": extra})
    synthesis = synthesize(body.strip(), citations, citable(docs, plan), lang, key_points, confidence,
                           state["user_text"])
    return {"answer": with_emergency_line(body.strip() + extra, red), "citations": citations, "safety_notes": notes,
            "generator": generator, "llm_calls": records, "synthesis": synthesis.to_dict(), **plan.update, **general}
