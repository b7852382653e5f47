"""`eval multipart`: a question counts only when every part has a gold passage in the top k; methods compared
pairwise."""

import json

import pytest

from medical_agent.eval.harness.stats import mcnemar_exact
from medical_agent.eval.multipart.evaluate import coverage, evaluate, load_questions
from medical_agent.evidence import Evidence

Q = {"id": "m1", "lang": "en", "question": "side effects? and kidneys?",
     "parts": [{"text": "side effects", "gold": ["met-se"]}, {"text": "kidneys", "gold": ["met-kid", "ckd"]}]}


def ev(doc_id):
    return Evidence(doc_id + "#0", doc_id, doc_id, "text")


def test_questions_need_parts_with_gold(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(Q) + "\n", encoding="utf-8")
    assert load_questions(path) == [Q]
    path.write_text(json.dumps({**Q, "parts": [{"text": "x", "gold": []}]}) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="q.jsonl:1"):
        load_questions(path)


def test_every_part_must_be_covered_within_k():
    assert coverage([ev("met-se-en"), ev("ckd-ko")], Q["parts"], 2) == [True, True]
    assert coverage([ev("met-se-en"), ev("x-en"), ev("ckd-ko")], Q["parts"], 2) == [True, False]
    report = evaluate({"single": lambda text, k: [ev("met-se-en")],
                       "planner": lambda text, k: [ev("met-se-en"), ev("met-kid-en")]}, [Q], 10)
    assert report["single"]["all_parts"] == 0.0 and report["single"]["part_recall"] == 0.5
    assert report["planner"]["all_parts"] == 1.0 and report["mcnemar"]["planner_only"] == 1
    assert mcnemar_exact(0, 0) == 1.0 and round(mcnemar_exact(56, 20), 6) == 4.4e-05


def test_the_llm_planner_is_measured_with_its_calls(cli_on, capsys):
    from medical_agent.cli import main

    questions, index = cli_on("multipart/multipart.jsonl", 4)
    args = ["eval", "multipart", "--questions", str(questions), "--index", str(index)]
    with pytest.raises(SystemExit, match="needs a model"):
        main([*args, "--methods", "single,llm_planner"])
    assert main([*args, "--methods", "single,planner,llm_planner", "--llm", "fake"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    llm = report["llm_planner"]["llm"]
    assert llm["calls_per_question"] == 1.0 and llm["failed_plans"] == 0 and llm["llm_calls"] == 4
    # the scripted plan keeps each message as its one part: the llm planner then searches as the single search
    assert report["llm_planner"]["all_parts"] == report["single"]["all_parts"]
    assert set(report["mcnemar_llm_vs_rules"]) == {"llm_planner_only", "planner_only", "p_exact"}
