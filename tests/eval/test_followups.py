"""`eval followups`: pairs loaded strictly, hits counted per turn by pair id, the follow-up alone as the floor."""

import json

import pytest

from medical_agent.eval.followups.evaluate import evaluate_pairs, load_pairs, pair_id


def test_pairs_need_their_keys(tmp_path):
    good = {"id": "f1", "lang": "ko", "first": "메트포르민 부작용?", "follow": "그 약 계속 먹어도 돼요?", "gold": ["m"]}
    path = tmp_path / "pairs.jsonl"
    path.write_text(json.dumps(good, ensure_ascii=False) + "\n\n", encoding="utf-8")
    assert load_pairs(path) == [good]
    path.write_text(json.dumps({"id": "f2", "first": "x"}) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="pairs.jsonl:1: missing lang, follow, gold"):
        load_pairs(path)


def test_hits_per_turn_and_the_floor():
    pairs = [{"id": "a", "lang": "en", "first": "metformin?", "follow": "keep taking it?", "gold": ["met-kidney"]},
             {"id": "b", "lang": "ko", "first": "천식?", "follow": "그 병 전염돼요?", "gold": ["asthma-overview"]}]
    seen = []

    def run(user, text, thread):
        seen.append((user, thread))
        resolved = thread == "conversation" and text.startswith("keep")
        docs = [{"doc_id": "met-kidney-en"}] if text == "metformin?" or resolved else [{"doc_id": "other-ko"}]
        return {"retrieved_docs": docs, "route": "history_required" if resolved else "rag_required"}

    report = evaluate_pairs(run, pairs, 5)
    assert report["first"]["hit"] == 0.5 and report["follow"]["hit"] == 0.5 and report["alone"]["hit"] == 0.0
    assert report["resolved"] == 0.5 and report["by_lang"]["en"] == {"first": 1.0, "follow": 1.0, "alone": 0.0, "n": 1}
    assert [r["follow"] for r in report["rows"]] == [True, False]
    assert seen[:3] == [("fu-a", "conversation"), ("fu-a", "conversation"), ("fu-a-alone", "alone")]
    assert pair_id({"doc_id": "asthma-overview-ko"}) == "asthma-overview"


def test_router_only_runs_the_agent_s_router_and_counts_the_planning_calls(cli_on, monkeypatch, capsys):
    from medical_agent.cli import main
    from medical_agent.settings import get_settings

    pairs, index = cli_on("followups/followups.jsonl", 3)
    args = ["eval", "followups", "--pairs", str(pairs), "--index", str(index), "--router-only", "--llm", "fake"]
    reports = {}
    for planner in ("rules", "llm"):
        monkeypatch.setenv("MEDAGENT_PLANNER", planner)
        get_settings.cache_clear()
        assert main(args) == 0
        reports[planner] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert reports["rules"]["llm"]["plan_calls"] == 0 and reports["rules"]["resolved"] > 0
    # the follow-up turns have a conversation, so each is planned by the model; the scripted plan keeps the
    # message as it is, so none is read as a follow-up
    llm = reports["llm"]["llm"]
    assert llm["planner"] == "llm" and llm["plan_calls"] >= 3 and reports["llm"]["resolved"] == 0
