"""`python -m medical_agent chat|profile|eval|bench`: the command-line contract benchmarks call.

JSON goes to stdout (one object per line where there are several); progress and logs go to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .logging_setup import setup_logging
from .settings import SettingsError, apply_offline_env, get_settings


def _eval_retrieval(args: argparse.Namespace) -> int:
    from .eval.retrieval_data import load_benchmark
    from .eval.retrieval_eval import evaluate
    from .retrieval.factory import open_retriever

    settings = get_settings()
    if args.fusion:
        settings = settings.replace(fusion_method=args.fusion)
    if args.weights:
        bm25_w, dense_w = (float(x) for x in args.weights.split(","))
        settings = settings.replace(bm25_weight=bm25_w, dense_weight=dense_w)
    queries, qrels = load_benchmark(args.dataset, args.queries, args.qrels, args.split)
    retriever = open_retriever(settings, args.index, embedder_spec=args.embedder, use_index_embedder=True)
    from .retrieval.hybrid import Query

    def search(text: str, n: int, method: str):
        return retriever.search(Query(text), n, method=method)

    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    report = evaluate(search, queries, qrels, methods, k=args.k, min_grade=args.min_grade)
    report.update({"index": str(args.index), "dataset": args.dataset or str(args.queries), "split": args.split,
                   "fusion": settings.fusion_method, "weights": [settings.bm25_weight, settings.dense_weight],
                   "embedder": retriever.embedder.name})
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _eval_tune_fusion(args: argparse.Namespace) -> int:
    from .eval.fusion_tuning import tune
    from .eval.retrieval_data import load_benchmark
    from .retrieval.factory import open_retriever
    from .retrieval.hybrid import Query

    settings = get_settings()
    queries, qrels = load_benchmark(args.dataset, args.queries, args.qrels, args.split)
    retriever = open_retriever(settings, args.index, embedder_spec=args.embedder, use_index_embedder=True)

    def candidates(text: str):
        q = Query(text)
        return retriever.bm25_candidates(q, args.depth, None), retriever.dense_candidates(q, args.depth, None)

    doc_of = [c["doc_id"] for c in retriever.index.chunks]
    report = tune(candidates, doc_of, queries, qrels, rrf_k=settings.flags.rrf_k, k=args.k)
    report.update({"index": str(args.index), "dataset": args.dataset or str(args.queries), "split": args.split})
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _benchmark_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--index", type=Path, required=True)
    p.add_argument("--dataset", help="bioasq:DIR | liveqa:SHARED_DATA_DIR")
    p.add_argument("--queries", type=Path, help="JSONL {id, text} (with --dataset: replaces the texts)")
    p.add_argument("--qrels", type=Path, help="TREC qrels: qid 0 doc_id grade")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--embedder", help="embedder spec (default: the one the index was built with)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m medical_agent", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("eval", help="benchmarks").add_subparsers(dest="eval_command", required=True)
    r = ev.add_parser("retrieval", help="retrieval metrics (nDCG, recall, MRR, success) and latency")
    _benchmark_args(r)
    r.add_argument("--split", default="test", choices=["test", "dev", "all"], help="BioASQ split")
    r.add_argument("--methods", default="bm25,dense,hybrid")
    r.add_argument("--min-grade", type=float, default=1.0, help="grade counted as relevant by binary metrics")
    r.add_argument("--fusion", choices=["rrf", "weighted_rrf", "convex"])
    r.add_argument("--weights", help="BM25,dense fusion weights, e.g. 1.0,0.5")
    r.set_defaults(func=_eval_retrieval)
    t = ev.add_parser("tune-fusion", help="choose fusion method and weights on a development split")
    _benchmark_args(t)
    t.add_argument("--split", default="dev", choices=["test", "dev", "all"], help="BioASQ split")
    t.add_argument("--depth", type=int, default=100, help="candidates per retriever")
    t.set_defaults(func=_eval_tune_fusion)
    return parser


def main(argv: list[str] | None = None) -> int:
    apply_offline_env()
    args = build_parser().parse_args(argv)
    setup_logging(log_health_data=False)
    try:
        return args.func(args)
    except (ValueError, SettingsError, OSError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
