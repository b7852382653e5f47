"""score_profile (shared by `eval profile` and `eval run`) and the `eval profile` aggregate built on it;
plus scenarios over the real Synthea subset when the shared data is present."""

from __future__ import annotations

import pytest

from medical_agent.eval.profile.scoring import evaluate_profiles, score_profile
from medical_agent.settings import load_settings


def _profile(age, gender, conds, meds, bp=None):
    return {"demographics": {"age": age, "gender": gender},
            "conditions": [{"cui": c, "assertion": "present"} for c in conds],
            "medications": [{"cui": m, "assertion": "present"} for m in meds],
            "vitals": [{"type": "blood_pressure", "systolic": bp[0], "diastolic": bp[1], "current": True}] if bp else [],
            "labs": []}


def test_score_profile_by_hand(patients):
    p1 = next(p for p in patients if p.patient_id == "p1")
    prof = _profile(59, "female", ["C0011860", "C9999999"], [], bp=(141, 88))
    out = score_profile(prof, p1)
    assert out["age"] == (1, 1) and out["gender"] == (0, 1)
    assert out["conditions"] == (1, 1, 1) and out["medications"] == (0, 0, 1)
    assert out["blood_pressure"] == (1, 1) and out["glucose"] == (0, 1) and out["hba1c"] == (0, 1)
    assert set(score_profile(prof, p1, ["demographics"])) == {"age", "gender"}


def test_eval_profile_aggregate_still_works(patients):
    from medical_agent.composition import create_extractor

    settings = load_settings(env={"MEDAGENT_MEDCAT2_ENABLED": "false"})
    extractor, _ = create_extractor(settings)
    report = evaluate_profiles(patients, extractor, ["en", "ko"])
    for lang in ("en", "ko"):
        assert report[lang]["demographics_accuracy"] == 1.0
        assert report[lang]["values"]["blood_pressure"] == {"correct": 2, "total": 2}
        assert report[lang]["medications"]["tp"] + report[lang]["medications"]["fn"] == 2
    assert report["coverage"]["conditions"]["covered"] == 3


@pytest.mark.shared_data
def test_scenarios_on_the_shared_subset(concepts):
    from medical_agent.context.profile.fhir import load_patients
    from medical_agent.eval.harness.scenarios import build_scenarios

    folder = load_settings().paths.shared_data_dir / "synthea_fhir_r4_smart" / "R4_SYNTHEA_subset80"
    if not folder.is_dir():
        pytest.skip(f"shared Synthea subset not found at {folder}")
    scenarios = build_scenarios(load_patients(folder, concepts, limit=10), ["ko", "en"], seed=0)
    assert len(scenarios) == 20 and all(len(s.turns) == 5 for s in scenarios)
    assert sum(s.topic is not None for s in scenarios) >= 16
