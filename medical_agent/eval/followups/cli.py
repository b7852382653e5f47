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
    from ...settings import get_settings
    from ...storage import open_storage

    pairs = load_pairs(args.pairs)
    settings = get_settings().with_flags(response_cache_enabled=False)
    agent = create_agent(settings, llm_spec=args.llm, index=args.index, storage=open_storage(":memory:"))
    report = evaluate_pairs(lambda user, text, thread: agent.run(user, text, thread_id=f"{user}-{thread}"),
                            pairs, args.k)
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
    p.add_argument("--out", type=Path, help="folder for results.jsonl (one row per pair)")
    p.set_defaults(func=command)
