"""`python -m medical_agent eval followups`: hit@k of follow-up turns against the turns that named their topic."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..harness.jsonl import write_results
from .evaluate import evaluate_pairs, load_pairs


def command(args: argparse.Namespace) -> int:
    from ...composition import create_agent
    from ...llm.calls import llm_usage
    from ...settings import get_settings
    from ...storage import open_storage
    from .router_only import router_run

    pairs = load_pairs(args.pairs)
    settings = get_settings().with_flags(response_cache_enabled=False)
    agent = create_agent(settings, llm_spec=args.llm, index=args.index, storage=open_storage(":memory:"))
    records: list[dict[str, Any]] = []
    if args.router_only:
        run = router_run(agent.deps, records)
    else:
        def run(user: str, text: str, thread: str) -> dict[str, Any]:
            result = agent.run(user, text, thread_id=f"{user}-{thread}")
            records.extend(result.get("llm_calls") or [])
            return result
    report = evaluate_pairs(run, pairs, args.k)
    usage = llm_usage({"llm_calls": records})
    report["llm"] = {"planner": settings.retrieval.planner, "router_only": args.router_only,
                     **{k: v for k, v in usage.items() if k != "llm_tags"},
                     "plan_calls": usage["llm_tags"].count("plan")}
    rows = report.pop("rows")
    write_results(args.out, rows)
    print(json.dumps({"pairs": str(args.pairs), "llm": args.llm, **report}, ensure_ascii=False))
    return 0


def add_parser(eval_subparsers: Any) -> None:
    p = eval_subparsers.add_parser("followups", help="hit@k of follow-up turns vs the turns naming their topic")
    p.add_argument("--pairs", type=Path, required=True, help="JSONL {id, lang, first, follow, gold: [pair ids]}")
    p.add_argument("--llm", default="offline", help="LLM spec (default: offline; retrieval does not need one)")
    p.add_argument("--index", type=Path, help="index folder (default: the knowledge base)")
    p.add_argument("--k", type=int, default=5)
    p.add_argument("--router-only", action="store_true",
                   help="route and retrieve only (no answers): compares MEDAGENT_PLANNER=rules|llm cheaply")
    p.add_argument("--out", type=Path, help="folder for results.jsonl (one row per pair)")
    p.set_defaults(func=command)
