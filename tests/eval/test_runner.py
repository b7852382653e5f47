"""The run loop: resume (finished units are skipped), Ctrl-C keeps finished units, and an end-to-end
offline run on the tiny bilingual index of the graph tests that writes results, summary and report."""

from __future__ import annotations

import argparse
import json
from types import SimpleNamespace

import pytest

from medical_agent.eval.harness.runner import RESULTS, RunOptions, finished_units, read_results, run_all
from medical_agent.eval.harness.scenarios import build_scenarios
from medical_agent.safety import drug_class_map

from .test_turn_metrics import _Unit

DOC = {"chunk_id": "met#0", "doc_id": "met", "title": "Metformin", "text": "Metformin often causes nausea at first."}


class FakeAgent:
    """Answers every turn with one cited sentence; raises KeyboardInterrupt on call number ``interrupt_at``."""

    def __init__(self, concepts, interrupt_at: int | None = None, llm_calls: list | None = None):
        self.deps = SimpleNamespace(profiles=SimpleNamespace(get=lambda user: None), similarity=_Unit(),
                                    drug_classes=drug_class_map(concepts.concepts))
        self.calls: list[tuple[str, str, str]] = []
        self.forgotten: list[str] = []
        self.interrupt_at = interrupt_at
        self.llm_calls = llm_calls or []

    def run(self, user, text, *, thread_id, mode, profile):
        self.calls.append((user, mode, profile))
        if self.interrupt_at is not None and len(self.calls) == self.interrupt_at:
            raise KeyboardInterrupt
        return {"answer": "Metformin often causes nausea. [1]", "citations": [{"n": 1, "chunk_id": "met#0"}],
                "retrieved_docs": [DOC], "node_timings": {"retrieve": 1.5}, "llm_calls": self.llm_calls,
                "stop_reason": "quality_ok", "iteration_count": 0}

    def forget(self, user, threads):
        self.forgotten.append(user)


def test_resume_skips_finished_units(tmp_path, patients, concepts):
    scenarios = build_scenarios(patients, ["en"], seed=0)
    opts = RunOptions(["baseline"], ["agent", "llm"])
    first = FakeAgent(concepts)
    assert run_all(first, scenarios, opts, tmp_path)["units_run"] == 4
    assert len(first.calls) == 20 and len(set(first.forgotten)) == 4   # fresh user per unit, forgotten after
    second = FakeAgent(concepts)
    stats = run_all(second, scenarios, RunOptions(["baseline", "full_context_engineering"], ["agent", "llm"]), tmp_path)
    assert stats["units_skipped"] == 4 and stats["units_run"] == 4
    assert {c[2] for c in second.calls} == {"full_context_engineering"}
    records = list(read_results(tmp_path / RESULTS))
    assert len(records) == 40 and len(finished_units(tmp_path / RESULTS, 5)) == 8
    r = records[3]
    assert r["kind"] == "question" and r["metrics"]["faithfulness"] == 1.0 and r["metrics"]["hit_at_k"] == 1.0


def test_interrupt_keeps_finished_units(tmp_path, patients, concepts):
    scenarios = build_scenarios(patients, ["en"], seed=0)
    stats = run_all(FakeAgent(concepts, interrupt_at=8), scenarios, RunOptions(["baseline"], ["agent"]), tmp_path)
    assert stats["interrupted"] and stats["units_run"] == 1
    assert len(list(read_results(tmp_path / RESULTS))) == 5   # the torn unit is not written
    again = FakeAgent(concepts)
    assert run_all(again, scenarios, RunOptions(["baseline"], ["agent"]), tmp_path)["units_run"] == 1


def test_with_an_llm_judge_question_turns_get_llm_metrics_and_perplexity(tmp_path, patients, concepts):
    from medical_agent.llm.fake import ScriptedLLM

    judge = ScriptedLLM({"eval_faithfulness": json.dumps({"supported": [True]}),
                         "eval_relevance": json.dumps({"questions": ["alpha?"], "noncommittal": False})}, cycle=True)
    calls = [{"tag": "generate", "prompt_tokens": 9, "completion_tokens": 2, "logprob_sum": -2.0, "logprob_tokens": 2}]
    scenarios = build_scenarios([p for p in patients if p.patient_id == "p1"], ["en"], seed=0)
    run_all(FakeAgent(concepts, llm_calls=calls), scenarios, RunOptions(["baseline"], ["agent"], judge=judge), tmp_path)
    records = list(read_results(tmp_path / RESULTS))
    asking = [r for r in records if r["kind"] in ("question", "follow_up")]
    assert len(asking) == 2 and all(r["faithfulness_method"] == "llm_judge" for r in records)
    assert all(r["metrics"]["answer_relevance_generated"] is not None for r in asking)
    assert all(r["metrics"]["answer_relevance_generated"] is None for r in records if r not in asking)
    assert [c.tag for c in judge.calls].count("eval_relevance") == 2     # only question turns pay for it
    assert all(r["metrics"]["perplexity"] == pytest.approx(2.7183, abs=1e-3) for r in records)


