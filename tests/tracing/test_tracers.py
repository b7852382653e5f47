"""The tracing backends on their own: the no-op tracer when nothing is configured or the SDK is missing, the
JSON-lines file the `bench traces` command reads, the OTLP exporter against a local fake collector, and
exceptions recorded by their type only unless health data may be recorded."""

from __future__ import annotations

import http.server
import sys
import threading

import pytest

from medical_agent.settings import Tracing
from medical_agent.tracing import NO_TRACER, open_tracer
from medical_agent.tracing.records import read_spans
from tests.tracing.memory import memory_tracer, strings


def test_nothing_configured_is_the_no_op_tracer():
    tracer = open_tracer(Tracing())
    assert tracer is NO_TRACER and not tracer.enabled
    with tracer.span("turn", {"a": 1}) as span:
        span.set({"b": 2})
        span.event("e", {})


def test_configured_without_the_sdk_runs_untraced_with_a_warning(monkeypatch, tmp_path, caplog):
    for name in [n for n in sys.modules if n.startswith("opentelemetry.sdk")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "opentelemetry.sdk", None)          # import fails as if not installed
    tracer = open_tracer(Tracing(trace_file=tmp_path / "spans.jsonl"))
    assert tracer is NO_TRACER and "opentelemetry-sdk is not installed" in caplog.text
    assert not (tmp_path / "spans.jsonl").exists()


def test_the_trace_file_holds_one_json_line_per_span_with_its_parent(tmp_path):
    pytest.importorskip("opentelemetry.sdk")
    path = tmp_path / "traces" / "spans.jsonl"
    tracer = open_tracer(Tracing(trace_file=path))
    with tracer.span("agent_turn", {"medagent.mode": "agent"}) as turn:
        with tracer.span("retrieve", {"medagent.node": "retrieve"}) as node:
            node.set({"medagent.passages": 3, "medagent.llm.tags": ("expand",), "skipped": None})
        turn.event("llm_call", {"medagent.llm.tag": "generate"})
    tracer.flush()
    spans = list(read_spans(path))
    assert [s["name"] for s in spans] == ["retrieve", "agent_turn"]
    child, parent = spans
    assert child["parent_id"] == parent["span_id"] and parent["parent_id"] is None
    assert child["trace_id"] == parent["trace_id"] and child["duration_ms"] >= 0
    assert child["attributes"] == {"medagent.node": "retrieve", "medagent.passages": 3, "medagent.llm.tags": ["expand"]}
    assert parent["events"] == [{"name": "llm_call", "attributes": {"medagent.llm.tag": "generate"}}]


def test_a_broken_trace_file_line_is_named(tmp_path):
    path = tmp_path / "spans.jsonl"
    path.write_text('{"name": "a", "trace_id": "1", "duration_ms": 1}\nnot json\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"spans.jsonl:2"):
        list(read_spans(path))


@pytest.mark.parametrize("health_data", [False, True])
def test_an_exception_is_recorded_by_its_type_unless_health_data_may_be(health_data):
    tracer, exporter = memory_tracer(health_data=health_data)
    with pytest.raises(ValueError), tracer.span("extract_slots"):
        raise ValueError("glucose 1234 for Kim")
    (span,) = exporter.get_finished_spans()
    assert span.status.status_code.name == "ERROR" and span.attributes["error.type"] == "ValueError"
    assert any("Kim" in s for s in strings(span)) is health_data


class Collector(http.server.BaseHTTPRequestHandler):
    """A fake OTLP/HTTP collector: keeps the path and body of every request."""

    received: list[tuple[str, bytes]] = []

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Collector.received.append((self.path, body))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def test_spans_reach_an_otlp_collector_at_the_standard_path():
    pytest.importorskip("opentelemetry.sdk")
    pytest.importorskip("opentelemetry.exporter.otlp.proto.http")
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Collector)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    Collector.received.clear()
    try:
        tracer = open_tracer(Tracing(otlp_endpoint=f"http://127.0.0.1:{server.server_port}/"))
        with tracer.span("agent_turn", {"medagent.route": "rag_required"}), tracer.span("retrieve"):
            pass
        tracer.flush()
    finally:
        server.shutdown()
    assert [path for path, _ in Collector.received] == ["/v1/traces"]
    request = ExportTraceServiceRequest.FromString(Collector.received[0][1])
    resource = request.resource_spans[0]
    names = [s.name for scope in resource.scope_spans for s in scope.spans]
    assert sorted(names) == ["agent_turn", "retrieve"]
    service = {a.key: a.value.string_value for a in resource.resource.attributes}["service.name"]
    assert service == "medical-agent"


@pytest.mark.parametrize(("env", "health_data", "expected"), [
    ({}, False, {}),                                                            # LangSmith off: nothing touched
    ({"LANGSMITH_TRACING": "true"}, False,
     {"LANGSMITH_TRACING": "true", "LANGSMITH_HIDE_INPUTS": "true", "LANGSMITH_HIDE_OUTPUTS": "true"}),
    ({"LANGCHAIN_TRACING_V2": "true", "LANGSMITH_HIDE_OUTPUTS": "false"}, False,  # the operator's choice stays
     {"LANGCHAIN_TRACING_V2": "true", "LANGSMITH_HIDE_INPUTS": "true", "LANGSMITH_HIDE_OUTPUTS": "false"}),
    ({"LANGSMITH_TRACING": "true"}, True, {"LANGSMITH_TRACING": "true"}),       # log_health_data: sent as is
])
def test_langsmith_hides_what_the_person_wrote_unless_health_data_may_be_logged(env, health_data, expected):
    from medical_agent.tracing.langsmith import hide_health_data_from_langsmith

    assert hide_health_data_from_langsmith(health_data, env) is bool(expected)
    assert env == expected
