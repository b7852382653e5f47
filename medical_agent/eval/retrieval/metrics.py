"""IR metrics on doc-level rankings: nDCG@k (linear gains, as trec_eval/BEIR), recall@k, MRR@k, success@k.

``qrels`` maps doc_id → graded relevance (0 = not relevant). Binary metrics count grades ≥ ``min_grade``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np


def dcg(gains: Sequence[float]) -> float:
    return sum(g / math.log2(i + 2) for i, g in enumerate(gains))


def ndcg_at_k(ranking: Sequence[str], qrels: Mapping[str, float], k: int) -> float:
    ideal = dcg(sorted((g for g in qrels.values() if g > 0), reverse=True)[:k])
    if ideal == 0:
        return 0.0
    return dcg([qrels.get(d, 0.0) for d in ranking[:k]]) / ideal


def recall_at_k(ranking: Sequence[str], qrels: Mapping[str, float], k: int, min_grade: float = 1) -> float:
    relevant = {d for d, g in qrels.items() if g >= min_grade}
    if not relevant:
        return 0.0
    return len(relevant.intersection(ranking[:k])) / len(relevant)


def mrr_at_k(ranking: Sequence[str], qrels: Mapping[str, float], k: int, min_grade: float = 1) -> float:
    for i, d in enumerate(ranking[:k], start=1):
        if qrels.get(d, 0) >= min_grade:
            return 1.0 / i
    return 0.0


def success_at_k(ranking: Sequence[str], qrels: Mapping[str, float], k: int, min_grade: float = 1) -> float:
    return float(any(qrels.get(d, 0) >= min_grade for d in ranking[:k]))


def doc_ranking(chunk_doc_ids: Sequence[str]) -> list[str]:
    """Chunk hits (best first) → doc ids by their best chunk (max aggregation)."""
    seen: dict[str, None] = {}
    for doc_id in chunk_doc_ids:
        seen.setdefault(doc_id, None)
    return list(seen)


def summarize(per_query: Sequence[Mapping[str, float]]) -> dict[str, float]:
    if not per_query:
        return {}
    return {key: round(float(np.mean([q[key] for q in per_query])), 4) for key in per_query[0]}


def percentile_ms(samples: Sequence[float], q: float) -> float:
    return round(float(np.percentile(np.asarray(samples) * 1000.0, q)), 2) if samples else 0.0
