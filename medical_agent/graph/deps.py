"""Everything the nodes need, built once from the settings and passed in (nodes never build clients or read
the environment). Tests build a Deps with a scripted LLM, in-memory stores and a tiny index."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cache import ResponseCache
from ..context.extraction.concepts import ConceptTable
from ..context.extraction.factory import LinkerInfo, concept_table, create_linker, korean_namer
from ..context.extraction.mentions import ConceptLinker
from ..context.extraction.slot_extractor import SlotExtractor
from ..context.profile import ProfileStore
from ..embeddings import Embedder, create_embedder
from ..llm import LLM, BackendInfo, create_llm
from ..llm.tokens import estimate_tokens
from ..retrieval.factory import open_query_pipeline, open_retriever
from ..retrieval.hybrid import HybridRetriever
from ..retrieval.query_pipeline import QueryPipeline
from ..safety import drug_class_map
from ..settings import Settings

log = logging.getLogger(__name__)
OFFLINE_CONTEXT_WINDOW = 4096


@dataclass
class Deps:
    settings: Settings
    llm: LLM | None
    llm_info: BackendInfo
    embedder: Embedder
    retriever: HybridRetriever
    linker: ConceptLinker
    linker_info: LinkerInfo
    concepts: ConceptTable
    extractor: SlotExtractor
    profiles: ProfileStore
    cache: ResponseCache
    query_pipeline: QueryPipeline = field(init=False)
    drug_classes: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.query_pipeline = open_query_pipeline(self.settings, self.retriever, linker=self.linker,
                                                  concepts=self.concepts, llm=self.llm)
        self.drug_classes = drug_class_map(self.concepts.concepts)

    @property
    def context_window(self) -> int:
        return self.llm.context_window if self.llm else OFFLINE_CONTEXT_WINDOW

    def count_tokens(self, text: str) -> int:
        return self.llm.count_tokens(text) if self.llm else estimate_tokens(text)

    def describe(self) -> dict[str, Any]:
        """What is active, for the UI header and the CLI."""
        return {"llm": self.llm_info.label, "offline": self.llm_info.offline, "embedder": self.embedder.name,
                "index": str(self.retriever.index.directory), "linker": self.linker_info.name,
                "documents": len(self.retriever.index.chunks)}


def build_deps(settings: Settings, *, llm_spec: str | None = None, index_dir: Path | None = None,
               llm: LLM | None = None, llm_info: BackendInfo | None = None, in_memory: bool = False) -> Deps:
    """Build every dependency once. ``llm``/``llm_info`` inject a backend (tests); ``in_memory`` keeps the
    profile store and the cache out of the settings' database file."""
    if llm is None and llm_info is None:
        llm, llm_info = create_llm(settings, llm_spec)
    llm_info = llm_info or BackendInfo(getattr(llm, "name", "custom"), getattr(llm, "model", ""))
    embedder = create_embedder(settings.embedder, settings)
    retriever = open_retriever(settings, index_dir, embedder=embedder)
    concepts = concept_table(settings)
    linker, linker_info = create_linker(settings, concepts)
    db = ":memory:" if in_memory else settings.db_path
    profiles = ProfileStore(db, korean_name=korean_namer(concepts))
    cache = ResponseCache(db)
    log.info("agent ready: LLM %s, embedder %s, linker %s, %d documents", llm_info.label, embedder.name,
             linker_info.name, len(retriever.index.chunks))
    return Deps(settings, llm, llm_info, embedder, retriever, linker, linker_info, concepts,
                SlotExtractor(linker), profiles, cache)
