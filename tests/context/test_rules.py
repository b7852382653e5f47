import pytest

from medical_agent.context.extraction.rules_demographics import find_demographics
from medical_agent.context.extraction.rules_measurements import find_measurements, read_measurements


def demo(text):
    out = {}
    for hit in find_demographics(text):
        out.setdefault(hit.field, hit.value)
    return out


@pytest.mark.parametrize("text, age", [("65세 남성", 65), ("65살이에요", 65), ("a 65-year-old man", 65),
                                       ("I'm 65 and diabetic", 65), ("I am 72", 72), ("나이는 58", 58)])
def test_age(text, age):
    assert demo(text)["age"] == age


def test_age_is_not_taken_from_weights_or_durations():
    assert "age" not in demo("I'm 70 kg") and "age" not in demo("I am 5 weeks pregnant")


@pytest.mark.parametrize("text, group", [("40대 여성", "40s"), ("in my 40s", "40s"), ("in her late 60s", "60s")])
def test_age_group(text, group):
    assert demo(text)["age_group"] == group


@pytest.mark.parametrize("text, gender", [("남성입니다", "male"), ("남자예요", "male"), ("I'm a man", "male"),
                                          ("male, 50", "male"), ("여성", "female"), ("여자입니다", "female"),
                                          ("임산부예요", "female"), ("a woman", "female")])
def test_gender(text, gender):
    assert demo(text)["gender"] == gender


@pytest.mark.parametrize("text, weeks", [("임신 20주예요", 20), ("20 weeks pregnant", 20),
                                         ("I'm pregnant, about 12 weeks", 12)])
def test_pregnancy(text, weeks):
    d = demo(text)
    assert d["is_pregnant"] is True and d["pregnancy_weeks"] == weeks


def items(text):
    return [(m.type, m.systolic if m.type == "blood_pressure" else m.value, m.unit) for m in find_measurements(text)]


@pytest.mark.parametrize("text, expected", [
    ("혈압 140/90", [("blood_pressure", 140, "mmHg")]),
    ("140/90mmHg예요", [("blood_pressure", 140, "mmHg")]),
    ("BP was 150 over 95", [("blood_pressure", 150, "mmHg")]),
    ("혈당 180이에요", [("random_glucose", 180, "mg/dL")]),
    ("공복혈당은 126", [("fasting_glucose", 126, "mg/dL")]),
    ("fasting glucose 7.0 mmol/L", [("fasting_glucose", 126, "mg/dL")]),
    ("당화혈색소 7.5%", [("hba1c", 7.5, "%")]),
    ("HbA1c 8.2%", [("hba1c", 8.2, "%")]),
    ("my A1c is 6.9", [("hba1c", 6.9, "%")]),
    ("열이 38.5도예요", [("temperature", 38.5, "°C")]),
    ("temperature 101.3 F", [("temperature", 38.5, "°C")]),
    ("맥박 110회", [("heart_rate", 110, "bpm")]),
    ("심박수가 92", [("heart_rate", 92, "bpm")]),
    ("산소포화도 94%", [("spo2", 94, "%")]),
    ("호흡수 22회", [("respiratory_rate", 22, "/min")]),
    ("몸무게 70kg, 키 170cm", [("weight", 70, "kg"), ("height", 170, "cm")]),
    ("LDL 콜레스테롤 160", [("ldl", 160, "mg/dL")]),
    ("총콜레스테롤 240, HDL 38, 중성지방 300", [("total_cholesterol", 240, "mg/dL"), ("hdl", 38, "mg/dL"),
                                          ("triglycerides", 300, "mg/dL")]),
    ("크레아티닌 1.4, eGFR 45", [("creatinine", 1.4, "mg/dL"), ("egfr", 45, "mL/min/1.73m2")]),
    ("요산 8.1", [("uric_acid", 8.1, "mg/dL")]),
    ("TSH 6.2", [("tsh", 6.2, "mIU/L")]),
])
def test_measurements(text, expected):
    assert items(text) == expected


def test_implausible_or_contextless_numbers_are_ignored():
    assert items("혈당 측정을 하루 3번 해요") == []
    assert items("2024/05/01에 병원에 갔어요") == []
    assert items("8.2") == [] and items("90/140") == []


@pytest.mark.parametrize("text, kind, value", [
    ("혈당이 1234예요", "random_glucose", 1234), ("heart rate 1200 bpm", "heart_rate", 1200),
    ("체중 1000kg", "weight", 1000), ("LDL 1900", "ldl", 1900), ("blood sugar 5000", "random_glucose", 5000),
    ("체온 -5도", "temperature", -5), ("혈압 400/300", "blood_pressure", 400), ("맥박이 0회래요", "heart_rate", 0),
])
def test_numbers_are_read_whole_and_implausible_ones_are_doubts(text, kind, value):
    readings, doubts = read_measurements(text)
    assert readings == [] and [(d.type, d.value) for d in doubts] == [(kind, value)]


@pytest.mark.parametrize("text", ["열이 3일째 나요", "혈당 관리는 2024년부터 했어요", "혈당 측정을 하루 3번 해요",
                                  "my blood sugar was checked 2 times", "체중이 3개월 동안 줄었어요"])
def test_counts_durations_and_dates_are_neither_readings_nor_doubts(text):
    assert read_measurements(text) == ([], [])


@pytest.mark.parametrize("text, field, value", [("나이 -5세", "age", -5), ("저는 150살이에요", "age", 150),
                                               ("임신 50주예요", "pregnancy_weeks", 50)])
def test_impossible_demographics_are_marked(text, field, value):
    hit = next(h for h in find_demographics(text) if h.field == field)
    assert hit.value == value and not hit.plausible


@pytest.mark.parametrize("text, expected", [
    ("Bathroom scales say 11st 4lb today", [("weight", 71.7, "kg")]),
    ("I'm 13 stone 2 and 5 foot 9, down from nearly 16 stone", [("weight", 83.5, "kg"), ("height", 175.3, "cm")]),
    ("I weigh 12 stone", [("weight", 76.2, "kg")]),
    ("Thermometer says 100.8°F and I feel awful", [("temperature", 38.2, "°C")]),
    ("my last HbA1c was 58 mmol/mol", [("hba1c", 7.5, "%")]),
    ("the GP's added amlodipine because I'm still running 150 over 90", [("blood_pressure", 150, "mmHg")]),
    ("혈압약은 트윈스타 먹고 있고 요즘 집에서 재면 118에 76 정도로 잘 나와요", [("blood_pressure", 118, "mmHg")]),
    ("Resting heart rate usually sits around 70.", [("heart_rate", 70, "bpm")]),
])
def test_units_and_phrasings_people_use(text, expected):
    assert items(text) == expected


@pytest.mark.parametrize("text", ["I've put on nearly a stone since Christmas", "I passed 2 kidney stones last year",
                                  "we walked 150 over 90 days", "혈압약 먹은 지 300에서 400일 됐어요",
                                  "the scan found 1 stone in my kidney", "my HbA1c target is 48 to 53",
                                  "의사 선생님이 공복 혈당 목표는 130이래요"])
def test_no_reading_where_none_was_given(text):
    assert read_measurements(text)[0] == []
