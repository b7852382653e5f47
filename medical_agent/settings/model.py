"""The settings object: one frozen section per YAML section (paths, backends, limits, ui, retrieval), the
ablation profile and its feature flags. Keys are unique across sections, so ``MEDAGENT_<KEY>``, ``replace(key=...)``
and ``load_settings(overrides={key: ...})`` name a setting without its section."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .fields import SettingsError, check_known, coerce

FUSION_FIELDS = ("fusion_method", "bm25_weight", "dense_weight", "prf_docs", "prf_weight")
# the relevance gate's thresholds (retrieval.relevance): cosines, so per embedder like the fusion values
GATE_FIELDS = ("gate_low", "gate_high", "gate_unknown", "gate_margin", "gate_unknown_medicine",
               "gate_lexical", "gate_lexical_other", "gate_lexical_other_below", "gate_low_long", "gate_long_words")


ANSWER_FROM = ("auto", "model", "sources")


def sources_write(answer_from: str, llm_name: str | None) -> bool:
    """Whether the sources' own sentences, not the model, write an answer they cover (``answer_from``; "auto": when
    the model is a local GGUF one). Offline there is no model and the sources always write."""
    return llm_name is None or answer_from == "sources" or (answer_from == "auto" and llm_name == "llamacpp")


@dataclass(frozen=True)
class FeatureFlags:
    """The seeds' experiment switches (seed 001 §5, seed 003 §8): what an ablation profile turns on or off."""

    self_refine_enabled: bool = True
    max_refine_iterations: int = 2
    max_regenerations: int = 3              # corrective / improved regenerations per turn (seed 004: 3)
    max_llm_verifications: int = 1          # LLM verifier calls per turn; past them the cheap check settles
    quality_threshold: float = 0.5
    refine_strategy: str = "corrective_rag"
    llm_based_quality_check: bool = True
    dynamic_query_rewrite: bool = True
    quality_check_enabled: bool = True
    duplicate_detection: bool = True
    progress_monitoring: bool = True
    active_retrieval_enabled: bool = True
    planning_enabled: bool = True           # a message of several parts: subtasks, query variants, quotas (seed 004)
    relevance_gate_enabled: bool = True     # CRAG's retrieval evaluator: off-topic passages never reach the answer
    medcat2_enabled: bool = True
    memory_mode: str = "structured"
    response_cache_enabled: bool = True
    cache_similarity_threshold: float = 0.85

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Paths:
    index_dir: Path                          # the knowledge-base index (built on first start)
    assets_dir: Path
    shared_data_dir: Path                    # public benchmark data beside the project (optional)
    db_path: Path                            # profiles, cached answers, conversation checkpoints
    medcat_dir: Path
    documents_dir: Path                      # people's uploaded documents and their indexes ("My documents")
    temp_dir: Path | None = None             # the app's working copies (Gradio's uploads, exports); None: <tmp>


@dataclass(frozen=True)
class Backends:
    llm: str = "auto"
    llm_model: str = "gpt-4o-mini"
    llm_base_url: str | None = None
    llamacpp_model_path: Path | None = None
    llm_timeout_s: float = 60.0
    llm_max_retries: int = 3
    llm_context_window: int | None = None
    llm_max_answer_tokens: int = 900        # cap of one answer (a CPU model writes ~15 tokens/s)
    llm_logprobs: bool = False              # ask for per-token log-probabilities (perplexity in `eval run`)
    llm_repeat_penalty: float = 1.1         # llama.cpp repeat penalty for local models (1.0 = off)
    llm_concurrency: int | None = None      # OpenAI-compatible server: calls at once (None: the server queues)
    llm_queue_timeout_s: float = 240.0      # a turn waits this long for a busy model, then answers without it
    # who writes an answer the sources cover: "model", "sources" (their own sentences, as offline) or "auto" (sources
    # for a local GGUF model, the model otherwise); see graph/nodes/generate_answer.py
    answer_from: str = "auto"
    embedder: str = "e5"
    # the answer cache's question similarity and the cheap check's claim support: their thresholds were chosen
    # on this embedder's scale (0 false cache hits on the team's adversarial pairs), whatever retrieval embeds with
    similarity_embedder: str = "use-multilingual"
    openai_api_key: str | None = field(default=None, repr=False)
    hf_token: str | None = field(default=None, repr=False)  # HF_TOKEN: Hugging Face's router, gated hub models
    # postgresql://user:password@host:port/database: profiles, cache, reviews and threads on a server that
    # replicas share (unset: the SQLite file at db_path)
    database_url: str | None = field(default=None, repr=False)


