"""Everything the nodes need, built once by the composition root (``medical_agent.composition``) and passed in:
nodes never build clients, open stores or read the environment. Tests get theirs from the same root with a
scripted LLM, in-memory stores and a tiny index."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cache import ResponseCache
from ..collections import PersonalCollections
from ..context.extraction.concepts import ConceptTable
from ..context.extraction.factory import LinkerInfo
from ..context.extraction.mentions import ConceptLinker
from ..context.extraction.slot_extractor import SlotExtractor
from ..context.profile import ProfileStore
from ..embeddings import Embedder
from ..llm import LLM, BackendInfo
from ..llm.tokens import estimate_tokens
from ..refine.strategy import RefineStrategy
from ..retrieval.hybrid import HybridRetriever
from ..retrieval.query_pipeline import QueryPipeline
from ..settings import Settings
from ..storage import ReviewRepository
from ..tracing import NO_TRACER, Tracer
from ..web import WebFallback

OFFLINE_CONTEXT_WINDOW = 4096


@dataclass(frozen=True)
class Deps:
    settings: Settings
    llm: LLM | None
    llm_info: BackendInfo
    embedder: Embedder                           # retrieval's (the index was built with it)
    retriever: HybridRetriever
    query_pipeline: QueryPipeline
    linker: ConceptLinker
    linker_info: LinkerInfo
    concepts: ConceptTable
    extractor: SlotExtractor
    profiles: ProfileStore
    cache: ResponseCache
    drug_classes: Mapping[str, str]
    strategies: Mapping[str, RefineStrategy]     # refine_strategy name → the strategy, built once per agent
    collections: PersonalCollections | None = None   # people's own documents (None: uploads are off)
    reviews: ReviewRepository | None = None          # clinicians' reviews of passages (retrieval.trust)
    web: WebFallback | None = None                   # web search when the sources miss what is asked (None: off)
    similarity_embedder: Embedder | None = None      # the cache's and the cheap check's (None: ``embedder``)
    tracer: Tracer = NO_TRACER                       # turn and node spans (tracing; the no-op unless configured)

    @property
    def similarity(self) -> Embedder:
        """What the answer cache and the claim check embed with (their thresholds are on its scale)."""
        return self.similarity_embedder or self.embedder

    def personal_retrievers(self, user_id: str) -> list[HybridRetriever]:
        """The person's document collection, searched beside the knowledge base (none without documents)."""
        found = self.collections.retriever(user_id) if self.collections else None
        return [found] if found is not None else []

    def scope_version(self, user_id: str, profile_version: int) -> int:
        """What cached answers are scoped to: the profile's content version and the person's documents."""
        generation = self.collections.generation(user_id) if self.collections else 0
        revision = self.reviews.revision() if self.reviews else 0
        if not generation and not revision:
            return profile_version
        digest = hashlib.sha256(f"{generation}:{revision}:{profile_version}".encode()).digest()
        return int.from_bytes(digest[:7], "big")

    @property
    def context_window(self) -> int:
        return self.llm.context_window if self.llm else OFFLINE_CONTEXT_WINDOW

    def count_tokens(self, text: str) -> int:
        return self.llm.count_tokens(text) if self.llm else estimate_tokens(text)

    def describe(self) -> dict[str, Any]:
        """What is active, for the UI header and the CLI."""
        return {"llm": self.llm_info.label, "offline": self.llm_info.offline, "embedder": self.embedder.name,
                "index": str(self.retriever.index.directory), "linker": self.linker_info.name,
                "linker_warning": self.linker_info.detail if self.linker_info.fallback else "",
                "documents": len(self.retriever.index.chunks)}
