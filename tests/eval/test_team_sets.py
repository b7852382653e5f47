"""Team-written retrieval sets (tests/data/visitor, tests/data/gate): their reader, the per-language report with its
misses, and that every gold passage they name exists in the knowledge base."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medical_agent.eval.retrieval.data import load_benchmark, load_team_set, query_languages
from medical_agent.eval.retrieval.evaluate import evaluate
from medical_agent.evidence import Evidence
from medical_agent.settings import PROJECT_ROOT

DATA = PROJECT_ROOT / "tests" / "data"
SETS = [DATA / "visitor" / "visitor_dev.jsonl", DATA / "visitor" / "visitor_test.jsonl",
        DATA / "gate" / "questions_dev.jsonl", DATA / "gate" / "questions_test.jsonl"]


def write(path: Path, rows: list[dict]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    return path


def test_gold_pairs_become_the_passage_in_the_question_s_language(tmp_path):
    path = write(tmp_path / "set.jsonl", [
        {"id": "a", "lang": "ko", "text": "뇌졸중 증상?", "gold": ["stroke-be-fast-signs"]},
        {"id": "b", "lang": "en", "text": "lice?", "gold": ["GARD-0001-1"]},
        {"id": "c", "lang": "en", "text": "capital of France?", "gold": []}])
    queries, qrels, langs = load_team_set(path)
    assert queries == {"a": "뇌졸중 증상?", "b": "lice?"}                 # no gold: not a retrieval question
    assert "stroke-be-fast-signs-ko" in qrels["a"] and "GARD-0001-1" in qrels["b"]
    assert langs == {"a": "ko", "b": "en"}
    assert load_benchmark(f"team:{path}", None, None)[0] == queries and query_languages(f"team:{path}") == langs


def test_a_bad_line_names_the_file_and_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "a", "text": "x", "gold": ["p"]}\n{"id": "b"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.jsonl:2"):
        load_team_set(path)


def test_the_report_groups_by_language_and_lists_the_misses():
    hits = {"ko q": ["x-ko", "gold-ko"], "en q": ["a-en", "b-en", "c-en", "gold-en"]}

    def search(text: str, n: int, method: str) -> list[Evidence]:
        return [Evidence(chunk_id=f"{d}#0", doc_id=d, title="", text="") for d in hits[text]]

    queries = {"k": "ko q", "e": "en q"}
    qrels = {"k": {"gold-ko": 1.0}, "e": {"gold-en": 1.0}}
    report = evaluate(search, queries, qrels, ["hybrid"], k=10, groups={"k": "ko", "e": "en"})["hybrid"]
    assert report["by_group"]["ko"]["success@3"] == 1.0 and report["by_group"]["en"]["success@3"] == 0.0
    assert report["by_group"]["en"]["success@10"] == 1.0 and report["misses@3"] == ["e"]
    assert report["success@1"] == 0.0 and report["success@3"] == 0.5


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_every_knowledge_base_gold_passage_exists(path):
    pairs = {json.loads(line)["pair_id"] for f in (PROJECT_ROOT / "assets" / "knowledge").glob("*.jsonl")
             for line in f.open(encoding="utf-8")}
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    kb_gold = [g for r in rows if r.get("corpus", "kb") == "kb" for g in r["gold"]]
    assert kb_gold and not [g for g in kb_gold if g not in pairs]
