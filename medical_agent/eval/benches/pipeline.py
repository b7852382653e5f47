"""`python -m medical_agent bench pipeline`: what the query pipeline alone adds to a query (issue 8 budget:
≤ 15 ms p50 on 2 cores). Times ``QueryPipeline.query`` (language detection, concept linking, glossary,
loanwords, intent lexicon) after a warm-up, without the searches themselves."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ..retrieval.metrics import percentile_ms


def bench_pipeline(pipeline: Any, texts: list[str], repeats: int = 3) -> dict[str, Any]:
    pipeline.warm_up()
    times = []
    for _ in range(repeats):
        for text in texts:
            start = time.perf_counter()
            pipeline.query(text)
            times.append(time.perf_counter() - start)
    return {"queries": len(texts), "repeats": repeats, "pipeline_ms_p50": percentile_ms(times, 50),
            "pipeline_ms_p95": percentile_ms(times, 95)}


def run_command(args: argparse.Namespace) -> int:
    from ...composition import create_query_pipeline
    from ...settings import get_settings
    from ..retrieval.data import load_benchmark

    settings = get_settings()
    queries, _ = load_benchmark(args.dataset, args.queries, args.qrels, "all")
    pipeline = create_query_pipeline(settings, args.index)
    report = bench_pipeline(pipeline, list(queries.values()), args.repeats)
    report.update({"index": str(args.index), "dataset": args.dataset or str(args.queries)})
    print(json.dumps(report))
    return 0


def add_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("pipeline", help="query pipeline cost per query (no search)")
    p.add_argument("--index", type=Path, required=True)
    p.add_argument("--dataset", help="bioasq:DIR | liveqa:SHARED_DATA_DIR")
    p.add_argument("--queries", type=Path, help="JSONL {id, text} (with --dataset: replaces the texts)")
    p.add_argument("--qrels", type=Path, help="TREC qrels: qid 0 doc_id grade")
    p.add_argument("--repeats", type=int, default=3)
    p.set_defaults(func=run_command)
