"""Dense retrieval over FAISS inner-product indexes of L2-normalised vectors (inner product = cosine).

A passage may be embedded as several *views* (e.g. its title line and its full text); ``rows`` maps each
FAISS row to its chunk, and a chunk's score is its best view. Several query vectors (the original question
and its expanded form) are searched together and fused by max as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import faiss
import numpy as np

HNSW_THRESHOLD = 200_000  # above this many vectors an exact flat scan gets slow on 2 cores: use HNSW
# efSearch 256: at a million passages recall@10 against exact search is 0.965 at 2.1 ms (128: 0.926 at 1.2 ms;
# `bench scale --sizes 200000,1000000 --vectors index`, docs/benchmarks.md issue 19)
HNSW_M, HNSW_EF_CONSTRUCTION, HNSW_EF_SEARCH = 32, 80, 256
# One query at a time: OpenMP's thread start-up costs more than it saves (MedQuAD-size flat search on 2 cores:
# 9.5 ms with 2 threads, 3.7 ms with 1), and the app serves concurrent users from separate threads anyway.
faiss.omp_set_num_threads(1)


def build_faiss(vectors: np.ndarray) -> faiss.Index:
    dim = vectors.shape[1]
    if len(vectors) > HNSW_THRESHOLD:
        index = faiss.IndexHNSWFlat(dim, HNSW_M, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
    else:
        index = faiss.IndexFlatIP(dim)
    index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    return index


class DenseIndex:
    def __init__(self, index: faiss.Index, rows: np.ndarray):
        self.index, self.rows = index, rows.astype(np.int64)
        self.views = max(1, len(rows) // max(1, int(rows.max()) + 1)) if len(rows) else 1
        if isinstance(index, faiss.IndexHNSWFlat):
            index.hnsw.efSearch = HNSW_EF_SEARCH

    @property
    def kind(self) -> str:
        return type(self.index).__name__

    def search(self, queries: np.ndarray, k: int, mask: np.ndarray | None = None) -> list[tuple[int, float]]:
        """Best ``k`` (chunk index, cosine) over all query vectors and views, best first."""
        if self.index.ntotal == 0 or k <= 0:
            return []
        queries = np.ascontiguousarray(np.atleast_2d(queries), dtype=np.float32)
        fetch = min(self.index.ntotal, k * self.views + 8)
        params = None
        if mask is not None:
            allowed = np.nonzero(mask[self.rows])[0].astype(np.int64)
            if len(allowed) == 0:
                return []
            params = faiss.SearchParameters(sel=faiss.IDSelectorBatch(allowed))
            fetch = min(fetch, len(allowed))
        scores, ids = self.index.search(queries, fetch, params=params) if params else \
            self.index.search(queries, fetch)
        best: dict[int, float] = {}
        for row_scores, row_ids in zip(scores, ids, strict=True):
            for score, row in zip(row_scores, row_ids, strict=True):
                if row < 0:
                    continue
                chunk = int(self.rows[row])
                if score > best.get(chunk, -np.inf):
                    best[chunk] = float(score)
        return sorted(best.items(), key=lambda kv: -kv[1])[:k]

    def similarities(self, query: np.ndarray, chunks: Sequence[int]) -> np.ndarray:
        """Cosine of ``query`` with each chunk, its best view (what the relevance gate reads of a hit)."""
        n_chunks = len(self.rows) // self.views
        out = np.full(len(chunks), -1.0, dtype=np.float32)
        for k, c in enumerate(chunks):
            if 0 <= c < n_chunks:
                out[k] = max(float(self.index.reconstruct(int(v * n_chunks + c)) @ query) for v in range(self.views))
        return out

    def chunk_vectors(self, chunks: Sequence[int]) -> np.ndarray:
        """Stored vectors of chunks (their first view), for pseudo-relevance feedback."""
        n_chunks = len(self.rows) // self.views
        return np.vstack([self.index.reconstruct(int(c)) for c in chunks if 0 <= c < n_chunks])

    def save(self, directory: Path) -> list[str]:
        faiss.write_index(self.index, str(directory / "dense.faiss"))
        np.save(directory / "dense_rows.npy", self.rows)
        return ["dense.faiss", "dense_rows.npy"]

    @classmethod
    def load(cls, directory: Path) -> DenseIndex:
        return cls(faiss.read_index(str(directory / "dense.faiss")), np.load(directory / "dense_rows.npy"))
