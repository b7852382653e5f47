"""Choose the Korean query-expansion constants on a development set (``python -m
medical_agent.eval.retrieval.expansion_tuning --index DIR --queries Q --qrels R``), never on the reported test set.

Grid: English terms per glossary word (``glossary.MAX_TERMS``), English synonyms per linked concept
(``query_pipeline.MAX_SYNONYMS``) and the BM25 weight of expansion terms (``query_pipeline.EXPANSION_WEIGHT``).
Prints one JSON line per setting (success@10, nDCG@10) and the best by success@10 then nDCG@10 (ties keep the
shipped setting, which is listed first).
"""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

from ...composition import create_query_pipeline
from ...retrieval import glossary, query_pipeline
from ...settings import get_settings
from .data import load_benchmark
from .evaluate import evaluate, pipeline_search

GRID = {"max_terms": (1, 2, 3), "max_synonyms": (1, 3), "expansion_weight": (0.5, 1.0, 2.0)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--index", type=Path, required=True)
    p.add_argument("--queries", type=Path, required=True)
    p.add_argument("--qrels", type=Path, required=True)
    p.add_argument("--method", default="hybrid")
    args = p.parse_args(argv)
    settings = get_settings()
    queries, qrels = load_benchmark(None, args.queries, args.qrels)
    search = pipeline_search(create_query_pipeline(settings, args.index), [args.method])
    shipped = (glossary.MAX_TERMS, query_pipeline.MAX_SYNONYMS, query_pipeline.EXPANSION_WEIGHT)
    rows = []
    for terms, synonyms, weight in itertools.product(*GRID.values()):
        glossary.MAX_TERMS, query_pipeline.MAX_SYNONYMS, query_pipeline.EXPANSION_WEIGHT = terms, synonyms, weight
        scores = evaluate(search, queries, qrels, [args.method])[args.method]
        row = {"max_terms": terms, "max_synonyms": synonyms, "expansion_weight": weight,
               "success@10": scores["success@10"], "ndcg@10": scores["ndcg@10"]}
        rows.append(row)
        print(json.dumps(row), flush=True)
    glossary.MAX_TERMS, query_pipeline.MAX_SYNONYMS, query_pipeline.EXPANSION_WEIGHT = shipped
    best = max(rows, key=lambda r: (r["success@10"], r["ndcg@10"]))
    print(json.dumps({"best": best, "shipped": dict(zip(GRID, shipped, strict=True))}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
