"""Gradio's own error printing, routed through the log without what people sent.

When an event fails inside Gradio — a call with the wrong number of inputs, a component refusing a value — Gradio
prints the traceback to stderr with ``traceback.print_exc()``, outside logging. Its message can quote the request:
a ``/chat`` call with one input too few logged ``Received inputs: ["I have HIV and take Biktarvy …"]`` (issue 33).
:func:`quiet_gradio_errors` gives Gradio's modules a ``traceback`` whose ``print_exc`` logs the failure as
``logging_setup.describe_failure`` writes it (type and code locations; everything with ``log_health_data``); every
other function of the module is the standard one. What the person sees is Gradio's error without its message
(``show_error`` is off), or, for the app's own handlers, their one-line refusals.
"""

from __future__ import annotations

import importlib
import logging
import sys
import traceback
import types
from typing import Any

from ..logging_setup import describe_failure

log = logging.getLogger(__name__)
GRADIO_MODULES = ("gradio.queueing", "gradio.routes", "gradio.utils", "gradio.route_utils")


class _QuietTraceback(types.ModuleType):
    """The ``traceback`` module as Gradio's modules see it: ``print_exc`` goes to the log, redacted."""

    def __init__(self) -> None:
        super().__init__("traceback")

    def __getattr__(self, name: str) -> Any:
        return getattr(traceback, name)

    @staticmethod
    def print_exc(limit: int | None = None, file: Any = None, chain: bool = True) -> None:
        exc = sys.exc_info()[1]
        if exc is not None:
            log.error("a Gradio event failed: %s", describe_failure(exc))


def quiet_gradio_errors() -> None:
    """Install the quiet ``traceback`` in Gradio's modules (idempotent)."""
    quiet = _QuietTraceback()
    for name in GRADIO_MODULES:
        module = importlib.import_module(name)
        if getattr(module, "traceback", None) is traceback:
            module.traceback = quiet  # type: ignore[attr-defined]