@dataclass(frozen=True)
class Limits:
    max_message_chars: int = 4000
    max_request_kb: int = 512               # HTTP request bodies over this are refused (413) before parsing
    profile_retention_days: float = 30      # people idle longer are erased with their cache and threads (0: never)
    log_health_data: bool = False
    evidence_budget_tokens: int = 400       # evidence compression: relevant sentences under this budget (0: off)
    # What one uploaded document or imported record may cost, checked while it is read (issue 33):
    max_inflated_mb: int = 64               # bytes after decompression: a PDF's streams, a .gz record
    max_document_pages: int = 300
    max_document_chars: int = 2_000_000     # text taken from one document (~1,700 passages)
    max_record_entries: int = 20_000        # resources in one FHIR bundle, counted while it is parsed
    max_record_items: int = 200             # active conditions, or medicines, one record may add to a profile
    max_parse_seconds: float = 60.0         # one file's reading, in a child process stopped past it
    max_parse_memory_mb: int = 256          # what that process may allocate beyond its start
    max_record_depth: int = 64              # nesting of a record's JSON
    # What a fact may be, whichever way it arrives (context.profile.validation):
    max_name_chars: int = 300               # a condition's, symptom's or medicine's name or words
    record_current_days: int = 90           # a record's reading older than this is imported as past
    max_code_attempts: int = 5              # wrong resume or reviewer codes per client a minute, then a growing wait


@dataclass(frozen=True)
class UI:
    share: bool = False                     # ask Gradio for a public link
    shared_documents: bool = False          # uploads go into one collection everyone searches (a clinic's leaflets)
    max_upload_mb: int = 20                 # largest document a person can upload
    reviewer_code: str | None = field(default=None, repr=False)   # one code for all reviewers (a demo mode)
    reviewers_file: Path | None = None      # reviewers with their own codes: "name<TAB>sha256(code)" a line
    mcp_server: bool = True                 # the agent's tools for other assistants at /gradio_api/mcp/ (issue 36)
    sign_in: str = "auto"                   # Hugging Face sign-in: auto (on a Space with hf_oauth) | off | mock
    sign_in_salt: str | None = field(default=None, repr=False)  # secret: a signed-in person's key is its HMAC
    sign_in_mock_user: str = "local-user"   # who the offline mock signs in as (off a Space, sign_in: mock)


