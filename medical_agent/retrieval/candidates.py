"""Where the hybrid retriever's two candidate lists come from: a :class:`CandidateSource` answers a lexical
search and a dense search with (chunk index, score) lists, best first, and hands out stored vectors for
pseudo-relevance feedback. Fusion, feedback and the hits stay in :class:`~.hybrid.HybridRetriever`, so every
source is fused by the same code. :class:`LocalCandidates` searches the index directory's BM25 matrix and FAISS
index; ``postgres_passages.PostgresCandidates`` searches PostgreSQL (full text and pgvector)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np

from .index_store import LoadedIndex

Filters = Mapping[str, str | list[str]] | None


class CandidateSource(Protocol):
    name: str

    def lexical(self, tokens: Sequence[str], extra: Mapping[str, float], n: int, filters: Filters
                ) -> list[tuple[int, float]]:
        """Best ``n`` chunks for the query's tokens (the index tokenizer's) and weighted expansion tokens."""
        ...

    def dense(self, vectors: np.ndarray, n: int, filters: Filters) -> list[tuple[int, float]]:
        """Best ``n`` chunks by inner product over all query vectors and views (max)."""
        ...

    def chunk_vectors(self, chunks: Sequence[int]) -> np.ndarray:
        """The stored vectors (first view) of ``chunks``."""
        ...

    def similarities(self, query: np.ndarray, chunks: Sequence[int]) -> np.ndarray:
        """Cosine of one query vector with each of ``chunks`` (their best view where a source keeps several)."""
        ...


class LocalCandidates:
    """The index directory's own BM25 (scipy) and FAISS index, filtered by boolean masks."""

    name = "local"

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index

    def lexical(self, tokens: Sequence[str], extra: Mapping[str, float], n: int, filters: Filters
                ) -> list[tuple[int, float]]:
        return self.index.bm25.top_k(tokens, n, mask=self.index.mask(filters), extra=dict(extra))

    def dense(self, vectors: np.ndarray, n: int, filters: Filters) -> list[tuple[int, float]]:
        return self.index.dense.search(vectors, n, mask=self.index.mask(filters))

    def chunk_vectors(self, chunks: Sequence[int]) -> np.ndarray:
        return self.index.dense.chunk_vectors(chunks)

    def similarities(self, query: np.ndarray, chunks: Sequence[int]) -> np.ndarray:
        return self.index.dense.similarities(query, chunks)
