"""`python -m medical_agent eval run`: multi-turn evaluation of the agent on Synthea patients.

Kept out of cli.py (which only registers it) so the harness's options live next to the harness. Writes
results.jsonl (one line per turn, appended per unit, resumable), summary.json and report.md + PNGs.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from ...settings import get_settings

PROFILES_ALL = ("baseline", "self_refine_heuristic", "self_refine_llm_quality", "self_refine_dynamic_query",
                "self_refine_full_safety", "full_context_engineering")
OFFLINE_CAVEATS = (
    "OFFLINE run: answers come from the extractive generator and the heuristic judge, not a language model.",
    "Faithfulness is a lexical PROXY (token overlap with the cited passage); extractive answers copy their evidence, "
    "so it is near 1 by construction and says nothing about an LLM's faithfulness.",
    "LLM mode without a model returns a fixed 'LLM mode needs a language model' message: the LLM-vs-Agent table "
    "offline compares the agent with that placeholder, not with an LLM.",
    "Profiles differ mostly in LLM-based steps (judge, rewrite); offline these steps are heuristic or off, so the "
    "ablation profiles are expected to differ little.",
)


def _split(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def add_parser(eval_subparsers: Any) -> None:
    p = eval_subparsers.add_parser("run", help="multi-turn evaluation on Synthea patients (results, summary, report)")
    p.add_argument("--patients", default=None,
                   help="folder of FHIR bundles, or a number N (the first N of the shared subset80)")
    p.add_argument("--limit", type=int, help="at most this many patients")
    p.add_argument("--turns", type=int, default=5, help="turns per conversation (1-5)")
    p.add_argument("--profiles", default="full_context_engineering", help="comma list, or 'all' for the six")
    p.add_argument("--modes", default="llm,agent")
    p.add_argument("--lang", default="ko,en")
    p.add_argument("--llm", default=None, help="LLM spec; 'offline' = extractive answers, heuristic judge")
    p.add_argument("--index", type=Path, help="index directory (default: the knowledge base)")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--k", type=int, default=5, help="k of retrieval hit@k")
    p.add_argument("--no-logprobs", action="store_true",
                   help="do not ask the LLM for log-probabilities (no perplexity; saves a GGUF's ~2.5 GB logits)")
    p.add_argument("--report-only", action="store_true", help="only rebuild summary.json and report.md")
    p.set_defaults(func=run_command)


def _patients(arg: str | None, limit: int | None, settings: Any, concepts: Any) -> list[Any]:
    from ...context.profile.fhir import load_patients

    default = settings.paths.shared_data_dir / "synthea_fhir_r4_smart" / "R4_SYNTHEA_subset80"
    if arg and arg.isdigit():
        arg, limit = None, min(int(arg), limit or int(arg))
    return load_patients(Path(arg) if arg else default, concepts, limit)


RUN_KEYS = ("command", "llm", "offline", "embedder", "k", "seed", "turns_per_scenario", "index", "faithfulness_label",
            "caveats", "profiles_requested")
COUNT_KEYS = ("units_total", "units_skipped", "units_run", "interrupted")


def meta_for(agent: Any, args: argparse.Namespace, profiles: list[str]) -> dict[str, Any]:
    info = agent.deps.llm_info
    offline = info.offline or agent.deps.llm is None
    from ...verify.claims import PROXY_THRESHOLD

    return {"command": "python -m medical_agent " + shlex.join(sys.argv[1:] if sys.argv[1:2] == ["eval"] else
                                                                ["eval", "run", "--out", str(args.out)]),
            "llm": info.label, "offline": offline, "embedder": agent.deps.embedder.name, "k": args.k,
            "seed": args.seed, "turns_per_scenario": args.turns, "index": str(agent.deps.retriever.index.directory),
            "faithfulness_label": (f"proxy: token overlap ≥ {PROXY_THRESHOLD} with the cited passage" if offline
                                   else "LLM judge (same backend as the agent)"),
            "caveats": list(OFFLINE_CAVEATS) if offline else [], "profiles_requested": profiles}


def finish(out: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """Summarise results.jsonl and write summary.json and report.md (also after an interrupted run)."""
    from .report import write_report
    from .runner import RESULTS, read_results
    from .summary import summarise

    summary = summarise(list(read_results(out / RESULTS)), meta)
    ppl = {c["perplexity"] for c in summary["conditions"].values()}
    summary["perplexity"] = "available" if "available" in ppl else "unavailable (the backend gives no log-probabilities)"
    (out / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    write_report(summary, out)
    return summary


def run_command(args: argparse.Namespace) -> int:
    from ...composition import create_agent
    from ...storage import open_storage
    from .runner import RunOptions, run_all
    from .scenarios import build_scenarios

    start = time.perf_counter()
    settings = get_settings()
    if not args.no_logprobs:
        settings = settings.replace(llm_logprobs=True)
    profiles = list(PROFILES_ALL) if args.profiles == "all" else _split(args.profiles)
    for name in profiles:
        settings.with_profile(name)  # fails early, listing the valid names
    previous = args.out / "summary.json"
    if args.report_only and previous.exists():  # the run's own description: no model or index to load
        old = json.loads(previous.read_text(encoding="utf-8"))
        meta = {k: old[k] for k in (*RUN_KEYS, *COUNT_KEYS, "elapsed_s") if k in old}
    else:
        agent = create_agent(settings, llm_spec=args.llm, index=args.index,
                             storage=open_storage(":memory:"))
        meta = meta_for(agent, args, profiles)
        if not args.report_only:
            patients = _patients(args.patients, args.limit, settings, agent.deps.concepts)
            scenarios = build_scenarios(patients, _split(args.lang), args.seed, args.turns)
            judge = None if meta["offline"] else agent.deps.llm
            counts = run_all(agent, scenarios, RunOptions(profiles, _split(args.modes), args.k, judge), args.out)
            meta.update(counts)
        meta["elapsed_s"] = round(time.perf_counter() - start, 1)
    summary = finish(args.out, meta)
    print(json.dumps({k: summary[k] for k in ("turn_records", "patients", "profiles", "modes", "offline")} |
                     {"out": str(args.out), "elapsed_s": meta.get("elapsed_s"),
                      "units": {k: meta.get(k) for k in COUNT_KEYS}},
                     ensure_ascii=False))
    return 130 if meta.get("interrupted") else 0
