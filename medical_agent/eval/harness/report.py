"""summary.json → report.md and PNG plots (matplotlib, Agg backend, so it runs headless).

Tables: LLM vs Agent (per profile, with paired tests), the ablation over profiles, latency per node, loop
statistics. Every number is read from the summary; offline runs are labelled as such at the top.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HEADLINE = ("profile_accuracy", "hit_at_k", "faithfulness", "answer_relevance", "answer_relevance_generated",
            "personalised", "contraindication_recall", "emergency_ok", "latency_ms", "llm_calls",
            "evaluated_prompt_tokens", "repair_calls", "iterations")
PLOTTED = ("profile_accuracy", "hit_at_k", "faithfulness", "answer_relevance", "personalised")


def _fmt(stat: dict[str, Any] | None) -> str:
    if not stat or stat.get("mean") is None:
        return "n/a"
    digits = 0 if abs(stat["mean"]) >= 100 else 3
    return f"{stat['mean']:.{digits}f} ± {stat['half_width']:.{digits}f}"


def _p(value: float | None) -> str:
    return "n/a" if value is None else (f"{value:.2g}" if value >= 1e-4 else "<1e-4")


def _metric_label(name: str, summary: dict[str, Any]) -> str:
    if name == "faithfulness":
        return f"faithfulness ({summary['faithfulness_label']})"
    if name == "answer_relevance":
        return f"answer relevance (cosine, {summary['embedder']})"
    if name == "answer_relevance_generated":
        return "answer relevance (RAGAS: LLM-generated questions)"
    return f"hit@{summary['k']}" if name == "hit_at_k" else name.replace("_", " ")


def mode_table(summary: dict[str, Any]) -> list[str]:
    lines = []
    for test_profile in summary["profiles"]:
        cond = summary["conditions"]
        if f"{test_profile}/llm" not in cond or f"{test_profile}/agent" not in cond:
            continue
        tests = {t["metric"]: t for t in summary["comparisons"]["modes"] if t["fixed"] == f"profile={test_profile}"}
        lines += [f"\n### LLM vs Agent — profile `{test_profile}`\n",
                  "| metric | LLM | Agent | Δ (agent−llm) | n pairs | p (t, Holm) | p (Wilcoxon, Holm) | d_z |",
                  "|---|---|---|---|---|---|---|---|"]
        for m in HEADLINE:
            t = tests.get(m, {})
            diff = "n/a" if t.get("mean_diff") is None else f"{t['mean_diff']:+.3f}"
            dz = "n/a" if t.get("cohens_dz") is None else f"{t['cohens_dz']:+.2f}"
            lines.append(f"| {_metric_label(m, summary)} | {_fmt(cond[f'{test_profile}/llm']['metrics'][m])} | "
                         f"{_fmt(cond[f'{test_profile}/agent']['metrics'][m])} | {diff} | {t.get('n', 'n/a')} | "
                         f"{_p(t.get('p_t_holm'))} | {_p(t.get('p_wilcoxon_holm'))} | {dz} |")
    return lines


def ablation_table(summary: dict[str, Any], mode: str = "agent") -> list[str]:
    rows = [p for p in summary["profiles"] if f"{p}/{mode}" in summary["conditions"]]
    if not rows:
        return []
    lines = [f"\n### Ablation over profiles (mode `{mode}`, mean ± 95% CI)\n",
             "| profile | " + " | ".join(_metric_label(m, summary) for m in HEADLINE) + " |",
             "|---" * (len(HEADLINE) + 1) + "|"]
    for p in rows:
        metrics = summary["conditions"][f"{p}/{mode}"]["metrics"]
        lines.append(f"| {p} | " + " | ".join(_fmt(metrics[m]) for m in HEADLINE) + " |")
    tests = [t for t in summary["comparisons"]["profiles"] if t["fixed"] == f"mode={mode}" and t.get("p_t_holm") is not None]
    if tests:
        lines += ["\nPaired differences vs baseline with Holm-adjusted p < 0.05:\n"]
        sig = [t for t in tests if t["p_t_holm"] < 0.05]
        lines += [f"- {t['a']} − {t['b']}, {t['metric']}: {t['mean_diff']:+.3f} (n={t['n']}, p_t,Holm={_p(t['p_t_holm'])}, "
                  f"d_z={t['cohens_dz']:+.2f})" for t in sig] or ["- none"]
    return lines


def language_table(summary: dict[str, Any]) -> list[str]:
    keys = list(summary.get("by_language", {}))
    if not keys:
        return []
    lines = ["\n### By language (means)\n", "| condition / language | " + " | ".join(HEADLINE) + " |",
             "|---" * (len(HEADLINE) + 1) + "|"]
    for key in keys:
        row = summary["by_language"][key]
        lines.append(f"| {key} | " + " | ".join("n/a" if row.get(m) is None else f"{row[m]:.3g}" for m in HEADLINE) + " |")
    return lines


def node_table(summary: dict[str, Any]) -> list[str]:
    conds = list(summary["conditions"])
    nodes = sorted({n for c in conds for n in summary["conditions"][c]["node_ms_mean"]})
    lines = ["\n### Mean time per node (ms) and loop statistics\n", "| node | " + " | ".join(conds) + " |",
             "|---" * (len(conds) + 1) + "|"]
    for n in nodes:
        lines.append(f"| {n} | " + " | ".join(str(summary["conditions"][c]["node_ms_mean"].get(n, "–")) for c in conds) + " |")
    lines.append("| **stop reasons** | " + " | ".join(
        ", ".join(f"{k}: {v}" for k, v in summary["conditions"][c]["stop_reasons"].items()) for c in conds) + " |")
    lines.append("| **faithfulness scored by** (turns) | " + " | ".join(
        ", ".join(f"{k}: {v}" for k, v in summary["conditions"][c].get("faithfulness_methods", {}).items()) or "–"
        for c in conds) + " |")
    return lines


def plot_metrics(summary: dict[str, Any], path: Path) -> None:
    conds = list(summary["conditions"])
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(PLOTTED) * max(1, len(conds)) / 2), 4))
    width = 0.8 / max(1, len(conds))
    for i, c in enumerate(conds):
        stats = [summary["conditions"][c]["metrics"][m] for m in PLOTTED]
        means = [s["mean"] or 0.0 for s in stats]
        errs = [s["half_width"] or 0.0 for s in stats]
        ax.bar([x + i * width for x in range(len(PLOTTED))], means, width, yerr=errs, label=c, capsize=2)
    ax.set_xticks([x + width * (len(conds) - 1) / 2 for x in range(len(PLOTTED))], PLOTTED, rotation=20, fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_title("Per-turn metrics, mean ± 95% CI" + (" (offline)" if summary.get("offline") else ""))
    ax.legend(fontsize=6)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_latency(summary: dict[str, Any], path: Path) -> None:
    conds = list(summary["conditions"])
    nodes = sorted({n for c in conds for n in summary["conditions"][c]["node_ms_mean"]})
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(conds)), 4))
    bottom = [0.0] * len(conds)
    for n in nodes:
        vals = [summary["conditions"][c]["node_ms_mean"].get(n, 0.0) for c in conds]
        ax.bar(range(len(conds)), vals, bottom=bottom, label=n)
        bottom = [b + v for b, v in zip(bottom, vals, strict=True)]
    ax.set_xticks(range(len(conds)), conds, rotation=30, fontsize=7, ha="right")
    ax.set_ylabel("mean ms per turn")
    ax.set_title("Time per node")
    ax.legend(fontsize=6, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def write_report(summary: dict[str, Any], out_dir: Path) -> Path:
    plot_metrics(summary, out_dir / "metrics.png")
    plot_latency(summary, out_dir / "latency_by_node.png")
    offline = summary.get("offline")
    lines = [f"# Evaluation run ({'OFFLINE: extractive generator + heuristic judge' if offline else summary['llm']})\n",
             f"Command: `{summary['command']}`\n",
             f"{summary['patients']} patients × {len(summary['langs'])} languages × {summary['turns_per_scenario']} "
             f"turns; profiles {', '.join(summary['profiles'])}; modes {', '.join(summary['modes'])}; "
             f"{summary['turn_records']} turn records; run time {summary.get('elapsed_s', 'n/a')} s.\n",
             f"- LLM: {summary['llm']}\n- Faithfulness: {summary['faithfulness_label']}\n"
             f"- Answer relevance: cosine(question, answer) with `{summary['embedder']}`"
             + ("" if offline else "; RAGAS variant on question turns: mean cosine(question, 3 questions the LLM "
                "generates from the answer), 0 if it judges the answer noncommittal") + "\n"
             f"- Perplexity: {summary['perplexity']}\n- Statistics: {summary['multiple_comparisons']}\n",
             *(f"> {c}" for c in summary.get("caveats", [])),
             *mode_table(summary), *ablation_table(summary), *language_table(summary), *node_table(summary),
             "\n![metrics](metrics.png)\n\n![latency](latency_by_node.png)\n"]
    path = out_dir / "report.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
