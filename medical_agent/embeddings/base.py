"""The embedder protocol and the shared batching/normalisation every backend reuses.

Vectors are float32 and L2-normalised, so inner product = cosine (FAISS IndexFlatIP, the response cache).
Queries and documents have separate entry points because some models embed them differently.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
from tqdm import tqdm

PROGRESS_MIN = 512  # show a progress bar from this many texts on
QUERY_MEMO = 256    # recent query vectors kept: one turn embeds the same question in several nodes


@runtime_checkable
class Embedder(Protocol):
    name: str
    dim: int

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray: ...

    def encode_documents(self, texts: Sequence[str], *, progress: bool | None = None) -> np.ndarray: ...


def l2_normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    if vectors.ndim == 1:
        vectors = vectors[None, :]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.ascontiguousarray(vectors / np.maximum(norms, 1e-12), dtype=np.float32)


_MEMO_INIT = threading.Lock()


class BatchedEmbedder:
    """Base class: subclasses implement ``_embed(batch, is_query)``; this handles batches, progress, norms."""

    name = "abstract"
    dim = 0
    batch_size = 64

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        raise NotImplementedError

    def _run(self, texts: Sequence[str], is_query: bool, progress: bool | None) -> np.ndarray:
        texts = [t if isinstance(t, str) else str(t) for t in texts]
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        show = len(texts) >= PROGRESS_MIN if progress is None else progress
        chunks = []
        with tqdm(total=len(texts), desc=f"embedding ({self.name})", unit="text", disable=not show,
                  file=sys.stderr) as bar:
            for start in range(0, len(texts), self.batch_size):
                batch = texts[start:start + self.batch_size]
                chunks.append(l2_normalise(self._embed(batch, is_query)))
                bar.update(len(batch))
        return np.vstack(chunks)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors, remembered for the last QUERY_MEMO distinct texts: the cache lookup, retrieval and
        the cache store of one turn all embed the same question, and embedding dominates their cost."""
        texts = [t if isinstance(t, str) else str(t) for t in texts]
        memo, lock = self._memo()
        with lock:
            known = {t: memo[t] for t in texts if t in memo}
            for t in known:
                memo.move_to_end(t)
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            fresh = self._run(missing, True, False)
            with lock:
                for text, vector in zip(missing, fresh, strict=True):
                    vector.setflags(write=False)
                    known[text] = memo[text] = vector
                    while len(memo) > QUERY_MEMO:
                        memo.popitem(last=False)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack([known[t] for t in texts])

    def _memo(self) -> tuple[OrderedDict[str, np.ndarray], threading.Lock]:
        # created lazily: backends define their own __init__ without calling this class's
        if "_query_memo" not in self.__dict__:
            with _MEMO_INIT:
                self.__dict__.setdefault("_query_memo", (OrderedDict(), threading.Lock()))
        return self.__dict__["_query_memo"]

    def encode_documents(self, texts: Sequence[str], *, progress: bool | None = None) -> np.ndarray:
        return self._run(texts, False, progress)
