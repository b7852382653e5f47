"""``index_builder build --store postgres``: after the index directory is built, its passages, full-text columns
and vectors are written to PostgreSQL, and the manifest records the collection, so an app with
``MEDAGENT_RETRIEVAL_STORE=postgres`` searches there. The vectors are read back from the FAISS index just
written: nothing is embedded twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from ..retrieval.index_store import MANIFEST, load_index
from ..retrieval.postgres_passages import write_collection
from .chunking import bm25_text


def export_to_postgres(directory: Path, url: str, collection: str | None = None) -> dict[str, Any]:
    """Write the index at ``directory`` to PostgreSQL as ``collection`` (default: the directory's name)."""
    index = load_index(directory)
    dense = index.dense
    vectors = dense.index.reconstruct_n(0, dense.index.ntotal) if dense.index.ntotal else \
        np.zeros((0, index.manifest["embedder"]["dim"]), dtype=np.float32)
    tokens = index.tokenizer.tokenize_many(bm25_text(c) for c in index.chunks)
    record = write_collection(url, collection or Path(directory).name, index.chunks,
                              [(c.get("title") or "", c["text"]) for c in index.chunks], tokens, vectors,
                              dense.rows, dense.views)
    manifest_path = Path(directory) / MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["postgres"] = record
    manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
    return record
