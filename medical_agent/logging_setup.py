"""Logging to stderr (stdout is reserved for JSON output of the CLI), with health data kept out by default.

``redact`` replaces the text of a message with its length and a short hash: enough to correlate log lines,
nothing about the person. ``log_health_data: true`` in the settings turns it off for local debugging.
"""

from __future__ import annotations

import hashlib
import logging
import sys

_REDACT = True


def setup_logging(level: str | int = "INFO", log_health_data: bool = False) -> None:
    global _REDACT
    _REDACT = not log_health_data
    root = logging.getLogger()
    if not any(getattr(h, "_medagent", False) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler._medagent = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    root.setLevel(level)
    for noisy in ("httpx", "httpcore", "urllib3", "medcat", "faiss"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def redact(text: str | None) -> str:
    """What may be logged about user-supplied health text."""
    if text is None:
        return "<none>"
    if not _REDACT:
        return repr(text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    return f"<{len(text)} chars #{digest}>"
