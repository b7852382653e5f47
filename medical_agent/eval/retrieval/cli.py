"""`python -m medical_agent eval retrieval | tune-fusion`: retrieval metrics and fusion tuning from the command line.

Kept out of cli.py (which only registers them) so the options live next to the benchmark code. Both build the
agent's own query pipeline (``open_query_pipeline``), so what they measure is what the retrieve node runs.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

from ...settings import FUSION_METHODS, SettingsError, get_settings


def number_pairs(text: str, option: str, form: str) -> list[tuple[float, float]]:
    """"a:b,c:d" → [(a, b), (c, d)], or an error naming the option and the expected form."""
    try:
        pairs = [tuple(float(x) for x in pair.split(":")) for pair in text.split(",")]
    except ValueError:
        pairs = []
    if not pairs or any(len(p) != 2 for p in pairs):
        raise ValueError(f"{option}: expected {form}, got {text!r}")
    return pairs  # type: ignore[return-value]


def _eval_retrieval(args: argparse.Namespace) -> int:
    from ...composition import create_query_pipeline
    from .data import load_benchmark, query_languages
    from .evaluate import evaluate, pipeline_search

    settings = get_settings()
    if args.fusion:
        settings = settings.replace(fusion_method=args.fusion)
    if args.weights:
        (bm25_w, dense_w), = number_pairs(args.weights.replace(",", ":"), "--weights", "BM25,DENSE e.g. 1.0,0.5")
        settings = settings.replace(bm25_weight=bm25_w, dense_weight=dense_w)
    queries, qrels = load_benchmark(args.dataset, args.queries, args.qrels, args.split)
    llm, translation = None, "off"
    if args.translate_with:
        from ...llm import create_llm

        settings = settings.replace(query_translation_enabled=True)
        llm, info = create_llm(settings, args.translate_with)
        if llm is None:
            raise SettingsError(f"--translate-with needs a language model, got {args.translate_with!r}")
        translation = info.label
    pipeline = create_query_pipeline(settings, args.index, embedder_spec=args.embedder, expand=not args.no_expand,
                                     llm=llm)
    retriever = pipeline.retriever
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    report = evaluate(pipeline_search(pipeline, methods, settings.retrieval.rrf_k), queries, qrels, methods, k=args.k,
                      min_grade=args.min_grade, groups=query_languages(args.dataset))
    report.update({"index": str(args.index), "dataset": args.dataset or str(args.queries), "split": args.split,
                   "fusion": retriever.fusion, "weights": list(retriever.weights),
                   "prf": [retriever.prf_docs, retriever.prf_weight], "expand": not args.no_expand,
                   "crosslingual": asdict(pipeline.crosslingual) if pipeline.crosslingual else None,
                   "embedder": retriever.embedder.name, "translation": translation})
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _eval_tune_fusion(args: argparse.Namespace) -> int:
    from ...composition import create_query_pipeline
    from .data import load_benchmark
    from .fusion_tuning import tune_with_feedback

    settings = get_settings()
    queries, qrels = load_benchmark(args.dataset, args.queries, args.qrels, args.split)
    pipeline = create_query_pipeline(settings, args.index, embedder_spec=args.embedder, expand=not args.no_expand)
    retriever = pipeline.retriever
    feedback = [(int(d), w) for d, w in number_pairs(args.prf, "--prf", "DOCS:WEIGHT,... e.g. 0:0,3:4")] \
        if args.prf else [(retriever.prf_docs, retriever.prf_weight)]
    report = tune_with_feedback(pipeline, feedback, queries, qrels, depth=args.depth, rrf_k=settings.retrieval.rrf_k,
                                k=args.k)
    report.update({"index": str(args.index), "dataset": args.dataset or str(args.queries), "split": args.split,
                   "embedder": retriever.embedder.name, "expand": not args.no_expand})
    print(json.dumps(report, ensure_ascii=False))
    return 0


def benchmark_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--index", type=Path, required=True)
    p.add_argument("--dataset", help="bioasq:DIR | liveqa:SHARED_DATA_DIR | team:FILE.jsonl (tests/data/visitor, "
                   "tests/data/gate)")
    p.add_argument("--queries", type=Path, help="JSONL {id, text} (with --dataset: replaces the texts)")
    p.add_argument("--qrels", type=Path, help="TREC qrels: qid 0 doc_id grade")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--embedder", help="embedder spec (default: the one the index was built with)")


def add_parsers(ev: argparse._SubParsersAction) -> None:
    r = ev.add_parser("retrieval", help="retrieval metrics (nDCG, recall, MRR, success) and latency")
    benchmark_args(r)
    r.add_argument("--split", default="test", choices=["test", "dev", "all"], help="BioASQ split")
    r.add_argument("--methods", default="bm25,dense,hybrid",
                   help="comma-separated: bm25, dense, hybrid, planner (the agent's plan of a several-part message "
                   "over hybrid), seed_bm25, seed_hybrid")
    r.add_argument("--min-grade", type=float, default=1.0, help="grade counted as relevant by binary metrics")
    r.add_argument("--fusion", choices=FUSION_METHODS)
    r.add_argument("--weights", help="BM25,dense fusion weights, e.g. 1.0,0.5")
    r.add_argument("--no-expand", action="store_true", help="ablate the query pipeline's expansion")
    r.add_argument("--translate-with", metavar="LLM_SPEC",
                   help="add the optional LLM query translation with this backend (e.g. llamacpp)")
    r.set_defaults(func=_eval_retrieval)
    t = ev.add_parser("tune-fusion", help="choose fusion method and weights on a development split")
    benchmark_args(t)
    t.add_argument("--split", default="dev", choices=["test", "dev", "all"], help="BioASQ split")
    t.add_argument("--depth", type=int, default=100, help="candidates per retriever")
    t.add_argument("--prf", help="feedback settings to try, DOCS:WEIGHT list, e.g. 0:0,3:4,5:4 (default: settings)")
    t.add_argument("--no-expand", action="store_true", help="ablate the query pipeline's expansion")
    t.set_defaults(func=_eval_tune_fusion)
    from .gate import add_parser as add_gate

    add_gate(ev)