@dataclass(frozen=True)
class Retrieval:
    """A fusion value or gate threshold left unset (None) comes from the preset of the index's embedder
    (``fusion_presets``)."""

    rrf_k: int = 60
    index_views: str = "head,asked"         # what the knowledge base's index embeds per passage: full,head,asked
    fusion_method: str | None = None
    bm25_weight: float | None = None
    dense_weight: float | None = None
    prf_docs: int | None = None
    prf_weight: float | None = None
    crosslingual_fusion_method: str | None = None    # a Korean question over English passages (None: as above)
    crosslingual_dense_weight: float | None = None
    crosslingual_prf_weight: float | None = None
    gate_low: float | None = None           # the relevance gate's thresholds (None: the embedder's preset; an
    gate_high: float | None = None          # embedder without one is not gated)
    gate_unknown: float | None = None
    gate_margin: float | None = None
    gate_unknown_medicine: float | None = None    # the bar when the unknown name is given as a medicine
    gate_lexical: float | None = None             # the share of a Korean question's words its passages must hold
    gate_lexical_other: float | None = None       # ... of any other question's words (English; Korean over English)
    gate_lexical_other_below: float | None = None     # ... when its best passage is below this cosine
    gate_low_long: float | None = None      # gate_low for a message of gate_long_words words or more (a long story reads
    gate_long_words: int | None = None      # further from the passage that answers it); both unset: off
    gate_model_checks: str = "ambiguous"    # with a model, the sets its one passage-marking call judges: ambiguous |
                                            # all (every set the gate does not rule out; CRAG's evaluator on each)
    retrieval_store: str = "local"         # local: the index directory's BM25 + FAISS | postgres: its collection in
                                            # PostgreSQL (database_url; written by index_builder build --store postgres)
    fulltext_ranking: str = "idf"           # postgres store: ts_rank weighted by each lexeme's IDF | plain ts_rank
    query_expansion_enabled: bool = True
    query_translation_enabled: bool = False
    query_glossary_enabled: bool = True     # Korean → English glossary of assets/glossary in the query pipeline
    query_compounds_enabled: bool = True    # compound names rebuilt from assets/roots combining forms
    query_focus_words: int = 0              # a long message's last this many words embedded beside it (0: off)
    query_focus_min_words: int = 40         # ... when the message has at least this many words
    planner: str = "rules"                  # the router and planner: rules | llm (one structured call per planned
                                            # turn when an LLM is configured; the rules are its fallback)
    web_provider: str = "none"              # web fallback when the sources miss a named medicine/condition:
                                            # none | searxng | tavily
    web_searxng_url: str | None = None      # a SearxNG instance (its JSON API)
    tavily_api_key: str | None = field(default=None, repr=False)   # web_provider tavily (or TAVILY_API_KEY)
    web_tavily_url: str | None = None       # Tavily's API base URL (None: api.tavily.com)
    web_allow_domains: str = "medlineplus.gov,nih.gov,who.int,cdc.gov,kdca.go.kr,health.kr,mfds.go.kr,nhs.uk"
    web_results: int = 3                    # pages read per fallback
    fusion_presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)


@dataclass(frozen=True)
class Tracing:
    """Where the turn and node spans go (medical_agent.tracing); neither set: nowhere, at no cost."""

    trace_file: Path | None = None          # one JSON line per span (`bench traces` reads it)
    otlp_endpoint: str | None = None        # an OTLP/HTTP collector (or OTEL_EXPORTER_OTLP_ENDPOINT)


SECTIONS: dict[str, type] = {"paths": Paths, "backends": Backends, "limits": Limits, "ui": UI, "retrieval": Retrieval,
                             "tracing": Tracing}
# setting name → (section, type); fusion_presets is read from its own YAML key
SETTING_TYPES: dict[str, tuple[str, Any]] = {
    key: (section, hint) for section, cls in SECTIONS.items()
    for key, hint in typing.get_type_hints(cls).items() if key != "fusion_presets"}
