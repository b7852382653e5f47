import pytest

from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
from medical_agent.context.extraction.slot_extractor import SlotExtractor
from medical_agent.settings import PROJECT_ROOT


@pytest.fixture(scope="module")
def extractor():
    return SlotExtractor(DictionaryLinker(ConceptTable.load(PROJECT_ROOT / "assets" / "concepts.csv")),
                         clock=lambda: "2026-01-01T00:00:00+00:00")


def assertions(extractor, text):
    slots = extractor.extract(text)
    return {i["name"]: i["assertion"] for k in ("conditions", "symptoms", "medications") for i in slots[k]}


@pytest.mark.parametrize("text, name, status", [
    ("당뇨는 없어요", "Diabetes mellitus", "negated"),
    ("고혈압이 없어요", "Hypertension", "negated"),
    ("no history of diabetes", "Diabetes mellitus", "negated"),
    ("I don't have high blood pressure", "Hypertension", "negated"),
    ("아버지가 고혈압이 있으신데", "Hypertension", "family"),
    ("my mother has diabetes", "Diabetes mellitus", "family"),
    ("예전에 천식이 있었는데 지금은 다 나았어요", "Asthma", "historical"),
    ("I used to have asthma as a child", "Asthma", "historical"),
    ("메트포르민을 끊었어요", "Metformin", "historical"),
    ("당뇨가 있어요", "Diabetes mellitus", "present"),
    ("I have type 2 diabetes", "Type 2 diabetes mellitus", "present"),
])
def test_assertion_cases(extractor, text, name, status):
    assert assertions(extractor, text)[name] == status


def test_mixed_clauses_are_scoped(extractor):
    got = assertions(extractor, "아버지가 고혈압이 있으신데 저는 당뇨가 있고 두통은 없어요")
    assert got == {"Hypertension": "family", "Diabetes mellitus": "present", "Headache": "negated"}
    got = assertions(extractor, "I don't have diabetes but I do have high blood pressure")
    assert got == {"Diabetes mellitus": "negated", "Hypertension": "present"}


def test_full_turn_korean(extractor):
    text = "65세 남성, 당뇨 10년째, 메트포르민 500mg 복용. 혈압 140/90, HbA1c 8.2%"
    slots = extractor.extract(text)
    assert slots["language"] == "ko"
    assert slots["demographics"] == {"age": 65, "age_group": "60s", "gender": "male", "is_pregnant": None,
                                     "pregnancy_weeks": None}
    cond = slots["conditions"][0]
    assert (cond["name"], cond["cui"], cond["text"], cond["duration"]) == ("Diabetes mellitus", "C0011849", "당뇨",
                                                                          "10 년")
    assert cond["span"] == [8, 10] and cond["timestamp"] == "2026-01-01T00:00:00+00:00"
    med = slots["medications"][0]
    assert (med["name"], med["dose"], med["assertion"]) == ("Metformin", "500 mg", "present")
    assert slots["vitals"][0]["systolic"] == 140 and slots["labs"][0] == {
        "type": "hba1c", "unit": "%", "value": 8.2, "timestamp": "2026-01-01T00:00:00+00:00", "text": "HbA1c 8.2%",
        "span": [text.index("HbA1c"), len(text)]}


def test_family_demographics_are_not_the_persons(extractor):
    slots = extractor.extract("어머니가 70세 여성이신데 고혈압이 있으세요")
    assert slots["demographics"]["age"] is None and slots["demographics"]["gender"] is None


def test_not_pregnant(extractor):
    assert extractor.extract("임신은 안 했어요")["demographics"]["is_pregnant"] is False
    assert extractor.extract("I'm not pregnant")["demographics"]["is_pregnant"] is False


@pytest.mark.parametrize("text", ["", "   ", "🙂" * 50, "x" * 20_000, "당뇨 diabetes 高血壓 🙂 " * 500, "\x00\x01"])
def test_malformed_input_is_handled(extractor, text):
    slots = extractor.extract(text)
    assert set(slots) >= {"demographics", "conditions", "symptoms", "medications", "vitals", "labs"}


@pytest.mark.parametrize("text, what", [
    ("저는 남자이고 임신 20주예요", "gender+pregnancy"), ("I'm a man and I am pregnant", "gender+pregnancy"),
    ("저는 5살이고 임신 중이에요", "age+pregnancy"), ("I'm 80 years old and 12 weeks pregnant", "age+pregnancy"),
])
def test_contradicting_facts_are_doubts_and_neither_is_stored(extractor, text, what):
    slots = extractor.extract(text)
    demo = slots["demographics"]
    assert [d["what"] for d in slots["doubts"] if d["kind"] == "contradiction"] == [what]
    assert demo["is_pregnant"] is None and demo["pregnancy_weeks"] is None
    assert demo["gender"] is None if what == "gender+pregnancy" else demo["age"] is None


def test_implausible_values_are_doubts_not_readings(extractor):
    slots = extractor.extract("혈당이 1234예요. 혈압은 130/85이고 나이 -5세예요")
    assert [(r["type"], r.get("systolic")) for r in slots["vitals"]] == [("blood_pressure", 130)]
    assert slots["labs"] == [] and slots["demographics"]["age"] is None
    assert sorted(d["what"] for d in slots["doubts"]) == ["age", "random_glucose"]
    assert extractor.extract("어머니 혈당이 1234래요")["doubts"] == []          # about someone else: not asked
