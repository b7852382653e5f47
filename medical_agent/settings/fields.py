"""Typed values from text: every setting and flag is coerced and checked here, so a typo or a wrong type is an
error that names the field and what is valid, never a silent default."""

from __future__ import annotations

import types
from collections.abc import Mapping
from pathlib import Path
from typing import Any


class SettingsError(ValueError):
    """A configuration value is unknown or has the wrong type; the message says which and what is valid."""


FUSION_METHODS = ("rrf", "weighted_rrf", "convex", "zscore")   # retrieval.hybrid.fuse implements each
CHOICES: dict[str, tuple[str, ...]] = {
    "refine_strategy": ("corrective_rag", "basic_rag"),
    "memory_mode": ("structured", "none"),
    "fusion_method": FUSION_METHODS,
    "crosslingual_fusion_method": FUSION_METHODS,
    "web_provider": ("none", "searxng", "tavily"),
    "planner": ("rules", "llm"),
    "gate_model_checks": ("ambiguous", "all"),
    "retrieval_store": ("local", "postgres"),
    "fulltext_ranking": ("idf", "ts_rank"),
    "sign_in": ("auto", "off", "mock"),
}


def check_known(key: str, valid: Mapping[str, Any], what: str) -> None:
    if key not in valid:
        raise SettingsError(f"unknown {what} {key!r}; valid names: {', '.join(sorted(valid))}")


def coerce(name: str, value: Any, hint: Any) -> Any:
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
