"""`python -m medical_agent eval qa --dataset bioasq-yn|pubmedqa|medqa|mmlu|medmcqa --n N --seed S
--modes llm,agent --llm SPEC --index DIR --out DIR`: objective answer correctness, LLM mode vs the agent.

Writes results.jsonl (resumable), summary.json and report.md; prints the summary as one JSON line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .data import DATASETS, load_qa
from .run import read_records, run_qa, summarise

ANCHOR = ("Published anchor (MedRAG paper, Table 7): MedRAG raises six LLMs by up to 18 points over chain-of-thought; "
          "GPT-3.5 averages 60.69 without retrieval and 71.57 with RRF-fused retrieval over PubMed, StatPearls, "
          "textbooks and Wikipedia.")
CORPUS_NOTE = {
    "bioasq-yn": "Corpus: the BioASQ gold-snippet index. The gold snippets of these very questions are in the pool, "
                 "so retrieval is easier than MIRAGE's PubMed corpus.",
    "pubmedqa": "Corpus: the PubMedQA contexts index. Each question's own abstract is in the pool, so retrieval is "
                "easier than MIRAGE's PubMed corpus.",
}


def report(summary: dict[str, Any], meta: dict[str, Any]) -> str:
    lines = [f"# eval qa: {meta['dataset']} ({summary['questions']} {meta['sample']} questions, seed {meta['seed']})",
             "",
             f"Model: {meta['llm']}. Index: {meta['index']}.", "",
             "| mode | accuracy | 95 % CI | unparsed | s / question | LLM calls | evaluated prompt tokens |",
             "|---|---|---|---|---|---|---|"]
    for mode, m in summary["modes"].items():
        lines.append(f"| {mode} | {m['accuracy']} | {m['ci95'][0]}–{m['ci95'][1]} | {m['unparsed']} | "
                     f"{m['seconds_mean']} | {m['llm_calls_mean']} | {m['evaluated_prompt_tokens_mean']} |")
    if "mcnemar" in summary:
        mc = summary["mcnemar"]
        lines += ["", f"McNemar (exact, {mc['paired']} paired): agent only correct {mc['agent_only_correct']}, "
                      f"LLM only correct {mc['llm_only_correct']}, p = {mc['p_exact']}."]
    note = CORPUS_NOTE.get(meta["dataset"], "Corpus: MedQuAD (it does not cover these exam questions).")
    return "\n".join([*lines, "", note, "", ANCHOR, ""])


def run_command(args: argparse.Namespace) -> int:
    from ...composition import create_agent
    from ...settings import get_settings
    from ...storage import open_storage

    settings = get_settings()
    items = load_qa(args.dataset, settings.paths.shared_data_dir, args.n, args.seed, dev=args.dev)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not set(modes) <= {"llm", "agent"}:
        raise ValueError(f"--modes: llm and/or agent, got {args.modes!r}")
    agent = create_agent(settings.with_flags(response_cache_enabled=False), llm_spec=args.llm, index=args.index,
                         storage=open_storage(":memory:"))
    meta = {"dataset": args.dataset, "n": args.n, "seed": args.seed, "sample": "dev" if args.dev else "test",
            "modes": modes, "llm": agent.deps.llm_info.label, "answer": "choice" if args.choose else "text",
            "index": str(args.index or settings.paths.index_dir)}
    counts = run_qa(agent, items, modes, args.dataset, args.out, choose=args.choose)
    summary = {**meta, **summarise(list(read_records(args.out)), [i.id for i in items]), **counts}
    (args.out / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    (args.out / "report.md").write_text(report(summary, meta), encoding="utf-8")
    print(json.dumps(summary, ensure_ascii=False))
    return 0


def add_parser(eval_subparsers: Any) -> None:
    p = eval_subparsers.add_parser("qa", help="answer correctness on medical QA sets, LLM mode vs agent")
    p.add_argument("--dataset", required=True, choices=DATASETS)
    p.add_argument("--n", type=int, help="questions (a fixed sample for the seed; default all)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dev", action="store_true", help="the development sample (disjoint from the test sample)")
    p.add_argument("--modes", default="llm,agent")
    p.add_argument("--llm", help="LLM spec (default: the configured one)")
    p.add_argument("--index", type=Path, help="index to search in agent mode (default: the knowledge base)")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--choose", action="store_true", help="read the answer as a constrained one-word choice made "
                   "after the answer, on the same prompt (both modes); the text-parsed answer is kept beside it")
    p.set_defaults(func=run_command)
