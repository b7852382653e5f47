"""Choose fusion weights on a development split (never on the reported test split).

Candidates of both retrievers are computed once per query; every (fusion method, dense weight) pair is then
scored by mean nDCG@10 on doc-level rankings. BM25's weight stays 1 (only the ratio matters for RRF and for
the convex combination). :func:`tune_with_feedback` repeats the grid for several pseudo-relevance-feedback
settings (BM25 top-n documents steering the dense query, as :class:`HybridRetriever` does), with queries built
by the agent's query pipeline. The chosen values go into ``retrieval:`` of agent_config.yaml with this report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...retrieval.hybrid import fuse
from ...retrieval.query_pipeline import QueryPipeline, language_filter
from .data import Qrels, Queries
from .metrics import doc_ranking, ndcg_at_k

Candidates = tuple[list[tuple[int, float]], list[tuple[int, float]]]
DENSE_WEIGHTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.5, 2.0)


def tune(candidates: Callable[[str], Candidates], doc_of: Sequence[str], queries: Queries, qrels: Qrels, *,
         rrf_k: int = 60, k: int = 10, fusions: Sequence[str] = ("weighted_rrf", "convex", "zscore"),
         dense_weights: Sequence[float] = DENSE_WEIGHTS) -> dict[str, Any]:
    cached = {qid: candidates(text) for qid, text in queries.items()}
    table = []
    for fusion in fusions:
        for w in dense_weights:
            scores = []
            for qid, (bm25, dense) in cached.items():
                fused = fuse(bm25, dense, method="hybrid", fusion=fusion, weights=(1.0, w), rrf_k=rrf_k, k=3 * k)
                scores.append(ndcg_at_k(doc_ranking([doc_of[i] for i, *_ in fused]), qrels.get(qid, {}), k))
            table.append({"fusion": fusion, "dense_weight": w, f"ndcg@{k}": round(sum(scores) / len(scores), 4)})
    singles = {}
    for method in ("bm25", "dense"):
        scores = [ndcg_at_k(doc_ranking([doc_of[i] for i, _ in (b if method == "bm25" else d)]), qrels.get(q, {}), k)
                  for q, (b, d) in cached.items()]
        singles[method] = round(sum(scores) / len(scores), 4)
    best = max(table, key=lambda row: (row[f"ndcg@{k}"], -row["dense_weight"]))
    return {"queries": len(queries), "single": singles, "best": best, "grid": table}


def tune_with_feedback(pipeline: QueryPipeline, feedback: Sequence[tuple[int, float]], queries: Queries,
                       qrels: Qrels, *, depth: int = 100, rrf_k: int = 60, k: int = 10) -> dict[str, Any]:
    """One grid per (feedback docs, feedback weight); the best row over all of them is the choice. The
    pipeline's own cross-lingual weights are set aside: the grid is what chooses them."""
    retriever = pipeline.retriever
    pipeline.crosslingual = None
    doc_of = [c["doc_id"] for c in retriever.index.chunks]
    runs = []
    for docs, weight in feedback:
        retriever.prf_docs, retriever.prf_weight = docs, weight

        def candidates(text: str, docs: int = docs) -> Candidates:
            query, exp = pipeline.query(text)
            where = language_filter(retriever.index, exp.language)     # as the agent searches (paired corpus)
            bm25 = retriever.bm25_candidates(query, depth, where)
            return bm25, retriever.dense_candidates(query, depth, where, [i for i, _ in bm25[:docs]])

        report = tune(candidates, doc_of, queries, qrels, rrf_k=rrf_k, k=k)
        report["best"].update({"prf_docs": docs, "prf_weight": weight})
        runs.append({"prf_docs": docs, "prf_weight": weight, **report})
    best = max(runs, key=lambda r: r["best"][f"ndcg@{k}"])
    return {"queries": len(queries), "single": best["single"], "best": best["best"], "runs": runs}
