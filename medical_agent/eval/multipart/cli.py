"""`python -m medical_agent eval multipart`: all-parts coverage@k, one search of the whole message vs the plan."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..harness.jsonl import write_results
from .evaluate import evaluate, load_questions


def command(args: argparse.Namespace) -> int:
    from ...composition import create_agent
    from ...retrieval.planning import make_plan, planned_search
    from ...settings import get_settings
    from ...storage import open_storage

    deps = create_agent(get_settings(), llm_spec="offline", index=args.index, storage=open_storage(":memory:")).deps
    pipeline, linker = deps.query_pipeline, deps.linker       # exactly what the agent searches with
    methods = {
        "single": lambda text, k: pipeline.search(text, k)[0],
        "planner": lambda text, k: planned_search(make_plan(text, linker.link),
                                                  lambda q: pipeline.search(q, k)[0], k,
                                                  prepare=pipeline.prepare)[0],
    }
    report = evaluate({m: methods[m] for m in args.methods.split(",")}, load_questions(args.questions), args.k)
    rows = report.pop("rows")
    write_results(args.out, rows)
    print(json.dumps({"questions": str(args.questions), **report}, ensure_ascii=False))
    return 0


def add_parser(eval_subparsers: Any) -> None:
    p = eval_subparsers.add_parser("multipart", help="all-parts coverage@k of multi-part questions: single vs planner")
    p.add_argument("--questions", type=Path, required=True, help="JSONL {id, lang, question, parts: [{text, gold}]}")
    p.add_argument("--methods", default="single,planner", help="comma-separated: single, planner")
    p.add_argument("--index", type=Path, help="index folder (default: the knowledge base)")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--out", type=Path, help="folder for results.jsonl (one row per question)")
    p.set_defaults(func=command)
