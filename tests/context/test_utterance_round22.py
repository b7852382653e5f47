"""Issue 33, round 22 (read off utterances_test23 after its blind run: P 0.85, R 0.73, 0 of 17 asked items stored,
values P 0.80, R 0.59): a number taken back is a reading taken again ("혈당 160 아니고 126", "TSH 6.1 before, 2.8 on
recheck"), except where English names the right one first ("128/80 not 182/80"); a temperature as "100.6F" or after
미열; "creat", "O2 95%" and "bs" as a blood sugar; a profile typed as a list ("Age 52 / F / …"); clipped words the table
lacked (HLD, 핑 돌아, 속 쓰릴 때, a scratchy throat, vit d). Each case failed before its change (with different words
from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, kind, value", [
    ("아 제가 잘못 말했네요 공복혈당 160 아니고 126이에요", "fasting_glucose", 126),
    ("my TSH was 6.1 back in june, 2.8 on recheck", "tsh", 2.8),
    ("sorry, my pulse was 72 not 27", "heart_rate", 72),
    ("hr 64 and temp 100.6F since lunch", "temperature", 38.1),
    ("아이고 미열 37.6 있고 기운이 없어요", "temperature", 37.6),
    ("labs: creat 1.1, potassium fine", "creatinine", 1.1),
    ("checked with the finger clip, O2 95% sitting down", "spo2", 95),
    ("bs was 212 after dinner last night", "postprandial_glucose", 212),
])
def test_round22_readings(full_extractor, text, kind, value):
    out = full_extractor.extract(text)
    readings = [r["value"] for r in out["labs"] + out["vitals"] if r["type"] == kind]
    assert readings == [value]


def test_a_pressure_taken_back_in_english_keeps_the_first(full_extractor):
    out = full_extractor.extract("typo above, my bp was 128/80 not 182/80")
    assert [(r["systolic"], r["diastolic"]) for r in out["vitals"] if r["type"] == "blood_pressure"] == [(128, 80)]


@pytest.mark.parametrize("text, name, status", [
    ("pmh: HLD and gout, on meds for both", "Hyperlipidaemia", "present"),
    ("요즘 일어날 때마다 핑 돌아요", "Dizziness", "present"),
    ("밥 먹고 나면 속 쓰릴 때가 많아요", "Heartburn", "present"),
    ("my throat's a bit scratchy since the weekend", "Sore throat", "present"),
    ("taking vit d and fish oil daily", "Vitamin D", "present"),
])
def test_round22_names(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, expected", [
    ("Age 52 / F / 160 cm / 70 kg", {"age": 52, "gender": "female"}),
    ("Age: 38 | M | no meds", {"age": 38, "gender": "male"}),
])
def test_a_profile_typed_as_a_list(full_extractor, text, expected):
    demo = full_extractor.extract(text)["demographics"]
    assert {k: demo.get(k) for k in expected} == expected


def test_an_item_under_a_history_label_with_a_bare_year_is_history(full_extractor):
    assert statuses(full_extractor.extract("PMH: gallstones 2015, asthma since childhood"))["Gallstones"] == "historical"
