"""Feature-hashing bag-of-words embedder: deterministic, instant, no model. Only for tests and quick
experiments (``MEDAGENT_EMBEDDER=hashing``); it has no notion of meaning or of Korean-English equivalence."""

from __future__ import annotations

import hashlib
import re

import numpy as np

from .base import BatchedEmbedder

_TOKEN = re.compile(r"[\w]+", re.UNICODE)


class HashingEmbedder(BatchedEmbedder):
    batch_size = 1024

    def __init__(self, dim: int = 256):
        self.dim = dim
        self.name = f"hashing-{dim}"

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for tok in _TOKEN.findall(text.lower()):
                h = int.from_bytes(hashlib.blake2b(tok.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dim] += 1.0 if (h >> 63) & 1 else -1.0
            if not out[row].any():
                out[row, 0] = 1.0
        return out
