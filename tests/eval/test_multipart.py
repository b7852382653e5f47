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
