"""Build the tracer the settings ask for (called once, by the composition root).

- ``trace_file``: a JSON-lines span file, written as each span ends.
- ``otlp_endpoint`` (or ``OTEL_EXPORTER_OTLP_ENDPOINT``): OTLP over HTTP/protobuf to ``<endpoint>/v1/traces``, in
  batches; the exporter reads the rest of the standard ``OTEL_EXPORTER_OTLP_*`` variables (headers, timeout) itself.
- Neither: a provider someone else installed (``opentelemetry-instrument``) if there is one, else nothing.
- LangSmith (LangGraph's own tracing, by its environment variables) is told to hide inputs and outputs unless
  ``log_health_data`` (``langsmith``).

The SDK and the exporter are an optional extra (README, "Traces"): configured without them, the app warns once
and runs untraced rather than failing to start.
"""

from __future__ import annotations

import logging
from typing import Any

from ..settings import Tracing
from .base import NO_TRACER, Tracer
from .langsmith import hide_health_data_from_langsmith

log = logging.getLogger(__name__)
SERVICE = "medical-agent"
INSTALL = "pip install opentelemetry-sdk opentelemetry-exporter-otlp-proto-http"


def open_tracer(tracing: Tracing, health_data: bool = False) -> Tracer:
    hide_health_data_from_langsmith(health_data)
    if not tracing.trace_file and not tracing.otlp_endpoint:
        provider = installed_provider()
        return NO_TRACER if provider is None else _otel(provider, health_data)
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor
    except ImportError:
        log.warning("tracing is configured but opentelemetry-sdk is not installed (%s); running untraced", INSTALL)
        return NO_TRACER
    resource = Resource.create()
    if str(resource.attributes.get("service.name", "")).startswith("unknown_service"):
        resource = resource.merge(Resource.create({"service.name": SERVICE}))    # OTEL_SERVICE_NAME still wins
    provider = TracerProvider(resource=resource)
    if tracing.trace_file:
        from .jsonl import JsonLinesExporter

        provider.add_span_processor(SimpleSpanProcessor(JsonLinesExporter(tracing.trace_file)))
    if tracing.otlp_endpoint:
        exporter = otlp_exporter(tracing.otlp_endpoint)
        if exporter is not None:
            provider.add_span_processor(BatchSpanProcessor(exporter))
    log.info("tracing on: %s", ", ".join(k for k, v in (("file", tracing.trace_file),
                                                        ("OTLP", tracing.otlp_endpoint)) if v))
    return _otel(provider, health_data)


def otlp_exporter(endpoint: str) -> Any:
    """The OTLP/HTTP span exporter for a collector's base URL (``http://host:4318``), as the standard variable
    means it: traces go to ``<endpoint>/v1/traces``."""
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    except ImportError:
        log.warning("otlp_endpoint is set but the OTLP exporter is not installed (%s); no spans are sent", INSTALL)
        return None
    url = endpoint.rstrip("/")
    return OTLPSpanExporter(endpoint=url if url.endswith("/v1/traces") else f"{url}/v1/traces")


def installed_provider() -> Any:
    """The process's global SDK provider, when an operator installed one (auto-instrumentation); None otherwise
    (the API's default proxy records nothing)."""
    try:
        from opentelemetry import trace
    except ImportError:
        return None
    provider = trace.get_tracer_provider()
    return provider if hasattr(provider, "add_span_processor") else None


def _otel(provider: Any, health_data: bool) -> Tracer:
    try:
        from .otel import OtelTracer
    except ImportError:           # the API itself is missing (it normally comes with gradio's fastapi)
        return NO_TRACER
    return OtelTracer(provider, health_data=health_data)
