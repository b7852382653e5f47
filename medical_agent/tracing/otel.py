"""The OpenTelemetry backend of :class:`~.base.Tracer`, over any ``TracerProvider`` (the SDK's, with the
exporters ``setup`` chose, or one a test builds around the SDK's ``InMemorySpanExporter``).

Only the OpenTelemetry API is imported here; the SDK is ``setup``'s concern. An exception is recorded by its type:
its message and traceback may quote what the person wrote (``logging_setup`` withholds them from logs for the same
reason) and are recorded only with ``log_health_data``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from opentelemetry.trace import Status, StatusCode

from .base import Attributes, Span, clean

INSTRUMENTATION = "medical_agent"


class OtelSpan:
    def __init__(self, span: Any):
        self._span = span

    def set(self, attributes: Attributes) -> None:
        self._span.set_attributes(clean(attributes))

    def event(self, name: str, attributes: Attributes) -> None:
        self._span.add_event(name, clean(attributes))


class OtelTracer:
    enabled = True

    def __init__(self, provider: Any, *, health_data: bool = False, on_flush: Callable[[], Any] | None = None):
        self.provider, self.health_data = provider, health_data
        self._tracer = provider.get_tracer(INSTRUMENTATION)
        self._on_flush = on_flush or getattr(provider, "force_flush", None)

    @contextmanager
    def span(self, name: str, attributes: Attributes | None = None) -> Iterator[Span]:
        with self._tracer.start_as_current_span(name, attributes=clean(attributes), record_exception=False,
                                                set_status_on_exception=False) as span:
            try:
                yield OtelSpan(span)
            except BaseException as exc:
                kind = type(exc).__qualname__
                span.set_attribute("error.type", kind)
                span.set_status(Status(StatusCode.ERROR, f"{kind}: {exc}" if self.health_data else kind))
                if self.health_data:
                    span.record_exception(exc)
                raise

    def flush(self) -> None:
        if self._on_flush is not None:
            self._on_flush()
