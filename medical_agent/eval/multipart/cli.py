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
    from ...llm.calls import llm_usage
    from ...retrieval.llm_planning import ask_plan
    from ...retrieval.planning import make_plan, planned_search
    from ...settings import get_settings
    from ...storage import open_storage
    from ...text import detect_language

    wanted = args.methods.split(",")
    if "llm_planner" in wanted and args.llm == "offline":
        raise SystemExit("eval multipart: the llm_planner method needs a model (--llm llamacpp | openai | fake)")
    deps = create_agent(get_settings(), llm_spec=args.llm, index=args.index, storage=open_storage(":memory:")).deps
    pipeline, linker = deps.query_pipeline, deps.linker       # exactly what the agent searches with
    records: list[dict[str, Any]] = []
    failed: list[str] = []

    def planned(plan: Any, k: int, text: str) -> list:
        return planned_search(plan, lambda q: pipeline.search(q, k)[0], k, prepare=pipeline.prepare, whole=text)[0]

    def llm_planner(text: str, k: int) -> list:
        """The planning call as the agent makes it on a first turn; its failures fall back to the rules."""
        asked = ask_plan(deps.llm, text, [], "", detect_language(text))
        records.extend(asked.records)
        if asked.value is None:
            failed.append(text)
        return planned(asked.value.plan() if asked.value else make_plan(text, linker.link), k, text)

    methods = {
        "single": lambda text, k: pipeline.search(text, k)[0],
        "planner": lambda text, k: planned(make_plan(text, linker.link), k, text),
        "llm_planner": llm_planner,
    }
    report = evaluate({m: methods[m] for m in wanted}, load_questions(args.questions), args.k)
    rows = report.pop("rows")
    if "llm_planner" in wanted:
        usage = llm_usage({"llm_calls": records})
        report["llm_planner"]["llm"] = {"llm": args.llm, **{k: v for k, v in usage.items() if k != "llm_tags"},
                                        "calls_per_question": round(len(records) / max(1, len(rows)), 2),
                                        "failed_plans": len(failed)}
    write_results(args.out, rows)
    print(json.dumps({"questions": str(args.questions), **report}, ensure_ascii=False))
    return 0


def add_parser(eval_subparsers: Any) -> None:
    p = eval_subparsers.add_parser("multipart", help="all-parts coverage@k of multi-part questions: single vs planner")
    p.add_argument("--questions", type=Path, required=True, help="JSONL {id, lang, question, parts: [{text, gold}]}")
    p.add_argument("--methods", default="single,planner",
                   help="comma-separated: single, planner (rules), llm_planner (one planning call per question)")
    p.add_argument("--llm", default="offline", help="LLM spec for llm_planner (llamacpp, openai, fake)")
    p.add_argument("--index", type=Path, help="index folder (default: the knowledge base)")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--out", type=Path, help="folder for results.jsonl (one row per question)")
    p.set_defaults(func=command)
