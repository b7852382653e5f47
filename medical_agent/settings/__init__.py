"""One settings object for the whole agent, loaded once (:func:`get_settings`; tests call :func:`load_settings`).

Sections follow ``config/agent_config.yaml``: ``settings.paths``, ``.backends``, ``.limits``, ``.ui``,
``.retrieval``, ``.tracing``, plus the ablation ``profile`` and its ``flags``.
"""

from .fields import CHOICES, FUSION_METHODS, SettingsError
from .loading import DEFAULT_CONFIG, OFFLINE_ENV, apply_offline_env, get_settings, load_settings
from .model import (
           FUSION_FIELDS,
           GATE_FIELDS,
           PROJECT_ROOT,
           UI,
           Backends,
           FeatureFlags,
           Limits,
           Paths,
           Retrieval,
           Settings,
           Tracing,
           sources_write,
)

__all__ = ["CHOICES", "DEFAULT_CONFIG", "FUSION_FIELDS", "GATE_FIELDS", "FUSION_METHODS", "OFFLINE_ENV", "PROJECT_ROOT", "UI",
           "Backends", "FeatureFlags", "Limits", "Paths", "Retrieval", "Settings", "SettingsError", "Tracing",
           "apply_offline_env", "get_settings", "load_settings", "sources_write"]
