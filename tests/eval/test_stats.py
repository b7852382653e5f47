"""Statistics against hand-computed values."""

from __future__ import annotations

import math

import pytest
from scipy import stats as sps

from medical_agent.eval.harness.stats import cohens_dz, holm, mean_ci, pair_up, paired_compare

A = [3.0, 5.0, 4.0, 6.0, 7.0]
B = [2.0, 4.0, 4.0, 3.0, 5.0]   # differences 1, 1, 0, 3, 2: mean 1.4, sd sqrt(1.3)


def test_mean_ci_by_hand():
    out = mean_ci([1.0, 2.0, 3.0, None])
    half = 4.302652729911275 * 1.0 / math.sqrt(3)  # t(0.975, 2) * sd / sqrt(n)
    assert out["n"] == 3 and out["mean"] == 2.0 and out["half_width"] == pytest.approx(half)
    assert mean_ci([])["mean"] is None and mean_ci([5.0])["half_width"] == 0.0


def test_paired_t_and_cohens_dz_by_hand():
    sd = math.sqrt(1.3)
    assert cohens_dz(A, B) == pytest.approx(1.4 / sd)
    out = paired_compare(list(zip(A, B, strict=True)))
    assert out["t"] == pytest.approx(1.4 / (sd / math.sqrt(5)))
    assert out["p_t"] == pytest.approx(2 * sps.t.sf(1.4 / (sd / math.sqrt(5)), 4))
    assert out["mean_diff"] == pytest.approx(1.4) and out["n"] == 5
    # Wilcoxon: zero difference dropped, ranks of 1,1,3,2 are 1.5,1.5,4,3 → W = min(10, 0) = 0
    assert out["wilcoxon_w"] == 0.0 and 0 < out["p_wilcoxon"] < 0.2


def test_undefined_tests_are_none():
    out = paired_compare([(1.0, 1.0), (2.0, 2.0)])
    assert out["t"] is None and out["p_wilcoxon"] is None and out["cohens_dz"] is None
    assert paired_compare([(1.0, 0.0)])["p_t"] is None


def test_holm_by_hand():
    # sorted 0.01, 0.02, 0.04 → 0.03, 0.04, 0.04 (monotone); None is kept
    assert holm([0.04, 0.01, None, 0.02]) == pytest.approx([0.04, 0.03, None, 0.04])
    assert holm([0.6, 0.5]) == [1.0, 1.0]


def test_pair_up_matches_patient_lang_turn():
    rec = [{"patient_id": "p", "lang": "en", "turn": t, "mode": m, "profile": "x", "metrics": {"m": v}}
           for t, m, v in ((1, "agent", 1.0), (1, "llm", 0.0), (2, "agent", 0.5), (3, "llm", 0.2))]
    assert pair_up(rec, "m", "mode", "agent", "llm") == [(1.0, 0.0)]
