"""Open a retriever from the settings: the configured embedder, the index, the fusion parameters."""

from __future__ import annotations

from pathlib import Path

from ..embeddings import Embedder, create_embedder
from ..settings import Settings
from .hybrid import HybridRetriever
from .index_store import load_index, read_manifest


def open_retriever(settings: Settings, index_dir: Path | str | None = None, *, embedder: Embedder | None = None,
                   embedder_spec: str | None = None, use_index_embedder: bool = False) -> HybridRetriever:
    """``use_index_embedder``: take the embedder the index was built with (evaluation of foreign indexes);
    otherwise the configured one, and an index built with another embedder is refused."""
    directory = Path(index_dir or settings.index_dir)
    if embedder is None:
        spec = embedder_spec or settings.embedder
        if use_index_embedder and not embedder_spec:
            spec = read_manifest(directory).get("embedder_spec") or spec
        embedder = create_embedder(spec, settings)
    index = load_index(directory, expected_embedder=embedder.name)
    return HybridRetriever(index, embedder, rrf_k=settings.flags.rrf_k, fusion=settings.fusion_method,
                           weights=(settings.bm25_weight, settings.dense_weight), prf_docs=settings.prf_docs,
                           prf_weight=settings.prf_weight)
