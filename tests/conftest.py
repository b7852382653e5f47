"""Test-wide setup: every hub library offline, no MEDAGENT_* leakage from the developer's shell."""

from __future__ import annotations

import os

from medical_agent.settings import apply_offline_env

apply_offline_env()
for _name in [n for n in os.environ if n.startswith("MEDAGENT_") and n != "MEDAGENT_SHARED_DATA"]:
    del os.environ[_name]
os.environ.pop("OPENAI_API_KEY", None)