def test_cli_registers_eval_run():
    from medical_agent.cli import build_parser
    from medical_agent.eval.harness.cli import run_command

    args = build_parser().parse_args(["eval", "run", "--out", "x", "--patients", "3", "--profiles", "all"])
    assert args.func is run_command and args.patients == "3" and args.turns == 5


@pytest.fixture(scope="module")
def offline_agent(tmp_path_factory):
    from medical_agent.composition import create_agent
    from medical_agent.embeddings import create_embedder
    from medical_agent.indexing.build import build_index
    from medical_agent.settings import PROJECT_ROOT, load_settings
    from medical_agent.storage import open_storage
    from tests.graph.conftest import PASSAGES

    root = tmp_path_factory.mktemp("eval-world")
    corpus = root / "kb.jsonl"
    corpus.write_text("\n".join(json.dumps({"id": i, "lang": lang, "title": t, "text": x}, ensure_ascii=False)
                                for i, lang, t, x in PASSAGES), encoding="utf-8")
    build_index(f"jsonl:{corpus}", root / "index", assets_dir=PROJECT_ROOT / "assets",
                embedder=create_embedder("use-multilingual"), embedder_spec="use-multilingual")
    env = {"MEDAGENT_DB_PATH": str(root / "agent.sqlite"), "MEDAGENT_MEDCAT2_ENABLED": "false",
           "MEDAGENT_INDEX_DIR": str(root / "index"), "MEDAGENT_LLM": "offline", "MEDAGENT_EMBEDDER": "use-multilingual"}
    return create_agent(load_settings(env=env), storage=open_storage(":memory:"))


def test_offline_end_to_end_writes_results_summary_report(tmp_path, patients, offline_agent, monkeypatch):
    from medical_agent.eval.harness.cli import finish, meta_for

    p1 = [p for p in patients if p.patient_id == "p1"]
    scenarios = build_scenarios(p1, ["ko"], seed=0)
    stats = run_all(offline_agent, scenarios, RunOptions(["full_context_engineering"], ["agent", "llm"]), tmp_path)
    assert stats["units_run"] == 2
    args = argparse.Namespace(out=tmp_path, k=5, seed=0, turns=5)
    summary = finish(tmp_path, {**meta_for(offline_agent, args, ["full_context_engineering"]), **stats})
    agent = summary["conditions"]["full_context_engineering/agent"]["metrics"]
    llm = summary["conditions"]["full_context_engineering/llm"]["metrics"]
    assert summary["offline"] and "proxy" in summary["faithfulness_label"]
    assert summary["perplexity"].startswith("unavailable")
    assert agent["hit_at_k"]["mean"] == 1.0          # the tiny index has Korean metformin passages
    assert agent["profile_accuracy"]["mean"] > llm["profile_accuracy"]["mean"] == 0.0  # LLM mode keeps no profile
    assert agent["llm_calls"]["mean"] == 0.0 and llm["faithfulness"]["mean"] is None
    mode_tests = summary["comparisons"]["modes"]
    assert {t["metric"] for t in mode_tests} >= {"profile_accuracy", "answer_relevance"}
    assert all(t["n"] == 5 for t in mode_tests if t["metric"] in ("profile_accuracy", "answer_relevance"))  # paired turns
    # faithfulness methods count only scored turns: LLM mode has no citations, so none
    scored = [r for r in read_results(tmp_path / RESULTS)
              if r["mode"] == "agent" and r["metrics"]["faithfulness"] is not None]
    methods = summary["conditions"]["full_context_engineering/agent"]["faithfulness_methods"]
    assert scored and sum(methods.values()) == len(scored) and all(m.startswith("proxy") for m in methods)
    assert summary["conditions"]["full_context_engineering/llm"]["faithfulness_methods"] == {}
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "LLM vs Agent" in report and "OFFLINE" in report and "proxy" in report
    assert "faithfulness scored by" in report
    assert (tmp_path / "metrics.png").stat().st_size > 0 and (tmp_path / "latency_by_node.png").exists()
    assert run_all(offline_agent, scenarios, RunOptions(["full_context_engineering"], ["agent", "llm"]),
                   tmp_path)["units_skipped"] == 2
    # --report-only rebuilds the report from the files alone: no model, index or MedCAT pack is loaded
    import medical_agent.cli as cli
    import medical_agent.composition as composition

    monkeypatch.setattr(composition, "create_agent", lambda *a, **k: pytest.fail("report-only must not build the agent"))
    (tmp_path / "report.md").unlink()
    args = cli.build_parser().parse_args(["eval", "run", "--out", str(tmp_path), "--report-only",
                                          "--profiles", "full_context_engineering"])
    assert args.func(args) == 0 and "LLM vs Agent" in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["llm"] == summary["llm"]
