"""Statistics of `eval run` (scipy.stats): mean ± 95% t-interval, paired comparisons and Holm correction.

Comparisons are paired because every condition answers the same turns (patient × language × turn): the
paired t-test, the Wilcoxon signed-rank test (no normality assumption; zero differences dropped, as scipy's
default) and Cohen's d for paired samples (d_z = mean difference / SD of differences). Many metrics × pairs
are tested at once, so p-values are Holm-corrected within each family and both raw and adjusted are reported.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import stats


def _clean(values: Sequence[float | None]) -> np.ndarray:
    return np.array([float(v) for v in values if v is not None and not math.isnan(float(v))], dtype=float)


def mean_ci(values: Sequence[float | None], confidence: float = 0.95) -> dict[str, Any]:
    """Mean with a Student-t confidence interval; the half-width is 0 with one value, None with none."""
    x = _clean(values)
    if x.size == 0:
        return {"n": 0, "mean": None, "ci_low": None, "ci_high": None, "half_width": None}
    mean = float(x.mean())
    half = 0.0
    if x.size > 1 and x.std(ddof=1) > 0:
        half = float(stats.t.ppf((1 + confidence) / 2, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size))
    return {"n": int(x.size), "mean": mean, "ci_low": mean - half, "ci_high": mean + half, "half_width": half}


def cohens_dz(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Cohen's d for paired samples: mean(a - b) / sd(a - b); None when undefined (n < 2 or sd 0)."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    if d.size < 2 or d.std(ddof=1) == 0:
        return None
    return float(d.mean() / d.std(ddof=1))


def paired_compare(pairs: Sequence[tuple[float, float]]) -> dict[str, Any]:
    """Paired t-test, Wilcoxon signed-rank and d_z on (a, b) pairs; tests are None where undefined
    (fewer than 2 pairs, or all differences zero)."""
    a = np.array([p[0] for p in pairs], dtype=float)
    b = np.array([p[1] for p in pairs], dtype=float)
    out: dict[str, Any] = {"n": int(a.size), "mean_a": float(a.mean()) if a.size else None,
                           "mean_b": float(b.mean()) if b.size else None,
                           "mean_diff": float((a - b).mean()) if a.size else None,
                           "t": None, "p_t": None, "wilcoxon_w": None, "p_wilcoxon": None, "cohens_dz": cohens_dz(a, b)}
    diff = a - b
    if a.size < 2 or not np.any(diff != 0):
        return out
    if diff.std(ddof=1) > 0:
        t = stats.ttest_rel(a, b)
        out.update(t=float(t.statistic), p_t=float(t.pvalue))
    w = stats.wilcoxon(a, b)
    out.update(wilcoxon_w=float(w.statistic), p_wilcoxon=float(w.pvalue))
    return out


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm step-down adjusted p-values (None stays None), monotone and capped at 1."""
    indexed = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m = len(indexed)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(indexed):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def pair_up(records: Sequence[dict[str, Any]], metric: str, field: str, a: str, b: str) -> list[tuple[float, float]]:
    """Pairs of ``metric`` between records with ``field == a`` and ``field == b`` on the same
    patient × language × turn (and the same value of the other condition field)."""
    other = "profile" if field == "mode" else "mode"
    side: dict[str, dict[tuple, float]] = {a: {}, b: {}}
    for r in records:
        v = r.get("metrics", {}).get(metric)
        if r.get(field) in side and isinstance(v, (int, float)) and not isinstance(v, bool):
            side[r[field]][(r["patient_id"], r["lang"], r["turn"], r.get(other))] = float(v)
    return [(side[a][k], side[b][k]) for k in sorted(side[a].keys() & side[b].keys())]


def wilson(correct: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson 95 % interval of a proportion (accuracy, success@k): sound at 0, 1 and small n."""
    if n == 0:
        return 0.0, 0.0
    p = correct / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - half, 4), round(centre + half, 4)


def mcnemar_exact(b: int, c: int) -> float:
    """Exact McNemar p (two-sided binomial test on the discordant pairs); 1.0 when there are none."""
    from scipy.stats import binomtest

    return float(binomtest(min(b, c), b + c, 0.5).pvalue) if b + c else 1.0
