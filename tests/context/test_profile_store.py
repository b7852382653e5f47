import datetime as dt
import math

import pytest

from medical_agent.context.profile import ProfileStore
from medical_agent.context.profile.merge import levenshtein, temporal_weight
from medical_agent.storage import open_storage

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


class Clock:
    def __init__(self):
        self.now = T0

    def __call__(self):
        return self.now


def entity(name, cui, assertion="present", text=None):
    return {"name": name, "cui": cui, "text": text or name, "assertion": assertion, "confidence": 0.9}


def slots(**kw):
    base = {"demographics": {}, "conditions": [], "symptoms": [], "medications": [], "vitals": [], "labs": []}
    base.update(kw)
    return base


def bp(s, d):
    return {"type": "blood_pressure", "systolic": s, "diastolic": d, "unit": "mmHg"}


@pytest.fixture()
def store():
    return ProfileStore(open_storage(":memory:").profiles, clock=Clock())


def test_decay_arithmetic():
    now = T0 + dt.timedelta(hours=10)
    stamp = T0.isoformat()
    assert temporal_weight("vitals", stamp, now) == pytest.approx(math.exp(-1.0))
    assert temporal_weight("labs", stamp, now) == pytest.approx(math.exp(-0.5))
    assert temporal_weight("symptoms", stamp, now) == pytest.approx(math.exp(-0.2))
    assert temporal_weight("medications", stamp, now) == pytest.approx(math.exp(-0.05))
    assert temporal_weight("conditions", stamp, now) == pytest.approx(math.exp(-0.01))


def test_weights_are_applied_on_read(store):
    store.update("u", slots(symptoms=[entity("Headache", "C0018681")], conditions=[entity("Asthma", "C0004096")]))
    store.clock.now = T0 + dt.timedelta(hours=100)
    p = store.get("u")
    assert p["symptoms"][0]["temporal_weight"] == pytest.approx(math.exp(-2.0), abs=1e-4)
    assert p["conditions"][0]["temporal_weight"] == pytest.approx(math.exp(-0.1), abs=1e-4)
    assert "Headache" in store.summary("u", "en")
    store.clock.now = T0 + dt.timedelta(hours=200)  # weight e^-4 < 0.1: the symptom fades from the summary
    assert "Headache" not in store.summary("u", "en") and store.get("u")["symptoms"]


def test_dedup_by_cui_and_by_name(store):
    store.update("u", slots(conditions=[entity("Hypertension", "C0020538", text="고혈압")]))
    p = store.update("u", slots(conditions=[entity("Hypertension", "C0020538", text="high blood pressure")]))
    assert len(p["conditions"]) == 1 and p["conditions"][0]["mentions"] == 2
    store.update("u", slots(medications=[entity("Glucophage", None)]))
    p = store.update("u", slots(medications=[entity("Glucophag", None)]))
    assert len(p["medications"]) == 1  # Levenshtein distance 1 < 3
    p = store.update("u", slots(medications=[entity("Aspirin", None)]))
    assert len(p["medications"]) == 2
    assert levenshtein("kitten", "sitting") == 3


def test_blood_pressure_tolerance_and_supersession(store):
    store.update("u", slots(vitals=[bp(160, 100)]))
    store.clock.now = T0 + dt.timedelta(hours=1)
    p = store.update("u", slots(vitals=[bp(138, 88)]))
    assert [(v["systolic"], v["current"]) for v in p["vitals"]] == [(138, True), (160, False)]
    assert "138/88" in store.summary("u", "ko") and "160/100" not in store.summary("u", "ko")
    store.clock.now = T0 + dt.timedelta(hours=2)
    p = store.update("u", slots(vitals=[bp(145, 95)]))  # beyond ±5 of 138/88: a new current reading
    assert [v["systolic"] for v in p["vitals"]] == [145, 138, 160]
    store.clock.now = T0 + dt.timedelta(hours=3)
    p = store.update("u", slots(vitals=[bp(142, 92)]))  # within ±5 of 145/95: replaces it, newest kept
    assert [v["systolic"] for v in p["vitals"]] == [142, 138, 160] and p["vitals"][0]["current"]


def test_negation_of_a_stored_condition_is_a_conflict(store):
    store.update("u", slots(conditions=[entity("Diabetes mellitus", "C0011849")]))
    p = store.update("u", slots(conditions=[entity("Diabetes mellitus", "C0011849", "negated", "당뇨는 없어요")]))
    cond = p["conditions"][0]
    assert cond["assertion"] == "present" and cond["conflict"]["text"] == "당뇨는 없어요"
    assert "conflict" in store.summary("u", "en")


def test_family_and_history_never_become_active(store):
    store.update("u", slots(conditions=[entity("Hypertension", "C0020538", "family"),
                                        entity("Asthma", "C0004096", "historical"),
                                        entity("Gout", "C0018099", "negated")]))
    p = store.get("u")
    assert {c["name"]: c["assertion"] for c in p["conditions"]} == {
        "Hypertension": "family", "Asthma": "historical", "Gout": "negated"}
    assert "Conditions" not in store.summary("u", "en")
    p = store.update("u", slots(conditions=[entity("Hypertension", "C0020538")]))
    assert sorted(c["assertion"] for c in p["conditions"] if c["name"] == "Hypertension") == ["family", "present"]


def test_summary_format_both_languages(store):
    store.update("u", slots(demographics={"age": 65, "gender": "male"},
                            conditions=[entity("Type 2 diabetes mellitus", "C0011860")],
                            medications=[entity("Metformin", "C0025598")], vitals=[bp(138, 88)],
                            labs=[{"type": "hba1c", "value": 8.2, "unit": "%"}]))
    assert store.summary("u", "en") == ("65-year-old male | Conditions: Type 2 diabetes mellitus | "
                                        "Medications: Metformin | BP: 138/88 mmHg | HbA1c: 8.2%")
    ko = ProfileStore(open_storage(":memory:").profiles, korean_name=lambda cui, en: {"C0011860": "제2형 당뇨병",
                                                                "C0025598": "메트포르민"}.get(cui, en))
    ko.update("u", store.get("u") | {"vitals": [bp(138, 88)], "labs": []})
    assert ko.summary("u", "ko") == "65세 남성 | 질환: 제2형 당뇨병 | 복용약: 메트포르민 | 혈압: 138/88 mmHg"


def test_persistence_across_reopen_and_isolation(tmp_path):
    path = tmp_path / "p.sqlite"
    a = ProfileStore(open_storage(path).profiles)
    a.update("alice", slots(demographics={"age": 40}, conditions=[entity("Asthma", "C0004096")]))
    b = ProfileStore(open_storage(path).profiles)
    assert b.get("alice")["demographics"]["age"] == 40 and b.version("alice") == 1
    assert b.get("bob") is None and b.summary("bob") == "" and b.version("bob") == 0
    b.update("bob", slots(conditions=[entity("Gout", "C0018099")]))
    assert [c["name"] for c in b.get("alice")["conditions"]] == ["Asthma"]
    assert '"Gout"' not in b.export("alice") and '"Asthma"' in b.export("alice")
    assert b.delete("alice") and b.get("alice") is None and b.get("bob") is not None


def test_version_counts_changes_only(store):
    store.update("u", slots(demographics={"age": 50}))
    store.update("u", slots(demographics={"age": 50}))
    assert store.version("u") == 1
    store.update("u", slots(demographics={"gender": "female"}))
    assert store.version("u") == 2
    with pytest.raises(ValueError):
        store.update("", slots())
