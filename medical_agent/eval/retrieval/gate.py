"""`python -m medical_agent eval gate`: the relevance gate on the team's gate set (tests/data/gate/questions_*.jsonl),
through the whole agent (offline, or with a model: its one relevance call included).

A covered question is asked over the corpus that covers it (the knowledge base, or MedQuAD with
``--medquad-index``); it should be answered from evidence, with its gold passage among those kept. An uncovered
one is asked over the knowledge base (and MedQuAD too, when given): it must not be answered from unrelated
passages, i.e. no passage reaches its answer. Targets (issue 32): ≥ 95 % of covered questions answered from
evidence, ≥ 85 % of uncovered ones not answered from unrelated passages, offline and with the local model.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ..harness.jsonl import missing_keys, read_jsonl, write_results
from ..harness.stats import wilson

NOT_COVERED = ("not_covered", "llm_not_covered")


def ask(agent: Any, row: dict[str, Any], tag: str) -> dict[str, Any]:
    user = f"gate-{row['id']}-{tag}"
    start = time.perf_counter()
    result = agent.run(user, row["text"], thread_id=user)
    agent.forget(user, [user])
    kept = [d["doc_id"] for d in result.get("retrieved_docs") or []]
    calls = result.get("llm_calls") or []
    return {"verdict": result.get("evidence_verdict"), "generator": result.get("generator"), "kept": kept,
            "from_evidence": bool(result.get("citations")) and result.get("generator") not in NOT_COVERED,
            "gold_kept": any(k in set(row.get("gold") or []) or k.rsplit("-", 1)[0] in set(row.get("gold") or [])
                             for k in kept),
            "best": (result.get("gate") or {}).get("best"), "unknown": (result.get("gate") or {}).get("unknown"),
            "calls": len(calls), "evaluated_tokens": sum(c.get("prompt_tokens", 0) - c.get("cached_tokens", 0)
                                                       for c in calls),
            "seconds": round(time.perf_counter() - start, 2), "answer": (result.get("answer") or "")[:300]}


def evaluate_gate(rows: list[dict[str, Any]], kb: Any, medquad: Any | None) -> dict[str, Any]:
    out = []
    for row in rows:
        record = {"id": row["id"], "lang": row["lang"], "covered": row["covered"], "corpus": row.get("corpus")}
        if row["covered"]:
            agent = medquad if row.get("corpus") == "medquad" else kb
            if agent is None:
                continue
            record["kb" if agent is kb else "medquad"] = ask(agent, row, "c")
            run = record["kb" if agent is kb else "medquad"]
            record["ok"] = run["from_evidence"]
        else:
            runs = {"kb": ask(kb, row, "kb"), **({"medquad": ask(medquad, row, "mq")} if medquad else {})}
            record.update(runs)
            record["ok"] = all(r["generator"] in NOT_COVERED for r in runs.values())
        out.append(record)
    return {**summary(out), "rows": out}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for key, covered in (("covered_answered_from_evidence", True), ("uncovered_not_answered", False)):
        for lang in ("all", "ko", "en"):
            sel = [r for r in rows if r["covered"] == covered and lang in ("all", r["lang"])]
            ok = sum(r["ok"] for r in sel)
            report.setdefault(key, {})[lang] = {"share": round(ok / len(sel), 3) if sel else None, "n": len(sel),
                                                "ci95": [round(x, 3) for x in wilson(ok, len(sel))] if sel else None}
    covered = [run for r in rows if r["covered"] for run in (r.get("kb") or r.get("medquad"),) if run]
    report["covered_gold_kept"] = round(sum(r["gold_kept"] for r in covered) / len(covered), 3) if covered else None
    runs = [run for r in rows for run in (r.get("kb"), r.get("medquad")) if run]
    report["verdicts"] = {v: sum(r["verdict"] == v for r in runs) for v in sorted({r["verdict"] for r in runs})}
    report["llm_calls_per_question"] = round(sum(r["calls"] for r in runs) / len(runs), 2) if runs else 0
    report["evaluated_tokens_per_question"] = round(sum(r["evaluated_tokens"] for r in runs) / len(runs)) if runs else 0
    report["misses"] = [r["id"] for r in rows if not r["ok"]]
    return report


def run_command(args: argparse.Namespace) -> int:
    from ...composition import create_agent
    from ...llm import create_llm
    from ...settings import get_settings
    from ...storage import open_storage

    settings = get_settings()
    llm, info = create_llm(settings, args.llm)
    agents = [create_agent(settings, llm=llm, llm_spec=args.llm, index=index, storage=open_storage(":memory:"))
              if index else None
              for index in (args.index, args.medquad_index)]
    rows = read_jsonl(args.set, missing_keys("id", "lang", "text", "covered"))
    report = evaluate_gate(rows, agents[0], agents[1])
    write_results(args.out, report.pop("rows"))
    print(json.dumps({"set": str(args.set), "llm": info.label, "index": str(args.index),
                      "medquad_index": str(args.medquad_index) if args.medquad_index else None, **report},
                     ensure_ascii=False))
    return 0


def add_parser(ev: argparse._SubParsersAction) -> None:
    p = ev.add_parser("gate", help="the relevance gate on the team's gate set (covered / uncovered questions)")
    p.add_argument("--set", type=Path, default=Path("tests/data/gate/questions_dev.jsonl"))
    p.add_argument("--index", type=Path, help="the knowledge base's index (default: the app's)")
    p.add_argument("--medquad-index", type=Path, help="an index of MedQuAD for the questions it covers")
    p.add_argument("--llm", default="offline", help="LLM spec (offline, llamacpp, openai, fake)")
    p.add_argument("--out", type=Path, help="folder for results.jsonl (one row per question)")
    p.set_defaults(func=run_command)
