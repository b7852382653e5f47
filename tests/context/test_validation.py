"""One validation layer (issue 33, item 3): the record reader says in one line what is malformed, the profile store
applies the chat's ranges and contradiction rules to whatever arrives (all or nothing for a record), edits are
judged by what they would make impossible, and a record's old readings are past, not current."""

from __future__ import annotations

import datetime as dt

import pytest

from medical_agent.context.profile import ProfileStore
from medical_agent.context.profile.edits import EditError, item_keys
from medical_agent.context.profile.fhir import RecordError, read_record, record_slots
from medical_agent.context.profile.validation import InvalidFacts
from medical_agent.settings import Limits
from medical_agent.storage import open_storage
from tests.bad_values import BASELINE, bundle, observation, write_bundle
from tests.context.test_profile_store import Clock, entity, slots

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC)


@pytest.fixture()
def store():
    clock = Clock()
    clock.now = T0
    return ProfileStore(open_storage(":memory:").profiles, clock=clock)


def refused(tmp_path, content, match, limits=None):
    path = write_bundle(tmp_path, "record.json", content)
    with pytest.raises(RecordError, match=match) as info:
        read_record(path, limits or Limits())
    assert "\n" not in str(info.value) and str(info.value).startswith("record.json ")


@pytest.mark.parametrize("content,match", [
    (bundle(birth=19700101), "has a birthDate that is not text"),
    (bundle(birth="sometime"), r"has a birthDate that is not a date \('sometime'\)"),
    (bundle(glucose="abc"), "has a glucose value that is not a number"),
    (bundle(hba1c=True), "has a hba1c value that is not a number"),
    (bundle(hba1c=float("nan")), "holds NaN, which is not a number in JSON"),
    (bundle(glucose=float("inf")), "holds Infinity, which is not a number in JSON"),
    (bundle(extra=(observation(["85354-9"], component=[{"code": {}, "valueQuantity": {"value": 120}}]),)),
     "has a blood pressure component without a code"),
    (bundle(extra=(observation(["85354-9"], component="120/80"),)),
     "has a blood pressure's components that is not a list"),
    (bundle(extra=(observation(["2339-0"], 100, date=20260101),)),
     "an effectiveDateTime or period end that is not text"),
    (bundle(gender=["female"]), "has a gender that is not text"),
    ({"resourceType": "Bundle", "entry": [{"resource": {"resourceType": "Patient", "birthDate": "1970-01-01",
                                                        "x": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]}}]},
     r"nested more than 8 deep \(limit max_record_depth = 8\)"),
])
def test_a_malformed_record_is_refused_in_one_line(tmp_path, content, match):
    refused(tmp_path, content, match, Limits(max_record_depth=8) if "deep" in match else None)


def test_a_partial_birth_date_is_a_date_and_a_record_reads_its_dates(tmp_path):
    record = read_record(write_bundle(tmp_path, "r.json", bundle(birth="1970", bp=(130, 85), hba1c=7.1)), Limits())
    assert record.age == 56 and record.blood_pressure == (130, 85)
    assert record.observed == {"blood_pressure": "2026-01-10T09:00:00+00:00", "hba1c": "2026-01-10T09:00:00+00:00"}


@pytest.mark.parametrize("content,message", [
    (bundle(bp=(9999, -50)), "9999/-50 mmHg is outside the possible range (60–260 mmHg)"),
    (bundle(glucose=123456), "random_glucose 123456 mg/dL is outside the possible range (20–800 mg/dL)"),
    (bundle(birth="2090-01-01"), "age -64 is outside the possible range (1–119 years)"),
    (bundle(hba1c=7.0, date="2090-01-01"), "hba1c dated 2090-01-01T00:00:00+00:00 is not a possible value"),
    (bundle(gender="male", conditions=("Normal pregnancy",)), "male / Normal pregnancy contradict each other"),
    (bundle(conditions=("x" * 301,)), "a name of 301 characters (limit max_name_chars = 300) is not a possible value"),
])
def test_a_record_with_an_impossible_fact_is_refused_whole(store, tmp_path, content, message):
    store.update("u", BASELINE)
    before = store.get("u")
    record = read_record(write_bundle(tmp_path, "r.json", content), Limits())
    with pytest.raises(InvalidFacts) as info:
        store.update("u", record_slots(record, T0.isoformat(), 90), whole=True)
    assert message in str(info.value) and "\n" not in str(info.value)
    assert store.get("u") == before


