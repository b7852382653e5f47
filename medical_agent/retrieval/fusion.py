"""Rank fusion: reciprocal rank fusion (optionally weighted) and a score-normalised convex combination.

RRF(d) = Σ_r w_r / (k + rank_r(d)) with 1-based ranks (Cormack et al. 2009; seed 000 §4.5). Weighted RRF
lets a weak retriever count less, so the fusion does not fall below its best member; the convex combination
min-max normalises each retriever's scores and mixes them with the same weights. ``zscore`` standardises them
instead (mean 0, standard deviation 1 over the candidates): min-max lets one outlying top score squeeze all
other candidates of that retriever together, standardising does not.
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


def minmax(scores: Mapping[Key, float]) -> tuple[dict[Key, float], float]:
    """Scores scaled to [0, 1], and the value of a key the retriever did not return (its lowest: 0)."""
    lo, hi = min(scores.values()), max(scores.values())
    span = hi - lo
    return {key: (value - lo) / span if span > 0 else 1.0 for key, value in scores.items()}, 0.0


def standardise(scores: Mapping[Key, float]) -> tuple[dict[Key, float], float]:
    """Z-scores over the candidates, and the value of a key the retriever did not return (the lowest z)."""
    values = list(scores.values())
    mean = sum(values) / len(values)
    std = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
    z = {key: (value - mean) / std if std > 0 else 0.0 for key, value in scores.items()}
    return z, min(z.values())


NORMALISERS = {"convex": minmax, "zscore": standardise}


def convex(score_maps: Sequence[Mapping[Key, float]], weights: Sequence[float] | None = None, *,
           normalise: str = "convex") -> dict[Key, float]:
    """Weighted mean of normalised scores (``normalise``: "convex" = min-max, "zscore" = standardised)."""
    weights = weights or [1.0] * len(score_maps)
    if len(weights) != len(score_maps):
        raise ValueError("one weight per score map is required")
    total = sum(weights) or 1.0
    parts = [(*NORMALISERS[normalise](scores), w) for scores, w in zip(score_maps, weights, strict=True) if scores]
    # keys in first-seen order and per-list sums: exact ties keep the order (and rounding) of earlier releases,
    # so recorded benchmark numbers reproduce
    keys = list(dict.fromkeys(key for norm, _, _ in parts for key in norm))
    fused: dict[Key, float] = {}
    for norm, missing, w in parts:
        for key in keys:
            fused[key] = fused.get(key, 0.0) + w * norm.get(key, missing) / total
    return fused
