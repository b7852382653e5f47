"""Node 6 — hybrid retrieval through the query pipeline (concept-linked and intent expansion), with k from
active retrieval; a second or third call is a re-retrieval of the self-refine loop."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ...context.extraction.mentions import Mention
from ...evidence import Evidence
from ...refine.guards import doc_hashes
from ...retrieval.coverage import uncovered
from ...retrieval.injection import guard
from ...retrieval.llm_planning import LlmPlan
from ...retrieval.planning import make_plan, planned_search
from ...retrieval.query_pipeline import Expansion
from ...retrieval.relevance import UNGATED, Judgement, judge, thresholds_for
from ...retrieval.trust import apply_reviews
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext

K_DEFAULT = 8
CONCEPT_SLOTS = ("condition", "medication", "symptom")    # what a passage must name to be on the question's topic


def borrowed_concepts(text: str, history: list[dict[str, str]], deps: Deps) -> list[str]:
    """A message without a medical concept of its own that no pointing phrase resolved ("그럴 때는 뭘 먹어야
    하나요?") borrows the concepts of the previous user turns, so retrieval searches for what it is about."""
    if deps.linker.link(text):
        return []
    earlier = [t["content"] for t in history if t.get("role") == "user"][-2:]
    return list(dict.fromkeys(m.text for turn in reversed(earlier) for m in deps.linker.link(turn)
                              if m.slot in ("condition", "symptom", "medication")))


def retrieve(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    """The first search of a turn plans a message of several parts (retrieval.planning); a re-retrieval of the
    refine loop searches its rewritten query once. The relevance gate keeps what answers the question
    (retrieval.relevance); then what the kept evidence leaves out (retrieval.coverage), with the web fallback where
    one is configured; sentences that address an assistant are removed from every passage (retrieval.injection),
    and the answer says so."""
    first = not state.get("retrieval_attempts")
    hits, expansion, query, trace = _search(state, turn, deps, first)
    hits = apply_reviews(hits, deps.reviews)
    judgement = _gate(query, hits, turn, deps, expansion.bm25_terms, emergency=bool(state.get("red_flag")))
    dropped = [h.to_dict() for n, h in enumerate(hits, start=1) if n not in judgement.kept]
    searched, hits = hits, [h for n, h in enumerate(hits, start=1) if n in judgement.kept]
    hits, gap, web_note = _coverage(state, deps, hits, first, searched)
    hits, removed = guard(hits)            # text inside evidence is data: what speaks to an assistant goes
    attempts = state.get("retrieval_attempts", 0) + 1
    update: AgentState = {"plan": trace} if first else {}
    return {**update, "evidence_gap": gap, "web_note": web_note, "retrieved_docs": [h.to_dict() for h in hits],
            "retrieval_attempts": attempts, "iteration_count": attempts - 1, "query_for_retrieval": query,
            "expanded_query": expansion.to_dict(), "retrieved_docs_history": [doc_hashes(hits)],
            "llm_calls": expansion.llm_calls,
            "instructions_removed": removed, "evidence_verdict": judgement.verdict, "gate": judgement.to_dict(),
            "dropped_docs": dropped}


def _search(state: AgentState, turn: TurnContext, deps: Deps, first: bool
            ) -> tuple[list[Evidence], Expansion, str, dict[str, Any] | None]:
    """(hits, the query's expansion, the query searched, the plan's trace or None)."""
    query = state.get("query_for_retrieval") or state["user_text"]
    k, also = state.get("dynamic_k") or K_DEFAULT, deps.personal_retrievers(turn.user_id)
    borrowed = borrowed_concepts(query, state.get("conversation_history") or [], deps) if first else []
    referent = (state.get("followup") or {}).get("referent", "") or " ".join(borrowed)
    plan, source = None, "rules"
    if first and turn.flags.planning_enabled and state.get("llm_plan"):
        plan, source = LlmPlan.from_dict(state["llm_plan"]).plan(), "llm"
    elif first and turn.flags.planning_enabled:
        plan = make_plan(query, deps.linker.link, referent)
    whole = " ".join([query, *borrowed])
    if plan is not None and plan.searches > 1:
        hits, per_subtask = planned_search(plan, lambda q: deps.query_pipeline.search(q, k, also=also)[0], k,
                                           prepare=deps.query_pipeline.prepare, whole=whole)
        trace = {**plan.to_dict(), "hits": per_subtask, "source": source}
        return hits, deps.query_pipeline.query(query)[1], query, trace
    query = whole
    hits, expansion = deps.query_pipeline.search(query, k, also=also)
    return hits, expansion, query, None


def _gate(query: str, hits: list[Evidence], turn: TurnContext, deps: Deps, terms: Sequence[str] = (),
          emergency: bool = False) -> Judgement:
    """The relevance gate over every index searched (the knowledge base and the person's documents). An emergency told
    as a story (a red flag) shares few words with the passage on it, so lexical support does not rule it out: the
    fourth blind pairwise round lost a passing TIA and a thunderclap headache, both at 0.18-0.20 of 0.2."""
    if not turn.flags.relevance_gate_enabled:
        return Judgement(UNGATED, kept=list(range(1, len(hits) + 1)), reason="relevance gate off")
    indexes = [deps.retriever.index, *[r.index for r in deps.personal_retrievers(turn.user_id)]]
    names = concept_names(deps)
    concepts = [[m.text, m.name or "", *names(m)] for m in deps.linker.link(query) if m.slot in CONCEPT_SLOTS]
    thresholds = thresholds_for(deps.settings, deps.retriever.embedder.name)
    if emergency and thresholds is not None:
        thresholds = replace(thresholds, lexical=0.0, lexical_other=0.0)
    return judge(query, hits, indexes, thresholds, concepts, bridged=deps.query_pipeline.bridges, terms=terms)


def _coverage(state: AgentState, deps: Deps, hits: list[Evidence], first: bool, searched: list[Evidence]
              ) -> tuple[list[Evidence], list[str], str]:
    """(hits, the named medicines / conditions no searched passage mentions, the web fallback's note). The gap is
    read over every passage searched, the ones the relevance gate dropped too: it tells the person that the sources
    have nothing on a name, which is false when they have it but not the answer (the eighth blind round: "제 자료에는
    '심부전'에 대한 내용이 없습니다" under a question on heart-failure doses the gate declined)."""
    mentions = _without_covered_class(deps, deps.linker.link(state.get("standalone_question") or state["user_text"]),
                                      searched)
    gap = uncovered(mentions, searched, names := concept_names(deps))
    if not gap or deps.web is None or not first:
        return hits, gap, ""
    found, note = deps.web.evidence(state.get("standalone_question") or state["user_text"])
    hits = [*hits, *[replace(h, rank=len(hits) + n) for n, h in enumerate(found, start=1)]]
    return hits, uncovered(mentions, [*searched, *found], names), note


def _without_covered_class(deps: Deps, mentions: list[Mention], searched: list[Evidence]) -> list[Mention]:
    """The mentions, less a class of medicines (당뇨약, "blood pressure pills") when a medicine the question also names
    is covered: the class word then means that medicine (the seventeenth blind round: "메트포르민 먹고 있는데 …
    정형외과엔 당뇨약 얘기 안해도 되죠?" got "제 자료에는 '당뇨약'에 대한 내용이 없습니다" over metformin's passages)."""
    classes = getattr(deps.drug_classes, "classes", frozenset())
    is_class = [m.slot == "medication" and (m.name or "").lower() in classes for m in mentions]
    members = [m for m, c in zip(mentions, is_class, strict=True) if m.slot == "medication" and not c]
    if not members or set(uncovered(members, searched, concept_names(deps))) == {m.text for m in members}:
        return mentions
    return [m for m, c in zip(mentions, is_class, strict=True) if not c]


def concept_names(deps: Deps) -> Callable[[Mention], Sequence[str]]:
    """A mention's other names: the concept table's English synonyms and Korean names, and a medicine's class's
    (a passage on antidepressants covers sertraline)."""
    table = deps.concepts

    def names(m: Mention) -> Sequence[str]:
        return table.names_with_class(m.cui)
    return names
