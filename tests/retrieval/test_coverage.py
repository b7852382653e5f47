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
