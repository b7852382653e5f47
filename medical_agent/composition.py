"""The composition root: the one place that turns settings into a running agent.

The CLI, the UI, the evaluation harness and the tests all call :func:`create_agent`; nothing else builds
backends, stores or the graph. It provisions what a first start needs (the knowledge-base index, the MedCAT
pack), builds every component once and hands them to the graph as one :class:`~.graph.deps.Deps`. A test
injects a scripted LLM, in-memory storage or another index here, and gets the same wiring as the app.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

from .cache import ResponseCache
from .collections import PersonalCollections
from .context.extraction.concepts import ConceptTable
from .context.extraction.factory import (
    LinkerInfo,
    concept_table,
    dictionary_fallback,
    korean_namer,
    load_linker,
)
from .context.extraction.mentions import ConceptLinker
from .context.extraction.rules_lay import LayConditions
from .context.extraction.slot_extractor import SlotExtractor
from .context.profile import ProfileStore
from .embeddings import Embedder, create_embedder
from .graph.agent import MedicalAgent
from .graph.deps import Deps
from .indexing.build import ensure_index
from .indexing.medcat_pack import ensure_medcat_pack
from .llm import LLM, BackendInfo, create_llm
from .llm.lease import SharedModel, share
from .refine.strategy import create_strategies
from .retrieval.factory import open_query_pipeline, open_retriever
from .retrieval.query_pipeline import QueryPipeline
from .safety import drug_class_map
from .settings import Settings, sources_write
from .storage import Storage, open_storage
from .tracing import Tracer, open_tracer
from .web import WebError, WebFallback, WebSearch
from .web.base import UnavailableSearch
from .web.searxng import SearxngSearch
from .web.tavily import TavilySearch

log = logging.getLogger(__name__)


def create_linker(settings: Settings, concepts: ConceptTable | None = None) -> tuple[ConceptLinker, LinkerInfo]:
    """The configured concept linker; with MedCAT on, its pack is built first when missing or out of date."""
    concepts = concepts or concept_table(settings)
    if settings.flags.medcat2_enabled:
        try:
            ensure_medcat_pack(settings.paths.assets_dir / "concepts.csv", settings.paths.medcat_dir)
        except Exception as exc:  # the dictionary linker takes over, labelled as such
            return dictionary_fallback(concepts, exc)
    return load_linker(settings, concepts)


def slot_extractor(linker: ConceptLinker, concepts: ConceptTable) -> SlotExtractor:
    """The linker's mentions plus lay descriptions of the table's conditions (one recipe for every caller)."""
    return SlotExtractor(linker, lay=LayConditions(concepts))


def create_extractor(settings: Settings, concepts: ConceptTable | None = None) -> tuple[SlotExtractor, LinkerInfo]:
    concepts = concepts or concept_table(settings)
    linker, info = create_linker(settings, concepts)
    return slot_extractor(linker, concepts), info


def create_query_pipeline(settings: Settings, index: Path, *, embedder_spec: str | None = None,
                          expand: bool | None = None, llm: LLM | None = None,
                          embedder: Embedder | None = None) -> QueryPipeline:
    """The agent's query pipeline over another index, searched with the embedder that index was built with
    (unless ``embedder_spec``, or an ``embedder`` already loaded): what `eval retrieval`, `tune-fusion`,
    `bench pipeline` and `eval documents` measure."""
    retriever = open_retriever(settings, index, embedder=embedder, embedder_spec=embedder_spec,
                               use_index_embedder=True)
    concepts = concept_table(settings)
    linker, _ = create_linker(settings, concepts)
    return open_query_pipeline(settings, retriever, linker, concepts, expand=expand, llm=llm)


def _llm(settings: Settings, llm: LLM | None, llm_spec: str | None) -> tuple[LLM | None, BackendInfo]:
    """The backend behind a lease of the calls it serves at once (llm/lease.py): the app never exceeds it."""
    info = BackendInfo(llm.name, llm.model, "injected") if llm is not None else None
    if llm is None:
        llm, info = create_llm(settings, llm_spec)
    if llm is None or isinstance(llm, SharedModel):
        return llm, info
    return share(llm, llm.concurrency, per_turn=llm.lease_per_turn,
                 max_wait_s=settings.backends.llm_queue_timeout_s), info


def create_web_fallback(settings: Settings) -> WebFallback | None:
    """The web fallback the settings ask for (``web_provider``), or None: off by default and offline."""
    r = settings.retrieval
    if r.web_provider == "none":
        return None
    domains = [d.strip() for d in r.web_allow_domains.split(",") if d.strip()]
    try:
        provider: WebSearch = TavilySearch(r.tavily_api_key, domains=domains, base_url=r.web_tavily_url) \
            if r.web_provider == "tavily" else SearxngSearch(r.web_searxng_url or "")
    except WebError as exc:
        log.warning("%s; web search stays off until it is set", exc)
        provider = UnavailableSearch(r.web_provider, str(exc))
    return WebFallback(provider, domains, k=r.web_results)


def create_agent(settings: Settings, *, llm: LLM | None = None, llm_spec: str | None = None,
                 index: Path | None = None, storage: Storage | None = None,
                 tracer: Tracer | None = None) -> MedicalAgent:
    """The agent for ``settings``.

    ``llm`` injects a backend (a scripted fake in tests and ``bench turn``); otherwise ``llm_spec`` or the
    configured one is built (``None`` there means offline mode). ``index`` searches another index directory;
    by default the knowledge base at ``settings.paths.index_dir``, built on first start. ``storage`` keeps
    profiles, cached answers and conversation threads: by default the settings' database URL, else its file; tests,
    benchmarks and `eval run` pass ``open_storage(":memory:")``. ``tracer`` receives the turn and node spans: by
    default the one the tracing settings ask for (none unless configured); tests pass one over the SDK's in-memory
    exporter.
    """
    llm, llm_info = _llm(settings, llm, llm_spec)
    embedder = create_embedder(settings.backends.embedder, settings)
    similarity = embedder if settings.backends.similarity_embedder == settings.backends.embedder else \
        create_embedder(settings.backends.similarity_embedder, settings)
    if index is None:
        ensure_index(settings, embedder)
    retriever = open_retriever(settings, index, embedder=embedder)
    concepts = concept_table(settings)
    linker, linker_info = create_linker(settings, concepts)
    storage = storage or open_storage(settings.backends.database_url or settings.paths.db_path)
    deps = Deps(settings=settings, llm=llm, llm_info=llm_info, embedder=embedder, retriever=retriever,
                query_pipeline=open_query_pipeline(settings, retriever, linker, concepts, llm=llm),
                linker=linker, linker_info=linker_info, concepts=concepts, extractor=slot_extractor(linker, concepts),
                profiles=ProfileStore(storage.profiles, korean_name=korean_namer(concepts), limits=settings.limits),
                cache=ResponseCache(storage.cache),
                drug_classes=drug_class_map(concepts.concepts), strategies=create_strategies(llm),
                reviews=storage.reviews, web=create_web_fallback(settings), similarity_embedder=similarity,
                collections=PersonalCollections(
                    settings.paths.documents_dir, embedder=embedder, embedder_spec=settings.backends.embedder,
                    assets_dir=settings.paths.assets_dir, shared=settings.ui.shared_documents,
                    retriever_options={"rrf_k": retriever.rrf_k, "fusion": retriever.fusion,
                                       "weights": retriever.weights, "prf_docs": retriever.prf_docs,
                                       "prf_weight": retriever.prf_weight}, registry=storage.documents,
                    limits=settings.limits),
                tracer=tracer or open_tracer(settings.tracing, settings.limits.log_health_data))
    log.info("agent ready: LLM %s, answers %s, embedder %s, linker %s, %d documents", llm_info.label,
             "in the sources' own sentences" if sources_write(settings.backends.answer_from, llm.name if llm else None)
             else "written by the model", embedder.name, linker_info.name, len(retriever.index.chunks))
    return MedicalAgent(deps, storage)


def stateless_agent(agent: MedicalAgent) -> MedicalAgent:
    """The same agent with nothing of anyone's: profiles, cached answers and threads in a private in-memory
    store, no uploaded documents (not even a shared collection). What other assistants call through MCP
    (``tools``): a caller's facts live for one call in that store and are erased after it; the knowledge base,
    the model, the reviews of passages and the tracer are the agent's own."""
    memory = open_storage(":memory:")
    deps = replace(agent.deps, collections=None, cache=ResponseCache(memory.cache),
                   profiles=ProfileStore(memory.profiles, korean_name=agent.deps.profiles.korean_name,
                                         limits=agent.deps.settings.limits))
    return MedicalAgent(deps, memory)
