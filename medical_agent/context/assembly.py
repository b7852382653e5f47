"""Inject: the four-section prompt (seed 002 §3.2.4) under a token budget.

Sections: system prompt (five principles + disclaimer) · patient profile · evidence with [n] ids · recent
conversation and the question. The seed also printed each passage's retrieval score; a small local model copied
those "[n] (0.204) title" lines as its answer (docs/benchmarks.md, issue 7), and the order already says which
passage ranked first, so scores stay out of the prompt. Budgets follow the seed's ratios of the active model's context window
(system 5 %, profile 10 %, evidence 50 %, history 15 %, question 5 %, generation 15 %), counted with the
backend's token counter. Evidence is trimmed from the lowest-ranked document up (numbering never shifts);
the question is never trimmed. The evidence is data, never instructions: it sits between delimiters with its words
datamarked (prompts.datamark).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..evidence import Evidence
from ..prompts import EVIDENCE_DELIMITERS, LLM_MODE_SYSTEM, SECTION, SYSTEM_PROMPT, datamark
from .table_rows import MARK

RATIOS = {"system": 0.05, "profile": 0.10, "evidence": 0.50, "history": 0.15, "question": 0.05, "generation": 0.15}
DOC_CHARS = 1500          # no single passage takes more than this, whatever the budget
MIN_PARTIAL_TOKENS = 40   # a trimmed last passage shorter than this is dropped instead


def _fit(text: str, budget: int, count: Callable[[str], int]) -> str:
    """Cut ``text`` to at most ``budget`` tokens (binary search on characters)."""
    if count(text) <= budget:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if count(text[:mid]) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def evidence_block(docs: Sequence[Evidence], budget: int, count: Callable[[str], int]) -> tuple[str, int]:
    lines, used, included = [], 0, 0
    group = None
    for n, doc in enumerate(docs, start=1):
        if not doc.text.strip():      # compressed away: the number stays reserved, so citations never shift
            continue
        entry = f"{doc.heading(n)}\n{datamark(doc.text[:DOC_CHARS])}"
        label = doc.metadata.get("subtask_text")
        if label and label != group:  # a planned search: the passages of each part of the question together
            entry, group = f"— ({doc.metadata.get('subtask')}) {label}\n{entry}", label
        cost = count(entry)
        if used + cost > budget:
            remaining = budget - used
            if remaining >= MIN_PARTIAL_TOKENS:
                lines.append(_fit(entry, remaining, count))
                included += 1
            break
        lines.append(entry)
        used += cost
        included += 1
    if not lines:
        return "", 0
    return "\n\n".join([EVIDENCE_DELIMITERS[0], *lines, EVIDENCE_DELIMITERS[1]]), included


def history_block(history: Sequence[dict[str, str]], budget: int, count: Callable[[str], int], lang: str) -> str:
    labels = SECTION[lang]
    kept: list[str] = []
    used = 0
    for turn in reversed(history):
        line = f"{labels['user'] if turn['role'] == 'user' else labels['assistant']}: {turn['content'][:600]}"
        cost = count(line)
        if used + cost > budget:
            break
        kept.append(line)
        used += cost
    return "\n".join(reversed(kept))


def task_messages(system: str, context: str, task: str, lang: str) -> list[dict[str, str]]:
    """The messages of one call of an agent turn: the turn's system prompt and context (profile, evidence,
    conversation, question) byte for byte as every other call of the turn has them, then this call's task.
    A backend with prefix caching (llama.cpp's KV cache, OpenAI and vLLM prompt caching) computes the shared part
    once per turn."""
    header = SECTION["ko" if lang == "ko" else "en"]["task"]
    return [{"role": "system", "content": system}, {"role": "user", "content": f"{context}\n\n{header}\n{task}"}]


def assemble(*, lang: str, mode: str, question: str, profile_summary: str, docs: Sequence[Evidence],
             history: Sequence[dict[str, str]], context_window: int, count: Callable[[str], int],
             retrieval_expected: bool, general: bool = False) -> tuple[str, str, dict[str, Any]]:
    """(system prompt, the turn's shared context — the user message without a task —, token plan).

    ``general``: the context of an answer no passage supports (the relevance gate kept none): the plain
    assistant's system prompt, no evidence section, the profile and conversation kept. The five principles tell
    the model to say only what the evidence supports; with no evidence the local 1.5B model chose worse under
    them than under the bare question (MMLU-Med, docs/benchmarks.md)."""
    lang = "ko" if lang == "ko" else "en"
    labels = SECTION[lang]
    budgets = {k: int(context_window * r) for k, r in RATIOS.items()}
    system = (LLM_MODE_SYSTEM if mode == "llm" or general else SYSTEM_PROMPT)[lang]
    sections: list[str] = []
    used = {"system": count(system)}
    if mode != "llm" and profile_summary:
        profile = _fit(profile_summary, budgets["profile"], count)
        sections.append(f"{labels['profile']}\n{profile}\n{labels['profile_hint']}")
        used["profile"] = count(sections[-1])
    included = 0
    if mode != "llm" and not general and (docs or retrieval_expected):
        block, included = evidence_block(docs, budgets["evidence"], count)
        marked_row = any(f"\n{MARK}" in f"\n{d.text}" for d in docs)
        hint = labels["evidence_hint"] + (f" {labels['row_hint']}" if marked_row else "")
        sections.append(f"{labels['evidence']}\n{block or labels['no_evidence']}\n{hint}")
        used["evidence"] = count(sections[-1])
    past = history_block(history, budgets["history"], count, lang)
    if past:
        sections.append(f"{labels['history']}\n{past}")
        used["history"] = count(sections[-1])
    sections.append(f"{labels['question']}\n{question}")
    used["question"] = count(question)
    plan = {"context_window": context_window, "budgets": budgets, "used": used, "docs_included": included,
            "docs_total": len(docs)}
    return system, "\n\n".join(sections), plan
