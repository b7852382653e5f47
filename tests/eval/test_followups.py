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
