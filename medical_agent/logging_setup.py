"""Logging to stderr (stdout is reserved for JSON output of the CLI), with health data kept out by default.

What a person writes, uploads or imports must not reach the log unless ``log_health_data`` is set (issue 33):

- ``redact`` replaces a text with its length and a short hash: enough to correlate log lines, nothing about the
  person. Our own log lines say counts, types and hashes, never a message, a value or a file name.
- An exception's message may quote any of those (a ``ValueError`` naming the value, a library's error quoting the
  file, Gradio's "Received inputs: [...]"), and a traceback repeats it. :func:`describe_failure` writes an
  exception as its type and code locations only, the chain included; and :func:`setup_logging` installs a log
  record factory that does the same to every record with an exception, from any logger (Gradio's, uvicorn's,
  LangGraph's), and replaces the text arguments of other libraries' records with ``redact``.
- Gradio prints the tracebacks of failed events itself, not through logging: ``ui.quiet_errors`` routes them here.

``log_health_data: true`` turns all of it off for local debugging.
"""

from __future__ import annotations

import hashlib
import logging
import sys
import traceback
from typing import Any

_REDACT = True
OWN_LOGGERS = ("medical_agent", "index_builder", "app", "__main__")
_plain_factory = logging.getLogRecordFactory()


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is when a record comes (as logging's last-resort handler does)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, _value: Any) -> None:
        pass


def setup_logging(level: str | int = "INFO", log_health_data: bool = False) -> None:
    global _REDACT
    _REDACT = not log_health_data
    logging.setLogRecordFactory(_plain_factory if log_health_data else _record_without_health_data)
    # a handler that fails prints its own traceback, the exception being handled included: not with health data
    logging.raiseExceptions = log_health_data
    root = logging.getLogger()
    if not any(getattr(h, "_medagent", False) for h in root.handlers):
        handler = _Stderr()
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
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"<{len(text)} chars #{digest}>"


def describe_failure(exc: BaseException, health_data: bool | None = None) -> str:
    """An exception for the log: its type and code locations, for each exception of its chain; with
    ``health_data`` (default: the setting given to :func:`setup_logging`) the whole traceback, messages included."""
    if health_data if health_data is not None else not _REDACT:
        return "".join(traceback.format_exception(exc)).rstrip()
    parts, seen = [], set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        frames = "".join(traceback.format_tb(current.__traceback__)).rstrip()
        kind = type(current)
        name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
        parts.append(f"{name} (message withheld)"
                     + (f"\n{frames}" if frames else ""))
        current = current.__cause__ or current.__context__
    return "\n  caused by / during: ".join(parts)


def _record_without_health_data(*args: Any, **kwargs: Any) -> logging.LogRecord:
    """Every log record as made, then: an exception written as :func:`describe_failure` does, an exception given
    as an argument by its type, and another library's text arguments redacted (our own lines carry none)."""
    record = _plain_factory(*args, **kwargs)
    if record.exc_info and record.exc_info[1] is not None:
        record.exc_text = describe_failure(record.exc_info[1], health_data=False)
        record.exc_info = None
    if not record.args:
        return record
    values = list(record.args.values() if isinstance(record.args, dict) else record.args)
    if not record.name.startswith(OWN_LOGGERS) and any(isinstance(v, (str, bytes, BaseException)) for v in values):
        record.msg, record.args = f"{record.msg} [arguments withheld: {_shapes(values)}]", ()
    elif any(isinstance(v, BaseException) for v in values) and not isinstance(record.args, dict):
        record.args = tuple(f"<{type(v).__name__}>" if isinstance(v, BaseException) else v for v in values)
    return record


def _shapes(values: list[Any]) -> str:
    return ", ".join(redact(v) if isinstance(v, str) else type(v).__name__ for v in values)