def test_a_record_that_contradicts_the_stored_profile_is_refused(store, tmp_path):
    store.update("u", slots(demographics={"gender": "female"}, conditions=[entity("Endometriosis", "C0014175")]))
    record = read_record(write_bundle(tmp_path, "r.json", bundle(gender="male")), Limits())
    with pytest.raises(InvalidFacts, match="male contradicts Endometriosis in your profile"):
        store.update("u", record_slots(record, T0.isoformat(), 90), whole=True)


def test_the_chat_holds_back_a_condition_the_stored_sex_cannot_have(store):
    store.update("u", slots(demographics={"gender": "female"}))
    kept, doubts = store.screen("u", slots(conditions=[entity("Benign prostatic hyperplasia", "C1704272"),
                                                       entity("Asthma", "C0004096")]))
    assert [c["name"] for c in kept["conditions"]] == ["Asthma"]
    assert doubts == [{"kind": "conflict", "what": "gender+condition", "stored": "female",
                       "text": "Benign prostatic hyperplasia"}]


def test_an_old_record_s_readings_are_past_and_dated_a_recent_one_is_current(store, tmp_path):
    old = read_record(write_bundle(tmp_path, "old.json", bundle(bp=(150, 95), hba1c=8.2, date="2020-05-04T10:00:00Z",
                                                                conditions=("Chronic kidney disease",))), Limits())
    store.update("u", record_slots(old, T0.isoformat(), 90), whole=True)
    profile = store.get("u")
    assert all(r["past"] and not r["current"] for r in profile["vitals"] + profile["labs"])
    assert profile["vitals"][0]["timestamp"] == "2020-05-04T10:00:00+00:00"
    assert profile["conditions"][0]["timestamp"] == "2020-05-04T00:00:00+00:00"          # the record's own date
    assert "150/95" not in store.summary("u", "en") and "HbA1c" not in store.summary("u", "en")
    recent = read_record(write_bundle(tmp_path, "new.json", bundle(bp=(128, 82))), Limits())
    store.update("u", record_slots(recent, T0.isoformat(), 90), whole=True)
    assert "BP: 128/82 mmHg (record of 2026-01-10)" in store.summary("u", "en")
    assert "(기록 2026-01-10)" in store.summary("u", "ko")


@pytest.mark.parametrize("key,value,message", [
    ("vitals: blood_pressure", "9999/-5", r"9999/-5 mmHg is outside the possible range \(60–260 mmHg\)"),
    ("vitals: blood_pressure", "120/-5", r"is outside the possible range \(30–160 mmHg\)"),
    ("labs: hba1c", "9" * 300, r"hba1c 1e\+300 % is outside the possible range \(3–20 %\)"),
    ("demographics: age", "-65", r"age -65 is outside the possible range \(1–119 years\)"),
    ("demographics: age", "5", "5 / pregnancy contradict each other"),
    ("demographics: gender", "male", "male / pregnancy contradict each other"),
    ("conditions: Gestational diabetes", "x" * 301, r"at most 300 \(limit max_name_chars\)"),
])
def test_an_edit_that_makes_the_profile_impossible_changes_nothing(store, key, value, message):
    store.update("u", {**BASELINE, "demographics": {"age": 30, "gender": "female", "is_pregnant": True},
                       "conditions": [entity("Gestational diabetes", "C0085207")]})
    before = store.get("u")
    full = next(k for k in item_keys(before) if k.startswith(key))
    with pytest.raises(EditError, match=message):
        store.edit("u", full, "correct", value)
    assert store.get("u") == before


def test_a_blood_pressure_with_a_dash_is_still_read_as_two_numbers(store):
    store.update("u", BASELINE)
    key = next(k for k in item_keys(store.get("u")) if k.startswith("vitals: blood_pressure"))
    assert (store.edit("u", key, "correct", "128-84")["vitals"][0]["systolic"]) == 128
