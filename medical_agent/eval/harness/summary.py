"""results.jsonl → summary.json of `eval run`: mean ± 95% CI per metric and condition (profile × mode),
per-node latency, loop statistics, and paired comparisons (LLM vs agent per profile; every profile vs
baseline per mode) with Holm-corrected p-values. Computed from the records alone, so a resumed or
interrupted run is summarised the same way."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from .stats import holm, mean_ci, pair_up, paired_compare

METRICS = ("profile_accuracy", "profile_spurious", "hit_at_k", "faithfulness", "citation_rate", "answer_relevance",
           "answer_relevance_generated", "personalised", "emergency_ok", "contraindication_recall", "latency_ms",
           "llm_calls", "prompt_tokens", "evaluated_prompt_tokens", "completion_tokens", "repair_calls", "iterations",
           "perplexity")
COMPARED = ("profile_accuracy", "hit_at_k", "faithfulness", "answer_relevance", "answer_relevance_generated",
            "personalised", "latency_ms", "llm_calls", "iterations")
BASELINE = "baseline"


def dedupe(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per unit × turn (the last one wins, should a unit have been written twice)."""
    return list({(r["unit"], r["turn"]): r for r in records}.values())


def _condition(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    metrics = {m: mean_ci([r["metrics"].get(m) for r in records]) for m in METRICS}
    nodes: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for node, ms in (r.get("node_timings") or {}).items():
            nodes[node].append(ms)
    by_kind: dict[str, dict[str, float | None]] = {}
    for kind in dict.fromkeys(r["kind"] for r in records):
        rows = [r for r in records if r["kind"] == kind]
        by_kind[kind] = {m: mean_ci([r["metrics"].get(m) for r in rows])["mean"] for m in METRICS}
    ppl = [r["perplexity"] for r in records if not isinstance(r.get("perplexity"), str)]
    return {"turns": len(records), "units": len({r["unit"] for r in records}), "metrics": metrics,
            "by_turn_kind": by_kind,
            "node_ms_mean": {n: round(float(np.mean(v)), 2) for n, v in sorted(nodes.items())},
            "stop_reasons": dict(Counter(str(r.get("stop_reason")) for r in records)),
            # only turns that have a score: a judge failure falls back to the proxy for that turn
            "faithfulness_methods": dict(Counter(r.get("faithfulness_method") for r in records
                                                 if r["metrics"].get("faithfulness") is not None)),
            "perplexity": "available" if ppl else "unavailable"}


def _family(records: Sequence[dict[str, Any]], field: str, pairs: Sequence[tuple[str, str, str]]) -> list[dict]:
    """Tests of one family; ``pairs`` are (label, a, b) values of ``field`` with the fixed other field in label."""
    tests = []
    for label, a, b in pairs:
        other_field = "profile" if field == "mode" else "mode"
        fixed = label.split("=", 1)[1]
        subset = [r for r in records if r.get(other_field) == fixed]
        for metric in COMPARED:
            res = paired_compare(pair_up(subset, metric, field, a, b))
            tests.append({"field": field, "fixed": label, "a": a, "b": b, "metric": metric, **res})
    for key in ("p_t", "p_wilcoxon"):
        for t, adj in zip(tests, holm([t[key] for t in tests]), strict=True):
            t[f"{key}_holm"] = adj
    return tests


def summarise(records: Sequence[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    records = dedupe(records)
    profiles = list(dict.fromkeys(r["profile"] for r in records))
    modes = list(dict.fromkeys(r["mode"] for r in records))
    conditions = {f"{p}/{m}": _condition([r for r in records if r["profile"] == p and r["mode"] == m])
                  for p in profiles for m in modes if any(r["profile"] == p and r["mode"] == m for r in records)}
    by_lang = {f"{p}/{m}/{lang}": {k: v["mean"] for k, v in _condition(rows)["metrics"].items()}
               for p in profiles for m in modes for lang in ("ko", "en")
               if (rows := [r for r in records if r["profile"] == p and r["mode"] == m and r["lang"] == lang])}
    mode_pairs = [(f"profile={p}", "agent", "llm") for p in profiles if {"agent", "llm"} <= set(modes)]
    base = BASELINE if BASELINE in profiles else (profiles[0] if profiles else None)
    profile_pairs = [(f"mode={m}", p, base) for m in modes for p in profiles if p != base]
    return {**meta, "turn_records": len(records), "patients": len({r["patient_id"] for r in records}),
            "langs": sorted({r["lang"] for r in records}), "profiles": profiles, "modes": modes,
            "conditions": conditions, "by_language": by_lang,
            "comparisons": {"modes": _family(records, "mode", mode_pairs),
                            "profiles": _family(records, "profile", profile_pairs)},
            "multiple_comparisons": "Holm step-down correction within each family (modes; profiles), applied "
                                    "separately to the paired t-test and the Wilcoxon p-values; both raw and "
                                    "adjusted p are reported."}
