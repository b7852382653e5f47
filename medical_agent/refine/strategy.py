"""Self-refine as a strategy (seed 003): CorrectiveRAGStrategy verifies the answer and chooses what happens next;
BasicRAGStrategy is the baseline that accepts the first answer. ``create_strategies`` builds both once; the
``refine_strategy`` flag picks one per turn.

Verification is one step (``medical_agent.verify``): the cheap check first; the LLM verifier only when the cheap
check is not confident, the message asked a question, ``llm_based_quality_check`` is on and the turn has not spent
its ``max_llm_verifications`` (default 1). Past that budget the answer made on the verifier's feedback is settled
by the cheap check: accepted when it passes, regenerated when in the wrong language, otherwise kept with stop
reason ``verification_budget`` (on the local model a second verification accepted 4 of 5 such answers, ~7 s
each). The reply to a
statement of facts ("I have diabetes, I take metformin") is an acknowledgement: it is regenerated only when it
is in the wrong language (on the local model, improving or correcting it took three more calls per such turn
and changed nothing). Its verdict chooses the action: an answer in the
wrong language or with unsupported claims is regenerated on the same evidence (corrective), a weak one with the
verifier's feedback (improved), one that lacks information searches again with a rewritten query (the CRAG loop).
:meth:`CorrectiveRAGStrategy.next_step` bounds all of it: the regeneration cap (seed 004: 3), the iteration cap and
the dual guards of seed 003, each with its stop reason.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..evidence import Evidence
from ..generation.finalize import body_of
from ..llm.base import LLM
from ..settings import FeatureFlags
from ..verify.cheap import cheap_verdict
from ..verify.verdict import Verdict
from ..verify.verifier import llm_verdict
from . import guards
from .rewriter import keyword_rewrite, llm_rewrite

STOP_AT_CAP = {"language": "language_retry_cap", "corrective": "hallucination_retry_cap",
               "improve": "grade_retry_cap"}


@dataclass
class RefineInput:
    question: str
    answer: str
    docs: Sequence[Evidence]
    profile_summary: str
    lang: str
    retrieved: bool                  # was there a retrieval to ground the answer in?
    system: str = ""                 # the turn's shared prompt prefix (the verifier reads the same context)
    context: str = ""
    generated: bool = False          # a model wrote the answer (so regenerating can change it)
    asked: bool = True               # the message asked something (statements get the cheap check only)
    llm_verifications: int = 0       # LLM verifier calls already made this turn
    encode: Callable[[list[str]], np.ndarray] | None = None
    evidence_kept: bool = True       # the relevance gate kept passages that answer the question


@dataclass
class RefineOutcome:
    quality_score: float
    verdict: Verdict
    action: str                      # accept | language | corrective | improve | retrieve | settle
    query: str
    llm_records: list[dict[str, Any]] = field(default_factory=list)
    llm_verified: bool = False       # the LLM verifier was called (its reply used or not)


class RefineStrategy(ABC):
    name = "abstract"

    @abstractmethod
    def refine(self, inp: RefineInput, flags: FeatureFlags) -> RefineOutcome: ...

    @abstractmethod
    def next_step(self, state: Mapping[str, Any], flags: FeatureFlags) -> tuple[str, str | None]:
        """("retrieve" | "generate_answer" | "store_response", the stop reason when it stops)."""

    def get_strategy_name(self) -> str:
        return self.name


class BasicRAGStrategy(RefineStrategy):
    name = "basic_rag"

    def refine(self, inp: RefineInput, flags: FeatureFlags) -> RefineOutcome:
        return RefineOutcome(1.0, Verdict(judge="none (basic RAG)", quality=1.0), "accept", inp.question)

    def next_step(self, state: Mapping[str, Any], flags: FeatureFlags) -> tuple[str, str | None]:
        return "store_response", "basic_rag"


class CorrectiveRAGStrategy(RefineStrategy):
    name = "corrective_rag"

    def __init__(self, llm: LLM | None):
        self.llm = llm

    def refine(self, inp: RefineInput, flags: FeatureFlags) -> RefineOutcome:
        if not inp.retrieved:
            return RefineOutcome(1.0, Verdict(judge="skipped (no retrieval)", quality=1.0), "accept", inp.question)
        verdict = cheap_verdict(inp.question, inp.answer, inp.docs, inp.profile_summary, inp.lang, inp.encode,
                                inp.evidence_kept)
        records: list[dict[str, Any]] = []
        spent = verified = False
        if self.llm is not None and flags.llm_based_quality_check:
            if verdict.confident:
                verdict.judge = "heuristic (confident, LLM verifier skipped)"
            elif verdict.table_conflict and inp.generated:
                verdict.judge = "heuristic (a table's neighbouring row read: corrected first, LLM verifier skipped)"
            elif not inp.asked:
                verdict.judge = "heuristic (a statement, not a question: LLM verifier skipped)"
            elif not verdict.language_ok and inp.generated:
                verdict.judge = "heuristic (wrong language: regenerated first, LLM verifier skipped)"
            elif inp.llm_verifications >= flags.max_llm_verifications:
                verdict.judge, spent = "heuristic (LLM verification budget spent)", True
            else:
                verified = True
                verdict, records = llm_verdict(self.llm, inp.system, inp.context, inp.lang, body_of(inp.answer),
                                               verdict)
        action = verdict.action(flags.quality_threshold, can_regenerate=inp.generated and self.llm is not None,
                                asked=inp.asked)
        if spent and action not in ("accept", "language") and not verdict.non_answer:
            action = "settle"         # past the budget the cheap check settles, but never on a non-answer
        query = inp.question
        if action == "retrieve" and flags.dynamic_query_rewrite:
            if verdict.rewritten_query:
                query = verdict.rewritten_query
            elif self.llm is not None and verdict.judge != "llm":
                query, more = llm_rewrite(self.llm, inp.system, inp.context, inp.lang, inp.question,
                                          verdict.missing_info)
                records += more
            else:
                query = keyword_rewrite(inp.question, verdict.missing_info, inp.profile_summary)
        return RefineOutcome(verdict.quality, verdict, action, query, records, llm_verified=verified)

    def next_step(self, state: Mapping[str, Any], flags: FeatureFlags) -> tuple[str, str | None]:
        action = state.get("verify_action") or "accept"
        if action == "accept":
            return "store_response", "quality_ok"
        if action == "settle":
            return "store_response", "verification_budget"
        if action in STOP_AT_CAP:
            if state.get("regenerations", 0) < flags.max_regenerations:
                return "generate_answer", None
            if action == "language" and self.llm is not None and state.get("language_fallback", 0) < 2:
                return "generate_answer", None             # translate, then extract: never show it as is
            return "store_response", STOP_AT_CAP[action]
        if state.get("iteration_count", 0) >= flags.max_refine_iterations:
            return "store_response", "max_iterations"
        if flags.quality_check_enabled:
            if flags.duplicate_detection and guards.duplicate_documents(state.get("retrieved_docs_history") or []):
                return "store_response", "duplicate_documents"
            if flags.progress_monitoring:
                stop = guards.progress_stop(state.get("quality_score_history") or [])
                if stop:
                    return "store_response", stop
        return "retrieve", None


def create_strategies(llm: LLM | None) -> dict[str, RefineStrategy]:
    """The factory of seed 003, run once per agent: the ``refine_strategy`` flag picks one of these per turn."""
    return {BasicRAGStrategy.name: BasicRAGStrategy(), CorrectiveRAGStrategy.name: CorrectiveRAGStrategy(llm)}
