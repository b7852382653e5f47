"""`python -m medical_agent bench judge`: how a real model handles a judge's structured call — usable replies at
the first try, repairs, fallbacks, tokens and seconds per judgement — with the reply schema (structured output)
or without it (JSON mode only), on the same inputs. ``--judge verify`` is the self-refine loop's verifier (on the
turn's shared context); ``--judge faithfulness`` the per-claim verdicts of `eval run`.

The inputs are the offline agent's turns (extractive answers over the knowledge base) for the questions given,
so both runs judge the same answers and evidence; only turns that retrieved evidence are judged, as in the
agent. The report holds counts, tokens, times, scores and format errors: no question or answer text."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ...evidence import Evidence
from ...generation.finalize import body_of
from ...llm.structured import structured_call
from ...text import detect_language
from ...verify.claims import sentences
from ...verify.faithfulness import cited_claims, claim_request
from ...verify.verdict import GRADES
from ...verify.verifier import verify_request


def judge_inputs(agent: Any, questions: list[str], n: int) -> list[dict[str, Any]]:
    inputs = []
    for i, question in enumerate(questions):
        result = agent.run(f"judge-bench-{i}", question, thread_id=f"judge-bench-{i}")
        if result["retrieved_docs"] and not result["cache_hit"]:
            docs = Evidence.many(result["retrieved_docs"])
            state = agent.thread_state(f"judge-bench-{i}")
            inputs.append({"question": question, "answer": result["answer"], "profile": result["profile_summary"],
                           "system": state["system_prompt"], "context": state["user_prompt"],
                           "docs": docs, "passages": {n: docs[n - 1].passage for n in range(1, len(docs) + 1)}})
        if len(inputs) == n:
            break
    return inputs


def request(item: dict[str, Any], judge: str) -> dict[str, Any]:
    if judge == "faithfulness":
        return claim_request(cited_claims(item["answer"]), item["passages"])
    body = body_of(item["answer"])
    return verify_request(item["system"], item["context"], detect_language(item["question"]), body, sentences(body))


def _score(value: Any, judge: str) -> float:
    """The verifier's mean grade, or the share of claims judged supported."""
    if judge == "verify":
        return round(sum(value[g] for g in GRADES) / len(GRADES), 3)
    return round(sum(value) / len(value), 3) if value else 0.0


def bench_judge(llm: Any, inputs: list[dict[str, Any]], schema: bool, judge: str = "verify") -> dict[str, Any]:
    rows = []
    for item in inputs:
        if judge == "faithfulness" and not cited_claims(item["answer"]):
            continue
        start = time.perf_counter()
        call = request(item, judge)
        reply = structured_call(llm, **{**call, "schema": call["schema"] if schema else None})
        rows.append({"ok": reply.ok, "first_try": reply.ok and len(reply.records) == 1,
                     "calls": len(reply.records), "seconds": round(time.perf_counter() - start, 1),
                     "prompt_tokens": sum(r["prompt_tokens"] for r in reply.records),
                     "cached_tokens": sum(r.get("cached_tokens", 0) for r in reply.records),
                     "completion_tokens": sum(r["completion_tokens"] for r in reply.records),
                     "score": _score(reply.value, judge) if reply.ok else None,
                     "error": reply.error})
    n = len(rows) or 1
    return {"judge": judge, "schema": schema, "judged": len(rows), "usable": sum(r["ok"] for r in rows),
            "usable_first_try": sum(r["first_try"] for r in rows), "fallbacks": sum(not r["ok"] for r in rows),
            "calls": sum(r["calls"] for r in rows), "cached_tokens_per_judgement": round(
                sum(r["cached_tokens"] for r in rows) / n),
            "seconds_per_judgement": round(sum(r["seconds"] for r in rows) / n, 1),
            "prompt_tokens_per_judgement": round(sum(r["prompt_tokens"] for r in rows) / n),
            "completion_tokens_per_judgement": round(sum(r["completion_tokens"] for r in rows) / n), "rows": rows}


def run_command(args: argparse.Namespace) -> int:
    from ...composition import create_agent
    from ...llm import create_llm
    from ...settings import get_settings
    from ...storage import open_storage
    from .turn import load_turns

    settings = get_settings()
    llm, info = create_llm(settings, args.llm)
    if llm is None:
        raise ValueError(f"bench judge needs a language model, got {args.llm!r}")
    agent = create_agent(settings, llm_spec="offline", index=args.index, storage=open_storage(":memory:"))
    inputs = judge_inputs(agent, [t["text"] for t in load_turns(args.queries)], args.n)
    for schema in [False, True] if args.modes == "both" else [args.modes == "schema"]:
        report = bench_judge(llm, inputs, schema, args.judge)
        print(json.dumps({**report, "llm": info.label}, ensure_ascii=False), flush=True)
    return 0


def add_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("judge", help="the CRAG judge's structured call with a real model")
    p.add_argument("--llm", required=True, help="LLM spec, e.g. llamacpp")
    p.add_argument("--queries", type=Path, required=True, help='JSONL {"text"} or text lines (bench turn format)')
    p.add_argument("--index", type=Path, help="index directory (default: the knowledge base)")
    p.add_argument("--n", type=int, default=10, help="judge inputs (turns that retrieved evidence)")
    p.add_argument("--modes", choices=["both", "schema", "json"], default="both")
    p.add_argument("--judge", choices=["verify", "faithfulness"], default="verify")
    p.set_defaults(func=run_command)
