"""BM25 Okapi on a sparse matrix: the whole score vector of a query is one sparse column sum.

Weights are precomputed per (document, term): idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avgdl)), with
rank_bm25's IDF conventions (negative IDFs replaced by ε·mean IDF, ε = 0.25), so scores equal
``rank_bm25.BM25Okapi.get_scores`` on the same tokens. Top-k uses ``np.argpartition`` (O(n)) on the dense
score vector; a Python heap over 16k scores would cost more than the scoring itself.

A passage may be searched by more words than its own (the knowledge base's lay questions, issue 31); ``own`` then
holds which words each passage itself has (documents × terms, 1 where it has the term), for the relevance gate's
word-overlap check, whose threshold was set on the passages' own words.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy import sparse

K1, B, EPSILON = 1.5, 0.75, 0.25
OWN_FILE = "bm25_own.npz"


class BM25Index:
    def __init__(self, weights: sparse.csc_matrix, vocab: dict[str, int], k1: float = K1, b: float = B,
                 own: sparse.csr_matrix | None = None):
        self.weights, self.vocab, self.k1, self.b, self.own = weights, vocab, k1, b, own
        self.n_docs = weights.shape[0]

    @classmethod
    def build(cls, corpus: Sequence[Sequence[str]], k1: float = K1, b: float = B,
              epsilon: float = EPSILON) -> BM25Index:
        vocab: dict[str, int] = {}
        rows, cols, tfs = [], [], []
        for i, tokens in enumerate(corpus):
            for term, tf in Counter(tokens).items():
                rows.append(i)
                cols.append(vocab.setdefault(term, len(vocab)))
                tfs.append(tf)
        tf_m = sparse.csr_matrix((np.asarray(tfs, np.float64), (rows, cols)), shape=(len(corpus), len(vocab)))
        return cls.from_counts(tf_m, vocab, k1, b, epsilon)

    @classmethod
    def from_counts(cls, tf_m: sparse.spmatrix, vocab: dict[str, int], k1: float = K1, b: float = B,
                    epsilon: float = EPSILON) -> BM25Index:
        """From a (documents × terms) term-frequency matrix: what ``build`` counts, or a benchmark's synthetic
        corpus of a million passages that would not fit in Python lists."""
        coo = sparse.coo_matrix(tf_m)
        coo.sum_duplicates()
        n = coo.shape[0]
        doc_len = np.asarray(coo.sum(axis=1), dtype=np.float64).ravel()
        df = np.bincount(coo.col.astype(np.int64), minlength=coo.shape[1]).astype(np.float64)
        idf = np.log(n - df + 0.5) - np.log(df + 0.5)
        if len(idf):
            idf[idf < 0] = epsilon * idf.mean()
        avgdl = doc_len.sum() / max(n, 1)
        norm = k1 * (1 - b + b * doc_len / max(avgdl, 1e-9))
        data = idf[coo.col] * coo.data * (k1 + 1) / (coo.data + norm[coo.row])
        weights = sparse.csc_matrix((data, (coo.row, coo.col)), shape=coo.shape)
        return cls(weights, vocab, k1, b)

    def query_vector(self, tokens: Sequence[str], extra: dict[str, float] | None = None) -> tuple[list[int], list[float]]:
        """Term ids and weights: each query token counts once per occurrence (as rank_bm25 does),
        expansion terms add their own weight."""
        counts: Counter[str] = Counter(tokens)
        weights: dict[str, float] = {t: float(c) for t, c in counts.items()}
        for term, w in (extra or {}).items():
            weights[term] = weights.get(term, 0.0) + w
        ids, ws = [], []
        for term, w in weights.items():
            idx = self.vocab.get(term)
            if idx is not None:
                ids.append(idx)
                ws.append(w)
        return ids, ws

    def scores(self, tokens: Sequence[str], extra: dict[str, float] | None = None) -> np.ndarray:
        ids, ws = self.query_vector(tokens, extra)
        if not ids:
            return np.zeros(self.n_docs, dtype=np.float64)
        return np.asarray(self.weights[:, ids] @ np.asarray(ws, dtype=np.float64)).ravel()

    def top_k(self, tokens: Sequence[str], k: int, *, mask: np.ndarray | None = None,
              extra: dict[str, float] | None = None) -> list[tuple[int, float]]:
        """Best ``k`` (doc index, score) with score > 0, best first; ``mask`` limits to allowed docs."""
        scores = self.scores(tokens, extra)
        if mask is not None:
            scores = np.where(mask, scores, 0.0)
        positive = int(np.count_nonzero(scores > 0))
        k = min(k, positive)
        if k <= 0:
            return []
        idx = np.argpartition(-scores, k - 1)[:k] if k < len(scores) else np.arange(len(scores))
        idx = idx[np.argsort(-scores[idx], kind="stable")]
        return [(int(i), float(scores[i])) for i in idx if scores[i] > 0]

    def with_own_words(self, own_words: Sequence[Sequence[str]]) -> BM25Index:
        """This index, knowing which of its words each passage has itself (``own_words``: a token list per passage,
        all of them among the words it was built from)."""
        rows = [r for r, tokens in enumerate(own_words) for _ in set(tokens)]
        cols = [self.vocab[t] for tokens in own_words for t in set(tokens)]
        self.own = sparse.csr_matrix((np.ones(len(rows), np.float32), (rows, cols)), shape=self.weights.shape)
        return self

    def save(self, directory: Path) -> list[str]:
        sparse.save_npz(directory / "bm25_weights.npz", self.weights, compressed=True)
        (directory / "bm25_vocab.json").write_text(
            json.dumps({"k1": self.k1, "b": self.b, "vocab": self.vocab}, ensure_ascii=False), encoding="utf-8")
        if self.own is None:
            return ["bm25_weights.npz", "bm25_vocab.json"]
        sparse.save_npz(directory / OWN_FILE, self.own, compressed=True)
        return ["bm25_weights.npz", "bm25_vocab.json", OWN_FILE]

    @classmethod
    def load(cls, directory: Path) -> BM25Index:
        meta = json.loads((directory / "bm25_vocab.json").read_text(encoding="utf-8"))
        weights = sparse.load_npz(directory / "bm25_weights.npz").tocsc()
        own = sparse.load_npz(directory / OWN_FILE).tocsr() if (directory / OWN_FILE).is_file() else None
        return cls(weights, meta["vocab"], meta["k1"], meta["b"], own)
