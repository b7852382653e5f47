"""Reading-based safety notes: a dangerous blood pressure or glucose gets a note whatever the question was,
and only the newest reading counts."""

from medical_agent.safety import collect_facts, rule_names, safety_notes


def bp(s, d):
    return {"type": "blood_pressure", "systolic": s, "diastolic": d, "unit": "mmHg"}


def glucose(v, kind="random_glucose"):
    return {"type": kind, "value": v, "unit": "mg/dL"}


def facts(profile=None, turn=None):
    return collect_facts(profile, turn, {})


def test_blood_pressure_crisis_by_either_number():
    assert "blood_pressure_crisis" in rule_names(facts(turn={"vitals": [bp(198, 103)]}))
    assert "blood_pressure_crisis" in rule_names(facts(turn={"vitals": [bp(150, 121)]}))
    assert "blood_pressure_crisis" not in rule_names(facts(turn={"vitals": [bp(179, 119)]}))


def test_this_turns_reading_supersedes_the_stored_one():
    profile = {"vitals": [bp(200, 110)], "labs": [glucose(320, "fasting_glucose")]}
    assert {"blood_pressure_crisis", "glucose_very_high"} <= set(rule_names(facts(profile)))
    calmer = facts(profile, {"vitals": [bp(130, 85)], "labs": [glucose(110)]})
    assert not {"blood_pressure_crisis", "glucose_very_high"} & set(rule_names(calmer))


def test_glucose_bands_and_languages():
    low = facts(turn={"labs": [glucose(62)]})
    assert rule_names(low) == ["glucose_low"]
    assert "15" in safety_notes(low, "ko")[0] and "15 g" in safety_notes(low, "en")[0]
    assert rule_names(facts(turn={"labs": [glucose(140)]})) == []
    assert rule_names(facts(turn={"labs": [{"type": "hba1c", "value": 9.0, "unit": "%"}]})) == []
