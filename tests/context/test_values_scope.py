"""Issue 33, round 2: which numbers are the person's readings. A change is an amount, not a value ("7킬로
빠졌어요", "lost 5 kg": the weight loss is a symptom, no weight is stored); a number read by its unit alone belongs
to the measured thing named just before it ("my waist is 102 cm" is no height); oxygen and 산소 name SpO2; a unit
may carry a Korean particle (65kg이에요); a range is its midpoint, or its end where a change went; imperial
heights and pounds are converted (and "I'm 5'4"" is no age); a fever said as rising is a fever."""

import pytest

from tests.context.conftest import statuses

HELD = ("present", "reported")


def values(slots):
    return {r["type"]: r.get("value", (r.get("systolic"), r.get("diastolic"))) for k in ("vitals", "labs")
            for r in slots[k]}


def held(slots):
    return {name for name, status in statuses(slots).items() if status in HELD}


@pytest.mark.parametrize("text, readings, names", [
    ("몸무게가 두 달 만에 5킬로 빠졌어요", {}, {"Weight loss"}),
    ("체중이 3kg 늘었어요", {}, {"Weight gain"}),
    ("I lost about 6 kg in a month.", {}, {"Weight loss"}),
    ("I gained 12 kg since I started the pills.", {}, {"Weight gain"}),
    ("혈당이 70까지 떨어졌어요", {"random_glucose": 70}, set()),
    ("My blood sugar dropped to 60.", {"random_glucose": 60}, set()),
    ("혈당이 30 올랐어요", {}, set()),
])
def test_a_change_is_an_amount_not_a_value(full_extractor, text, readings, names):
    slots = full_extractor.extract(text)
    assert values(slots) == readings and held(slots) == names


@pytest.mark.parametrize("text, readings", [
    ("My weight is 80 kg and my waist is 95 cm.", {"weight": 80}),
    ("I'm 180 cm tall and my waist is 102 cm", {"height": 180}),
    ("허리둘레가 102cm이고 키는 172cm예요", {"height": 172}),
    ("키 170cm에 65kg이에요", {"height": 170, "weight": 65}),
    ("My oxygen was 95% this morning.", {"spo2": 95}),
    ("산소가 94% 나왔어요", {"spo2": 94}),
    ("I'm on 2 liters of oxygen at night.", {}),
])
def test_a_number_belongs_to_what_it_measures(full_extractor, text, readings):
    assert values(full_extractor.extract(text)) == readings


@pytest.mark.parametrize("text", ["어제 열이 38.5도까지 올랐어요", "열이 사흘째 안 내려요"])
def test_a_fever_said_as_rising_is_a_fever(full_extractor, text):
    assert "Fever" in held(full_extractor.extract(text))


@pytest.mark.parametrize("text, readings", [
    ("맥박이 90에서 100 사이예요", {"heart_rate": 95}), ("My blood sugar runs 280 to 320.", {"random_glucose": 300}),
    ("heart rate between 60 and 70", {"heart_rate": 65}), ("혈당이 250에서 180까지 떨어졌어요", {"random_glucose": 180}),
    ("My A1c went from 8.5 to 7.2%", {"hba1c": 7.2}),
    # not a range; since round 3 the second number, said with its meal time, is an after-meal reading
    ("My fasting sugar is 110 and 140 after meals", {"fasting_glucose": 110, "postprandial_glucose": 140}),
])
def test_a_range_is_its_midpoint_and_a_change_its_end(full_extractor, text, readings):
    assert values(full_extractor.extract(text)) == readings


@pytest.mark.parametrize("text, readings", [
    ("I weigh 187 lbs and I'm 5'4\".", {"weight": 84.8, "height": 162.6}),
    ("I'm 5 foot 10 and 200 pounds.", {"height": 177.8, "weight": 90.7}),
    ("I hurt my back lifting a 50 lb bag.", {}),
])
def test_imperial_heights_and_pounds_are_converted_and_are_no_age(full_extractor, text, readings):
    slots = full_extractor.extract(text)
    assert values(slots) == readings and slots["demographics"]["age"] is None
