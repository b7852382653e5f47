"""`eval documents`: a hit is the gold document's gold page within the top k; the report splits by language/kind."""

import json

import pytest

from medical_agent.eval.documents.cli import compose_pdf
from medical_agent.eval.documents.evaluate import evaluate_pages, load_questions, page_hit
from medical_agent.evidence import Evidence
from medical_agent.settings import PROJECT_ROOT

LEAFLETS = PROJECT_ROOT / "tests" / "data" / "leaflets"


def ev(source, page, category="paragraph"):
    return Evidence(f"{source}#{page}", source, source, "text", source=source,
                    metadata={"page": page, "category": category})


class ScriptedPipeline:
    def __init__(self, answers):
        self.answers = answers

    def search(self, text, k):
        return self.answers[text][:k], None


def test_page_hit_needs_the_right_document_and_page_within_k():
    hits = [ev("a.pdf", 1), ev("b.pdf", 2), ev("sub/b.pdf", 3)]
    assert page_hit(hits, "b.pdf", 2, 5) == 2
    assert page_hit(hits, "b.pdf", 3, 5) == 3                    # a file in a subfolder keeps its name
    assert page_hit(hits, "b.pdf", 3, 2) is None and page_hit(hits, "a.pdf", 2, 5) is None


def test_report_counts_successes_by_language_and_kind():
    questions = [{"id": "1", "question": "q1", "doc": "a.pdf", "page": 1, "lang": "ko", "kind": "table"},
                 {"id": "2", "question": "q2", "doc": "a.pdf", "page": 2, "lang": "en", "kind": "text"},
                 {"id": "3", "question": "q3", "doc": "b.pdf", "page": 1, "lang": "en", "kind": "text"}]
    pipeline = ScriptedPipeline({"q1": [ev("a.pdf", 1)], "q2": [ev("b.pdf", 1), ev("a.pdf", 2)],
                                 "q3": [ev("a.pdf", 1)]})
    report = evaluate_pages(pipeline, questions, k=5)
    assert report["page_success"] == 0.667 and report["page_success_at_1"] == 0.333 and report["doc_success"] == 0.667
    assert report["by_lang"] == {"en": {"n": 2, "page_success": 0.5}, "ko": {"n": 1, "page_success": 1.0}}
    assert [r["rank"] for r in report["rows"]] == [1, 2, None]


def test_the_team_questions_load_and_name_pages_that_exist(tmp_path):
    from medical_agent.indexing.documents.pdf import parse_pdf

    questions = load_questions(LEAFLETS / "questions.jsonl")
    pages = {p.name: parse_pdf(p).pages for p in LEAFLETS.glob("*.pdf")}
    assert len(questions) >= 40 and {q["lang"] for q in questions} == {"ko", "en"}
    assert all(1 <= q["page"] <= pages[q["doc"]] for q in questions)
    (tmp_path / "bad.jsonl").write_text(json.dumps({"id": "x", "question": "q"}), encoding="utf-8")
    with pytest.raises(ValueError, match="missing doc, page"):
        load_questions(tmp_path / "bad.jsonl")


def test_the_ingestion_bench_composes_a_pdf_of_n_pages(tmp_path):
    from medical_agent.indexing.documents.pdf import parse_pdf

    out = tmp_path / "composed.pdf"
    assert compose_pdf(sorted(LEAFLETS.glob("*.pdf")), 10, out) == 10
    assert parse_pdf(out).pages == 10
