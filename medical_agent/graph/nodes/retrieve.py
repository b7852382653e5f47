"""Node 6 — hybrid retrieval through the query pipeline (concept-linked and intent expansion), with k from
active retrieval; a second or third call is a re-retrieval of the self-refine loop."""

from __future__ import annotations

from ...refine.guards import doc_hashes
from ...retrieval.trust import apply_reviews
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext

K_DEFAULT = 8


def contextual_query(text: str, history: list[dict[str, str]], deps: Deps) -> str:
    """A follow-up without a medical concept of its own ("그 약을 계속 먹어도 되나요?") borrows the concepts of
    the previous user turns, so retrieval searches for what "that medicine" refers to."""
    if deps.linker.link(text):
        return text
    earlier = [t["content"] for t in history if t.get("role") == "user"][-2:]
    names = [m.text for turn in reversed(earlier) for m in deps.linker.link(turn)
             if m.slot in ("condition", "symptom", "medication")]
    return " ".join([text, *dict.fromkeys(names)]) if names else text


def retrieve(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    query = state.get("query_for_retrieval") or state["user_text"]
    if not state.get("retrieval_attempts"):
        query = contextual_query(query, state.get("conversation_history") or [], deps)
    hits, expansion = deps.query_pipeline.search(query, state.get("dynamic_k") or K_DEFAULT,
                                                 also=deps.personal_retrievers(turn.user_id))
    hits = apply_reviews(hits, deps.reviews)
    attempts = state.get("retrieval_attempts", 0) + 1
    return {"retrieved_docs": [h.to_dict() for h in hits], "retrieval_attempts": attempts,
            "iteration_count": attempts - 1, "query_for_retrieval": query,
            "expanded_query": expansion.to_dict(), "retrieved_docs_history": [doc_hashes(hits)],
            "llm_calls": expansion.llm_calls}
