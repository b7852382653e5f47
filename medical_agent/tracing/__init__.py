"""Traces an operator can read (issue 36): one trace per turn, one span per graph node, in OpenTelemetry.

The graph writes to :class:`Tracer` (``base``) and never learns where spans go. ``setup.open_tracer`` picks the
backend from the settings: a JSON-lines file (``trace_file``, read by ``bench traces``), an OTLP/HTTP collector
(``otlp_endpoint`` / ``OTEL_EXPORTER_OTLP_ENDPOINT``: Jaeger, Grafana Tempo, Langfuse), both, or the no-op tracer
when neither is set or the optional ``opentelemetry-sdk`` is not installed. What a span may say about the person is
decided by the graph (``graph.spans``), under the same ``log_health_data`` setting as the logs.
"""

from .base import NO_TRACER, Attributes, NoTracer, Span, Tracer
from .setup import open_tracer

__all__ = ["NO_TRACER", "Attributes", "NoTracer", "Span", "Tracer", "open_tracer"]
