"""`eval utterances`: the scorer on hand-made predictions (one right and one wrong of each kind), the command on
the first lines of the dev set, and the targets of issue 33 on both development sets (dev, and the first test
split, which has been looked at and is development data now); dictionary linker: fast and needs no MedCAT pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medical_agent.cli import main
from medical_agent.eval.profile.utterance_set import Stored, entity_matcher, evaluate, stored_facts
from medical_agent.settings import PROJECT_ROOT

SETS = PROJECT_ROOT / "tests" / "data" / "utterances"
DEV = SETS / "utterances_dev.jsonl"
CUIS = {"metformin": "C0025598", "ibuprofen": "C0020740"}


def row(id_, lang, text, mentions=(), values=(), demographics=None, contradiction=False):
    out = {"id": id_, "lang": lang, "text": text, "kind": "statement", "values": list(values),
           "mentions": [{"slot": "medications", "name": n, "surface": n.lower(), "assertion": a} for n, a in mentions],
           "demographics": demographics or {}}
    return {**out, "contradiction": True} if contradiction else out


SET = [
    row("r1", "en", "I take metformin, can I take ibuprofen?", [("Metformin", "present"), ("Ibuprofen", "asked")]),
    row("w1", "en", "Can I take ibuprofen? I'm on metformin", [("Metformin", "present"), ("Ibuprofen", "asked")]),
    row("r2", "ko", "혈압 150/95, 혈당 180", values=[{"type": "blood_pressure", "systolic": 150, "diastolic": 95},
                                                 {"type": "random_glucose", "value": 180}]),
    row("w2", "ko", "혈압 150/95, 혈당 180", values=[{"type": "blood_pressure", "systolic": 150, "diastolic": 95},
                                                 {"type": "random_glucose", "value": 180}]),
    row("r3", "ko", "58세 여자", demographics={"age": 58, "gender": "female"}),
    row("w3", "ko", "58세 여자", demographics={"age": 58, "gender": "female"}),
    row("r4", "en", "I'm a man and pregnant", contradiction=True),
    row("w4", "en", "I'm a man and pregnant", contradiction=True),
]
PREDICTIONS = {
    "r1": Stored(entities=[{"name": "metformin", "cui": None, "slot": "medications"}]),
    # the asked drug stored (matched by CUI), the taken one missed
    "w1": Stored(entities=[{"name": "Advil", "cui": CUIS["ibuprofen"], "slot": "medications"}]),
    "r2": Stored(values=[{"type": "blood_pressure", "systolic": 150, "diastolic": 95},
                         {"type": "random_glucose", "value": 181}]),                   # within 1 %
    "w2": Stored(values=[{"type": "blood_pressure", "systolic": 150, "diastolic": 90},
                         {"type": "random_glucose", "value": 180}, {"type": "hba1c", "value": 7.0}]),
    "r3": Stored(demographics={"age": 58, "gender": "female"}),
    "w3": Stored(demographics={"age": 85, "gender": "female", "is_pregnant": False}),
    "r4": Stored(),
    "w4": Stored(demographics={"is_pregnant": True}),
}


def test_the_scorer_on_hand_made_predictions():
    order = iter(r["id"] for r in SET)                    # the store is called once per row, in order
    same = entity_matcher(lambda name: CUIS.get(name.lower()))
    report = evaluate(SET, lambda text: PREDICTIONS[next(order)], same)
    en, ko = report["en"], report["ko"]
    assert (en["entities"]["tp"], en["entities"]["fp"], en["entities"]["fn"]) == (1, 1, 1)
    assert en["questions_stored_as_facts"] == {"share": 0.5, "stored": 1, "asked": 2}
    assert en["contradictions"] == {"rows": 2, "stored_something": 1}
    assert en["demographics"]["stored_not_said"] == 1                     # w4's pregnancy
    assert (ko["values"]["tp"], ko["values"]["fp"], ko["values"]["fn"]) == (3, 2, 1)
    assert ko["demographics"] == {"accuracy": 0.75, "correct": 3, "total": 4, "stored_not_said": 2}
    assert report["overall"]["facts"]["tp"] == 1 + 3 + 3
    assert report["overall"]["facts"]["fp"] == 1 + 1 + 2 + 2
    wrong = {e["id"]: e["wrong"] for e in report["errors"]}
    assert set(wrong) == {"w1", "w2", "w3", "w4"}
    assert "stored Advil (gold: asked)" in wrong["w1"] and "missed Metformin (metformin)" in wrong["w1"]
    assert wrong["w4"][0] == "a self-contradicting message stored facts"


def test_stored_facts_reads_only_what_is_held():
    profile = {"demographics": {"age": None, "gender": "female", "is_pregnant": None},
               "conditions": [{"name": "Pregnancy", "cui": "C0032961", "assertion": "present"}],
               "symptoms": [{"name": "Cough", "cui": "C0010200", "assertion": "negated"}],
               "medications": [{"name": "Ibuprofen", "cui": "C0020740", "assertion": "hypothetical"}],
               "vitals": [{"type": "heart_rate", "value": 80, "current": False}], "labs": []}
    got = stored_facts(profile)
    assert got.entities == [] and got.values == [] and got.demographics == {"gender": "female", "is_pregnant": True}


@pytest.fixture
def few_lines(tmp_path: Path) -> Path:
    lines = DEV.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "few.jsonl"
    path.write_text("\n".join([*lines[:6], *lines[40:46]]) + "\n", encoding="utf-8")
    return path


def test_the_command_on_a_few_dev_lines(few_lines, capsys):
    assert main(["eval", "utterances", "--set", str(few_lines), "--linker", "dictionary"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["linker"] == "dictionary" and set(report) >= {"ko", "en", "overall", "errors"}
    assert report["overall"]["utterances"] == 12
    assert report["overall"]["questions_stored_as_facts"]["stored"] == 0
    assert report["overall"]["facts"]["precision"] == 1.0 and report["overall"]["values"]["recall"] == 1.0


@pytest.mark.parametrize("name", ["utterances_dev.jsonl", "utterances_test.jsonl"])
def test_the_development_sets_meet_the_targets(name, capsys):
    """Per language: stored-fact precision >= 0.97, recall >= 0.9, questions stored as facts <= 2 %, and no
    self-contradicting message stores anything."""
    assert main(["eval", "utterances", "--set", str(SETS / name), "--linker", "dictionary"]) == 0
    report = json.loads(capsys.readouterr().out)
    for lang in ("ko", "en"):
        got = report[lang]
        assert got["facts"]["precision"] >= 0.97 and got["facts"]["recall"] >= 0.9, (lang, report["errors"])
        assert got["questions_stored_as_facts"]["share"] <= 0.02
        assert got["contradictions"]["stored_something"] == 0
