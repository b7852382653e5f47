"""Open a retriever from the settings (the configured embedder, the index, the fusion parameters) and the query
pipeline around it. The agent (``graph.deps``) and ``eval retrieval`` both wrap their retriever in a
:class:`QueryPipeline` with the settings' linker and concept table, so a benchmark measures what the agent runs."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from ..context.extraction.concepts import ConceptTable
from ..context.extraction.mentions import ConceptLinker
from ..embeddings import Embedder, create_embedder
from ..llm.base import LLM
from ..settings import FUSION_FIELDS, Settings
from .candidates import CandidateSource
from .compounds import cached_roots
from .glossary import cached_glossary
from .hybrid import FusionOverride, HybridRetriever
from .index_store import IndexLoadError, LoadedIndex, load_index, read_manifest
from .query_pipeline import QueryPipeline
from .translation import QueryTranslator

log = logging.getLogger(__name__)


def open_retriever(settings: Settings, index_dir: Path | str | None = None, *, embedder: Embedder | None = None,
                   embedder_spec: str | None = None, use_index_embedder: bool = False) -> HybridRetriever:
    """``use_index_embedder``: take the embedder the index was built with (evaluation of foreign indexes);
    otherwise the configured one, and an index built with another embedder is refused."""
    directory = Path(index_dir or settings.paths.index_dir)
    if embedder is None:
        spec = embedder_spec or settings.backends.embedder
        if use_index_embedder and not embedder_spec:
            spec = read_manifest(directory).get("embedder_spec") or spec
        embedder = create_embedder(spec, settings)
    index = load_index(directory, expected_embedder=embedder.name)
    fusion, origin = fusion_for(settings, embedder.name)
    log.info("fusion for embedder %s: %s (%s)", embedder.name, fusion, origin)
    return HybridRetriever(index, embedder, rrf_k=settings.retrieval.rrf_k, fusion=fusion["fusion_method"],
                           weights=(fusion["bm25_weight"], fusion["dense_weight"]), prf_docs=fusion["prf_docs"],
                           prf_weight=fusion["prf_weight"], source=candidate_source(settings, index))


def candidate_source(settings: Settings, index: LoadedIndex) -> CandidateSource | None:
    """PostgreSQL's full text and pgvector when ``retrieval_store`` is postgres (the index's collection there),
    else None: the index directory's own BM25 and FAISS."""
    if settings.retrieval.retrieval_store != "postgres":
        return None
    url = settings.backends.database_url
    written = index.manifest.get("postgres")
    if not url:
        raise IndexLoadError("retrieval_store is postgres but no database is set: MEDAGENT_DATABASE_URL=postgresql://…")
    if not isinstance(written, dict) or not written.get("collection"):
        raise IndexLoadError(f"the index at {index.directory} was not written to PostgreSQL; write it with: python -m "
                             f"index_builder build --source {index.manifest.get('source')} --out {index.directory} "
                             "--store postgres")
    from .postgres_passages import PostgresCandidates

    log.info("retrieval candidates from PostgreSQL collection %s", written["collection"])
    return PostgresCandidates(url, written["collection"], ranking=settings.retrieval.fulltext_ranking)


def fusion_for(settings: Settings, embedder_name: str) -> tuple[dict[str, Any], str]:
    """Fusion values for an index built with ``embedder_name``, and where they came from. Weights that suit one
    dense model drag another down (BioASQ: USE wants dense 0.4 with BM25 feedback, MiniLM dense 1.0 without), so
    each value the settings leave unset comes from the preset of that embedder, else from ``default``."""
    presets = settings.retrieval.fusion_presets
    own = presets.get(embedder_name, {})
    values, sources = {}, set()
    for key in FUSION_FIELDS:
        if getattr(settings.retrieval, key) is not None:
            values[key], source = getattr(settings.retrieval, key), "settings"
        elif own.get(key) is not None:
            values[key], source = own[key], f"preset {embedder_name}"
        else:
            values[key], source = presets["default"][key], "preset default"
        sources.add(source)
    return values, ", ".join(sorted(sources))


def open_query_pipeline(settings: Settings, retriever: HybridRetriever, linker: ConceptLinker,
                        concepts: ConceptTable, *, expand: bool | None = None, llm: LLM | None = None) -> QueryPipeline:
    """The agent's query pipeline over ``retriever``, built in this one place for the agent and `eval retrieval`:
    the agent's concept linker (MedCAT or the dictionary fallback) and concept table, the team's
    glossary (``query_glossary_enabled``) and combining forms (``query_compounds_enabled``), LLM translation when
    ``query_translation_enabled`` and an LLM is given, the cross-lingual fusion (``crosslingual_fusion_method``/
    ``_dense_weight``/``_prf_weight``); ``expand=False`` ablates all expansion (``eval retrieval --no-expand``)."""
    r, assets = settings.retrieval, settings.paths.assets_dir
    glossary = cached_glossary(str(assets / "glossary")) if r.query_glossary_enabled else None
    roots = cached_roots(str(assets / "roots")) if r.query_compounds_enabled else None
    translate = QueryTranslator(llm) if r.query_translation_enabled and llm is not None else None
    if r.query_translation_enabled and llm is None:
        log.info("query translation is enabled but no LLM is configured: searching without it")
    crosslingual = None
    if r.crosslingual_dense_weight is not None:
        crosslingual = FusionOverride(r.crosslingual_dense_weight, r.crosslingual_prf_weight
                                      if r.crosslingual_prf_weight is not None else retriever.prf_weight,
                                      r.crosslingual_fusion_method)
    return QueryPipeline(retriever, linker, concepts, glossary=glossary, roots=roots, translate=translate,
                         expand=r.query_expansion_enabled if expand is None else expand,
                         crosslingual=crosslingual, focus=(r.query_focus_words, r.query_focus_min_words))
