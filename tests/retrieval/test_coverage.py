"""A medicine or condition the question names and no retrieved passage mentions is reported as a gap."""

from medical_agent.context.extraction.mentions import Mention
from medical_agent.evidence import Evidence
from medical_agent.retrieval.coverage import uncovered


def mention(text, name, slot="medication"):
    return Mention("C", name, "T", slot, text, 0, len(text), 1.0)


def test_covered_by_the_words_as_written_or_the_english_name_and_symptoms_are_not_checked():
    docs = [Evidence("a#0", "a", "Thiazide diuretics", "Hydrochlorothiazide lowers blood pressure."),
            Evidence("b#0", "b", "메트포르민", "메트포르민은 혈당을 낮춥니다.")]
    assert uncovered([mention("microzide", "Hydrochlorothiazide"), mention("메트포르민", "Metformin")], docs) == []
    assert uncovered([mention("alendronate", "Alendronate"), mention("골다공증", "Osteoporosis", "condition"),
                      mention("두통", "Headache", "symptom")], docs) == ["alendronate", "골다공증"]
    assert uncovered([mention("alendronate", "Alendronate")], []) == ["alendronate"]


def test_the_concept_s_other_names_count_and_short_latin_names_match_whole_words_only():
    docs = [Evidence("a#0", "a", "빈혈", "빈혈은 적혈구가 부족한 상태입니다. Iron tablets help; ask an admin.")]
    anaemia = mention("빈혈증", "Anaemia", "condition")
    assert uncovered([anaemia], docs) == ["빈혈증"]
    assert uncovered([anaemia], docs, lambda m: ("Anemia", "빈혈")) == []
    ferrous = mention("ferrous sulfate", "Ferrous sulfate")
    assert uncovered([ferrous], docs, lambda m: ("iron",)) == []
    assert uncovered([ferrous], docs, lambda m: ("dm", "min")) == ["ferrous sulfate"]   # "admin" holds no "min"
