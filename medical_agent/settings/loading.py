"""Load the settings once: ``config/agent_config.yaml`` → the selected ablation profile (an overlay of feature
flags) → ``MEDAGENT_*`` environment variables → explicit overrides (tests, CLI flags, UI switches), later
sources winning. Every value is type-checked; an unknown key, flag or profile is an error listing the valid
names."""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from .fields import SettingsError, check_known, coerce
from .model import (
    FLAG_TYPES,
    FUSION_FIELDS,
    GATE_FIELDS,
    SECTIONS,
    SETTING_TYPES,
    FeatureFlags,
    Settings,
    check_ranges,
    flags_for,
    resolve,
)

DEFAULT_CONFIG = Path(__file__).resolve().parents[1] / "config" / "agent_config.yaml"
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
# Settings other tools name in their own variables: read when neither the YAML nor MEDAGENT_* sets them.
FOREIGN_SETTINGS = {"openai_api_key": "OPENAI_API_KEY", "hf_token": "HF_TOKEN", "tavily_api_key": "TAVILY_API_KEY",
                    "otlp_endpoint": "OTEL_EXPORTER_OTLP_ENDPOINT"}
TOP_LEVEL = ("profile", "features", "profiles", "fusion_presets")


def fusion_presets(raw: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``fusion_presets:`` of the YAML: embedder name → fusion values (and relevance-gate thresholds) chosen for it;
    ``default`` is required and must set every fusion value."""
    presets = {}
    fields = (*FUSION_FIELDS, *GATE_FIELDS)
    for name, body in raw.items():
        if not isinstance(body, Mapping):
            raise SettingsError(f"fusion_presets.{name}: expected a mapping of {', '.join(fields)}")
        for key in body:
            check_known(key, dict.fromkeys(fields), f"fusion_presets.{name} field")
        presets[str(name)] = {k: coerce(k, v, SETTING_TYPES[k][1]) for k, v in body.items()}
    missing = [k for k in FUSION_FIELDS if presets.get("default", {}).get(k) is None]
    if missing:
        raise SettingsError(f"fusion_presets.default must set {', '.join(missing)}")
    return presets


def _environment(env: Mapping[str, str], values: dict[str, Any], flags: dict[str, Any]) -> None:
    for name, text in env.items():
        if not name.startswith(ENV_PREFIX) or name in FOREIGN_ENV:
            continue
        key = ENV_ALIASES.get(name, name[len(ENV_PREFIX):].lower())
        if key in FLAG_TYPES:
            flags[key] = text
        elif key in SETTING_TYPES or key == "profile":
            values[key] = text
        else:
            raise SettingsError(f"unknown environment variable {name}; valid: " + ", ".join(
                ENV_PREFIX + k.upper() for k in sorted({*SETTING_TYPES, *FLAG_TYPES, "profile"})))


def load_settings(config_path: Path | str | None = None, env: Mapping[str, str] | None = None,
                  overrides: Mapping[str, Any] | None = None) -> Settings:
    """Read YAML, apply the profile, the ``MEDAGENT_*`` environment and ``overrides`` (flag or setting names)."""
    env = os.environ if env is None else env
    raw = yaml.safe_load(Path(config_path or DEFAULT_CONFIG).read_text(encoding="utf-8")) or {}
    feature_defaults = {k: coerce(k, v, FLAG_TYPES[k]) for k, v in FeatureFlags().as_dict().items()}
    for key, value in (raw.pop("features", None) or {}).items():
        check_known(key, FLAG_TYPES, "feature flag")
        feature_defaults[key] = coerce(key, value, FLAG_TYPES[key])
    profiles = raw.pop("profiles", None) or {"full_context_engineering": {}}
    raw_presets = raw.pop("fusion_presets", None) or {}
    values: dict[str, Any] = {"profile": raw.pop("profile")} if "profile" in raw else {}
    for section, body in raw.items():
        if section not in SECTIONS:
            raise SettingsError(f"unknown section {section!r}; valid: {', '.join([*SECTIONS, *TOP_LEVEL])}")
        for key, value in (body or {}).items():
            check_known(key, SETTING_TYPES, "setting")
            values[key] = value
    flag_values: dict[str, Any] = {}
    _environment(env, values, flag_values)
    for key, value in (overrides or {}).items():
        if key in FLAG_TYPES:
            flag_values[key] = value
        else:
            check_known(key, {**SETTING_TYPES, **FLAG_TYPES, "profile": str}, "setting or flag")
            values[key] = value
    for setting, name in FOREIGN_SETTINGS.items():
        if not values.get(setting) and env.get(name):
            values[setting] = env[name]
    profile = str(values.pop("profile", "full_context_engineering"))
    sections: dict[str, dict[str, Any]] = {name: {} for name in SECTIONS}
    for key, value in values.items():
        section, hint = SETTING_TYPES[key]
        sections[section][key] = resolve(key, coerce(key, value, hint))
    missing = [k for k, (s, _) in SETTING_TYPES.items() if s == "paths" and k not in sections["paths"]]
    if missing:
        raise SettingsError(f"paths.{missing[0]} is missing from the configuration")
    sections["retrieval"]["fusion_presets"] = fusion_presets(raw_presets)
    settings = Settings(**{name: SECTIONS[name](**body) for name, body in sections.items()}, profile=profile,
                        flags=flags_for(profile, feature_defaults, profiles, flag_values),
                        feature_defaults=feature_defaults, profiles=profiles)
    check_ranges(settings)
    return settings


@functools.lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, loaded once (the app and the CLI call this; tests call load_settings)."""
    return load_settings()


def apply_offline_env() -> None:
    """Default every hub library to offline mode unless the user set the variable explicitly."""
    for key, value in OFFLINE_ENV.items():
        os.environ.setdefault(key, value)
