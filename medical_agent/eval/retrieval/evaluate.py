"""`python -m medical_agent eval retrieval`: per-method metrics and latency of the retriever the agent uses,
queried through the same :class:`QueryPipeline` as the agent's retrieve node."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ...evidence import Evidence
from ...retrieval.planning import make_plan, planned_search
from ...retrieval.query_pipeline import QueryPipeline
from .data import Qrels, Queries
from .metrics import (
    doc_ranking,
    mrr_at_k,
    ndcg_at_k,
    percentile_ms,
    recall_at_k,
    success_at_k,
    summarize,
)
from .seed import SEED_METHODS, SeedRetriever

Search = Callable[[str, int, str], list[Evidence]]  # (text, n_chunks, method) -> hits


SHORT_K = (1, 3)   # success@1 and @3 beside @k: what a reader sees first (the visitor set's target is the top 3)


def evaluate(search: Search, queries: Queries, qrels: Qrels, methods: Sequence[str], k: int = 10,
             min_grade: float = 1, depth: int = 100, groups: dict[str, str] | None = None) -> dict[str, Any]:
    """Run every query through every method; chunk hits aggregate to doc ids by max. ``groups`` (query id →
    e.g. its language) adds a summary per group and the misses (query ids without a relevant doc in the top 3)."""
    report: dict[str, Any] = {"queries": len(queries), "k": k, "min_grade": min_grade}
    for method in methods:
        rows, times, ids = [], [], []
        for qid, text in queries.items():
            start = time.perf_counter()
            hits = search(text, int(depth * 1.5), method)
            times.append(time.perf_counter() - start)
            ranking = doc_ranking([h.doc_id for h in hits])
            rel = qrels.get(qid, {})
            rows.append({f"ndcg@{k}": ndcg_at_k(ranking, rel, k), f"recall@{k}": recall_at_k(ranking, rel, k, min_grade),
                         f"recall@{depth}": recall_at_k(ranking, rel, depth, min_grade),
                         f"mrr@{k}": mrr_at_k(ranking, rel, k, min_grade),
                         f"success@{k}": success_at_k(ranking, rel, k, min_grade),
                         **{f"success@{s}": success_at_k(ranking, rel, s, min_grade) for s in SHORT_K if s != k}})
            ids.append(qid)
        report[method] = {**summarize(rows), "latency_ms_p50": percentile_ms(times, 50),
                          "latency_ms_p95": percentile_ms(times, 95)}
        if groups:
            report[method]["by_group"] = {g: summarize([r for r, q in zip(rows, ids, strict=True) if groups.get(q) == g])
                                          for g in sorted(set(groups.values()))}
            report[method]["misses@3"] = [q for r, q in zip(rows, ids, strict=True) if not r["success@3"]]
    return report


def pipeline_search(pipeline: QueryPipeline, methods: Sequence[str], rrf_k: int = 60) -> Search:
    """Search through the agent's query pipeline (bm25/dense/hybrid), the agent's planner over it (``planner``: a
    message of several parts searched per part, as the retrieve node does), or the seed baseline (``seed_*``, which
    by design bypasses the pipeline); the seed's regex BM25 is built only when asked for."""
    seed = SeedRetriever(pipeline.retriever, rrf_k) if any(m in SEED_METHODS for m in methods) else None
    pipeline.warm_up()

    def search(text: str, n: int, method: str) -> list[Evidence]:
        if seed is not None and method in SEED_METHODS:
            return seed.search(text, n, method)
        if method == "planner":
            plan = make_plan(text, pipeline.linker.link if pipeline.linker else lambda _: [])
            if plan.searches > 1:
                return planned_search(plan, lambda q: pipeline.search(q, n)[0], n, prepare=pipeline.prepare,
                                      whole=text)[0]
            method = "hybrid"
        return pipeline.search(text, n, method=method)[0]

    return search
