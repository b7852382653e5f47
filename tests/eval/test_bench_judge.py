"""`bench judge` counts what a structured judge call did, on scripted replies (the real-model numbers are in
docs/benchmarks.md)."""

import json

from medical_agent.eval.benches.judge import bench_judge
from medical_agent.evidence import Evidence
from medical_agent.llm import ScriptedLLM

GOOD = json.dumps({"supported": [True], "completeness": 1.0, "relevance": 0.5, "clarity": 0.5, "accuracy": 0.6,
                   "missing_info": [], "safety_concerns": [], "rewritten_query": ""})
ITEM = {"question": "What is metformin?", "answer": "It lowers blood glucose levels [1].", "profile": "",
        "system": "principles", "context": "[Evidence]\n[1] Metformin\nMetformin lowers blood glucose.",
        "docs": [Evidence("m#0", "m", "Metformin", "Metformin lowers blood glucose.")],
        "passages": {1: "Metformin lowers blood glucose."}}


def test_first_try_repair_and_fallback_are_counted():
    llm = ScriptedLLM({"verify": [GOOD, "no json", GOOD, "no", "still no"]})
    report = bench_judge(llm, [ITEM, ITEM, ITEM], schema=True)
    assert (report["judged"], report["usable"], report["usable_first_try"], report["fallbacks"]) == (3, 2, 1, 1)
    assert report["calls"] == 5 and [r["calls"] for r in report["rows"]] == [1, 2, 2]
    assert report["rows"][0]["score"] == 0.65 and all(c.json_schema for c in llm.calls)
    assert all(c.messages[1]["content"].startswith(ITEM["context"]) for c in llm.calls)   # on the shared context
    assert "What is metformin" not in json.dumps(report)          # no question or answer text in the report


def test_faithfulness_verdicts_are_benched_on_cited_answers_only():
    uncited = {**ITEM, "answer": "It lowers glucose."}
    llm = ScriptedLLM({"eval_faithfulness": ['{"supported": [true]}']})
    report = bench_judge(llm, [ITEM, uncited], schema=False, judge="faithfulness")
    assert report["judged"] == 1 and report["rows"][0]["score"] == 1.0 and llm.calls[0].json_schema is None