FLAG_TYPES = typing.get_type_hints(FeatureFlags)
PATH_FIELDS = {k for k, (_, hint) in SETTING_TYPES.items() if Path in typing.get_args(hint) or hint is Path}
PROJECT_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Settings:
    """Paths, backends, limits, UI, retrieval options, tracing and feature flags. Build with ``load_settings``."""

    paths: Paths
    backends: Backends = field(default_factory=Backends)
    limits: Limits = field(default_factory=Limits)
    ui: UI = field(default_factory=UI)
    retrieval: Retrieval = field(default_factory=Retrieval)
    tracing: Tracing = field(default_factory=Tracing)
    profile: str = "full_context_engineering"
    flags: FeatureFlags = field(default_factory=FeatureFlags)
    feature_defaults: Mapping[str, Any] = field(default_factory=dict, repr=False)
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)

    def with_profile(self, name: str) -> Settings:
        """The same settings under another ablation profile (flags recomputed from the defaults)."""
        return dataclasses.replace(self, profile=name, flags=flags_for(name, self.feature_defaults, self.profiles))

    def with_flags(self, **changes: Any) -> Settings:
        """The same settings with some feature flags changed (validated like the YAML)."""
        current = self.flags.as_dict()
        for key, value in changes.items():
            check_known(key, current, "feature flag")
            current[key] = coerce(key, value, FLAG_TYPES[key])
        return dataclasses.replace(self, flags=validated_flags(current))

    def replace(self, **changes: Any) -> Settings:
        """The same settings with other (non-flag) values changed, by name, validated."""
        sections: dict[str, dict[str, Any]] = {}
        for key, value in changes.items():
            check_known(key, SETTING_TYPES, "setting")
            section, hint = SETTING_TYPES[key]
            sections.setdefault(section, {})[key] = resolve(key, coerce(key, value, hint))
        new = dataclasses.replace(self, **{s: dataclasses.replace(getattr(self, s), **v) for s, v in sections.items()})
        check_ranges(new)
        return new


def resolve(key: str, value: Any) -> Any:
    """Relative paths are relative to the project root."""
    if key in PATH_FIELDS and value is not None and not value.is_absolute():
        return (PROJECT_ROOT / value).resolve()
    return value


def validated_flags(flags: Mapping[str, Any]) -> FeatureFlags:
    for key in ("quality_threshold", "cache_similarity_threshold"):
        if not 0.0 <= flags[key] <= 1.0:
            raise SettingsError(f"{key}: must be between 0 and 1, got {flags[key]}")
    counts = ("max_refine_iterations", "max_regenerations", "max_llm_verifications")
    if any(flags[key] < 0 for key in counts):
        raise SettingsError(f"{', '.join(counts)} must be >= 0")
    return FeatureFlags(**flags)


def flags_for(profile: str, defaults: Mapping[str, Any], profiles: Mapping[str, Mapping[str, Any]],
              extra: Mapping[str, Any] | None = None) -> FeatureFlags:
    check_known(profile, profiles, "profile")
    merged = dict(defaults)
    for source in (profiles[profile], extra or {}):
        for key, value in source.items():
            check_known(key, FLAG_TYPES, "feature flag")
            merged[key] = coerce(key, value, FLAG_TYPES[key])
    return validated_flags(merged)


def check_ranges(settings: Settings) -> None:
    if settings.backends.llm_max_answer_tokens < 16:
        raise SettingsError("llm_max_answer_tokens: must be at least 16")
    if not 1.0 <= settings.backends.llm_repeat_penalty <= 2.0:
        raise SettingsError("llm_repeat_penalty: must be between 1.0 (off) and 2.0")
    if settings.backends.answer_from not in ANSWER_FROM:
        raise SettingsError(f"answer_from: must be one of {', '.join(ANSWER_FROM)}")
    if settings.ui.max_upload_mb < 1:
        raise SettingsError("max_upload_mb: must be at least 1")
    caps = ("max_inflated_mb", "max_document_pages", "max_document_chars", "max_record_entries", "max_record_items",
            "max_parse_seconds", "max_parse_memory_mb", "max_record_depth", "max_name_chars", "record_current_days",
            "max_code_attempts")
    for key in caps:
        if getattr(settings.limits, key) <= 0:
            raise SettingsError(f"{key}: must be greater than 0")
    if settings.retrieval.rrf_k < 1:
        raise SettingsError("rrf_k: must be at least 1")
    if settings.ui.sign_in_salt is not None and len(settings.ui.sign_in_salt) < 16:
        raise SettingsError("sign_in_salt: must be at least 16 characters (a long random secret)")
