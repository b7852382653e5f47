"""What a rebuild can take from the index already in place: documents that did not change, and vectors.

Embedding is the slow part of a build (the multilingual encoder on 2 cores), so a vector is reused whenever the
same embedder already embedded the same view text: it is keyed by a hash of that text, which is correct for every
source (a chunk whose text changed simply misses). For document folders, an unchanged file (same bytes) is not even
parsed again: its passages come from the previous ``docs.jsonl``. With ``--add`` the documents of the previous index
that are not in the new folder are kept, so new files are appended without re-embedding the rest.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..retrieval.dense import DenseIndex
from ..retrieval.index_store import DOCS, IndexLoadError, read_manifest, verify_files
from .chunking import view_text


def view_key(chunk: dict[str, Any], view: str) -> str:
    return hashlib.sha256(f"{view}\x00{view_text(chunk, view)}".encode()).hexdigest()


@dataclass
class PreviousIndex:
    """A readable index at the output path (or nothing, when there is none or it fails its checks)."""

    directory: Path
    manifest: dict[str, Any]
    chunks: list[dict[str, Any]]
    _vectors: dict[str, np.ndarray] | None = field(default=None, repr=False)

    @classmethod
    def open(cls, directory: Path) -> PreviousIndex | None:
        try:
            manifest = read_manifest(directory)
            verify_files(directory, manifest)
            with (directory / DOCS).open(encoding="utf-8") as fh:
                chunks = [json.loads(line) for line in fh if line.strip()]
        except (IndexLoadError, OSError, ValueError):
            return None
        return cls(directory, manifest, chunks)

    def known_documents(self, chunk_chars: int | None) -> dict[str, dict[str, Any]]:
        """``{file name: {"entry": manifest entry, "passages": [...]}}`` of a document index chunked the same way."""
        documents = self.manifest.get("documents")
        if not isinstance(documents, dict) or self.manifest.get("chunk_chars") != chunk_chars:
            return {}
        by_doc: dict[str, list[dict[str, Any]]] = {}
        for c in self.chunks:
            by_doc.setdefault(c["doc_id"], []).append(c)
        return {name: {"entry": entry, "passages": by_doc.get(entry.get("doc_id"), [])}
                for name, entry in documents.items() if isinstance(entry, dict)}

    def vectors(self, embedder_name: str) -> dict[str, np.ndarray]:
        """Stored vectors keyed by :func:`view_key`; empty when another embedder built this index."""
        if self.manifest.get("embedder", {}).get("name") != embedder_name:
            return {}
        if self._vectors is None:
            try:
                dense = DenseIndex.load(self.directory)
                stored = dense.index.reconstruct_n(0, dense.index.ntotal)
            except (RuntimeError, OSError, ValueError):
                stored, dense = None, None
            self._vectors = {}
            if stored is not None and dense is not None:
                views = self.manifest.get("views") or ["full"]
                n = len(self.chunks)
                for v, view in enumerate(views):
                    for c, chunk in enumerate(self.chunks):
                        if v * n + c < len(stored) and int(dense.rows[v * n + c]) == c:
                            self._vectors[view_key(chunk, view)] = stored[v * n + c]
        return self._vectors

    def copy_pages(self, relative: str, target: Path) -> bool:
        source = self.directory / relative
        if not relative or not source.is_dir():
            return False
        shutil.copytree(source, target / relative, dirs_exist_ok=True)
        return True


def embed_with_reuse(chunks: Sequence[dict[str, Any]], view: str, embedder: Any,
                     reuse: dict[str, np.ndarray]) -> tuple[np.ndarray, int]:
    """Vectors of one view for all chunks, embedding only those the previous index lacks; returns (vectors, new)."""
    keys = [view_key(c, view) for c in chunks]
    missing = [i for i, k in enumerate(keys) if k not in reuse]
    fresh = embedder.encode_documents([view_text(chunks[i], view) for i in missing], progress=None) \
        if missing else np.zeros((0, embedder.dim), dtype=np.float32)
    out = np.zeros((len(chunks), embedder.dim), dtype=np.float32)
    for i, k in enumerate(keys):
        if k in reuse:
            out[i] = reuse[k]
    for row, i in enumerate(missing):
        out[i] = fresh[row]
    return out, len(missing)
