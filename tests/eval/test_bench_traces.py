"""`bench traces`: a trace file the agent wrote (``trace_file``) read back as p50/p95 per node and per turn, with
the routes, verdicts and stop reasons counted, through the command line as an operator runs it."""

from __future__ import annotations

import json

import pytest

from medical_agent import cli
from medical_agent.composition import create_agent
from medical_agent.eval.benches.traces import summarize_spans
from medical_agent.settings import load_settings
from medical_agent.storage import open_storage
from medical_agent.tracing.records import read_spans
from tests.graph.conftest import embedder, tiny_index  # noqa: F401

TURNS = ["당뇨가 있어요. 메트포르민 부작용이 뭔가요?", "I take warfarin. Can I take ibuprofen for back pain?", "안녕하세요"]


@pytest.fixture()
def trace_file(tmp_path, tiny_index):  # noqa: F811
    pytest.importorskip("opentelemetry.sdk")
    path = tmp_path / "spans.jsonl"
    env = {"MEDAGENT_DB_PATH": str(tmp_path / "agent.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(tmp_path / "docs"),
           "MEDAGENT_MEDCAT2_ENABLED": "false", "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_LLM": "offline",
           "MEDAGENT_EMBEDDER": "use-multilingual", "MEDAGENT_TRACE_FILE": str(path)}
    agent = create_agent(load_settings(env=env), storage=open_storage(":memory:"))
    results = [agent.run("person", text) for text in TURNS]
    agent.deps.tracer.flush()
    return path, results


def test_a_trace_file_is_read_as_p50_and_p95_per_node(trace_file):
    path, results = trace_file
    report = summarize_spans(read_spans(path))
    assert report["traces"] == report["turns"] == 3 and report["turn_errors"] == 0
    ran = {node for r in results for node in r["node_timings"]}
    assert set(report["nodes"]) == ran
    retrieve = report["nodes"]["retrieve"]
    assert retrieve["runs"] == sum("retrieve" in r["node_timings"] for r in results)
    assert 0 < retrieve["p50_ms"] <= retrieve["p95_ms"] <= retrieve["max_ms"] + 0.01
    assert report["turn"]["p50_ms"] >= max(n["p50_ms"] for n in report["nodes"].values()) * 0.99
    assert 0 < sum(n["share_of_turn_time"] for n in report["nodes"].values()) <= 1.0
    assert report["routes"] == {"rag_required": 2, "simple": 1}
    assert sum(report["stop_reasons"].values()) == 3


def test_the_command_prints_the_report(trace_file, capsys):
    path, _ = trace_file
    assert cli.main(["bench", "traces", "--file", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["file"] == str(path) and report["turns"] == 3 and "classify_intent" in report["nodes"]


def test_an_empty_trace_file_fails_the_command(tmp_path, capsys):
    path = tmp_path / "empty.jsonl"
    path.write_text("", encoding="utf-8")
    assert cli.main(["bench", "traces", "--file", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["turns"] == 0
