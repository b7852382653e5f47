"""Post-hoc citations for answers that cite nothing: only where one passage holds the sentence's words."""

from medical_agent.evidence import Evidence
from medical_agent.generation.citations import attach_citations, clean_and_map

DOCS = [Evidence("met-se#0", "met-se", "Metformin side effects",
                 "Metformin often causes nausea, diarrhoea and stomach upset."),
        Evidence("met-kid#0", "met-kid", "Metformin and kidneys", "Metformin is not used when eGFR is below 30.")]


def words(text: str) -> list[str]:
    return [w.strip(".,").lower() for w in text.split() if w.strip(".,")]


def test_supported_sentences_get_the_best_passage_and_others_stay_uncited():
    answer = ("Metformin often causes nausea and diarrhoea.\nIt is not used when eGFR is below 30.\n"
              "Walking every day may also help you feel better.")
    cited = attach_citations(answer, DOCS, words)
    lines = cited.split("\n")
    assert lines[0] == "Metformin often causes nausea and diarrhoea [1]."
    assert lines[1] == "It is not used when eGFR is below 30 [2]."
    assert lines[2] == "Walking every day may also help you feel better."
    assert [c["n"] for c in clean_and_map(cited, DOCS)[1]] == [1, 2]


def test_answers_that_already_cite_or_have_no_evidence_are_left_alone():
    assert attach_citations("Metformin often causes nausea [2].", DOCS, words) == "Metformin often causes nausea [2]."
    assert attach_citations("Metformin often causes nausea and diarrhoea.", [], words) == \
        "Metformin often causes nausea and diarrhoea."
    assert attach_citations("Nausea.", DOCS, words) == "Nausea."       # too short to attribute
