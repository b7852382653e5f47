"""A tracer over the OpenTelemetry SDK's in-memory exporter: what the tests read spans from (skipped where the
optional SDK is not installed)."""

from __future__ import annotations

from typing import Any

import pytest


def memory_tracer(health_data: bool = False) -> tuple[Any, Any]:
    """(tracer, exporter): every finished span is in ``exporter.get_finished_spans()`` at once."""
    pytest.importorskip("opentelemetry.sdk", reason="tracing's optional extra (opentelemetry-sdk) is not installed")
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from medical_agent.tracing.otel import OtelTracer

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return OtelTracer(provider, health_data=health_data), exporter


def strings(span: Any) -> list[str]:
    """Every text a span carries: its name, status, attribute values and its events' names and values."""
    out = [span.name, span.status.description or ""]
    values = [*(span.attributes or {}).values(), *[v for e in span.events for v in (e.attributes or {}).values()]]
    out += [e.name for e in span.events]
    for value in values:
        out += [str(v) for v in value] if isinstance(value, (list, tuple)) else [str(value)]
    return out
