"""LangSmith, LangGraph's own tracing, needs no code here: ``LANGSMITH_TRACING=true`` and ``LANGSMITH_API_KEY``
make LangGraph send every run to LangSmith (README, "Traces"). It sends each node's inputs and outputs — the
message, the profile, the answer — so, as for the logs and the spans, that happens only with ``log_health_data``:
otherwise LangSmith is asked to hide them (its ``LANGSMITH_HIDE_INPUTS`` / ``LANGSMITH_HIDE_OUTPUTS``) and keeps
the run tree, names, times and token counts. A value the operator set explicitly is left as it is.
"""

from __future__ import annotations

import logging
import os
from collections.abc import MutableMapping

log = logging.getLogger(__name__)
SWITCHES = ("LANGSMITH_TRACING", "LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING", "LANGCHAIN_TRACING_V2")
HIDE = ("LANGSMITH_HIDE_INPUTS", "LANGSMITH_HIDE_OUTPUTS")


def langsmith_on(env: MutableMapping[str, str]) -> bool:
    return any(env.get(name, "").strip().lower() == "true" for name in SWITCHES)


def hide_health_data_from_langsmith(health_data: bool, env: MutableMapping[str, str] | None = None) -> bool:
    """With LangSmith tracing on and ``health_data`` off, default LangSmith to hiding inputs and outputs; returns
    whether LangSmith tracing is on."""
    env = os.environ if env is None else env
    if not langsmith_on(env):
        return False
    if not health_data:
        for name in HIDE:
            env.setdefault(name, "true")
    log.info("LangSmith tracing on; hidden: %s", ", ".join(n for n in HIDE if env.get(n) == "true") or "nothing")
    return True
