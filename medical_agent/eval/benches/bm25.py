"""`bench bm25`: our sparse BM25 against rank_bm25's BM25Okapi on the same tokens, same corpus, same run.

Both get the index's own tokenization of every chunk; the report gives the per-query time of each (full
score vector + top-k), the speed ratio and the largest score difference over all queries.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from ...indexing.chunking import bm25_text
from ...retrieval.index_store import LoadedIndex
from ..retrieval.metrics import percentile_ms


def bench_bm25(index: LoadedIndex, queries: Sequence[str], k: int = 50) -> dict[str, Any]:
    tokenizer = index.tokenizer
    start = time.perf_counter()
    corpus = tokenizer.tokenize_many(bm25_text(c) for c in index.chunks)
    reference = BM25Okapi(corpus)
    setup = time.perf_counter() - start
    ours_t, ref_t, max_diff = [], [], 0.0
    for text in queries:
        tokens = tokenizer.tokenize(text)
        t0 = time.perf_counter()
        top = index.bm25.top_k(tokens, k)
        t1 = time.perf_counter()
        ref_scores = reference.get_scores(tokens)
        ref_top = np.argsort(-ref_scores)[:k]
        t2 = time.perf_counter()
        ours_t.append(t1 - t0)
        ref_t.append(t2 - t1)
        max_diff = max(max_diff, float(np.max(np.abs(index.bm25.scores(tokens) - ref_scores))))
        assert len(top) == 0 or abs(top[0][1] - ref_scores[ref_top[0]]) < 1e-6
    ours_p50, ref_p50 = percentile_ms(ours_t, 50), percentile_ms(ref_t, 50)
    return {"chunks": len(index.chunks), "queries": len(queries), "k": k,
            "ours_ms_p50": ours_p50, "ours_ms_p95": percentile_ms(ours_t, 95),
            "rank_bm25_ms_p50": ref_p50, "rank_bm25_ms_p95": percentile_ms(ref_t, 95),
            "speedup_p50": round(ref_p50 / max(ours_p50, 1e-9), 1), "max_abs_score_diff": max_diff,
            "rank_bm25_build_s": round(setup, 1)}
