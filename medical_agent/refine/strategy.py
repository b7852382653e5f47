"""Self-refine as a strategy (seed 003): CorrectiveRAGStrategy judges the answer and rewrites the query;
BasicRAGStrategy is the baseline that accepts the first answer. ``create_strategies`` builds both once;
the ``refine_strategy`` flag picks one per turn.

The corrective strategy keeps LLM calls low: no judging when nothing was retrieved; the heuristic judge
first, and the LLM judge only when the heuristic is not confident (≥ 0.85 accepts); judge and rewrite in one
call (the judge returns ``rewritten_query``), a separate rewrite call only when it did not.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..evidence import Evidence
from ..llm.base import LLM
from ..settings import FeatureFlags
from . import guards
from .heuristic import CONFIDENT, heuristic_judge
from .judge import llm_judge
from .rewriter import keyword_rewrite, llm_rewrite


@dataclass
class RefineInput:
    question: str
    answer: str
    docs: Sequence[Evidence]
    profile_summary: str
    lang: str
    retrieved: bool          # was there a retrieval to ground the answer in?


@dataclass
class RefineOutcome:
    quality_score: float
    feedback: dict[str, Any]
    needs_retrieval: bool
    query: str
    llm_records: list[dict[str, Any]] = field(default_factory=list)


class RefineStrategy(ABC):
    name = "abstract"

    @abstractmethod
    def refine(self, inp: RefineInput, flags: FeatureFlags) -> RefineOutcome: ...

    @abstractmethod
    def should_retrieve(self, state: Mapping[str, Any], flags: FeatureFlags) -> tuple[bool, str | None]:
        """(retrieve again?, stop reason when not)."""

    def get_strategy_name(self) -> str:
        return self.name


class BasicRAGStrategy(RefineStrategy):
    name = "basic_rag"

    def refine(self, inp: RefineInput, flags: FeatureFlags) -> RefineOutcome:
        return RefineOutcome(1.0, {"judge": "none (basic RAG)"}, False, inp.question)

    def should_retrieve(self, state: Mapping[str, Any], flags: FeatureFlags) -> tuple[bool, str | None]:
        return False, "basic_rag"


class CorrectiveRAGStrategy(RefineStrategy):
    name = "corrective_rag"

    def __init__(self, llm: LLM | None):
        self.llm = llm

    def refine(self, inp: RefineInput, flags: FeatureFlags) -> RefineOutcome:
        if not inp.retrieved:
            return RefineOutcome(1.0, {"judge": "skipped (no retrieval)"}, False, inp.question)
        verdict = heuristic_judge(inp.question, inp.answer, inp.docs, inp.profile_summary, inp.lang)
        records: list[dict[str, Any]] = []
        if self.llm is not None and flags.llm_based_quality_check:
            if verdict["overall_score"] >= CONFIDENT:
                verdict["judge"] = "heuristic (confident, LLM judge skipped)"
            else:
                verdict, records = llm_judge(self.llm, inp.question, inp.answer, inp.docs, inp.profile_summary,
                                             inp.lang)
        score = float(verdict["overall_score"])
        needs = score < flags.quality_threshold
        query = inp.question
        if needs and flags.dynamic_query_rewrite:
            missing = verdict.get("missing_info", [])
            if verdict.get("rewritten_query"):
                query = verdict["rewritten_query"]
            elif self.llm is not None:
                query, more = llm_rewrite(self.llm, inp.question, missing, inp.profile_summary)
                records += more
            else:
                query = keyword_rewrite(inp.question, missing, inp.profile_summary)
        return RefineOutcome(score, verdict, needs, query, records)

    def should_retrieve(self, state: Mapping[str, Any], flags: FeatureFlags) -> tuple[bool, str | None]:
        if state.get("quality_score", 0.0) >= flags.quality_threshold:
            return False, "quality_ok"
        if state.get("iteration_count", 0) >= flags.max_refine_iterations:
            return False, "max_iterations"
        if not state.get("needs_retrieval"):
            return False, "no_retrieval_needed"
        if flags.quality_check_enabled:
            if flags.duplicate_detection and guards.duplicate_documents(
                    state.get("retrieved_docs_history") or []):
                return False, "duplicate_documents"
            if flags.progress_monitoring:
                stop = guards.progress_stop(state.get("quality_score_history") or [])
                if stop:
                    return False, stop
        return True, None


def create_strategies(llm: LLM | None) -> dict[str, RefineStrategy]:
    """The factory of seed 003, run once per agent: the ``refine_strategy`` flag picks one of these per turn."""
    return {BasicRAGStrategy.name: BasicRAGStrategy(), CorrectiveRAGStrategy.name: CorrectiveRAGStrategy(llm)}
