"""Traces of the whole graph (issue 36): a 20-turn session yields one trace per turn, each a turn span with every
node that ran as its child, carrying route, verdict, stop reason, LLM calls, evaluated tokens and milliseconds, and
by default not one string of what the person wrote or is; ``log_health_data`` adds the message and the answer."""

from __future__ import annotations

from collections import defaultdict

import pytest

from medical_agent.composition import create_agent
from medical_agent.eval.benches.turn import bench_responder
from medical_agent.graph.spans import TURN_SPAN
from medical_agent.llm import ScriptedLLM
from medical_agent.settings import load_settings
from medical_agent.storage import open_storage
from tests.tracing.memory import memory_tracer, strings

SESSION = [
    "저는 65세 남성이고 혈압이 150/95예요. 혈압약은 어떤 종류가 있나요?",
    "당뇨가 있어요. 메트포르민 부작용이 뭔가요?",
    "식사와 함께 먹어야 하나요?",
    "I take metformin and my eGFR is 25. Is that OK?",
    "I take warfarin. Can I take ibuprofen for back pain?",
    "가슴이 아프고 식은땀이 나요",
    "안녕하세요",
    "What are the warning signs of a heart attack?",
    "와파린을 먹고 있는데 이부프로펜을 먹어도 되나요?",
    "메트포르민은 신장에 괜찮나요?",
    "My fasting glucose was 180 this morning.",
    "Is type 2 diabetes curable?",
    "제2형 당뇨병은 어떤 병인가요?",
    "I am pregnant, 20 weeks. Can I take ibuprofen?",
    "thanks",
    "혈당이 너무 낮아서 쓰러질 것 같아요",
    "Doctors check kidney function before metformin, right?",
    "소염진통제와 와파린을 같이 먹으면 어떻게 되나요?",
    "What does metformin do?",
    "메트포르민 부작용이 걱정돼요. 설사가 계속돼요.",
]
# what the person wrote or is, as it could leak: their words, the concepts the agent linked, the red-flag kinds,
# the safety rules that fired and the passages retrieved (which say what was asked)
HEALTH = ["65세", "150/95", "혈압", "당뇨", "메트포르민", "metformin", "egfr", "warfarin", "와파린", "ibuprofen", "이부프로펜",
          "가슴", "식은땀", "chest", "heart", "glucose", "혈당", "diabetes", "pregnan", "kidney", "신장", "설사", "diarrh",
          "chest_pain", "hypoglyc", "metformin_kidney", "nsaid", "met-kid", "met-se", "dm-en", "mi-ko", "mellitus",
          "c0011849"]


