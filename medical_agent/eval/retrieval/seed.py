"""The seed design as a baseline for `eval retrieval --methods seed_bm25,seed_hybrid` (issue 8).

The seed retrieved with BM25 over lower-cased regex words (no morphology: 당뇨병은 ≠ 당뇨병, and never an English
word), FAISS over the same passage vectors, and equal-weight RRF — no query pipeline, no feedback. Rebuilding
that BM25 from the index's own chunks (a few seconds) keeps the comparison on the same corpus and vectors.
"""

from __future__ import annotations

import re

from ...evidence import Evidence
from ...indexing.chunking import indexed_text
from ...retrieval.bm25 import BM25Index
from ...retrieval.hybrid import HybridRetriever, fuse

WORD = re.compile(r"\w+")
SEED_METHODS = ("seed_bm25", "seed_hybrid")


def regex_tokens(text: str) -> list[str]:
    return WORD.findall(text.lower())


class SeedRetriever:
    def __init__(self, retriever: HybridRetriever, rrf_k: int = 60):
        self.retriever, self.rrf_k = retriever, rrf_k
        self.bm25 = BM25Index.build([regex_tokens(indexed_text(c)) for c in retriever.index.chunks])

    def search(self, text: str, k: int, method: str = "seed_hybrid") -> list[Evidence]:
        if method not in SEED_METHODS:
            raise ValueError(f"unknown seed method {method!r}; valid: {', '.join(SEED_METHODS)}")
        n = max(2 * k, 50)
        bm25 = self.bm25.top_k(regex_tokens(text), n)
        dense = [] if method == "seed_bm25" else \
            self.retriever.index.dense.search(self.retriever.embedder.encode_queries([text]), n)
        fused = fuse(bm25, dense, method="bm25" if method == "seed_bm25" else "hybrid", fusion="rrf",
                     weights=(1.0, 1.0), rrf_k=self.rrf_k, k=k)
        return [self.retriever.hit(i, s, rank, b, d) for rank, (i, s, b, d) in enumerate(fused, start=1)]
