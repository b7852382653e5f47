"""The app's default retrieval over its own knowledge base (e5, views head and asked, the e5 fusion preset): the demo's
four example questions and the failures visitors reported find their gold passage in the top 3 (the visitor dev
set's "example" and "failure" rows), and the relevance gate keeps questions the knowledge base does not cover out
of the answer while answering the covered ones from the right passage."""

from __future__ import annotations

import json

import pytest

from medical_agent.composition import create_agent, create_query_pipeline
from medical_agent.settings import PROJECT_ROOT, load_settings
from medical_agent.storage import open_storage

VISITOR = PROJECT_ROOT / "tests" / "data" / "visitor" / "visitor_dev.jsonl"
HELD = [r for r in (json.loads(line) for line in VISITOR.open(encoding="utf-8"))
        if {"example", "failure"} & set(r["style"].split(","))]
# A known miss since the asked view (docs/benchmarks.md, issue 31): the bare follow-up "What can I take instead for the
# pain?" finds the NSAID overview first and no longer the acetaminophen one; strict, so a fix shows up.
KNOWN_MISS = {"vd048": "since the asked view, the bare follow-up finds the NSAID overview, not acetaminophen's"}
HELD = [pytest.param(r, marks=pytest.mark.xfail(strict=True, reason=KNOWN_MISS[r["id"]])) if r["id"] in KNOWN_MISS
        else r for r in HELD]


@pytest.fixture(scope="module")
def pipeline(kb_e5_index):
    return create_query_pipeline(load_settings(env={"MEDAGENT_MEDCAT2_ENABLED": "false"}), kb_e5_index)


@pytest.mark.parametrize("row", HELD, ids=lambda r: r["id"])
def test_the_examples_and_reported_failures_find_their_passage_in_the_top_3(pipeline, row):
    hits, _ = pipeline.search(row["text"], 3)
    assert {h.doc_id.rsplit("-", 1)[0] for h in hits} & set(row["gold"]), [h.title for h in hits]


def test_the_examples_are_all_there():
    rows = [r if isinstance(r, dict) else r.values[0] for r in HELD]
    assert len([r for r in rows if "example" in r["style"]]) == 4 and len(rows) >= 7


@pytest.fixture(scope="module")
def agent(kb_e5_index, tmp_path_factory):
    root = tmp_path_factory.mktemp("default-agent")
    env = {"MEDAGENT_INDEX_DIR": str(kb_e5_index), "MEDAGENT_MEDCAT2_ENABLED": "false", "MEDAGENT_LLM": "offline",
           "MEDAGENT_DOCUMENTS_DIR": str(root / "documents"), "MEDAGENT_DB_PATH": str(root / "agent.sqlite")}
    return create_agent(load_settings(env=env), storage=open_storage(":memory:"))


@pytest.mark.parametrize("question", ["What is the capital of Australia?", "How do I reset the password on my router?",
                                      "How long do you take zuranolone (Zurzuvae) for postpartum depression?"])
def test_a_question_the_knowledge_base_does_not_cover_is_not_answered_from_it(agent, question):
    result = agent.run(f"u-{abs(hash(question))}", question)
    assert result["evidence_verdict"] == "incorrect" and result["citations"] == []
    assert result["generator"] == "not_covered"


def test_the_stroke_example_is_answered_from_be_fast(agent):
    result = agent.run("u-stroke", "What are the warning signs of a stroke?")
    assert result["evidence_verdict"] in ("correct", "ambiguous")
    cited = [c["doc_id"] for c in result["citations"]]
    assert cited and cited[0].startswith(("stroke-be-fast-signs", "redflag-stroke"))
    assert not any(d.startswith(("heart-failure", "asthma")) for d in cited)
