"""One settings object for the whole agent, loaded once.

Sources, later ones winning: ``config/agent_config.yaml`` → the selected ablation profile (an overlay of
feature flags) → ``MEDAGENT_*`` environment variables → explicit overrides (tests, CLI flags, UI switches).
Every value is type-checked; an unknown key, flag or profile is an error that lists the valid names, so a
typo never silently falls back to a default.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONFIG = Path(__file__).resolve().parent / "config" / "agent_config.yaml"
ENV_PREFIX = "MEDAGENT_"
# MEDAGENT_* names that belong to other tools (../shared/tools) or are aliases, not settings fields.
FOREIGN_ENV = {"MEDAGENT_CACHE"}
ENV_ALIASES = {"MEDAGENT_SHARED_DATA": "shared_data_dir"}
# Environment that keeps every hub library offline; the app and the tests apply it by default.
OFFLINE_ENV = {
    "HF_HUB_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "GRADIO_ANALYTICS_ENABLED": "False",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "MEDCAT_DISABLE_VERSION_CHECK": "true",
}


class SettingsError(ValueError):
    """A configuration value is unknown or has the wrong type; the message says which and what is valid."""


FUSION_METHODS = ("rrf", "weighted_rrf", "convex", "zscore")   # retrieval.hybrid.fuse implements each
CHOICES: dict[str, tuple[str, ...]] = {
    "refine_strategy": ("corrective_rag", "basic_rag"),
    "memory_mode": ("structured", "none"),
    "fusion_method": FUSION_METHODS,
    "crosslingual_fusion_method": FUSION_METHODS,
}
UNIT_INTERVAL = ("quality_threshold", "cache_similarity_threshold")


@dataclass(frozen=True)
class FeatureFlags:
    """The seeds' experiment switches (seed 001 §5, seed 003 §8)."""

    self_refine_enabled: bool = True
    max_refine_iterations: int = 2
    quality_threshold: float = 0.5
    refine_strategy: str = "corrective_rag"
    llm_based_quality_check: bool = True
    dynamic_query_rewrite: bool = True
    quality_check_enabled: bool = True
    duplicate_detection: bool = True
    progress_monitoring: bool = True
    active_retrieval_enabled: bool = True
    dynamic_rag_routing: bool = True
    medcat2_enabled: bool = True
    memory_mode: str = "structured"
    response_cache_enabled: bool = True
    cache_similarity_threshold: float = 0.85
    rrf_k: int = 60

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Settings:
    """Paths, backends, limits, retrieval options and feature flags. Build with :func:`load_settings`."""

    # paths
    index_dir: Path
    assets_dir: Path
    shared_data_dir: Path
    db_path: Path
    medcat_dir: Path
    # backends
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
    embedder: str = "use-multilingual"
    # limits
    max_message_chars: int = 4000
    log_health_data: bool = False
    share: bool = False                     # ui: ask Gradio for a public link
    # retrieval: a fusion value left unset (None) comes from the preset of the index's embedder (fusion_presets)
    fusion_method: str | None = None
    bm25_weight: float | None = None
    dense_weight: float | None = None
    prf_docs: int | None = None
    prf_weight: float | None = None
    crosslingual_fusion_method: str | None = None    # a Korean question over English passages (None: as above)
    crosslingual_dense_weight: float | None = None
    crosslingual_prf_weight: float | None = None
    query_expansion_enabled: bool = True
    query_translation_enabled: bool = False
    query_glossary_enabled: bool = True     # Korean → English glossary of assets/glossary in the query pipeline
    query_compounds_enabled: bool = True    # compound names rebuilt from assets/roots combining forms
    # experiment
    profile: str = "full_context_engineering"
    flags: FeatureFlags = field(default_factory=FeatureFlags)
    # secrets and bookkeeping (not shown in repr)
    openai_api_key: str | None = field(default=None, repr=False)
    feature_defaults: Mapping[str, Any] = field(default_factory=dict, repr=False)
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    fusion_presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)

    def with_profile(self, name: str) -> Settings:
        """The same settings under another ablation profile (flags recomputed from the defaults)."""
        flags = _flags_for(name, self.feature_defaults, self.profiles)
        return dataclasses.replace(self, profile=name, flags=flags)

    def with_flags(self, **changes: Any) -> Settings:
        """The same settings with some feature flags changed (validated like the YAML)."""
        current = self.flags.as_dict()
        for key, value in changes.items():
            _check_known(key, current, "feature flag")
            current[key] = _coerce(key, value, _FLAG_TYPES[key])
        return dataclasses.replace(self, flags=FeatureFlags(**current))

    def replace(self, **changes: Any) -> Settings:
        """The same settings with other (non-flag) fields changed, validated."""
        for key, value in changes.items():
            _check_known(key, _SETTING_TYPES, "setting")
            changes[key] = _finish(key, _coerce(key, value, _SETTING_TYPES[key]))
        return dataclasses.replace(self, **changes)


