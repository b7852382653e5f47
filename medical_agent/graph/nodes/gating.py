"""What the relevance gate's verdict (retrieval.relevance, recorded by the retrieve node) means for the answer.

- **incorrect** and nothing kept: no passage enters the answer. With a model, it answers from its own knowledge
  under a label that says so ("not from my sources — check with a clinician"); offline, the answer says the
  sources do not cover the question and what the person can do. The profile's safety notes still follow.
- **ambiguous**, with a model: one short call on the turn's shared context marks the passages that help
  (verify.passage_relevance); the answer is told to use only those and cites only those. None marked: as
  incorrect. Without a model: the passages the gate kept when one of them names the medicine, condition or
  symptom the question names; otherwise as incorrect (a question about the weather or a condition the sources
  lack names nothing they know, and its middling neighbours are about something else; measured on the gate's dev
  set, docs/benchmarks.md).
- **correct**: as before; with ``gate_model_checks: all`` and a model, it gets the same one call as an ambiguous set.
- **ungated**: as before.
The call is made once a turn; a regeneration reuses its marks.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...evidence import Evidence
from ...prompts import NOT_COVERED_ANIMAL, NOT_COVERED_EMERGENCY, NOT_COVERED_OFFLINE
from ...retrieval.relevance import AMBIGUOUS, CORRECT, INCORRECT
from ...verify.passage_relevance import relevant_passages
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext


@dataclass
class GatePlan:
    not_covered: bool = False               # answer without passages (labelled), or say the sources lack it
    relevant: list[int] | None = None       # passage numbers the answer may use (None: all)
    records: list[dict[str, Any]] = field(default_factory=list)
    update: dict[str, Any] = field(default_factory=dict)


def gate_plan(state: AgentState, turn: TurnContext, deps: Deps, lang: str, docs: list[Evidence]) -> GatePlan:
    verdict, gate = state.get("evidence_verdict"), dict(state.get("gate") or {})
    if turn.llm_mode or not state.get("retrieval_attempts"):
        return GatePlan()
    if verdict == INCORRECT and not docs:
        return GatePlan(not_covered=True)
    if verdict == AMBIGUOUS and deps.llm is None and docs and gate.get("named") is not True:
        return GatePlan(not_covered=True, update={"evidence_verdict": INCORRECT})
    checked = verdict == AMBIGUOUS or (verdict == CORRECT and deps.settings.retrieval.gate_model_checks == "all")
    if not checked or deps.llm is None or not docs:
        return GatePlan()
    if "llm_relevant" in gate:                       # marked earlier this turn (a regeneration)
        marked = gate["llm_relevant"]
        return GatePlan(not_covered=marked == [], relevant=marked or None)
    marked, records = relevant_passages(deps.llm, state["system_prompt"], state["user_prompt"], lang, len(docs))
    if marked is None:                               # no usable reply: the measured signals decide
        return GatePlan(records=records)
    update = {"gate": {**gate, "llm_relevant": marked}, **({"evidence_verdict": INCORRECT} if not marked else {})}
    return GatePlan(not_covered=not marked, relevant=marked or None, records=records, update=update)


def citable(docs: list[Evidence], plan: GatePlan) -> list[Evidence]:
    """The passages an answer may cite: all, the marked ones (the others blanked, so numbers never shift), or none."""
    if plan.not_covered:
        return []
    if plan.relevant is None:
        return docs
    return [d if n in plan.relevant else replace(d, text="") for n, d in enumerate(docs, start=1)]


def not_covered_text(state: AgentState, turn: TurnContext, deps: Deps, lang: str) -> str:
    """The offline answer to a question no source covers: it says so, names what the sources do not know, and
    where to ask; for an emergency, what to do until help comes."""
    key = "ko" if lang == "ko" else "en"
    if (state.get("gate") or {}).get("topic") == "animal":
        return NOT_COVERED_ANIMAL[key]
    if state.get("red_flag"):
        return NOT_COVERED_EMERGENCY[key]
    unknown = (state.get("gate") or {}).get("unknown") or []
    about = (f" ({', '.join(unknown[:3])})" if unknown else "")
    documents = ""
    if deps.personal_retrievers(turn.user_id):
        documents = " 및 올리신 문서" if key == "ko" else " and your documents"
    return NOT_COVERED_OFFLINE[key].format(documents=documents, about=about)
