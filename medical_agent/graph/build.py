"""Wire the ten nodes into a StateGraph and compile it once per Deps (thread-safe).

The graph's state is :class:`AgentState` (checkpointed) and its runtime context a :class:`TurnContext` (per
turn, not checkpointed); each node also receives the agent's :class:`Deps`, bound here at compile time.

classify_intent → extract_slots → store_memory (or straight on) → check_similarity → hit: store_response | miss:
assemble_context → retrieve (first pass) → assemble_context → generate_answer → refine → quality_check →
retrieve (search again) | generate_answer (answer again on the same evidence) | store_response → END.

Memory runs before the cache lookup: a cached answer replaces retrieval and generation, never what the person
just told (seed 001 put the lookup first; then "저는 와파린을 먹고 있어요" on a hit never reached the profile).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from . import routers
from .deps import Deps
from .nodes.assemble_context import assemble_context
from .nodes.check_similarity import check_similarity
from .nodes.classify_intent import classify_intent
from .nodes.extract_slots import extract_slots
from .nodes.generate_answer import generate_answer
from .nodes.quality_check import quality_check
from .nodes.refine import refine
from .nodes.retrieve import retrieve
from .nodes.store_memory import store_memory
from .nodes.store_response import store_response
from .spans import node_span, record_node
from .state import AgentState
from .turn import TurnContext

Node = Callable[[AgentState, TurnContext, Deps], AgentState]
NODES: dict[str, Node] = {
    "check_similarity": check_similarity, "classify_intent": classify_intent, "extract_slots": extract_slots,
    "store_memory": store_memory, "assemble_context": assemble_context, "retrieve": retrieve,
    "generate_answer": generate_answer, "refine": refine, "quality_check": quality_check,
    "store_response": store_response,
}
_compiled: dict[tuple[int, int], Any] = {}
_lock = threading.Lock()


def bound(name: str, node: Node, deps: Deps) -> Callable[[AgentState, Runtime[TurnContext]], AgentState]:
    """The node as LangGraph calls it (state and runtime), with the deps bound, its time recorded and its span
    written (``spans``: the one place nodes are traced; the span is the child of the turn's)."""
    def run(state: AgentState, runtime: Runtime[TurnContext]) -> AgentState:
        with node_span(deps.tracer, name) as span:
            start = time.perf_counter()
            update = dict(node(state, runtime.context, deps))
            ms = (time.perf_counter() - start) * 1000
            update["node_timings"] = {name: ms}
            record_node(span, update, ms)
        return update  # type: ignore[return-value]
    run.__name__ = name
    return run


def build_graph(deps: Deps) -> StateGraph:
    graph = StateGraph(AgentState, context_schema=TurnContext)
    for name, node in NODES.items():
        graph.add_node(name, bound(name, node, deps))
    graph.add_edge(START, "classify_intent")
    graph.add_conditional_edges("classify_intent", routers.after_classify_intent,
                                ["extract_slots", "check_similarity"])
    graph.add_edge("extract_slots", "store_memory")
    graph.add_edge("store_memory", "check_similarity")
    graph.add_conditional_edges("check_similarity", routers.after_check_similarity,
                                ["store_response", "assemble_context"])
    graph.add_conditional_edges("assemble_context", routers.after_assemble_context, ["retrieve", "generate_answer"])
    graph.add_edge("retrieve", "assemble_context")
    graph.add_edge("generate_answer", "refine")
    graph.add_edge("refine", "quality_check")
    graph.add_conditional_edges("quality_check", routers.after_quality_check,
                                ["retrieve", "generate_answer", "store_response"])
    graph.add_edge("store_response", END)
    return graph


def compiled_graph(deps: Deps, checkpointer: Any) -> Any:
    """The compiled graph for these deps and checkpointer, built on first use only (double-checked lock)."""
    key = (id(deps), id(checkpointer))
    graph = _compiled.get(key)
    if graph is None:
        with _lock:
            graph = _compiled.get(key)
            if graph is None:
                graph = build_graph(deps).compile(checkpointer=checkpointer)
                _compiled[key] = graph
    return graph


def recursion_limit(max_refine_iterations: int, max_regenerations: int) -> int:
    """LangGraph's hard cap on steps, the guard behind the loop's own caps: the first pass takes at most 9 steps,
    each re-retrieval 5 more and each regeneration 3 (generate, refine, quality_check)."""
    return 9 + 5 * (max_refine_iterations + 1) + 3 * (max_regenerations + 1) + 2
