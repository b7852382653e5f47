"""`eval qa`: the answer parser on messy replies, the data sets (where the shared data is present), a scripted
run in both modes with resume, and the statistics."""

from __future__ import annotations

import json

import pytest

from medical_agent.eval.harness.stats import wilson
from medical_agent.eval.qa.answers import INSTRUCTION, parse_answer, prompt
from medical_agent.eval.qa.data import QAItem, load_qa
from medical_agent.eval.qa.run import read_records, run_qa, summarise
from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.settings import load_settings
from tests.graph.conftest import embedder, make_agent, tiny_index  # noqa: F401  (shared fixtures)

YN = QAItem("q1", "Is metformin used when eGFR is below 30?", "no")
MC = QAItem("q2", "Which drug is first-line in type 2 diabetes?", "B",
            {"A": "Insulin glargine", "B": "Metformin", "C": "Warfarin", "D": "Aspirin"})


@pytest.mark.parametrize(("text", "item", "expected"), [
    ("It is contraindicated.\nAnswer: no", YN, "no"),
    ("yes.", YN, "yes"),
    ("Yes, it does, but see below. Answer: maybe", YN, "maybe"),
    ("정답: 아니오", YN, "no"),
    ("예, 사용할 수 있습니다.", YN, "yes"),
    ("Answer: (B)", MC, "B"),
    ("The correct option is b", MC, "B"),
    ("B. Metformin is first-line [1].", MC, "B"),
    ("Metformin is the usual first choice.", MC, "B"),              # the option's text, once
    ("I cannot tell.", MC, None),
    ("정답: C", MC, "C"),
])
def test_the_parser_reads_messy_replies(text, item, expected):
    assert parse_answer(text, item) == expected


def test_the_prompt_lists_options_and_asks_for_the_format():
    assert prompt(MC).endswith("D. Aspirin") and prompt(YN) == YN.question
    assert INSTRUCTION["choice"].endswith('"Answer: <letter>" (A, B, C or D).')


@pytest.mark.shared_data
def test_the_sets_load_with_their_sizes_and_a_fixed_sample():
    shared = load_settings(env={}).paths.shared_data_dir
    if not (shared / "mirage").is_dir():
        pytest.skip(f"shared data not found at {shared}")
    sizes = {name: len(load_qa(name, shared)) for name in ("bioasq-yn", "pubmedqa", "medqa", "mmlu", "medmcqa")}
    assert sizes == {"bioasq-yn": 618, "pubmedqa": 500, "medqa": 1273, "mmlu": 1089, "medmcqa": 4183}
    assert [i.id for i in load_qa("pubmedqa", shared, 5, 1)] == [i.id for i in load_qa("pubmedqa", shared, 5, 1)]
    test, dev = load_qa("bioasq-yn", shared, 200), load_qa("bioasq-yn", shared, 200, dev=True)
    assert len(dev) == 200 and not {i.id for i in test} & {i.id for i in dev}       # disjoint samples
    assert {i.answer for i in load_qa("medmcqa", shared, 200)} <= set("ABCD")


def test_a_scripted_run_in_both_modes_resumes_and_is_summarised(make_agent, tmp_path):  # noqa: F811
    def answer(messages, options):
        if options.get("tag") == "verify":
            return verify_reply(messages, 0.9)
        content = messages[-1]["content"]
        assert content.endswith('"Answer: maybe".')                    # the format reaches the answer call
        right = "eGFR" in content and "[Evidence]" in content              # agent mode only
        body = "Metformin is not used when eGFR is below 30 [3]. Answer: no" if right else "Answer: yes"
        return json.dumps({"answer": body, "key_points": [], "confidence": 0.8}) if options.get("json_schema") \
            else body

    agent = make_agent(ScriptedLLM(answer, cycle=True))
    counts = run_qa(agent, [YN], ["llm", "agent"], "test", tmp_path)
    assert counts == {"asked": 2, "skipped": 0}
    assert run_qa(agent, [YN], ["llm", "agent"], "test", tmp_path) == {"asked": 0, "skipped": 2}
    records = list(read_records(tmp_path))
    assert {(r["mode"], r["pred"], r["correct"]) for r in records} == {("llm", "yes", False), ("agent", "no", True)}
    assert all(r["llm_calls"] >= 1 and r["seconds"] > 0 for r in records)
    summary = summarise(records, ["q1"])
    assert summary["modes"]["agent"]["accuracy"] == 1.0 and summary["modes"]["llm"]["accuracy"] == 0.0
    assert summary["mcnemar"] == {"paired": 1, "agent_only_correct": 1, "llm_only_correct": 0, "p_exact": 1.0}
    assert agent.deps.profiles.get("qa-test-q1-agent") is None            # each question's person is forgotten


