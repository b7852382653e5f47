"""The team's Korean → English glossary: file format, morphology-aware matching, longest match, and its use
in the query pipeline."""

from __future__ import annotations

import pytest

from medical_agent.retrieval.glossary import GlossaryError, load_glossary, parse
from medical_agent.retrieval.query_pipeline import QueryPipeline
from medical_agent.retrieval.tokenizer import get_tokenizer
from medical_agent.settings import PROJECT_ROOT

ROWS = ["ko\ten", "다리\tleg|legs", "간\tliver|hepatic", "이|치아\ttooth|teeth", "신장|콩팥\tkidney|kidneys|renal",
        "질환\tdisease|disorder", "다낭성 신장질환|다낭신\tpolycystic kidney disease|PKD", "고관절\thip|hip joint",
        "신장\tnephro"]


@pytest.fixture()
def glossary(tmp_path):
    (tmp_path / "a.tsv").write_text("\n".join(ROWS) + "\n", encoding="utf-8")
    return load_glossary(tmp_path)


def english(glossary, text):
    return glossary.english(text, get_tokenizer().morphemes(text))


def test_format_errors_name_file_and_line(tmp_path):
    bad = tmp_path / "bad.tsv"
    bad.write_text("ko\ten\n고관절 hip\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"bad.tsv:2"):
        parse(bad)
    bad.write_text("korean,english\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match="first line"):
        parse(bad)
    assert len(load_glossary(tmp_path / "absent")) == 0


def test_variants_and_repeated_words_merge(glossary):
    assert glossary.entries["신장"] == ("kidney", "kidneys", "renal", "nephro")  # two lines, one word
    assert glossary.entries["다낭성신장질환"] == glossary.entries["다낭신"]        # spaces do not matter


def test_longest_match_wins_with_or_without_spaces(glossary):
    assert english(glossary, "다낭성 신장질환이 유전되나요?") == ["polycystic kidney disease"]  # MAX_TERMS = 1
    assert english(glossary, "다낭성신장질환") == ["polycystic kidney disease"]
    assert english(glossary, "신장 질환") == ["kidney", "disease"]


def test_words_inside_other_words_or_particles_do_not_match(glossary):
    assert english(glossary, "결과를 기다리면 되나요?") == []       # 다리 inside 기다리다
    assert english(glossary, "시간이 지나면 괜찮나요?") == []       # 간 inside 시간, particle 이
    assert english(glossary, "이가 아프고 고관절이 아파요") == ["tooth", "hip"]


def test_the_pipeline_adds_glossary_terms_for_korean_questions(glossary):
    pipeline = QueryPipeline(None, None, None, glossary=glossary)
    exp = pipeline.expansion("고관절 치료는 어떻게 하나요?")
    assert exp.glossary == ["hip"] and {"hip", "treatment"} <= set(exp.bm25_terms)
    assert "hip" in exp.dense_text
    assert pipeline.expansion("hip pain").glossary == []
    assert QueryPipeline(None, None, None, glossary=glossary, expand=False).expansion("고관절").glossary == []


# Fixed everyday questions (written for this test, not from an evaluation set): what the shipped glossary
# must bridge that the concept table does not.
SHIPPED = [("무좀 치료제를 바르면 되나요?", "athlete's foot"), ("루게릭병은 유전되나요", "als"),
           ("대상포진 예방접종을 맞아야 하나요", "shingles"), ("편두통약을 먹어도 되나요", "migraine"),
           ("갑상선 기능 저하증 증상", "hypothyroidism"), ("약에 유당이 들어 있나요", "lactose")]


def test_the_shipped_glossary_loads_and_bridges_everyday_words():
    shipped = load_glossary(PROJECT_ROOT / "assets" / "glossary")
    assert len(shipped) >= 1500
    for question, term in SHIPPED:
        found = " ".join(english(shipped, question)).lower()
        assert term in found, (question, found)


def test_loanword_candidates_are_words_without_particles():
    from medical_agent.retrieval.query_pipeline import word_stems

    text = "사람은 감기에 걸리고 글루텐이 들어 있나요"
    assert word_stems(text, get_tokenizer().morphemes(text)) == ["사람", "감기", "글루텐"]
