"""Corpus sources. Each yields passages ``{doc_id, title, text, lang, source, url, topic, metadata}``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..documents.collection import KINDS, DocumentSource, FileReader, InProcessReader
from .bioasq import bioasq_passages
from .medquad import medquad_passages
from .pubmedqa import pubmedqa_passages
from .simple import assets_passages, hf_passages, jsonl_passages

Passage = dict[str, Any]
SPECS = "assets | jsonl:PATH | medquad:DIR | bioasq:DIR | pubmedqa:DIR | pdf:DIR | docs:DIR | hf:DATASET[:split]"


class SourceError(ValueError):
    pass


def iter_source(spec: str, assets_dir: Path, *, chunk_chars: int | None = 1500,
                known: dict[str, dict[str, Any]] | None = None,
                reader: FileReader | None = None) -> Iterator[Passage] | DocumentSource:
    """Passages of a source spec; ``pdf:DIR``/``docs:DIR`` give a :class:`DocumentSource` (page-aware chunks,
    per-file skip reasons, files read by ``reader``), which reuses the passages of unchanged files from ``known``."""
    kind, _, arg = spec.partition(":")
    if kind in KINDS and arg:
        path = Path(arg).expanduser()
        if not path.exists():
            raise SourceError(f"{kind} source not found: {path}")
        return DocumentSource(path, kind, chunk_chars, known or {}, reader=reader or InProcessReader())
    if kind == "assets" and not arg:
        return assets_passages(assets_dir / "knowledge")
    if kind in ("jsonl", "medquad", "bioasq", "pubmedqa") and arg:
        path = Path(arg).expanduser()
        if not path.exists():
            raise SourceError(f"{kind} source not found: {path}")
        return {"jsonl": jsonl_passages, "medquad": medquad_passages, "bioasq": bioasq_passages,
                "pubmedqa": pubmedqa_passages}[kind](path)
    if kind == "hf" and arg:
        name, _, split = arg.partition(":")
        return hf_passages(name, split or "train")
    raise SourceError(f"unknown source {spec!r}; valid: {SPECS}")