def test_a_question_the_app_refuses_is_recorded_unanswered_and_the_run_goes_on(make_agent, tmp_path):  # noqa: F811
    long = QAItem("long", "Is metformin used when eGFR is below 30? " + "Context. " * 600, "no")
    agent = make_agent(ScriptedLLM("Answer: no", cycle=True))
    assert run_qa(agent, [long, YN], ["llm", "agent"], "test", tmp_path) == {"asked": 4, "skipped": 0}
    records = {(r["id"], r["mode"]): r for r in read_records(tmp_path)}
    refused = records[("long", "agent")]
    assert refused["pred"] is None and not refused["correct"] and "the limit is 4,000" in refused["error"]
    assert records[("long", "llm")]["stop_reason"] == "refused" and records[("q1", "llm")]["correct"]
    modes = summarise(list(records.values()), ["long", "q1"])["modes"]
    assert modes["agent"]["refused"] == 1 and modes["agent"]["unparsed"] == 0 and modes["agent"]["n"] == 2


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 0.0) and wilson(50, 100) == (0.4038, 0.5962)


def test_choose_reads_the_answer_as_a_constrained_choice_on_the_same_prefix(make_agent, tmp_path):  # noqa: F811
    """The written answer says "yes" in both modes; the choice call, made on the answer call's own prefix under an
    enum schema, reads "no" off the evidence in agent mode. The text-parsed answer is kept beside it."""
    def answer(messages, options):
        tag = options.get("tag")
        if tag == "verify":
            return verify_reply(messages, 0.9)
        if tag == "choose":
            assert options["json_schema"]["properties"]["answer"]["enum"] == ["yes", "no", "maybe"]
            assert options["temperature"] == 0.0
            return json.dumps({"answer": "no" if "[Evidence]" in messages[-1]["content"] else "yes"})
        body = "Metformin is used with care [3]. Answer: yes"
        return json.dumps({"answer": body, "key_points": [], "confidence": 0.8}) if options.get("json_schema") \
            else body

    llm = ScriptedLLM(answer, cycle=True)
    agent = make_agent(llm)
    run_qa(agent, [YN], ["llm", "agent"], "pubmedqa", tmp_path, choose=True)
    records = {r["mode"]: r for r in read_records(tmp_path)}
    assert (records["agent"]["pred"], records["agent"]["pred_text"], records["agent"]["choice"]) == ("no", "yes", "no")
    assert (records["llm"]["pred"], records["llm"]["choice"]) == ("yes", "yes")
    generate = llm.calls_with("generate")
    choose = llm.calls_with("choose")
    assert len(choose) == 2 and records["agent"]["llm_calls"] >= 2
    agent_generate, agent_choose = generate[-1].messages, choose[-1].messages
    assert agent_choose[0] == agent_generate[0]                              # the same system prompt, byte for byte
    shared = agent_generate[1]["content"].split("[Task]")[0]
    assert agent_choose[1]["content"].startswith(shared) and "one of these only: yes, no, maybe" in \
        agent_choose[1]["content"]
    summary = summarise(list(read_records(tmp_path)), ["q1"])
    assert summary["modes"]["agent"]["accuracy"] == 1.0 and summary["modes"]["agent"]["accuracy_from_text"] == 0.0
