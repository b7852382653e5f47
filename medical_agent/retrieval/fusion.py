"""Rank fusion: reciprocal rank fusion (optionally weighted) and a score-normalised convex combination.

RRF(d) = Σ_r w_r / (k + rank_r(d)) with 1-based ranks (Cormack et al. 2009; seed 000 §4.5). Weighted RRF
lets a weak retriever count less, so the fusion does not fall below its best member; the convex combination
min-max normalises each retriever's scores and mixes them with the same weights.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

Key = Hashable


def rrf(rankings: Sequence[Sequence[Key]], k: int = 60, weights: Sequence[float] | None = None) -> dict[Key, float]:
    weights = weights or [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError("one weight per ranking is required")
    fused: dict[Key, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        for rank, key in enumerate(ranking, start=1):
            fused[key] = fused.get(key, 0.0) + weight / (k + rank)
    return fused


def convex(score_maps: Sequence[Mapping[Key, float]], weights: Sequence[float] | None = None) -> dict[Key, float]:
    weights = weights or [1.0] * len(score_maps)
    total = sum(weights) or 1.0
    fused: dict[Key, float] = {}
    for scores, weight in zip(score_maps, weights, strict=True):
        if not scores:
            continue
        lo, hi = min(scores.values()), max(scores.values())
        span = hi - lo
        for key, value in scores.items():
            norm = (value - lo) / span if span > 0 else 1.0
            fused[key] = fused.get(key, 0.0) + weight * norm / total
    return fused