_FLAG_TYPES = typing.get_type_hints(FeatureFlags)
_SETTING_TYPES = {
    k: v for k, v in typing.get_type_hints(Settings).items()
    if k not in {"flags", "feature_defaults", "profiles", "fusion_presets"}
}
FUSION_FIELDS = ("fusion_method", "bm25_weight", "dense_weight", "prf_docs", "prf_weight")


def _fusion_presets(raw: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``fusion_presets:`` of the YAML: embedder name → fusion values chosen for it; ``default`` is required."""
    presets = {}
    for name, body in raw.items():
        if not isinstance(body, Mapping):
            raise SettingsError(f"fusion_presets.{name}: expected a mapping of {', '.join(FUSION_FIELDS)}")
        for key in body:
            _check_known(key, dict.fromkeys(FUSION_FIELDS), f"fusion_presets.{name} field")
        presets[str(name)] = {k: _coerce(k, v, _SETTING_TYPES[k]) for k, v in body.items()}
    missing = [k for k in FUSION_FIELDS if presets.get("default", {}).get(k) is None]
    if missing:
        raise SettingsError(f"fusion_presets.default must set {', '.join(missing)}")
    return presets


_PATH_FIELDS = {"index_dir", "assets_dir", "shared_data_dir", "db_path", "medcat_dir", "llamacpp_model_path"}


def _check_known(key: str, valid: Mapping[str, Any], what: str) -> None:
    if key not in valid:
        raise SettingsError(f"unknown {what} {key!r}; valid names: {', '.join(sorted(valid))}")


def _coerce(name: str, value: Any, hint: Any) -> Any:
    """Convert ``value`` (from YAML or an env string) to ``hint``, or raise naming the field."""
    optional = isinstance(hint, types.UnionType) and type(None) in hint.__args__
    base = next((a for a in hint.__args__ if a is not type(None)), str) if optional else hint
    if value is None or (optional and isinstance(value, str) and value.strip().lower() in {"", "null", "none"}):
        if optional:
            return None
        raise SettingsError(f"{name}: a value is required ({base.__name__})")
    try:
        if base is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"1", "true", "yes", "on"}:
                return True
            if text in {"0", "false", "no", "off"}:
                return False
            raise ValueError
        if base is int:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            return int(value)
        if base is float:
            if isinstance(value, bool):
                raise ValueError
            return float(value)
        if base is Path:
            return Path(str(value)).expanduser()
        if isinstance(value, (dict, list)):
            raise ValueError
        value = str(value)
    except (TypeError, ValueError):
        raise SettingsError(f"{name}: expected {base.__name__}, got {value!r}") from None
    if name in CHOICES and value not in CHOICES[name]:
        raise SettingsError(f"{name}: {value!r} is not one of {', '.join(CHOICES[name])}")
    return value


def _validate_flags(flags: dict[str, Any]) -> FeatureFlags:
    for key in UNIT_INTERVAL:
        if not 0.0 <= flags[key] <= 1.0:
            raise SettingsError(f"{key}: must be between 0 and 1, got {flags[key]}")
    if flags["max_refine_iterations"] < 0 or flags["rrf_k"] < 1:
        raise SettingsError("max_refine_iterations must be >= 0 and rrf_k >= 1")
    return FeatureFlags(**flags)


def _flags_for(profile: str, defaults: Mapping[str, Any], profiles: Mapping[str, Mapping[str, Any]],
               extra: Mapping[str, Any] | None = None) -> FeatureFlags:
    _check_known(profile, profiles, "profile")
    merged = dict(defaults)
    for source in (profiles[profile], extra or {}):
        for key, value in source.items():
            _check_known(key, _FLAG_TYPES, "feature flag")
            merged[key] = _coerce(key, value, _FLAG_TYPES[key])
    return _validate_flags(merged)


def _finish(key: str, value: Any) -> Any:
    if key in _PATH_FIELDS and value is not None and not value.is_absolute():
        return (PROJECT_ROOT / value).resolve()
    return value


def load_settings(config_path: Path | str | None = None, env: Mapping[str, str] | None = None,
                  overrides: Mapping[str, Any] | None = None) -> Settings:
    """Read YAML, apply the profile, the ``MEDAGENT_*`` environment and ``overrides`` (flag or field names)."""
    env = os.environ if env is None else env
    raw = yaml.safe_load(Path(config_path or DEFAULT_CONFIG).read_text(encoding="utf-8")) or {}
    feature_defaults = {k: _coerce(k, v, _FLAG_TYPES[k]) for k, v in FeatureFlags().as_dict().items()}
    for key, value in (raw.pop("features", None) or {}).items():
        _check_known(key, _FLAG_TYPES, "feature flag")
        feature_defaults[key] = _coerce(key, value, _FLAG_TYPES[key])
    profiles = raw.pop("profiles", None) or {"full_context_engineering": {}}
    raw_presets = raw.pop("fusion_presets", None) or {}
    values: dict[str, Any] = {}
    if "profile" in raw:
        values["profile"] = raw.pop("profile")
    for section, body in raw.items():
        if section not in {"paths", "backends", "limits", "retrieval", "ui"}:
            raise SettingsError(f"unknown section {section!r}; valid: paths, backends, limits, retrieval, ui, "
                                "profile, features, profiles, fusion_presets")
        for key, value in (body or {}).items():
            _check_known(key, _SETTING_TYPES, "setting")
            values[key] = value
    flag_values: dict[str, Any] = {}
    for name, text in env.items():
        if not name.startswith(ENV_PREFIX) or name in FOREIGN_ENV:
            continue
        key = ENV_ALIASES.get(name, name[len(ENV_PREFIX):].lower())
        if key in _FLAG_TYPES:
            flag_values[key] = text
        elif key in _SETTING_TYPES:
            values[key] = text
        else:
            raise SettingsError(f"unknown environment variable {name}; valid: " + ", ".join(
                ENV_PREFIX + k.upper() for k in sorted({*_SETTING_TYPES, *_FLAG_TYPES})))
    for key, value in (overrides or {}).items():
        if key in _FLAG_TYPES:
            flag_values[key] = value
        else:
            _check_known(key, {**_SETTING_TYPES, **_FLAG_TYPES}, "setting or flag")
            values[key] = value
    if not values.get("openai_api_key") and env.get("OPENAI_API_KEY"):
        values["openai_api_key"] = env["OPENAI_API_KEY"]
    typed = {k: _finish(k, _coerce(k, v, _SETTING_TYPES[k])) for k, v in values.items()}
    for required in ("index_dir", "assets_dir", "shared_data_dir", "db_path", "medcat_dir"):
        if required not in typed:
            raise SettingsError(f"paths.{required} is missing from the configuration")
    if typed.get("llm_max_answer_tokens", 900) < 16:
        raise SettingsError("llm_max_answer_tokens: must be at least 16")
    if not 1.0 <= typed.get("llm_repeat_penalty", 1.1) <= 2.0:
        raise SettingsError("llm_repeat_penalty: must be between 1.0 (off) and 2.0")
    profile = typed.get("profile", "full_context_engineering")
    flags = _flags_for(profile, feature_defaults, profiles, flag_values)
    return Settings(**typed, flags=flags, feature_defaults=feature_defaults, profiles=profiles,
                    fusion_presets=_fusion_presets(raw_presets))


@functools.lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, loaded once (the app and the CLI call this; tests call load_settings)."""
    return load_settings()


def apply_offline_env() -> None:
    """Default every hub library to offline mode unless the user set the variable explicitly."""
    for key, value in OFFLINE_ENV.items():
        os.environ.setdefault(key, value)
