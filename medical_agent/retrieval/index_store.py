"""The on-disk index format shared by the builder (writes) and the retriever (loads and verifies).

An index directory holds ``manifest.json`` (source, corpus hash, counts, embedder, BM25 parameters,
tokenizer, library versions, creation time and the sha256 of every file), ``docs.jsonl`` (one chunk per
line: chunk_id, doc_id, title, text, lang, source, url, topic, metadata), ``tokenizer.json`` (the user
words BM25 was built with), the BM25 matrices and the FAISS index. Loading re-checks every checksum and the
embedder, and refuses a mismatch with the command that rebuilds the index.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .bm25 import BM25Index
from .dense import DenseIndex
from .tokenizer import Tokenizer, get_tokenizer
from .transliteration import LoanwordMatcher

FORMAT_VERSION = 1
MANIFEST = "manifest.json"
DOCS = "docs.jsonl"
TOKENIZER = "tokenizer.json"


class IndexLoadError(RuntimeError):
    """The index is missing, corrupted or was built for another embedder; the message says how to rebuild."""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def rebuild_hint(directory: Path, manifest: dict[str, Any] | None = None, embedder: str | None = None) -> str:
    source = (manifest or {}).get("source", "assets")
    emb = f" --embedder {embedder}" if embedder else ""
    return f"rebuild it with: python -m index_builder build --source {source} --out {directory}{emb}"


MANIFEST_TYPES: dict[str, type] = {"source": str, "files": dict, "embedder": dict, "tokenizer": dict, "counts": dict}


def read_manifest(directory: Path) -> dict[str, Any]:
    path = Path(directory) / MANIFEST
    if not path.is_file():
        raise IndexLoadError(f"no index at {directory} (manifest.json missing); {rebuild_hint(directory)}")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise IndexLoadError(f"index manifest at {path} is corrupted ({exc}); {rebuild_hint(directory)}") from None
    if not isinstance(manifest, dict) or manifest.get("format_version") != FORMAT_VERSION or \
            not isinstance(manifest.get("files"), dict):
        raise IndexLoadError(f"index manifest at {path} is not a version-{FORMAT_VERSION} manifest; "
                             f"{rebuild_hint(directory)}")
    wrong = [f"{key} ({expected.__name__} expected, got {type(manifest.get(key)).__name__})"
             for key, expected in MANIFEST_TYPES.items() if not isinstance(manifest.get(key), expected)]
    if not wrong and not isinstance(manifest["embedder"].get("name"), str):
        wrong.append("embedder.name (str expected)")
    if wrong:
        raise IndexLoadError(f"index manifest at {path} has wrong fields: {', '.join(wrong)}; "
                             f"{rebuild_hint(directory)}")
    return manifest


def verify_files(directory: Path, manifest: dict[str, Any]) -> None:
    for name, expected in manifest["files"].items():
        path = Path(directory) / name
        if not path.is_file():
            raise IndexLoadError(f"index file {name} is missing in {directory}; {rebuild_hint(directory, manifest)}")
        if sha256_file(path) != expected:
            raise IndexLoadError(f"index file {name} in {directory} does not match its checksum (corrupted or "
                                 f"edited); {rebuild_hint(directory, manifest)}")


@dataclass
class LoadedIndex:
    directory: Path
    manifest: dict[str, Any]
    chunks: list[dict[str, Any]]
    bm25: BM25Index
    dense: DenseIndex
    tokenizer: Tokenizer
    _masks: dict[tuple[str, str], np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def embedder_name(self) -> str:
        return self.manifest["embedder"]["name"]

    @property
    def paired_languages(self) -> bool:
        """Whether the passages come in language pairs (the team's knowledge base says each thing in Korean and in
        English), so a question may be searched in its own language only. A folder of documents is not paired:
        a Korean question may be answered by an English leaflet."""
        return not isinstance(self.manifest.get("documents"), dict)

    def languages(self) -> dict[str, int]:
        """Chunks per language (cached)."""
        if "_langs" not in self.__dict__:
            counts: dict[str, int] = {}
            for c in self.chunks:
                counts[c.get("lang", "")] = counts.get(c.get("lang", ""), 0) + 1
            self.__dict__["_langs"] = counts
        return self.__dict__["_langs"]

    def loanwords(self) -> LoanwordMatcher:
        """Back-transliteration table of this index's vocabulary (built on first use, ~2-5 s, then cached)."""
        if "_loanwords" not in self.__dict__:
            self.__dict__["_loanwords"] = LoanwordMatcher.from_bm25(self.bm25)
        return self.__dict__["_loanwords"]

    def mask(self, filters: dict[str, str | list[str]] | None) -> np.ndarray | None:
        """Boolean mask of chunks whose metadata field (lang, topic, source, ...) takes an allowed value."""
        if not filters:
            return None
        mask = np.ones(len(self.chunks), dtype=bool)
        for key, allowed in filters.items():
            values = tuple(sorted([allowed] if isinstance(allowed, str) else allowed))
            cache_key = (key, "|".join(values))
            if cache_key not in self._masks:
                self._masks[cache_key] = np.array(
                    [str(c.get(key, c.get("metadata", {}).get(key))) in values for c in self.chunks], dtype=bool)
            mask &= self._masks[cache_key]
        return mask


def load_index(directory: Path | str, expected_embedder: str | None = None, verify: bool = True) -> LoadedIndex:
    """Load and verify an index; ``expected_embedder`` is the configured embedder's ``name``."""
    directory = Path(directory)
    manifest = read_manifest(directory)
    if verify:
        verify_files(directory, manifest)
    built_with = manifest.get("embedder", {}).get("name")
    if expected_embedder and built_with != expected_embedder:
        raise IndexLoadError(f"index at {directory} was built with embedder {built_with!r} but "
                             f"{expected_embedder!r} is configured; "
                             f"{rebuild_hint(directory, manifest, manifest.get('embedder_spec'))} "
                             "(with the configured embedder), or configure the index's embedder")
    try:
        with (directory / DOCS).open(encoding="utf-8") as fh:
            chunks = [json.loads(line) for line in fh if line.strip()]
        words = json.loads((directory / TOKENIZER).read_text(encoding="utf-8"))["user_words"]
        bm25, dense = BM25Index.load(directory), DenseIndex.load(directory)
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        raise IndexLoadError(f"index at {directory} cannot be read ({exc}); {rebuild_hint(directory, manifest)}") \
            from None
    if len(chunks) != bm25.n_docs or (len(dense.rows) and int(dense.rows.max()) >= len(chunks)):
        raise IndexLoadError(f"index at {directory} is inconsistent (chunk counts differ); "
                             f"{rebuild_hint(directory, manifest)}")
    return LoadedIndex(directory, manifest, chunks, bm25, dense, get_tokenizer(words))