@pytest.fixture()
def traced(tmp_path, tiny_index):
    def make(health_data: bool = False, llm=None):
        tracer, exporter = memory_tracer(health_data)
        env = {"MEDAGENT_DB_PATH": str(tmp_path / "agent.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(tmp_path / "docs"),
               "MEDAGENT_MEDCAT2_ENABLED": "false", "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_LLM": "offline",
               "MEDAGENT_EMBEDDER": "use-multilingual", "MEDAGENT_LOG_HEALTH_DATA": str(health_data).lower()}
        agent = create_agent(load_settings(env=env), llm=llm, storage=open_storage(":memory:"), tracer=tracer)
        return agent, exporter
    return make


def by_trace(spans) -> dict[int, list]:
    traces = defaultdict(list)
    for span in spans:
        traces[span.context.trace_id].append(span)
    return traces


@pytest.mark.slow
def test_a_twenty_turn_session_is_twenty_traces_of_every_node_without_health_data(traced):
    agent, exporter = traced()
    results = [agent.run("person", text, thread_id="thread-1") for text in SESSION]
    traces = by_trace(exporter.get_finished_spans())
    assert len(traces) == len(SESSION) == 20
    turns = sorted((s for spans in traces.values() for s in spans if s.name == TURN_SPAN), key=lambda s: s.start_time)
    assert len(turns) == 20 and all(t.parent is None for t in turns)
    for turn, result in zip(turns, results, strict=True):
        spans = traces[turn.context.trace_id]
        nodes = [s for s in spans if s is not turn]
        assert all(s.parent.span_id == turn.context.span_id for s in nodes)          # every node under its turn
        assert {s.name for s in nodes} == set(result["node_timings"])                  # and every node that ran
        assert all(s.attributes["medagent.node"] == s.name and s.attributes["medagent.ms"] >= 0 for s in nodes)
        assert turn.attributes["medagent.stop_reason"] == result["stop_reason"]
        assert turn.attributes["medagent.route"] == result["route"]
        assert turn.attributes["medagent.emergency"] is bool(result["red_flag"])
        assert turn.attributes["session.id"] == turns[0].attributes["session.id"] != "thread-1"
    retrieve = [s for spans in traces.values() for s in spans if s.name == "retrieve"]
    assert retrieve and all("medagent.evidence_verdict" in s.attributes for s in retrieve)
    assert sum(t.attributes["medagent.emergency"] for t in turns) >= 2               # the red flags were traced
    leaked = sorted({word for spans in traces.values() for s in spans for text in strings(s)
                     for word in HEALTH if word in text.lower()})
    assert leaked == []


def test_with_log_health_data_the_message_and_answer_are_recorded(traced):
    agent, exporter = traced(health_data=True)
    result = agent.run("person", SESSION[3])
    (turn,) = [s for s in exporter.get_finished_spans() if s.name == TURN_SPAN]
    assert turn.attributes["input.value"] == SESSION[3] and turn.attributes["output.value"] == result["answer"]
    assert "metformin" in " ".join(strings(turn)).lower()            # what the default check looks for is findable


def test_llm_calls_and_evaluated_tokens_are_on_the_nodes_and_the_turn(traced):
    agent, exporter = traced(llm=ScriptedLLM(bench_responder))
    result = agent.run("person", "What are the side effects of metformin?")
    spans = exporter.get_finished_spans()
    turn = next(s for s in spans if s.name == TURN_SPAN)
    generate = [s for s in spans if s.name == "generate_answer"]
    calls = result["llm_calls"]
    assert calls and turn.attributes["medagent.llm.calls"] == len(calls)
    assert turn.attributes["llm.token_count.prompt"] == sum(c["prompt_tokens"] for c in calls) > 0
    assert "medagent.llm.evaluated_tokens" in turn.attributes
    assert generate[0].attributes["medagent.llm.calls"] >= 1 and "generate" in generate[0].attributes["medagent.llm.tags"]
    events = [e for s in spans for e in s.events if e.name == "llm_call"]
    assert len(events) == len(calls) and all(e.attributes["medagent.llm.ms"] >= 0 for e in events)


def test_a_streamed_turn_is_one_trace_too(traced):
    agent, exporter = traced()
    events = list(agent.stream("person", SESSION[1]))
    assert events[-1][0] == "final"
    traces = by_trace(exporter.get_finished_spans())
    assert len(traces) == 1
    (spans,) = traces.values()
    turn = next(s for s in spans if s.name == TURN_SPAN)
    assert all(s.parent.span_id == turn.context.span_id for s in spans if s is not turn)
    assert {s.name for s in spans if s is not turn} == set(events[-1][1]["node_timings"])


def test_a_failing_node_marks_its_span_and_the_turn_by_type_only(traced, monkeypatch):
    agent, exporter = traced()

    def broken(text):
        raise RuntimeError(f"could not read {text}")

    monkeypatch.setattr(agent.deps.query_pipeline, "search", lambda text, k, **_: broken(text))
    with pytest.raises(RuntimeError):
        agent.run("person", SESSION[3])
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert spans["retrieve"].status.status_code.name == "ERROR" == spans[TURN_SPAN].status.status_code.name
    assert spans["retrieve"].status.description == "RuntimeError"
    assert not any("metformin" in text.lower() for s in spans.values() for text in strings(s))
