"""`eval feedback`: the share of 👎 by route, verdict and language, and the worst answers with their evidence,
read from the storage the demo writes."""

from __future__ import annotations

import json

from medical_agent.cli import main
from medical_agent.eval.feedback import summarize
from medical_agent.storage import open_storage


def trace(route: str, verdict: str, language: str, question: str = "q") -> dict:
    return {"question": question, "route": route, "verdict": verdict, "language": language, "model": "offline",
            "evidence": [{"doc_id": "kb-1", "title": "메트포르민 부작용"}], "cited": [1], "answer": "a"}


def test_summary_by_route_verdict_language_and_the_worst_answers():
    rows = [{"rating": "down", "comment": "", "trace": trace("rag_required", "correct", "ko", "old"),
             "updated_at": "2026-01-01"},
            {"rating": "down", "comment": "용량이 틀림", "trace": trace("rag_required", "ambiguous", "ko", "explained"),
             "updated_at": "2025-12-01"},
            {"rating": "up", "comment": "", "trace": trace("simple", "correct", "en"), "updated_at": "2026-01-02"},
            {"rating": "down", "comment": "", "trace": trace("simple", "correct", "en", "new"),
             "updated_at": "2026-01-03"}]
    report = summarize(rows, worst=2)
    assert report["ratings"] == 4 and report["down"] == 3 and report["down_share"] == 0.75
    assert report["by_route"]["rag_required"] == {"ratings": 2, "down": 2, "down_share": 1.0}
    assert report["by_verdict"]["correct"] == {"ratings": 3, "down": 2, "down_share": 0.667}
    assert report["by_language"]["en"]["down_share"] == 0.5
    assert [w["question"] for w in report["worst"]] == ["explained", "new"]     # explained first, then newest
    assert report["worst"][0]["evidence"] == ["메트포르민 부작용"] and report["worst"][0]["comment"] == "용량이 틀림"
    assert summarize([])["down_share"] is None


def test_the_command_reads_the_app_s_database(tmp_path, capsys):
    db = tmp_path / "agent.sqlite"
    with open_storage(db) as storage:
        storage.feedback.put("web-a", "t1", "down", trace("rag_required", "incorrect", "ko"))
        storage.feedback.comment("web-a", "t1", "근거가 없어요")
        storage.feedback.put("web-b", "t2", "up", trace("rag_required", "correct", "en"))
    assert main(["eval", "feedback", "--database", str(db)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ratings"] == 2 and report["by_verdict"]["incorrect"]["down"] == 1
    assert report["worst"][0]["comment"] == "근거가 없어요" and "web-a" not in json.dumps(report)
